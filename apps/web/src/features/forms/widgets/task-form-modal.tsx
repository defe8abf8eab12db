import type { CollectTask } from '@eduqa/contract';
import { DatePicker, Form, type FormRule, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { useDepartments } from '../../org/index.ts';
import { createTask, formsKeys, updateTask, useCycles, usePublishedForms } from '../api.ts';

interface Values {
  name: string;
  formIds: string[];
  cycleId?: string;
  startAt: Dayjs;
  deadline: Dayjs;
  departmentIds: string[];
  remark?: string;
}

/** Times go as yyyy-MM-dd HH:mm:ss, which the server reads on the school's clock. */
const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** The deadline is required and must come after the start. */
const DEADLINE_RULES: FormRule[] = [
  { required: true, message: '请选择截止时间' },
  ({ getFieldValue }) => ({
    validator: (_, value: Dayjs | undefined) => {
      const start = getFieldValue('startAt') as Dayjs | undefined;
      return value && start && !value.isAfter(start)
        ? Promise.reject(new Error('截止时间须晚于开始时间'))
        : Promise.resolve();
    },
  }),
];

/** The task's values to edit, or a new task starting this minute. */
function initialValuesOf(task: CollectTask | null): Partial<Values> {
  return task
    ? {
        name: task.name,
        formIds: task.forms.map((f) => f.formId),
        ...(task.cycleId ? { cycleId: task.cycleId } : {}),
        startAt: dayjs(task.startAt),
        deadline: dayjs(task.deadline),
        departmentIds: task.departments.map((d) => d.departmentId),
        remark: task.remark,
      }
    : { startAt: dayjs().startOf('minute') };
}

/**
 * 新建/编辑采集任务. A task's forms and departments are fixed once it is sent (each department got its
 * allocation), so editing changes only the name, deadline and remark.
 */
export function TaskFormModal({
  open,
  task,
  onClose,
}: {
  open: boolean;
  task: CollectTask | null;
  onClose: () => void;
}) {
  const forms = usePublishedForms();
  const departments = useDepartments();
  const cycles = useCycles();
  const run = useAction(formsKeys.all);
  const isEdit = task !== null;

  const submit = async (values: Values) => {
    const ok = task
      ? await run(
          () =>
            updateTask(task.id, {
              name: values.name,
              deadline: values.deadline.format(WIRE_TIME),
              remark: values.remark ?? '',
            }),
          '采集任务已保存',
        )
      : await run(
          () =>
            createTask({
              name: values.name,
              formIds: values.formIds,
              ...(values.cycleId ? { cycleId: values.cycleId } : {}),
              startAt: values.startAt.format(WIRE_TIME),
              deadline: values.deadline.format(WIRE_TIME),
              departmentIds: values.departmentIds,
              ...(values.remark ? { remark: values.remark } : {}),
            }),
          '采集任务已下发',
        );
    if (!ok) throw new Error('refused');
  };

  return (
    <FormModal<Values>
      title={isEdit ? '编辑采集任务' : '新建采集任务'}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      initialValues={initialValuesOf(task)}
    >
      <Form.Item
        name="name"
        label="任务名称"
        rules={[{ required: true, whitespace: true, message: '请输入任务名称' }]}
      >
        <Input maxLength={60} placeholder="如：2026年秋季学期教师信息采集" />
      </Form.Item>
      <Form.Item name="formIds" label="采集表单" rules={[{ required: true, message: '请选择采集表单' }]}>
        <Select
          mode="multiple"
          disabled={isEdit}
          loading={forms.isLoading}
          placeholder="选择已发布的表单"
          optionFilterProp="label"
          options={(forms.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
          notFoundContent="暂无已发布的表单"
        />
      </Form.Item>
      <Form.Item name="cycleId" label="周期">
        <Select
          allowClear
          disabled={isEdit}
          placeholder="不限周期"
          options={(cycles.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="startAt" label="开始时间" rules={[{ required: true, message: '请选择开始时间' }]}>
        <DatePicker showTime disabled={isEdit} format={WIRE_TIME} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="deadline" label="截止时间" dependencies={['startAt']} rules={DEADLINE_RULES}>
        <DatePicker showTime format={WIRE_TIME} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="departmentIds"
        label="下发部门"
        rules={[{ required: true, message: '请选择下发部门' }]}
      >
        <Select
          mode="multiple"
          disabled={isEdit}
          loading={departments.isLoading}
          placeholder="选择部门"
          optionFilterProp="label"
          options={(departments.data?.rows ?? []).map((d) => ({
            value: d.departmentId,
            label: d.departmentName,
          }))}
        />
      </Form.Item>
      <Form.Item name="remark" label="说明">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
