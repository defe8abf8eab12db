import {
  FORM_TYPE_LABELS,
  FORM_TYPES,
  LAYOUT_MODE_LABELS,
  LAYOUT_MODES,
  SYNC_TYPE_LABELS,
  SYNC_TYPES,
} from '@eduqa/contract';
import { Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { createForm, type FormCreateBody, formsKeys, useDirectoryTree } from '../api.ts';
import { directoryOptions } from './directory-panel.tsx';

type Values = Pick<FormCreateBody, 'name' | 'directoryId' | 'remark' | 'syncType'> & {
  formType: FormCreateBody['definition']['formType'];
  layout: FormCreateBody['definition']['layout'];
};

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((key) => ({ value: key, label: labels[key] }));

/** 新建表单: name, directory, type, layout and sync; then straight to the designer. */
export function FormCreateModal({
  open,
  directoryId,
  onClose,
}: {
  open: boolean;
  directoryId: string | null;
  onClose: () => void;
}) {
  const tree = useDirectoryTree();
  const run = useAction(formsKeys.all);
  const navigate = useNavigate();
  const submit = async (values: Values) => {
    let createdId = '';
    const ok = await run(async () => {
      const created = await createForm({
        name: values.name,
        directoryId: values.directoryId ?? null,
        ...(values.remark ? { remark: values.remark } : {}),
        syncType: values.syncType,
        definition: { formType: values.formType, layout: values.layout, fields: [] },
      });
      createdId = created.id;
    }, '表单已新建');
    if (!ok) throw new Error('refused');
    navigate(createdId);
  };
  return (
    <FormModal<Values>
      title="新建表单"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      initialValues={{ directoryId, formType: 'floating', layout: 'normal', syncType: 'syn' }}
    >
      <Form.Item
        name="name"
        label="表单名称"
        rules={[{ required: true, whitespace: true, message: '请输入表单名称' }]}
      >
        <Input maxLength={60} placeholder="如：教师基本信息" />
      </Form.Item>
      <Form.Item name="directoryId" label="目录">
        <Select allowClear placeholder="不放入目录" options={directoryOptions(tree.data ?? [])} />
      </Form.Item>
      <Form.Item
        name="formType"
        label="表单类型"
        extra="浮动表单每位填报人一条记录；固定表单可填多行"
        rules={[{ required: true, message: '请选择表单类型' }]}
      >
        <Select options={options(FORM_TYPES, FORM_TYPE_LABELS)} />
      </Form.Item>
      <Form.Item name="layout" label="布局方式" rules={[{ required: true, message: '请选择布局方式' }]}>
        <Select options={options(LAYOUT_MODES, LAYOUT_MODE_LABELS)} />
      </Form.Item>
      <Form.Item name="syncType" label="同步方式" rules={[{ required: true, message: '请选择同步方式' }]}>
        <Select options={options(SYNC_TYPES, SYNC_TYPE_LABELS)} />
      </Form.Item>
      <Form.Item name="remark" label="说明">
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
