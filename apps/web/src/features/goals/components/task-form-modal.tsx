import {
  goalsEndpoints as E,
  EXAM_TYPE_LABELS,
  EXAM_TYPES,
  type ExamType,
  GOAL_MESSAGES,
  GOAL_TEXT_MAX,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  type TaskType,
} from '@eduqa/contract';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { PersonSelect } from '../../system/components/person-select.tsx';
import { post, type TaskRow, useRefreshGoals, type YearTargetRow } from '../api.ts';
import { DepartmentSelect } from './department-select.tsx';

interface TaskValues {
  name: string;
  type: TaskType;
  examType: ExamType;
  targetValue?: string;
  departmentId: string;
  principalId: string;
  collaboratingDepartmentIds?: string[];
  dates: [Dayjs, Dayjs];
  detail?: string;
}

const TYPE_OPTIONS = TASK_TYPES.map((value) => ({ value, label: `${value}类·${TASK_TYPE_LABELS[value]}` }));
const EXAM_OPTIONS = EXAM_TYPES.map((value) => ({ value, label: EXAM_TYPE_LABELS[value] }));
const max = (label: string, n: number) => ({ max: n, message: `${label}最多只能输入${n}个字符` });

/** 新增/编辑目标任务: a task of a year target for one department, its principal and dates. */
export function TaskFormModal({
  open,
  yearTarget,
  task,
  parent,
  onClose,
}: {
  open: boolean;
  /** The year target a new task decomposes. */
  yearTarget: Pick<YearTargetRow, 'id' | 'name' | 'cycleYear'> | null;
  /** The task edited, or null for a new one. */
  task: TaskRow | null;
  /** A new sub-task goes under this task. */
  parent?: TaskRow | null;
  onClose: () => void;
}) {
  const refresh = useRefreshGoals();
  const year = yearTarget?.cycleYear ?? dayjs().year();
  const initialValues: Partial<TaskValues> = task
    ? {
        name: task.rwmc,
        type: task.rwlx,
        examType: task.examType,
        targetValue: task.targetValue,
        departmentId: task.departmentId,
        principalId: task.principalId,
        collaboratingDepartmentIds: task.collaboratingDepartments.map((d) => d.id),
        dates: [dayjs(task.startDate), dayjs(task.endDate)],
        detail: task.detail,
      }
    : {
        type: 'B',
        examType: 'score',
        dates: parent
          ? [dayjs(parent.startDate), dayjs(parent.endDate)]
          : [dayjs(`${year}-01-01`), dayjs(`${year}-12-31`)],
      };

  const submit = async (values: TaskValues) => {
    const fields = {
      name: values.name.trim(),
      type: values.type,
      examType: values.examType,
      targetValue: values.targetValue?.trim() ?? '',
      departmentId: values.departmentId,
      principalId: values.principalId,
      collaboratingDepartmentIds: values.collaboratingDepartmentIds ?? [],
      startDate: values.dates[0].format('YYYY-MM-DD'),
      endDate: values.dates[1].format('YYYY-MM-DD'),
      detail: values.detail?.trim() ?? '',
    };
    if (task) await post(E.targetTaskUpdate, { ...fields, id: task.id });
    else if (yearTarget) {
      await post(E.targetTaskInsert, {
        ...fields,
        yearTargetId: yearTarget.id,
        ...(parent ? { parentId: parent.id } : {}),
      });
    }
    notify.success(task ? '任务已修改' : '任务已下发');
    await refresh();
  };

  const title = task ? '编辑目标任务' : parent ? `新增子任务（${parent.rwmc}）` : '新增目标任务';
  return (
    <FormModal<TaskValues>
      title={title}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={initialValues}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      intro={
        yearTarget && !task ? (
          <p style={{ color: 'rgba(0,0,0,0.45)', margin: '16px 0' }}>年度目标：{yearTarget.name}</p>
        ) : undefined
      }
    >
      <Form.Item
        name="name"
        label="任务名称"
        rules={[
          { required: true, whitespace: true, message: '请输入任务名称' },
          max('任务名称', GOAL_TEXT_MAX.taskName),
        ]}
      >
        <Input placeholder="请输入任务名称" />
      </Form.Item>
      <Form.Item name="type" label="任务类型" rules={[{ required: true, message: '请选择任务类型' }]}>
        <Select options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item name="examType" label="考核方式" rules={[{ required: true, message: '请选择考核方式' }]}>
        <Select options={EXAM_OPTIONS} />
      </Form.Item>
      <Form.Item name="targetValue" label="目标值" rules={[max('目标值', GOAL_TEXT_MAX.targetValue)]}>
        <Input placeholder="如 10项、≥95%、A" />
      </Form.Item>
      <Form.Item name="departmentId" label="责任部门" rules={[{ required: true, message: '请选择责任部门' }]}>
        <DepartmentSelect placeholder="请选择责任部门" />
      </Form.Item>
      <Form.Item
        name="principalId"
        label="任务负责人"
        rules={[{ required: true, message: '请选择任务负责人' }]}
      >
        <PersonSelect current={task ? { value: task.principalId, label: task.principalName } : null} />
      </Form.Item>
      <Form.Item noStyle dependencies={['departmentId']}>
        {({ getFieldValue }) => (
          <Form.Item name="collaboratingDepartmentIds" label="协同部门">
            <DepartmentSelect multiple placeholder="可选" exclude={getFieldValue('departmentId')} />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item
        name="dates"
        label="起止日期"
        rules={[
          { required: true, message: '请选择起止日期' },
          {
            validator: (_, value?: [Dayjs, Dayjs]) =>
              value?.[1].isBefore(value[0], 'day')
                ? Promise.reject(new Error(GOAL_MESSAGES.dateOrder))
                : Promise.resolve(),
          },
        ]}
      >
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="detail" label="任务详情" rules={[max('任务详情', GOAL_TEXT_MAX.detail)]}>
        <Input.TextArea rows={3} placeholder="请输入任务详情" showCount maxLength={GOAL_TEXT_MAX.detail} />
      </Form.Item>
    </FormModal>
  );
}
