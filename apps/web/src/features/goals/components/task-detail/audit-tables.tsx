import { TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Empty, Space, Table, type TableColumnsType } from 'antd';
import type { AuditRow, DelayRow, TaskDetailData, TaskRow } from '../../api.ts';
import { canDecideDelay } from '../../goal-rules.ts';
import { AuditTag, ScheduleTag, TaskTypeTag } from '../goal-tags.tsx';

const EMPTY = { emptyText: TABLE_EMPTY_TEXT };

const AUDIT_COLUMNS: TableColumnsType<AuditRow> = [
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

/** 分解审核: each submission of the task's decomposition and its result. */
export function DecompositionAuditTable({ data }: { data: TaskDetailData }) {
  return (
    <Table<AuditRow>
      rowKey="id"
      size="small"
      columns={AUDIT_COLUMNS}
      dataSource={data.audits}
      pagination={false}
      locale={EMPTY}
    />
  );
}

type OnDecideDelay = (delay: DelayRow, auditState: 1 | 2) => void;

function delayColumns(rights: TaskDetailData['rights'], onDecide: OnDecideDelay): TableColumnsType<DelayRow> {
  return [
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
            <Button type="link" size="small" onClick={() => onDecide(d, 1)}>
              审核通过
            </Button>
            <Button type="link" size="small" danger onClick={() => onDecide(d, 2)}>
              审核不通过
            </Button>
          </Space>
        ) : null,
    },
  ];
}

/** 延期申请: the nodes' delay requests, with the decision for who may audit them. */
export function DelayTable({ data, onDecide }: { data: TaskDetailData; onDecide: OnDecideDelay }) {
  return (
    <Table<DelayRow>
      rowKey="id"
      size="small"
      columns={delayColumns(data.rights, onDecide)}
      dataSource={data.delays}
      pagination={false}
      locale={EMPTY}
    />
  );
}

const SUB_TASK_COLUMNS: TableColumnsType<TaskRow> = [
  { key: 'name', title: '子任务', dataIndex: 'name' },
  { key: 'type', title: '类型', width: 100, render: (_, t) => <TaskTypeTag type={t.type} /> },
  { key: 'department', title: '责任部门', dataIndex: 'departmentName', width: 120 },
  { key: 'principal', title: '负责人', dataIndex: 'principalName', width: 90 },
  {
    key: 'status',
    title: '进度状态',
    width: 90,
    render: (_, t) => <ScheduleTag status={t.scheduleStatus} />,
  },
];

/** 子任务: the task's sub-tasks, or the empty text. */
export function SubTaskTable({ data }: { data: TaskDetailData }) {
  if (data.subTasks.length === 0) return <Empty description={TABLE_EMPTY_TEXT} />;
  return (
    <Table<TaskRow>
      rowKey="id"
      size="small"
      columns={SUB_TASK_COLUMNS}
      dataSource={data.subTasks}
      pagination={false}
    />
  );
}
