import { goalsEndpoints as E, GOAL_MESSAGES, GOAL_TEXT_MAX } from '@eduqa/contract';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAction } from '../../../shared/api/use-action.ts';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { PersonSelect } from '../../org/index.ts';
import { goalKeys, type NodeRow, post, type TaskRow } from '../api.ts';

interface NodeValues {
  name: string;
  description?: string;
  principalId?: string;
  dates: [Dayjs, Dayjs];
}

function initialValuesOf(task: TaskRow, node: NodeRow | null): Partial<NodeValues> {
  return node
    ? {
        name: node.name,
        description: node.description,
        principalId: node.principalId,
        dates: [dayjs(node.startDate), dayjs(node.endDate)],
      }
    : { principalId: task.principalId, dates: [dayjs(task.startDate), dayjs(task.endDate)] };
}

/** Saves the node; a refusal throws so the dialog stays open with what was typed. */
function useSaveNode(task: TaskRow, node: NodeRow | null) {
  const act = useAction(goalKeys.all);
  return async (values: NodeValues) => {
    const fields = {
      name: values.name.trim(),
      description: values.description?.trim() ?? '',
      startDate: values.dates[0].format('YYYY-MM-DD'),
      endDate: values.dates[1].format('YYYY-MM-DD'),
      ...(values.principalId ? { principalId: values.principalId } : {}),
    };
    const ok = await act(
      () =>
        node
          ? post(E.nodeUpdate, { ...fields, id: node.id })
          : post(E.nodeInsert, { ...fields, taskId: task.id }),
      node ? '节点已修改' : '节点已新增',
    );
    if (!ok) throw new Error('refused');
  };
}

/** The node's dates: in order, and within the task's own dates. */
function withinTask(task: TaskRow) {
  return {
    validator: (_: unknown, value?: [Dayjs, Dayjs]) => {
      if (!value) return Promise.resolve();
      if (value[1].isBefore(value[0], 'day')) return Promise.reject(new Error(GOAL_MESSAGES.dateOrder));
      const start = value[0].format('YYYY-MM-DD');
      const end = value[1].format('YYYY-MM-DD');
      return start < task.startDate || end > task.endDate
        ? Promise.reject(new Error('节点的起止日期须在任务的起止日期之内'))
        : Promise.resolve();
    },
  };
}

/** 新增/编辑任务节点: a milestone within the task's dates, led by a node principal. */
export function NodeFormModal({
  open,
  task,
  node,
  onClose,
}: {
  open: boolean;
  task: TaskRow;
  node: NodeRow | null;
  onClose: () => void;
}) {
  const submit = useSaveNode(task, node);
  return (
    <FormModal<NodeValues>
      title={node ? '编辑任务节点' : '新增任务节点'}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={initialValuesOf(task, node)}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      intro={
        <p style={{ color: TEXT_COLORS.muted, margin: '16px 0' }}>
          节点的起止日期须在任务的起止日期（{task.startDate} 至 {task.endDate}）之内。
        </p>
      }
    >
      <Form.Item
        name="name"
        label="节点名称"
        rules={[
          { required: true, whitespace: true, message: '请输入节点名称' },
          { max: GOAL_TEXT_MAX.nodeName, message: `节点名称最多只能输入${GOAL_TEXT_MAX.nodeName}个字符` },
        ]}
      >
        <Input placeholder="请输入节点名称" />
      </Form.Item>
      <Form.Item
        name="principalId"
        label="节点负责人"
        rules={[{ required: true, message: '请选择节点负责人' }]}
      >
        <PersonSelect
          current={
            node
              ? { value: node.principalId, label: node.principalName }
              : { value: task.principalId, label: task.principalName }
          }
        />
      </Form.Item>
      <Form.Item
        name="dates"
        label="起止日期"
        rules={[{ required: true, message: '请选择起止日期' }, withinTask(task)]}
      >
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="description"
        label="节点说明"
        rules={[{ max: GOAL_TEXT_MAX.detail, message: `节点说明最多只能输入${GOAL_TEXT_MAX.detail}个字符` }]}
      >
        <Input.TextArea rows={3} placeholder="请输入节点说明" />
      </Form.Item>
    </FormModal>
  );
}
