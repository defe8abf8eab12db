import { IMPROVEMENT_TREND_LABELS, type Improvement, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Table, type TableColumnsType, Tag } from 'antd';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { TREND_COLORS } from '../report-labels.ts';

const REASON_LABELS: Record<Improvement['reason'], string> = {
  below: '未达标',
  warned: '预警',
  both: '未达标、预警',
};

/** The table pages itself beyond one page of rows (a school's task may carry hundreds). */
const PAGE_ROWS = 10;

const dash = (v: string | null) => (v === null || v === '' ? '—' : v);

const COLUMNS: TableColumnsType<Improvement> = [
  { key: 'point', title: '质控点', dataIndex: 'pointName', width: 180, ellipsis: true },
  { key: 'object', title: '诊断对象', dataIndex: 'objectName', width: 120, ellipsis: true },
  { key: 'reason', title: '上期问题', width: 110, render: (_, r) => REASON_LABELS[r.reason] },
  { key: 'measure', title: '改进措施', dataIndex: 'measure', width: 240, ellipsis: true },
  { key: 'last', title: '上期结果', width: 90, render: (_, r) => dash(r.lastValue) },
  { key: 'current', title: '本期结果', width: 90, render: (_, r) => dash(r.currentValue) },
  {
    key: 'trend',
    title: '成效',
    width: 90,
    render: (_, r) => <Tag color={TREND_COLORS[r.trend]}>{IMPROVEMENT_TREND_LABELS[r.trend]}</Tag>,
  },
];

/** 改进成效: last cycle's below-standard or warned points with a measure, and how they moved since. */
export function ImprovementTable({ rows }: { rows: readonly Improvement[] }) {
  return (
    <Table<Improvement>
      rowKey={(r) => `${r.objectName}\u0000${r.pointName}\u0000${r.lastTaskName}`}
      size="small"
      columns={COLUMNS}
      dataSource={[...rows]}
      pagination={rows.length > PAGE_ROWS ? PAGINATION : false}
      locale={{ emptyText: TABLE_EMPTY_TEXT }}
      scroll={{ x: columnsWidth(COLUMNS) }}
    />
  );
}
