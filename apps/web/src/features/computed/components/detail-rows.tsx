import { TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Alert, Empty, Skeleton, Space, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { LazyChart } from '../../../shared/charts/lazy-chart.tsx';
import { PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { useDetailRows } from '../api.ts';
import { detailRowsOption } from '../charts/detail-rows-option.ts';

/** A file cell: a link when the value is an address, else the text. */
const fileCell = (value: unknown) =>
  typeof value === 'string' && /^https?:\/\//i.test(value) ? (
    <a href={value} target="_blank" rel="noreferrer">
      {value}
    </a>
  ) : (
    String(value ?? '')
  );

/**
 * 详细数据 (spec 2 §2.5): the rows of the point's detail algorithm for its object and cycle, run live,
 * shown in the point's display mode — a table, a pie, a histogram, a line, or a list of files.
 */
export function DetailRows({ pointId, cycleKey }: { pointId: string; cycleKey?: string | undefined }) {
  const detail = useDetailRows(pointId, cycleKey);
  const data = detail.data;
  const display = data?.displayMode ?? 'table';
  const option = useMemo(
    () => (data && display !== 'table' && display !== 'file' ? detailRowsOption(display, data) : null),
    [data, display],
  );
  if (detail.isLoading) return <Skeleton active />;
  if (detail.error) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={detail.error.message} />;
  if (!data) return null;
  const note = `周期 ${data.cycleKey} · 明细算法版本 ${data.version ?? '-'} · 用时 ${data.elapsedMs} 毫秒`;
  const columns = data.columns.map((c) => ({
    key: c,
    title: c,
    dataIndex: c,
    ellipsis: true,
    render: display === 'file' ? fileCell : (v: unknown) => (v === null ? '-' : String(v)),
  }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{note}</Typography.Text>
      {data.truncated ? <Alert type="warning" showIcon title="数据行过多，只显示了前面的部分" /> : null}
      {option ? (
        <LazyChart option={option} height={300} />
      ) : (
        <Table
          rowKey={(_, i) => String(i)}
          size="small"
          columns={columns}
          dataSource={data.rows}
          pagination={PAGINATION_WITH_WORDS}
          scroll={{ x: true }}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
        />
      )}
    </Space>
  );
}
