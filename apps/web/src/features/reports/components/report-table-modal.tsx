import {
  type DataType,
  formatValue,
  type QualityRow,
  REPORT_TABLE_LABELS,
  type ReportTable,
  TABLE_EMPTY_TEXT,
  type WarningRow,
} from '@eduqa/contract';
import { Modal, Skeleton, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { ResultSourceTag, WhyView } from '../../computed/index.ts';
import { usePointTable, useReportWhy, useWarningTable } from '../api.ts';

const dash = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);
/** A point's value as the diagnosis screens and the Word document show it: percent with %, floats to two decimals. */
const shown = (r: QualityRow, v: string | null) => dash(formatValue(r.dataType as DataType, v));

/** Spec 2 §2.1–2.2: the point columns; a revised target or result is shown instead of the original. */
const BASE_POINT_COLUMNS: TableColumnsType<QualityRow> = [
  {
    key: 'indicator',
    title: '所属指标',
    width: 180,
    render: (_, r) => r.indicatorPath.map((i) => i.name).join(' / ') || '—',
    ellipsis: true,
  },
  { key: 'name', title: '质控点名称', dataIndex: 'name', width: 160, ellipsis: true, fixed: 'left' },
  { key: 'object', title: '诊断对象', dataIndex: 'objectName', width: 120, ellipsis: true },
  { key: 'connotation', title: '内涵', dataIndex: 'connotation', width: 160, ellipsis: true },
  { key: 'standard', title: '标准值', width: 90, render: (_, r) => shown(r, r.standardValue) },
  { key: 'target', title: '目标值', width: 90, render: (_, r) => shown(r, r.revisedTarget ?? r.target) },
  { key: 'result', title: '本次结果', width: 90, render: (_, r) => shown(r, r.revisedResult ?? r.result) },
  { key: 'grade', title: '本次等级', width: 80, render: (_, r) => dash(r.grade) },
  {
    key: 'resultSource',
    title: '结果来源',
    width: 100,
    render: (_, r) => <ResultSourceTag source={r.resultSource} />,
  },
  { key: 'previousResult', title: '上次结果', width: 90, render: (_, r) => shown(r, r.previousResult) },
  { key: 'previousGrade', title: '上次等级', width: 80, render: (_, r) => dash(r.previousGrade) },
];

/** Spec 2 §2.1: below-standard and unfinished rows are highlighted; per cell, since antd paints the cells. */
const ROW_COLORS = { below: '#fff1f0', unfinished: '#fffbe6' } as const;
const rowColor = (r: QualityRow) =>
  r.below ? ROW_COLORS.below : r.unfinished ? ROW_COLORS.unfinished : undefined;
/** Points whose result an algorithm, a SQL or an interface computed: their name opens the lineage. */
const isComputed = (r: QualityRow) => r.collectionMethod !== 'report';

function pointColumns(onWhy: (row: QualityRow) => void): TableColumnsType<QualityRow> {
  return BASE_POINT_COLUMNS.map((column) => ({
    ...column,
    ...(column.key === 'name'
      ? {
          render: (_: unknown, r: QualityRow) =>
            isComputed(r) ? (
              <Typography.Link onClick={() => onWhy(r)} title="为什么是这个值">
                {r.name}
              </Typography.Link>
            ) : (
              r.name
            ),
        }
      : {}),
    onCell: (r: QualityRow) => {
      const background = rowColor(r);
      return background ? { style: { background } } : {};
    },
  }));
}

/** Spec 2 §2.3: the warning columns, one row per warned point. */
const WARNING_COLUMNS: TableColumnsType<WarningRow> = [
  { key: 'point', title: '质控点名称', dataIndex: 'pointName', width: 180, ellipsis: true },
  { key: 'object', title: '诊断对象', dataIndex: 'objectName', width: 120, ellipsis: true },
  { key: 'value', title: '预警值', width: 100, render: (_, r) => dash(r.warningValue) },
  { key: 'cause', title: '原因分析', width: 200, render: (_, r) => dash(r.cause), ellipsis: true },
  { key: 'measure', title: '处理措施', width: 200, render: (_, r) => dash(r.measure), ellipsis: true },
  { key: 'all', title: '预警次数', dataIndex: 'allCount', width: 90, align: 'right' },
  { key: 'handled', title: '处理次数', dataIndex: 'handledCount', width: 90, align: 'right' },
  { key: 'handler', title: '处理人', width: 100, render: (_, r) => dash(r.handlerName) },
];

/** The table a narrative count opens, paged by the server with the spec's pager. */
export function ReportTableModal({
  reportId,
  table,
  onClose,
}: {
  reportId: string;
  table: ReportTable | null;
  onClose: () => void;
}) {
  return (
    <Modal
      title={table ? REPORT_TABLE_LABELS[table] : ''}
      open={table !== null}
      onCancel={onClose}
      footer={null}
      // The eleven point columns (1,330 px) fit a 1440 px desk without sideways scrolling; narrower,
      // the name column stays fixed while the rest scrolls.
      width="min(1400px, calc(100vw - 48px))"
      destroyOnHidden
    >
      {table === 'warnings' ? <WarningTable reportId={reportId} /> : null}
      {table && table !== 'warnings' ? <PointTable key={table} reportId={reportId} table={table} /> : null}
    </Modal>
  );
}

function PointTable({ reportId, table }: { reportId: string; table: Exclude<ReportTable, 'warnings'> }) {
  const [pageNum, setPageNum] = useState(1);
  const [whyOf, setWhyOf] = useState<QualityRow | null>(null);
  const rows = usePointTable({ reportId, table, pageNum });
  const columns = pointColumns(setWhyOf);
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Tag color={ROW_COLORS.below} style={{ color: '#cf1322' }}>
          未达标
        </Tag>
        <Tag color={ROW_COLORS.unfinished} style={{ color: '#ad6800' }}>
          未完成
        </Tag>
      </Space>
      {rows.isError ? (
        <Typography.Text type="danger">{rows.error.message}</Typography.Text>
      ) : (
        <Table<QualityRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows.data?.records ?? []}
          loading={rows.isFetching}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          scroll={{ x: columnsWidth(columns), y: 600 }}
          pagination={{
            ...PAGINATION_WITH_WORDS,
            current: pageNum,
            total: rows.data?.total ?? 0,
            onChange: setPageNum,
          }}
        />
      )}
      <Modal
        title={whyOf ? `为什么是这个值：${whyOf.name}` : ''}
        open={whyOf !== null}
        onCancel={() => setWhyOf(null)}
        footer={null}
        width="60%"
        destroyOnHidden
      >
        {whyOf ? <ReportWhy reportId={reportId} pointId={whyOf.id} /> : null}
      </Modal>
    </>
  );
}

function ReportWhy({ reportId, pointId }: { reportId: string; pointId: string }) {
  const why = useReportWhy(reportId, pointId);
  if (why.isError) return <Typography.Text type="danger">{why.error.message}</Typography.Text>;
  if (!why.data) return <Skeleton active />;
  return <WhyView data={why.data} />;
}

function WarningTable({ reportId }: { reportId: string }) {
  const [pageNum, setPageNum] = useState(1);
  const rows = useWarningTable({ reportId, pageNum, enabled: true });
  if (rows.isError) return <Typography.Text type="danger">{rows.error.message}</Typography.Text>;
  return (
    <Table<WarningRow>
      rowKey="assignedPointId"
      size="middle"
      columns={WARNING_COLUMNS}
      dataSource={rows.data?.records ?? []}
      loading={rows.isFetching}
      locale={{ emptyText: TABLE_EMPTY_TEXT }}
      scroll={{ x: columnsWidth(WARNING_COLUMNS), y: 600 }}
      pagination={{
        ...PAGINATION_WITH_WORDS,
        current: pageNum,
        total: rows.data?.total ?? 0,
        onChange: setPageNum,
      }}
    />
  );
}
