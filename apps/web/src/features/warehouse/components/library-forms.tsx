import { TEXT_LIMITS, type Warehouse, type WarehouseTable } from '@eduqa/contract';
import { Form, Input, InputNumber } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { saveTable, saveWarehouse, type TableValues, type WarehouseValues, warehouseKeys } from '../api.ts';

const nameRules = (label: string) => [
  { required: true, whitespace: true, message: `请输入${label}` },
  { max: TEXT_LIMITS.default, message: `${label}最多只能输入${TEXT_LIMITS.default}个字符` },
];
const remarkRules = (label: string) => [
  { max: TEXT_LIMITS.content, message: `${label}最多只能输入${TEXT_LIMITS.content}个字符` },
];

/** 新增/编辑仓库. */
export function WarehouseFormModal(props: { open: boolean; target: Warehouse | null; onClose: () => void }) {
  const run = useAction(warehouseKeys.all);
  const { target } = props;
  return (
    <FormModal<WarehouseValues>
      title={target ? '编辑仓库' : '新增仓库'}
      open={props.open}
      onClose={props.onClose}
      onSubmit={async (values) => {
        if (!(await run(() => saveWarehouse(values, target), target ? '仓库已保存' : '仓库已新增')))
          throw new Error('refused');
      }}
      name="warehouseForm"
      initialValues={target ? { name: target.name, remark: target.remark, sort: target.sort } : { sort: 0 }}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item name="name" label="仓库名称" rules={nameRules('仓库名称')}>
        <Input maxLength={TEXT_LIMITS.default} placeholder="如：学生数据" />
      </Form.Item>
      <Form.Item name="remark" label="仓库说明" rules={remarkRules('仓库说明')}>
        <Input.TextArea rows={3} maxLength={TEXT_LIMITS.content} />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} precision={0} />
      </Form.Item>
    </FormModal>
  );
}

/** 新增/编辑数据表 (its physical table is created separately, on the table's page). */
export function TableFormModal(props: {
  open: boolean;
  warehouseId: string;
  target: WarehouseTable | null;
  onClose: () => void;
}) {
  const run = useAction(warehouseKeys.all);
  const { target } = props;
  return (
    <FormModal<TableValues>
      title={target ? '编辑数据表' : '新增数据表'}
      open={props.open}
      onClose={props.onClose}
      onSubmit={async (values) => {
        const saved = await run(
          () => saveTable(values, props.warehouseId, target),
          target ? '数据表已保存' : '数据表已新增',
        );
        if (!saved) throw new Error('refused');
      }}
      name="tableForm"
      initialValues={target ? { name: target.name, remark: target.remark } : {}}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item name="name" label="表名称" rules={nameRules('表名称')}>
        <Input maxLength={TEXT_LIMITS.default} placeholder="如：学生成绩" />
      </Form.Item>
      <Form.Item name="remark" label="表说明" rules={remarkRules('表说明')}>
        <Input.TextArea rows={3} maxLength={TEXT_LIMITS.content} />
      </Form.Item>
    </FormModal>
  );
}
