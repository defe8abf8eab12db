import { type Cycle, type CycleType, TEXT_LIMITS } from '@eduqa/contract';
import { Form, Input, InputNumber } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { saveCycle, saveCycleType, useRefreshStandards } from '../api.ts';

interface NameValues {
  name: string;
  sort?: number | null;
}

const sortOf = (sort: number | null | undefined) => (sort === null || sort === undefined ? {} : { sort });

function SortItem() {
  return (
    <Form.Item name="sort" label="排序">
      <InputNumber min={0} max={99999} precision={0} placeholder="留空排在最后" style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** 新增/编辑周期类型. */
export function CycleTypeFormModal({
  open,
  type,
  onClose,
  onSaved,
}: {
  open: boolean;
  type: CycleType | null;
  onClose: () => void;
  onSaved?: (type: CycleType) => void;
}) {
  const refresh = useRefreshStandards();
  const save = async (values: NameValues) => {
    const saved = await saveCycleType({ name: values.name.trim(), ...sortOf(values.sort) }, type?.id);
    notify.success(type ? '周期类型已保存' : '周期类型已新增');
    onSaved?.(saved);
    void refresh();
  };
  return (
    <FormModal<NameValues>
      title={type ? '编辑周期类型' : '新增周期类型'}
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="cycleTypeForm"
      initialValues={type ? { name: type.name, sort: type.sort } : {}}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item
        name="name"
        label="类型名称"
        rules={[
          { required: true, whitespace: true, message: '请输入周期类型名称' },
          { max: TEXT_LIMITS.small, message: `周期类型名称最多只能输入${TEXT_LIMITS.small}个字符` },
        ]}
      >
        <Input placeholder="如 自然年、学年、学期" maxLength={TEXT_LIMITS.small} />
      </Form.Item>
      <SortItem />
    </FormModal>
  );
}

/** 新增/编辑周期值 (cycleNumber) of one type. */
export function CycleFormModal({
  open,
  type,
  cycle,
  onClose,
}: {
  open: boolean;
  type: CycleType | null;
  cycle: Cycle | null;
  onClose: () => void;
}) {
  const refresh = useRefreshStandards();
  const save = async (values: NameValues) => {
    const cycleNumber = values.name.trim();
    if (cycle) await saveCycle({ cycleNumber, ...sortOf(values.sort) }, { id: cycle.id });
    else if (type) await saveCycle({ cycleNumber, ...sortOf(values.sort) }, { typeId: type.id });
    notify.success(cycle ? '周期已保存' : '周期已新增');
    void refresh();
  };
  return (
    <FormModal<NameValues>
      title={cycle ? '编辑周期' : `新增周期${type ? `（${type.name}）` : ''}`}
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="cycleForm"
      initialValues={cycle ? { name: cycle.number, sort: cycle.sort } : {}}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item
        name="name"
        label="周期"
        rules={[
          { required: true, whitespace: true, message: '请输入周期' },
          { max: TEXT_LIMITS.small, message: `周期最多只能输入${TEXT_LIMITS.small}个字符` },
        ]}
      >
        <Input placeholder="如 2026、2025-2026、2026年春季学期" maxLength={TEXT_LIMITS.small} />
      </Form.Item>
      <SortItem />
    </FormModal>
  );
}
