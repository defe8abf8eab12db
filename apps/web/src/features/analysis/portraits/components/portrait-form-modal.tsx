import {
  PORTRAIT_KIND_LABELS,
  PORTRAIT_MEASURE_LABELS,
  PORTRAIT_MEASURES,
  PORTRAIT_NAME_MAX,
  PORTRAIT_SUBJECT_LABELS,
  PORTRAIT_SUBJECTS,
  type Portrait,
  type PortraitKind,
  type PortraitMeasure,
  type PortraitSubject,
  portraitConfigError,
  SCREEN_LAYOUT_LABELS,
  SCREEN_LAYOUTS,
  type ScreenLayout,
} from '@eduqa/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { FormModal } from '../../../../shared/ui/form-modal.tsx';
import { portraitKeys, savePortrait, useRoleOptions, useWarehouseTableOptions } from '../api.ts';

interface PortraitValues {
  subject: PortraitSubject;
  name: string;
  parentId?: string | null;
  sortOrder?: number | null;
  measures?: PortraitMeasure[];
  warehouseTableId?: string;
  layout?: ScreenLayout;
  roleIds?: string[];
}

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
    const config = {
      measures: values.measures ?? [],
      ...(values.warehouseTableId ? { warehouseTableId: values.warehouseTableId } : {}),
      ...(values.layout ? { layout: values.layout } : {}),
    };
    const saved = await run(
      () =>
        savePortrait(
          {
            kind,
            subject: values.subject,
            name: values.name.trim(),
            parentId: values.parentId ?? null,
            sortOrder: values.sortOrder ?? 0,
            config,
            roleIds: values.roleIds ?? [],
          },
          entry?.id,
        ),
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
      initialValues={
        entry
          ? {
              subject: entry.subject,
              name: entry.name,
              parentId: entry.parentId,
              sortOrder: entry.sortOrder,
              measures: entry.config.measures,
              ...(entry.config.warehouseTableId ? { warehouseTableId: entry.config.warehouseTableId } : {}),
              ...(entry.config.layout ? { layout: entry.config.layout } : {}),
              roleIds: entry.roleIds,
            }
          : {
              subject: 'school',
              sortOrder: 0,
              measures: [],
              roleIds: [],
              ...(kind === 'screen' ? { layout: 'schoolOverview' } : {}),
            }
      }
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
      {kind !== 'screen' ? (
        <Form.Item noStyle dependencies={['subject']}>
          {({ getFieldValue }) => (
            <Form.Item name="parentId" label="上级菜单">
              <Select
                allowClear
                placeholder="无"
                options={menus
                  .filter((m) => m.subject === getFieldValue('subject') && m.id !== entry?.id)
                  .map((m) => ({ value: m.id, label: m.name }))}
              />
            </Form.Item>
          )}
        </Form.Item>
      ) : null}
      {kind === 'card' ? (
        <>
          <Form.Item
            name="measures"
            label="展示指标"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择卡片展示的指标' }]}
          >
            <Select
              mode="multiple"
              placeholder="请选择"
              options={PORTRAIT_MEASURES.map((m) => ({ value: m, label: PORTRAIT_MEASURE_LABELS[m] }))}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['measures']}>
            {({ getFieldValue }) =>
              (getFieldValue('measures') as PortraitMeasure[] | undefined)?.includes('warehouseCount') ? (
                <Form.Item
                  name="warehouseTableId"
                  label="数据仓库表"
                  rules={[
                    {
                      validator: async (_, value?: string) => {
                        const error = portraitConfigError('card', {
                          measures: ['warehouseCount'],
                          ...(value ? { warehouseTableId: value } : {}),
                        });
                        if (error) throw new Error(error);
                      },
                    },
                  ]}
                >
                  <Select
                    showSearch={{ filterOption: false, onSearch: setTableKeyword }}
                    placeholder="输入表名称搜索"
                    loading={tables.isFetching}
                    options={tables.data ?? []}
                  />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </>
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
