import {
  FIELD_CODE_PATTERN,
  FIELD_REF_KINDS,
  FIELD_REF_LABELS,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  HIDDEN_REF_KINDS,
  TEXT_LIMITS,
  type WarehouseField,
} from '@eduqa/contract';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { type FieldValues, saveField, useConstantTypeOptions, warehouseKeys } from '../api.ts';

const TYPE_OPTIONS = FIELD_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }));
/** A collected record's id is a key only a form's table has: offered only to the field that holds it. */
const refOptions = (target: WarehouseField | null) => [
  { value: '', label: '不关联' },
  ...FIELD_REF_KINDS.filter((k) => !HIDDEN_REF_KINDS.includes(k) || target?.refKind === k).map((k) => ({
    value: k,
    label: FIELD_REF_LABELS[k],
  })),
];

/** The constant type of a 常量 reference: its cells hold that type's values, shown by their names. */
function ConstantTypeItem() {
  return (
    <Form.Item noStyle dependencies={['refKind']}>
      {({ getFieldValue }) => (getFieldValue('refKind') === 'constant' ? <ConstantTypeSelect /> : null)}
    </Form.Item>
  );
}

function ConstantTypeSelect() {
  const types = useConstantTypeOptions(true);
  return (
    <Form.Item name="refTypeId" label="常量类型" rules={[{ required: true, message: '请选择常量类型' }]}>
      <Select options={types.data ?? []} loading={types.isLoading} placeholder="请选择常量类型" />
    </Form.Item>
  );
}

/** The field to edit, or a new one's defaults: a text field, optional, not unique, not a reference. */
const initialValues = (target: WarehouseField | null): Partial<FieldValues> =>
  target
    ? {
        label: target.label,
        code: target.code,
        type: target.type,
        isRequired: target.isRequired,
        isUnique: target.isUnique,
        refKind: target.refKind ?? '',
        refTypeId: target.refTypeId ?? undefined,
        sort: target.sort,
      }
    : { type: 'text', isRequired: false, isUnique: false, refKind: '' };

/**
 * 新增/编辑字段. On a created table the server alters the column with the change and refuses, in
 * Chinese, one that would lose data; the dialog then stays open with what was typed.
 */
export function FieldFormModal(props: {
  open: boolean;
  tableId: string;
  target: WarehouseField | null;
  onClose: () => void;
}) {
  const run = useAction(warehouseKeys.all);
  const { target } = props;
  return (
    <FormModal<FieldValues>
      title={target ? '编辑字段' : '新增字段'}
      open={props.open}
      onClose={props.onClose}
      onSubmit={async (values) => {
        const saved = await run(
          () => saveField(values, props.tableId, target),
          target ? '字段已保存' : '字段已新增',
        );
        if (!saved) throw new Error('refused');
      }}
      name="fieldForm"
      initialValues={initialValues(target)}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item
        name="label"
        label="字段名称"
        rules={[
          { required: true, whitespace: true, message: '请输入字段名称' },
          { max: TEXT_LIMITS.default, message: `字段名称最多只能输入${TEXT_LIMITS.default}个字符` },
        ]}
      >
        <Input maxLength={TEXT_LIMITS.default} placeholder="如：学号" />
      </Form.Item>
      <Form.Item
        name="code"
        label="字段代码"
        extra="列名为 c_字段代码"
        rules={[
          { required: true, message: '请输入字段代码' },
          {
            pattern: FIELD_CODE_PATTERN,
            message: '字段代码须以小写字母开头，只含小写字母、数字和下划线，最多41个字符',
          },
        ]}
      >
        <Input maxLength={41} placeholder="如：xh" />
      </Form.Item>
      <Form.Item name="type" label="字段类型" rules={[{ required: true, message: '请选择字段类型' }]}>
        <Select options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item name="isRequired" label="必填" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="isUnique" label="唯一" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="refKind"
        label="关联"
        dependencies={['type']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              value && getFieldValue('type') !== 'text'
                ? Promise.reject(new Error('关联字段的类型必须是文本'))
                : Promise.resolve(),
          }),
        ]}
      >
        <Select options={refOptions(target)} />
      </Form.Item>
      <ConstantTypeItem />
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} precision={0} />
      </Form.Item>
    </FormModal>
  );
}
