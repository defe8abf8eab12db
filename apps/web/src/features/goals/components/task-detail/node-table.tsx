import { PlusOutlined } from '@ant-design/icons';
import {
  type ManualNodeEvent,
  NODE_EVENT_LABELS,
  TABLE_EMPTY_TEXT,
  TASK_AUDIT_ACTION_LABELS,
  type TaskAuditAction,
} from '@eduqa/contract';
import { Button, Space, Table, type TableColumnsType, Typography } from 'antd';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { phoneTable, useIsPhone } from '../../../../shared/ui/responsive.ts';
import type { NodeRow, TaskDetailData } from '../../api.ts';
import { decompositionActions, nodeEvents, nodeWork } from '../../goal-rules.ts';
import { useGoalUser } from '../../use-goal-user.ts';
import { NodeStateTag, WarningTag } from '../goal-tags.tsx';

/** What a node's row may start: a state move, or one of the node dialogs. */
export interface NodeHandlers {
  onMove: (node: NodeRow, event: ManualNodeEvent) => void;
  onReportProgress: (node: NodeRow) => void;
  onRequestDelay: (node: NodeRow) => void;
  onEdit: (node: NodeRow) => void;
  onDelete: (node: NodeRow) => Promise<void>;
}

/** The row actions the caller may take on a node now (goal-rules decides which). */
function NodeActions({
  node,
  data,
  me,
  handlers,
}: {
  node: NodeRow;
  data: TaskDetailData;
  me: string;
  handlers: NodeHandlers;
}) {
  const { task, rights } = data;
  const events = nodeEvents({ node, rights, auditState: task.auditState, isWithdrawn: task.isWithdrawn, me });
  const work = nodeWork({
    node,
    rights,
    isWithdrawn: task.isWithdrawn,
    progress: data.progress,
    delays: data.delays,
    me,
  });
  return (
    <Space size={0} wrap>
      {events.map((event) => (
        <Button key={event} type="link" size="small" onClick={() => handlers.onMove(node, event)}>
          {NODE_EVENT_LABELS[event]}
        </Button>
      ))}
      {work.reportProgress ? (
        <Button type="link" size="small" onClick={() => handlers.onReportProgress(node)}>
          上报进度
        </Button>
      ) : null}
      {work.requestDelay ? (
        <Button type="link" size="small" onClick={() => handlers.onRequestDelay(node)}>
          申请延期
        </Button>
      ) : null}
      {work.edit ? (
        <>
          <Button type="link" size="small" onClick={() => handlers.onEdit(node)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除节点「${node.name}」吗？`}
            okText="删除"
            isDanger
            onConfirm={() => handlers.onDelete(node)}
          >
            删除
          </ConfirmLink>
        </>
      ) : null}
    </Space>
  );
}

function nodeColumns(data: TaskDetailData, me: string, handlers: NodeHandlers): TableColumnsType<NodeRow> {
  return [
    {
      key: 'name',
      title: '节点名称',
      width: 160,
      render: (_, node) => (
        <>
          <div>{node.name}</div>
          {node.description ? <Typography.Text type="secondary">{node.description}</Typography.Text> : null}
        </>
      ),
    },
    { key: 'principal', title: '节点负责人', dataIndex: 'principalName', width: 90 },
    { key: 'dates', title: '起止日期', width: 110, render: (_, n) => `${n.startDate} 至 ${n.endDate}` },
    {
      key: 'state',
      title: '状态',
      width: 120,
      render: (_, n) => (
        <Space size={4} wrap>
          <NodeStateTag state={n.state} />
          {n.warningType ? <WarningTag type={n.warningType} /> : null}
        </Space>
      ),
    },
    {
      key: 'reason',
      title: '落实方案/退回原因',
      dataIndex: 'reason',
      width: 130,
      render: (v: string) => v || '—',
    },
    {
      key: 'actions',
      title: '操作',
      width: 200,
      render: (_, node) => <NodeActions node={node} data={data} me={me} handlers={handlers} />,
    },
  ];
}

/** 任务节点: 新增节点 and the decomposition audit buttons above the task's nodes. */
export function NodeTable({
  data,
  handlers,
  onAdd,
  onDecideDecomposition,
}: {
  data: TaskDetailData;
  handlers: NodeHandlers;
  onAdd: () => void;
  onDecideDecomposition: (action: TaskAuditAction) => void;
}) {
  const { me } = useGoalUser();
  const { task, rights } = data;
  const table = phoneTable({
    isPhone: useIsPhone(),
    columns: nodeColumns(data, me, handlers),
    nameKey: 'name',
    nameWidth: 110,
    actionKey: 'actions',
    actionWidth: 110,
    phoneX: 820,
    deskScroll: { x: 820 },
  });
  const canAddNode = rights.canDecompose && !task.isWithdrawn && task.state !== 'done';
  const auditActions = decompositionActions({
    auditState: task.auditState,
    nodeCount: data.nodes.length,
    isWithdrawn: task.isWithdrawn,
    rights,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {canAddNode ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            新增节点
          </Button>
        ) : null}
        {auditActions.map((action) => (
          <Button key={action} danger={action === 'fail'} onClick={() => onDecideDecomposition(action)}>
            {action === 'submit' ? '提交分解审核' : `分解${TASK_AUDIT_ACTION_LABELS[action]}`}
          </Button>
        ))}
        {task.auditState === 1 ? null : (
          <Typography.Text type="secondary">任务分解审核通过后才能推送节点。</Typography.Text>
        )}
      </Space>
      <Table<NodeRow>
        rowKey="id"
        size="small"
        columns={table.columns}
        dataSource={data.nodes}
        pagination={false}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        scroll={table.scroll}
      />
    </>
  );
}
