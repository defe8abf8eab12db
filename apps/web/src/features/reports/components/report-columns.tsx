import { QUALITY_REPORT_SCOPE_LABELS, type ReportSummary } from '@eduqa/contract';
import { Space, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { removeReports, submitReport } from '../api.ts';
import { formatScore } from '../report-labels.ts';
import { ReportStateTag } from './report-state-tag.tsx';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** The report list's columns; the name opens the report, where the other actions are. */
export function reportColumns({ act }: { act: RunAction }): TableColumnsType<ReportSummary> {
  return [
    {
      key: 'name',
      title: '报告名称',
      width: 190,
      render: (_, r) => (
        <Link to={`view/${r.id}`}>
          <Typography.Text ellipsis={{ tooltip: r.name }} style={{ color: 'inherit', maxWidth: 174 }}>
            {r.name}
          </Typography.Text>
        </Link>
      ),
    },
    { key: 'scope', title: '范围', width: 100, render: (_, r) => QUALITY_REPORT_SCOPE_LABELS[r.scope] },
    { key: 'task', title: '任务', dataIndex: 'taskName', width: 150, ellipsis: true },
    { key: 'subject', title: '对象/部门', dataIndex: 'subjectName', width: 130, ellipsis: true },
    { key: 'principal', title: '负责人', dataIndex: 'principalName', width: 80, ellipsis: true },
    { key: 'state', title: '状态', width: 96, render: (_, r) => <ReportStateTag state={r.state} /> },
    { key: 'createdOn', title: '创建时间', dataIndex: 'createdOn', width: 100 },
    {
      key: 'score',
      title: '得分',
      width: 70,
      align: 'right',
      render: (_, r) => (r.score === null ? dash : formatScore(r.score)),
    },
    {
      key: 'actions',
      title: '操作',
      width: 140,
      fixed: 'right',
      render: (_, r) => <RowActions row={r} act={act} />,
    },
  ];
}

function RowActions({ row: r, act }: { row: ReportSummary; act: RunAction }) {
  return (
    <Space size={0} wrap>
      <Link to={`view/${r.id}`} style={{ padding: '0 7px' }}>
        查看
      </Link>
      {r.rights.canSubmit ? (
        <ConfirmLink
          title={`确定提交「${r.name}」评审吗？`}
          description="提交后在评审结束或被驳回前不能修改。"
          okText="提交"
          onConfirm={() => act(() => submitReport(r.id), '报告已提交评审')}
        >
          提交评审
        </ConfirmLink>
      ) : null}
      {r.rights.canDelete ? (
        <ConfirmLink
          title={`确定删除报告「${r.name}」吗？`}
          okText="删除"
          isDanger
          onConfirm={() => act(() => removeReports([r.id]), '报告已删除')}
        >
          删除
        </ConfirmLink>
      ) : null}
    </Space>
  );
}
