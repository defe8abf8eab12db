import { type DimensionType, TEXT_LIMITS } from '@eduqa/contract';
import { Form, Input, InputNumber } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { saveDimension, useRefreshStandards } from '../api.ts';

interface DimensionValues {
  name: string;
  displayName: string;
  sort?: number | null;
}

/** 新增/编辑维度类型: its name and display name. */
export function DimensionFormModal({
  open,
  dimension,
  onClose,
}: {
  open: boolean;
  dimension: DimensionType | null;
  onClose: () => void;
}) {
  const refresh = useRefreshStandards();
  const save = async (values: DimensionValues) => {
    const input = {
      name: values.name.trim(),
      displayName: values.displayName.trim(),
      ...(values.sort === null || values.sort === undefined ? {} : { sort: values.sort }),
    };
    await saveDimension(input, dimension?.id);
    notify.success(dimension ? '维度已保存' : '维度已新增');
    void refresh();
  };
  const limit = TEXT_LIMITS.default;
  return (
    <FormModal<DimensionValues>
      title={dimension ? '编辑维度' : '新增维度'}
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="dimensionForm"
      initialValues={
        dimension ? { name: dimension.name, displayName: dimension.displayName, sort: dimension.sort } : {}
      }
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item
        name="name"
        label="维度名称"
        rules={[
          { required: true, whitespace: true, message: '请输入维度名称' },
          { max: limit, message: `维度名称最多只能输入${limit}个字符` },
        ]}
      >
        <Input placeholder="请输入维度名称" maxLength={limit} />
      </Form.Item>
      <Form.Item
        name="displayName"
        label="显示名称"
        rules={[
          { required: true, whitespace: true, message: '请输入显示名称' },
          { max: limit, message: `显示名称最多只能输入${limit}个字符` },
        ]}
      >
        <Input placeholder="请输入显示名称" maxLength={limit} />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
