import { type DiagnosisTask, OBJECT_LEVEL_LABELS, OBJECT_LEVELS, type ObjectLevel } from '@eduqa/contract';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { saveTask, useRefreshDiagnosis } from '../api.ts';

interface TaskValues {
  name: string;
  level: ObjectLevel;
  period: string;
  dates: [Dayjs, Dayjs];
}

const LEVEL_OPTIONS = OBJECT_LEVELS.map((value) => ({ value, label: OBJECT_LEVEL_LABELS[value] }));

/** 新建/编辑诊断任务 (508 wide). The level of a task with objects cannot change (the server says so). */
export function TaskFormModal({
  open,
  task,
  onClose,
}: {
  open: boolean;
  task: DiagnosisTask | null;
  onClose: () => void;
}) {
  const refresh = useRefreshDiagnosis();
  const year = String(dayjs().year());
  const initialValues: Partial<TaskValues> = task
    ? {
        name: task.name,
        level: task.level as ObjectLevel,
        period: task.period,
        dates: [dayjs(task.startDate), dayjs(task.endDate)],
      }
    : { level: 'school', period: year, dates: [dayjs(`${year}-01-01`), dayjs(`${year}-12-31`)] };

  const submit = async (values: TaskValues) => {
    const input = {
      name: values.name.trim(),
      level: values.level,
      period: values.period.trim(),
      startDate: values.dates[0].format('YYYY-MM-DD'),
      endDate: values.dates[1].format('YYYY-MM-DD'),
    };
    await saveTask(input, task?.id);
    notify.success(task ? '修改成功' : '新建成功');
    await refresh();
  };

  return (
    <FormModal<TaskValues>
      title={task ? '编辑诊断任务' : '新建诊断任务'}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={initialValues}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
    >
      <Form.Item
        name="name"
        label="任务名称"
        rules={[
          { required: true, whitespace: true, message: '请输入任务名称' },
          { max: 100, message: '任务名称最多只能输入100个字符' },
        ]}
      >
        <Input placeholder="请输入任务名称" />
      </Form.Item>
      <Form.Item name="level" label="诊断层级" rules={[{ required: true, message: '请选择诊断层级' }]}>
        <Select options={LEVEL_OPTIONS} disabled={task !== null && task.objectCount > 0} />
      </Form.Item>
      <Form.Item
        name="period"
        label="诊断期间"
        rules={[
          { required: true, whitespace: true, message: '请输入诊断期间' },
          { max: 20, message: '诊断期间最多只能输入20个字符' },
        ]}
      >
        <Input placeholder="如 2026 或 2025-2026学年" />
      </Form.Item>
      <Form.Item name="dates" label="起止日期" rules={[{ required: true, message: '请选择起止日期' }]}>
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
