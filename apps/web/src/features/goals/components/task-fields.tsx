import {
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
import { PersonSelect } from '../../org/index.ts';
import { DepartmentSelect } from './department-select.tsx';

/** The form values every goal task has, whichever screen edits it. */
export interface TaskFieldValues {
  type: TaskType;
  examType: ExamType;
  departmentId: string;
  principalId: string;
  collaboratingDepartmentIds?: string[];
  dates: [Dayjs, Dayjs];
  detail?: string;
}

/** What a stored task gives its form (both screens' rows carry these under the same names). */
interface StoredTaskFields {
  examType: ExamType;
  departmentId: string;
  principalId: string;
  collaboratingDepartments: ReadonlyArray<{ id: string }>;
  startDate: string;
  endDate: string;
  detail: string;
}

/** The form values of a stored task (`type` is passed in: the screens' rows name it differently). */
export function taskFieldValuesOf(task: StoredTaskFields, type: TaskType): TaskFieldValues {
  return {
    type,
    examType: task.examType,
    departmentId: task.departmentId,
    principalId: task.principalId,
    collaboratingDepartmentIds: task.collaboratingDepartments.map((d) => d.id),
    dates: [dayjs(task.startDate), dayjs(task.endDate)],
    detail: task.detail,
  };
}

/** A new task: routine, scored, over its parent's dates or else the whole year. */
export function newTaskFieldValues(
  year: number,
  parent: Pick<StoredTaskFields, 'startDate' | 'endDate'> | null | undefined,
): Partial<TaskFieldValues> {
  return {
    type: 'B',
    examType: 'score',
    dates: parent
      ? [dayjs(parent.startDate), dayjs(parent.endDate)]
      : [dayjs(`${year}-01-01`), dayjs(`${year}-12-31`)],
  };
}

/** The request fields of the form (trimmed texts, ISO dates). */
export function taskBodyOf(values: TaskFieldValues & { name: string; targetValue?: string | undefined }) {
  return {
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
}

const TYPE_OPTIONS = TASK_TYPES.map((value) => ({ value, label: `${value}类·${TASK_TYPE_LABELS[value]}` }));
const EXAM_OPTIONS = EXAM_TYPES.map((value) => ({ value, label: EXAM_TYPE_LABELS[value] }));

/** The spec's text-limit rule ('…最多只能输入N个字符'). */
export const maxLength = (label: string, n: number) => ({
  max: n,
  message: `${label}最多只能输入${n}个字符`,
});

/**
 * 任务类型 … 任务详情 of a goal task: the same fields in 目标任务管理 and 年度目标分解, since both edit
 * one goal model. `principal` is the current principal, shown before the person list loads.
 */
export function TaskFields({ principal }: { principal: { value: string; label: string } | null }) {
  return (
    <>
      <Form.Item name="type" label="任务类型" rules={[{ required: true, message: '请选择任务类型' }]}>
        <Select options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item name="examType" label="考核方式" rules={[{ required: true, message: '请选择考核方式' }]}>
        <Select options={EXAM_OPTIONS} />
      </Form.Item>
      <Form.Item name="departmentId" label="责任部门" rules={[{ required: true, message: '请选择责任部门' }]}>
        <DepartmentSelect placeholder="请选择责任部门" />
      </Form.Item>
      <Form.Item
        name="principalId"
        label="任务负责人"
        rules={[{ required: true, message: '请选择任务负责人' }]}
      >
        <PersonSelect current={principal} />
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
      <Form.Item name="detail" label="任务详情" rules={[maxLength('任务详情', GOAL_TEXT_MAX.detail)]}>
        <Input.TextArea rows={3} placeholder="请输入任务详情" showCount maxLength={GOAL_TEXT_MAX.detail} />
      </Form.Item>
    </>
  );
}
