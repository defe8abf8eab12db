import {
  REVIEW_KIND_LABELS,
  REVIEW_RESULT_LABELS,
  type ReportReview,
  type ReportView,
  TABLE_EMPTY_TEXT,
} from '@eduqa/contract';
import { Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { useReviews } from '../api.ts';
import { formatScore } from '../report-labels.ts';

const COLUMNS: TableColumnsType<ReportReview> = [
  { key: 'round', title: '轮次', width: 60, render: (_, r) => `第${r.round}轮` },
  {
    key: 'kind',
    title: '类型',
    width: 90,
    render: (_, r) => <Tag color={r.kind === 'reject' ? 'error' : 'blue'}>{REVIEW_KIND_LABELS[r.kind]}</Tag>,
  },
  { key: 'reviewer', title: '评审人', dataIndex: 'reviewerName', width: 100 },
  {
    key: 'result',
    title: '复核结果',
    width: 90,
    render: (_, r) => (r.result ? REVIEW_RESULT_LABELS[r.result] : '—'),
  },
  {
    key: 'score',
    title: '评分',
    width: 80,
    render: (_, r) => (r.score === null ? '—' : formatScore(r.score)),
  },
  {
    key: 'opinion',
    title: '意见',
    render: (_, r) => <span style={{ whiteSpace: 'pre-wrap' }}>{r.opinion || '—'}</span>,
  },
  { key: 'time', title: '时间', dataIndex: 'createdAt', width: 170 },
];

/** 评审专家 with whether each has reviewed, and every review, school review and rejection so far. */
export function ReviewPanel({ view }: { view: ReportView }) {
  const reviews = useReviews(view.id);
  return (
    <section aria-label="评审" style={{ marginBottom: 24 }}>
      <Typography.Title level={4}>评审</Typography.Title>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">评审专家：</Typography.Text>
        {view.experts.length === 0 ? (
          <Typography.Text type="secondary">未分配</Typography.Text>
        ) : (
          view.experts.map((e) => (
            <Tag key={e.userId} color={e.reviewed ? 'success' : 'default'}>
              {e.name}（{e.reviewed ? '已评审' : '待评审'}）
            </Tag>
          ))
        )}
      </Flex>
      <Table<ReportReview>
        rowKey="id"
        size="small"
        columns={COLUMNS}
        dataSource={reviews.data ?? []}
        loading={reviews.isLoading}
        locale={{ emptyText: reviews.isError ? reviews.error.message : TABLE_EMPTY_TEXT }}
        pagination={false}
        scroll={{ x: columnsWidth(COLUMNS) }}
      />
    </section>
  );
}
