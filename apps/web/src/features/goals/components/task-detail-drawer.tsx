import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import {
  goalsEndpoints as E,
  EXAM_TYPE_LABELS,
  GOAL_FILE_TYPE_LABELS,
  GOAL_TEXT_MAX,
  type ManualNodeEvent,
  NODE_EVENT_LABELS,
  PROGRESS_AUDIT_DECISION_LABELS,
  PROGRESS_TYPE_LABELS,
  type ProgressAuditDecision,
  TABLE_EMPTY_TEXT,
  TASK_AUDIT_ACTION_LABELS,
  type TaskAuditAction,
} from '@eduqa/contract';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Progress,
  Result,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tabs,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ConfirmLink } from '../../system/components/confirm-link.tsx';
import { useDialog } from '../../system/components/use-dialog.ts';
import {
  type AuditRow,
  type DelayRow,
  type NodeRow,
  type ProgressRow,
  post,
  type TaskDetailData,
  type TaskRow,
  useGoalAction,
  useTaskDetail,
} from '../api.ts';
import { dateRange, percent } from '../goal-labels.ts';
import {
  canDecideDelay,
  decompositionActions,
  nodeEvents,
  nodeWork,
  progressDecisions,
} from '../goal-rules.ts';
import { useGoalUser } from '../use-goal-user.ts';
import { DelayModal } from './delay-modal.tsx';
import {
  AuditTag,
  NodeStateTag,
  ProgressAuditTag,
  ScheduleTag,
  TaskTypeTag,
  WarningTag,
} from './goal-tags.tsx';
import { NodeFormModal } from './node-form-modal.tsx';
import { ProgressModal } from './progress-modal.tsx';
import { type ReasonAsk, ReasonModal } from './reason-modal.tsx';
import { TaskFilesModal } from './task-files-modal.tsx';

/** Wider than the diagnosis drawer (55%): the node and progress tables need the room. */
const DRAWER_WIDTH = '65%';

/** Events that carry a text: a return reason, or the plan the node principal submits. */
const EVENT_TEXT: Partial<Record<ManualNodeEvent, { label: string; required: boolean }>> = {
  goBack: { label: '退回原因', required: true },
  resolve: { label: '落实方案', required: true },
  redefine: { label: '退回原因', required: true },
};

function FileLinks({ files, withType = false }: { files: TaskDetailData['files']; withType?: boolean }) {
  if (files.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {files.map((f) => (
        <Typography.Link key={f.id} href={f.url} target="_blank">
          <PaperClipOutlined /> {withType ? `【${GOAL_FILE_TYPE_LABELS[f.fileType]}】` : ''}
          {f.fileName}
        </Typography.Link>
      ))}
    </Space>
  );
}

/** 任务详情: facts, nodes, progress with its audit, decomposition audit, delays, sub-tasks and files. */
export function TaskDetailDrawer({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const detail = useTaskDetail(taskId);
  const data = taskId && detail.data?.task.id === taskId ? detail.data : undefined;
  return (
    <Drawer
      title={data ? `任务详情：${data.task.rwmc}` : '任务详情'}
      open={taskId !== null}
      onClose={onClose}
      size={DRAWER_WIDTH}
      destroyOnHidden
    >
      {detail.isError ? (
        <Result status="error" title="任务详情加载失败" subTitle={detail.error.message} />
      ) : !data ? (
        <Spin style={{ display: 'block', margin: '64px auto' }} />
      ) : (
        <TaskDetailBody data={data} />
      )}
    </Drawer>
  );
}

function TaskDetailBody({ data }: { data: TaskDetailData }) {
  const { task, rights } = data;
  const { me } = useGoalUser();
  const act = useGoalAction();
  const nodeForm = useDialog<NodeRow>();
  const progressForm = useDialog<NodeRow>();
  const delayForm = useDialog<NodeRow>();
  const [ask, setAsk] = useState<ReasonAsk | null>(null);
  const [isAskOpen, setAskOpen] = useState(false);
  const [isFilesOpen, setFilesOpen] = useState(false);
  const askFor = (next: ReasonAsk) => {
    setAsk(next);
    setAskOpen(true);
  };

  const moveNode = (node: NodeRow, event: ManualNodeEvent) => {
    const label = NODE_EVENT_LABELS[event];
    const text = EVENT_TEXT[event];
    if (text) {
      askFor({
        title: `${label}（${node.name}）`,
        label: text.label,
        required: text.required,
        max: GOAL_TEXT_MAX.reason,
        onSubmit: (reason) => act(() => post(E.nodeTransition, { id: node.id, event, reason }), `已${label}`),
      });
      return;
    }
    void act(() => post(E.nodeTransition, { id: node.id, event }), `已${label}`);
  };

  const decideProgress = (report: ProgressRow, decision: ProgressAuditDecision) => {
    const label = PROGRESS_AUDIT_DECISION_LABELS[decision];
    askFor({
      title: `${label}（${report.nodeName}）`,
      label: '审核意见',
      required: decision === 'reject',
      max: GOAL_TEXT_MAX.opinion,
      onSubmit: (opinion) =>
        act(() => post(E.progressAudit, { id: report.id, decision, opinion }), `已${label}`),
    });
  };

  const decideDecomposition = (action: TaskAuditAction) => {
    const label = TASK_AUDIT_ACTION_LABELS[action];
    if (action === 'submit') {
      void act(() => post(E.targetTaskAuditSubmit, { taskId: task.id }), '任务分解已提交审核');
      return;
    }
    askFor({
      title: `分解${label}`,
      label: '审核意见',
      required: action === 'fail',
      max: GOAL_TEXT_MAX.opinion,
      onSubmit: (opinion) =>
        act(
          () =>
            post(E.targetTaskAuditDecide, {
              taskId: task.id,
              auditState: action === 'pass' ? 1 : 2,
              opinion,
            }),
          `分解${label}`,
        ),
    });
  };

  const decideDelay = (delay: DelayRow, auditState: 1 | 2) => {
    const label = auditState === 1 ? '审核通过' : '审核不通过';
    askFor({
      title: `延期${label}（${delay.nodeName}）`,
      label: '审核意见',
      required: auditState === 2,
      max: GOAL_TEXT_MAX.opinion,
      onSubmit: (opinion) =>
        act(() => post(E.delayAudit, { id: delay.id, auditState, opinion }), `延期${label}`),
    });
  };

  const canAddNode = rights.canDecompose && !task.isWithdrawn && task.state !== 'done';
  const auditActions = decompositionActions({
    auditState: task.auditState,
    nodeCount: data.nodes.length,
    isWithdrawn: task.isWithdrawn,
    rights,
  });

  const nodeColumns: TableColumnsType<NodeRow> = [
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
      render: (_, node) => {
        const events = nodeEvents({
          node,
          rights,
          auditState: task.auditState,
          isWithdrawn: task.isWithdrawn,
          me,
        });
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
              <Button key={event} type="link" size="small" onClick={() => moveNode(node, event)}>
                {NODE_EVENT_LABELS[event]}
              </Button>
            ))}
            {work.reportProgress ? (
              <Button type="link" size="small" onClick={() => progressForm.show(node)}>
                上报进度
              </Button>
            ) : null}
            {work.requestDelay ? (
              <Button type="link" size="small" onClick={() => delayForm.show(node)}>
                申请延期
              </Button>
            ) : null}
            {work.edit ? (
              <>
                <Button type="link" size="small" onClick={() => nodeForm.show(node)}>
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除节点「${node.name}」吗？`}
                  okText="删除"
                  isDanger
                  onConfirm={async () => {
                    await act(() => post(E.nodeDelete, { ids: [node.id] }), '节点已删除');
                  }}
                >
                  删除
                </ConfirmLink>
              </>
            ) : null}
          </Space>
        );
      },
    },
  ];

  const progressColumns: TableColumnsType<ProgressRow> = [
    {
      key: 'node',
      title: '节点',
      width: 130,
      render: (_, p) => (
        <>
          <div>{p.nodeName}</div>
          <Typography.Text type="secondary">{PROGRESS_TYPE_LABELS[p.type]}</Typography.Text>
        </>
      ),
    },
    {
      key: 'content',
      title: '进度内容',
      width: 220,
      render: (_, p) => (
        <>
          <div>{p.content}</div>
          {p.files.length > 0 ? <FileLinks files={p.files} /> : null}
        </>
      ),
    },
    {
      key: 'completion',
      title: '完成度',
      width: 100,
      render: (_, p) =>
        p.completion === null ? '—' : <Progress percent={percent(p.completion)} size="small" />,
    },
    {
      key: 'reporter',
      title: '上报人',
      width: 110,
      render: (_, p) => (
        <>
          <div>{p.reporterName}</div>
          <Typography.Text type="secondary">{p.reportedAt}</Typography.Text>
        </>
      ),
    },
    {
      key: 'audit',
      title: '审核',
      width: 150,
      render: (_, p) => (
        <>
          <ProgressAuditTag state={p.auditState} />
          {p.opinion ? <div>意见：{p.opinion}</div> : null}
          {p.auditorName ? <Typography.Text type="secondary">{p.auditorName}</Typography.Text> : null}
        </>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 100,
      render: (_, p) => (
        <Space size={0} wrap>
          {progressDecisions(p, rights).map((decision) => (
            <Button
              key={decision}
              type="link"
              size="small"
              danger={decision === 'reject'}
              onClick={() => decideProgress(p, decision)}
            >
              {PROGRESS_AUDIT_DECISION_LABELS[decision]}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  const auditColumns: TableColumnsType<AuditRow> = [
    { key: 'submitter', title: '提交人', dataIndex: 'submitterName', width: 100 },
    { key: 'submittedAt', title: '提交时间', dataIndex: 'submittedAt', width: 160 },
    { key: 'state', title: '审核结果', width: 110, render: (_, a) => <AuditTag state={a.auditState} /> },
    { key: 'opinion', title: '审核意见', dataIndex: 'opinion', render: (v: string) => v || '—' },
    {
      key: 'auditor',
      title: '审核人',
      dataIndex: 'auditorName',
      width: 100,
      render: (v: string | null) => v ?? '—',
    },
    {
      key: 'auditedAt',
      title: '审核时间',
      dataIndex: 'auditedAt',
      width: 160,
      render: (v: string | null) => v ?? '—',
    },
  ];

  const delayColumns: TableColumnsType<DelayRow> = [
    { key: 'node', title: '节点', dataIndex: 'nodeName', width: 120 },
    {
      key: 'dates',
      title: '结束日期',
      width: 180,
      render: (_, d) => `${d.originalEndDate} → ${d.requestedEndDate}`,
    },
    { key: 'reason', title: '延期原因', dataIndex: 'reason' },
    { key: 'requester', title: '申请人', dataIndex: 'requesterName', width: 90 },
    {
      key: 'state',
      title: '审核',
      width: 140,
      render: (_, d) => (
        <>
          <AuditTag state={d.auditState} />
          {d.opinion ? <div>意见：{d.opinion}</div> : null}
        </>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 150,
      render: (_, d) =>
        canDecideDelay(d, rights) ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => decideDelay(d, 1)}>
              审核通过
            </Button>
            <Button type="link" size="small" danger onClick={() => decideDelay(d, 2)}>
              审核不通过
            </Button>
          </Space>
        ) : null,
    },
  ];

  const subColumns: TableColumnsType<TaskRow> = [
    { key: 'name', title: '子任务', dataIndex: 'rwmc' },
    { key: 'type', title: '类型', width: 100, render: (_, t) => <TaskTypeTag type={t.rwlx} /> },
    { key: 'department', title: '责任部门', dataIndex: 'departmentName', width: 120 },
    { key: 'principal', title: '负责人', dataIndex: 'principalName', width: 90 },
    {
      key: 'status',
      title: '进度状态',
      width: 90,
      render: (_, t) => <ScheduleTag status={t.scheduleStatus} />,
    },
  ];

  const empty = { emptyText: TABLE_EMPTY_TEXT };
  return (
    <>
      {task.isWithdrawn ? (
        <Alert
          type="warning"
          showIcon
          title="任务已撤回，重新下发后才能继续办理"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="年度目标" span={2}>
          {task.yearTargetName}
        </Descriptions.Item>
        <Descriptions.Item label="任务类型">
          <TaskTypeTag type={task.rwlx} />
        </Descriptions.Item>
        <Descriptions.Item label="考核方式">{EXAM_TYPE_LABELS[task.examType]}</Descriptions.Item>
        <Descriptions.Item label="目标值">{task.targetValue || '—'}</Descriptions.Item>
        <Descriptions.Item label="责任部门">{task.departmentName}</Descriptions.Item>
        <Descriptions.Item label="任务负责人">{task.principalName}</Descriptions.Item>
        <Descriptions.Item label="协同部门">
          {task.collaboratingDepartments.map((d) => d.name).join('、') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="起止日期">{dateRange(task.startDate, task.endDate)}</Descriptions.Item>
        <Descriptions.Item label="任务状态">{task.stateName}</Descriptions.Item>
        <Descriptions.Item label="进度状态">
          <Space size={4}>
            <ScheduleTag status={task.scheduleStatus} />
            {task.warningType ? <WarningTag type={task.warningType} /> : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="分解审核">
          <AuditTag state={task.auditState} />
        </Descriptions.Item>
        <Descriptions.Item label="完成进度" span={2}>
          <Progress percent={percent(task.progress)} style={{ maxWidth: 320, marginInlineEnd: 16 }} />
          <Typography.Text type="secondary">
            已完成节点 {task.doneNodeCount} / {task.nodeCount}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="创建人">{task.creatorName}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{task.createTime}</Descriptions.Item>
        <Descriptions.Item label="任务详情" span={2}>
          {task.detail || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="任务附件" span={2}>
          <Space align="start" size={16}>
            <FileLinks files={data.files} withType />
            {(rights.canEdit || rights.canDecompose) && !task.isWithdrawn ? (
              <Button size="small" onClick={() => setFilesOpen(true)}>
                上传附件
              </Button>
            ) : null}
          </Space>
        </Descriptions.Item>
      </Descriptions>

      <Tabs
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'nodes',
            label: `任务节点（${data.nodes.length}）`,
            children: (
              <>
                <Space wrap style={{ marginBottom: 12 }}>
                  {canAddNode ? (
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => nodeForm.show(null)}>
                      新增节点
                    </Button>
                  ) : null}
                  {auditActions.map((action) => (
                    <Button
                      key={action}
                      danger={action === 'fail'}
                      onClick={() => decideDecomposition(action)}
                    >
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
                  columns={nodeColumns}
                  dataSource={data.nodes}
                  pagination={false}
                  locale={empty}
                  scroll={{ x: 820 }}
                />
              </>
            ),
          },
          {
            key: 'progress',
            label: `进度上报（${data.progress.length}）`,
            children: (
              <Table<ProgressRow>
                rowKey="id"
                size="small"
                columns={progressColumns}
                dataSource={data.progress}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                locale={empty}
                scroll={{ x: 810 }}
              />
            ),
          },
          {
            key: 'audits',
            label: `分解审核（${data.audits.length}）`,
            children: (
              <Table<AuditRow>
                rowKey="id"
                size="small"
                columns={auditColumns}
                dataSource={data.audits}
                pagination={false}
                locale={empty}
              />
            ),
          },
          {
            key: 'delays',
            label: `延期申请（${data.delays.length}）`,
            children: (
              <Table<DelayRow>
                rowKey="id"
                size="small"
                columns={delayColumns}
                dataSource={data.delays}
                pagination={false}
                locale={empty}
              />
            ),
          },
          {
            key: 'subTasks',
            label: `子任务（${data.subTasks.length}）`,
            children:
              data.subTasks.length === 0 ? (
                <Empty description={TABLE_EMPTY_TEXT} />
              ) : (
                <Table<TaskRow>
                  rowKey="id"
                  size="small"
                  columns={subColumns}
                  dataSource={data.subTasks}
                  pagination={false}
                />
              ),
          },
        ]}
      />

      <NodeFormModal open={nodeForm.open} task={task} node={nodeForm.target} onClose={nodeForm.hide} />
      <ProgressModal open={progressForm.open} node={progressForm.target} onClose={progressForm.hide} />
      <DelayModal open={delayForm.open} node={delayForm.target} onClose={delayForm.hide} />
      <ReasonModal ask={ask} open={isAskOpen} onClose={() => setAskOpen(false)} />
      <TaskFilesModal open={isFilesOpen} task={task} onClose={() => setFilesOpen(false)} />
    </>
  );
}
