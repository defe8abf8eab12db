import { type ReviewObjectTask, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Alert, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGE_SIZE, PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { useReviewQueue } from '../api.ts';
import { reviewQueueColumns } from '../components/review-queue-columns.tsx';
import { type ReviewQueueFilter, ReviewQueueFilters } from '../components/review-queue-filters.tsx';

/**
 * 待审核: every object task with points submitted for audit. Opening one shows its points, where the
 * auditor passes or refuses (with a reason) the checked ones.
 */
export function ReviewQueuePage() {
  const [filter, setFilter] = useState<ReviewQueueFilter>({});
  const [pageNum, setPageNum] = useState(1);
  const queue = useReviewQueue({ ...definedOnly(filter), pageNum, pageSize: PAGE_SIZE });
  const navigate = useNavigate();
  const onOpen = (row: ReviewObjectTask) => navigate(`obj/${row.id}`);
  const columns = reviewQueueColumns(onOpen);

  return (
    <PageCard title="待审核">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="打开对象任务后勾选已提交的质控点，审核通过或审核不通过（须填写原因）；不通过的质控点退回负责人修改。"
      />
      <ReviewQueueFilters
        onChange={(patch) => {
          setFilter((current) => ({ ...current, ...patch }));
          setPageNum(1);
        }}
      />
      <Table<ReviewObjectTask>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={queue.data?.records ?? []}
        loading={queue.isFetching}
        scroll={{ x: columnsWidth(columns) }}
        locale={{ emptyText: queue.isLoading ? ' ' : TABLE_EMPTY_TEXT }}
        pagination={{
          ...PAGINATION_WITH_WORDS,
          current: pageNum,
          total: queue.data?.total ?? 0,
          onChange: setPageNum,
        }}
      />
    </PageCard>
  );
}

/** The filter without its cleared fields, so a cleared select sends nothing. */
function definedOnly({ taskId, level, departmentId, keyword }: ReviewQueueFilter) {
  return {
    ...(taskId ? { taskId } : {}),
    ...(level ? { level } : {}),
    ...(departmentId ? { departmentId } : {}),
    ...(keyword ? { keyword } : {}),
  };
}
