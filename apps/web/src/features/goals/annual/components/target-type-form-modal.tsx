import { ANNUAL_TEXT_MAX, annualEndpoints as E } from '@eduqa/contract';
import { Form, Input, InputNumber } from 'antd';
import { useAction } from '../../../../shared/api/use-action.ts';
import { FormModal } from '../../../../shared/ui/form-modal.tsx';
import { goalKeys } from '../../api.ts';
import { annualKeys, post, type TargetTypeRow } from '../api.ts';

interface Values {
  name: string;
  description?: string;
  sort?: number;
}

export function TargetTypeFormModal({
  open,
  type,
  onClose,
}: {
  open: boolean;
  type: TargetTypeRow | null;
  onClose: () => void;
}) {
  const act = useAction(annualKeys.all, goalKeys.all);
  return (
    <FormModal<Values>
      title={type ? '编辑目标类型' : '新增目标类型'}
      open={open}
      onClose={onClose}
      initialValues={type ? { name: type.name, description: type.description, sort: type.sort } : { sort: 0 }}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      onSubmit={async (values) => {
        const body = {
          name: values.name.trim(),
          description: values.description?.trim() ?? '',
          sort: values.sort ?? 0,
        };
        const done = await act(
          () => (type ? post(E.targetTypeUpdate, { ...body, id: type.id }) : post(E.targetTypeInsert, body)),
          type ? '已保存' : '已新增',
        );
        if (!done) throw new Error('refused');
      }}
    >
      <Form.Item
        name="name"
        label="类型名称"
        rules={[
          { required: true, whitespace: true, message: '请输入类型名称' },
          { max: ANNUAL_TEXT_MAX.typeName, message: `类型名称最多只能输入${ANNUAL_TEXT_MAX.typeName}个字符` },
        ]}
      >
        <Input placeholder="如 人才培养" />
      </Form.Item>
      <Form.Item
        name="description"
        label="类型说明"
        rules={[
          {
            max: ANNUAL_TEXT_MAX.typeDescription,
            message: `类型说明最多只能输入${ANNUAL_TEXT_MAX.typeDescription}个字符`,
          },
        ]}
      >
        <Input.TextArea rows={3} showCount maxLength={ANNUAL_TEXT_MAX.typeDescription} />
      </Form.Item>
      <Form.Item
        name="sort"
        label="排序"
        rules={[{ type: 'integer', min: 0, max: 99999, message: '排序须为0到99999的整数' }]}
      >
        <InputNumber style={{ width: '100%' }} precision={0} />
      </Form.Item>
    </FormModal>
  );
}
