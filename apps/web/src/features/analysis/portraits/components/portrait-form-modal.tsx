import {
  PORTRAIT_KIND_LABELS,
  PORTRAIT_NAME_MAX,
  PORTRAIT_SUBJECT_LABELS,
  PORTRAIT_SUBJECTS,
  type Portrait,
  type PortraitKind,
  SCREEN_LAYOUT_LABELS,
  SCREEN_LAYOUTS,
} from '@eduqa/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { FormModal } from '../../../../shared/ui/form-modal.tsx';
import { portraitKeys, savePortrait, useRoleOptions, useWarehouseTableOptions } from '../api.ts';
import { CardMeasureItems, ParentMenuItem } from './portrait-form-fields.tsx';
import { type PortraitValues, portraitInitialValues, toPortraitInput } from './portrait-form-values.ts';

/** 新增/编辑 a card, menu or screen: its subject, name, parent menu, what it shows and the roles granted. */
export function PortraitFormModal({
  open,
  kind,
  entry,
  menus,
  onClose,
}: {
  open: boolean;
  kind: PortraitKind;
  entry: Portrait | null;
  /** Every menu, for the parent picker. */
  menus: readonly Portrait[];
  onClose: () => void;
}) {
  const run = useAction(portraitKeys.all);
  const roles = useRoleOptions();
  const [tableKeyword, setTableKeyword] = useState('');
  const tables = useWarehouseTableOptions(tableKeyword);
  const label = PORTRAIT_KIND_LABELS[kind];

  const submit = async (values: PortraitValues) => {
    const saved = await run(
      () => savePortrait(toPortraitInput(kind, values), entry?.id),
      entry ? `${label}已保存` : `${label}已新增`,
    );
    if (!saved) throw new Error('refused');
  };

  return (
    <FormModal<PortraitValues>
      title={`${entry ? '编辑' : '新增'}${label}`}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      name="portraitForm"
      initialValues={portraitInitialValues(kind, entry)}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
    >
      <Form.Item name="subject" label="画像对象" rules={[{ required: true, message: '请选择画像对象' }]}>
        <Select options={PORTRAIT_SUBJECTS.map((s) => ({ value: s, label: PORTRAIT_SUBJECT_LABELS[s] }))} />
      </Form.Item>
      <Form.Item
        name="name"
        label="名称"
        rules={[
          { required: true, whitespace: true, message: '请输入名称' },
          { max: PORTRAIT_NAME_MAX, message: `名称最多只能输入${PORTRAIT_NAME_MAX}个字符` },
        ]}
      >
        <Input placeholder="请输入名称" maxLength={PORTRAIT_NAME_MAX} />
      </Form.Item>
      {kind !== 'screen' ? <ParentMenuItem menus={menus} entry={entry} /> : null}
      {kind === 'card' ? (
        <CardMeasureItems
          tables={tables.data ?? []}
          isLoadingTables={tables.isFetching}
          onTableSearch={setTableKeyword}
        />
      ) : null}
      {kind === 'screen' ? (
        <Form.Item name="layout" label="大屏布局" rules={[{ required: true, message: '请选择大屏布局' }]}>
          <Select options={SCREEN_LAYOUTS.map((l) => ({ value: l, label: SCREEN_LAYOUT_LABELS[l] }))} />
        </Form.Item>
      ) : null}
      <Form.Item name="roleIds" label="授权角色">
        <Select
          mode="multiple"
          placeholder="选择可查看的角色"
          loading={roles.isPending}
          options={roles.data ?? []}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="sortOrder" label="排序">
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
