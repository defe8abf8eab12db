import {
  PROGRESS_AUDIT_DECISION_LABELS,
  PROGRESS_TYPE_LABELS,
  type ProgressAuditDecision,
  TABLE_EMPTY_TEXT,
} from '@eduqa/contract';
import { Button, Progress, Space, Table, type TableColumnsType, Typography } from 'antd';
import { phoneTable, useIsPhone } from '../../../../shared/ui/responsive.ts';
import type { ProgressRow, TaskDetailData } from '../../api.ts';
import { percent } from '../../goal-labels.ts';
import { progressDecisions } from '../../goal-rules.ts';
import { ProgressAuditTag } from '../goal-tags.tsx';
import { FileLinks } from './file-links.tsx';

type OnDecide = (report: ProgressRow, decision: ProgressAuditDecision) => void;

/** The report and its audit: the columns every caller sees. */
const REPORT_COLUMNS: TableColumnsType<ProgressRow> = [
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
      p.completion === null ? (
        '—'
      ) : (
        <Progress aria-label="完成度" percent={percent(p.completion)} size="small" />
      ),
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
];

function progressColumns(
  rights: TaskDetailData['rights'],
  onDecide: OnDecide,
): TableColumnsType<ProgressRow> {
  return [
    ...REPORT_COLUMNS,
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
              onClick={() => onDecide(p, decision)}
            >
              {PROGRESS_AUDIT_DECISION_LABELS[decision]}
            </Button>
          ))}
        </Space>
      ),
    },
  ];
}

/** 进度上报: the reports of the task's nodes with their audit, and the decisions the caller may take. */
export function ProgressTable({ data, onDecide }: { data: TaskDetailData; onDecide: OnDecide }) {
  // On a phone the decisions stay in view on the right: no sideways scrolling to 部门审核通过.
  const table = phoneTable({
    isPhone: useIsPhone(),
    columns: progressColumns(data.rights, onDecide),
    nameKey: 'node',
    nameWidth: 100,
    actionKey: 'actions',
    phoneX: 810,
    deskScroll: { x: 810 },
  });
  return (
    <Table<ProgressRow>
      rowKey="id"
      size="small"
      columns={table.columns}
      dataSource={data.progress}
      pagination={{ pageSize: 10, showSizeChanger: false }}
      locale={{ emptyText: TABLE_EMPTY_TEXT }}
      scroll={table.scroll}
    />
  );
}
