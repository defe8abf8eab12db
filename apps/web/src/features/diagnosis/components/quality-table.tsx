import { LineChartOutlined } from '@ant-design/icons';
import { type QualityRow, TABLE_EMPTY_TEXT, TABLE_SCROLL } from '@eduqa/contract';
import { Button, Space, Table, type TableColumnsType, type TableProps, Tooltip, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { levelColumnWidth, levelDepth, levelName, levelRowSpans } from '../table-layout.ts';
import {
  canEnterResult,
  cellKind,
  displayValue,
  enteredValueError,
  gradeText,
  ROW_FLAG_LEGEND,
  resultOf,
  rowClassName,
  rowFlagColor,
  targetText,
} from '../values.ts';
import { ValueInput } from './value-input.tsx';
import './quality-table.css';

/** The legend of the highlighted rows: 未完成 and 未达标 in their colours. */
export function RowFlagLegend() {
  return (
    <Space size={16} aria-label="图例">
      {ROW_FLAG_LEGEND.map((item) => (
        <span key={item.flag}>
          <span className="dq-legend-swatch" style={{ background: item.color }} />
          {item.label}
        </span>
      ))}
    </Space>
  );
}

/** A cell text that may be long: one line, the whole text on hover. */
export function LongText({ text }: { text: string | null | undefined }) {
  if (!text) return <>-</>;
  return (
    <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0 }}>
      {text}
    </Typography.Paragraph>
  );
}

/** The point name that opens the detail drawer. */
export function PointLink({ row, onOpen }: { row: QualityRow; onOpen: (row: QualityRow) => void }) {
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
      onClick={() => onOpen(row)}
    >
      {row.name}
    </Button>
  );
}

/** The icon that opens the sampling dialog. */
export function SamplingIcon({ row, onSample }: { row: QualityRow; onSample: (row: QualityRow) => void }) {
  return (
    <Tooltip title="采样分析">
      <Button
        type="text"
        size="small"
        aria-label={`采样分析：${row.name}`}
        icon={<LineChartOutlined style={{ color: '#1677ff' }} />}
        onClick={() => onSample(row)}
      />
    </Tooltip>
  );
}

export interface QualityTableProps {
  rows: readonly QualityRow[];
  loading: boolean;
  onOpen: (row: QualityRow) => void;
  onSample: (row: QualityRow) => void;
  /** Saves an entered result; without it the table is read-only. */
  onSaveResult?: (row: QualityRow, result: string) => void;
  /** Columns after the spec's (audit state, actions) on the work page. */
  extraColumns?: TableColumnsType<QualityRow>;
  rowSelection?: TableProps<QualityRow>['rowSelection'];
  /**
   * Spec 2 §2.1: scroll 1700 × 600 is optional. The width scrolled is the columns' own (about 1,400
   * px), not 1,700, so the table fills a wide screen and scrolls only its middle on a narrow one.
   */
  scroll?: boolean;
  toolbar?: ReactNode;
}

interface QualityColumnsContext {
  depth: number;
  spans: number[][];
  onOpen: (row: QualityRow) => void;
  onSample: (row: QualityRow) => void;
  onSaveResult: ((row: QualityRow, result: string) => void) | undefined;
  extraColumns: TableColumnsType<QualityRow>;
}

/** 本次结果: an input while the result may be entered here, else the result (revised or not) as text. */
function ResultCell({
  row,
  onSaveResult,
}: {
  row: QualityRow;
  onSaveResult: QualityColumnsContext['onSaveResult'];
}) {
  if (!(onSaveResult && canEnterResult(row) && !row.revisedResult))
    return displayValue(row.dataType, resultOf(row));
  return (
    <ValueInput
      kind={cellKind(row)}
      value={row.result}
      ariaLabel={`${row.name}本次结果`}
      check={(value) => enteredValueError(row, value)}
      onSave={(value) => onSaveResult(row, value)}
    />
  );
}

/**
 * The columns in three parts, so that whoever types a result always sees which point it is (issue
 * 11): on the left, fixed, the indicator levels (merged cells) and the point name; in the middle,
 * scrolling, the point's description and its last result; on the right, fixed, the entry columns —
 * target, this result and grade, then the page's own (审核状态, 操作). The spec's order (§2.1) puts
 * target and result before the last result; fixing them on the right moves them after it.
 */
function qualityColumns({
  depth,
  spans,
  onOpen,
  onSample,
  onSaveResult,
  extraColumns,
}: QualityColumnsContext): TableColumnsType<QualityRow> {
  const levelWidth = levelColumnWidth(depth);
  return [
    ...Array.from({ length: depth }, (_, k) => ({
      key: `level${k + 1}`,
      title: `${k + 1}级指标`,
      width: levelWidth,
      fixed: 'left' as const,
      render: (_: unknown, row: QualityRow) => levelName(row, k + 1) || '-',
      onCell: (_: QualityRow, index?: number) => ({ rowSpan: spans[k]?.[index ?? 0] ?? 1 }),
    })),
    {
      key: 'name',
      title: '质控点名称',
      width: QUALITY_COLUMN_WIDTHS.name,
      fixed: 'left',
      className: 'dq-point-name',
      render: (_, row) => <PointLink row={row} onOpen={onOpen} />,
    },
    {
      key: 'connotation',
      title: '内涵',
      width: 240,
      render: (_, row) => <LongText text={row.connotation} />,
    },
    {
      key: 'standardValue',
      title: '标准值',
      width: 90,
      render: (_, row) => displayValue(row.dataType, row.standardValue),
    },
    {
      key: 'previousResult',
      title: '上次结果',
      width: 90,
      render: (_, row) => displayValue(row.dataType, row.previousResult),
    },
    { key: 'previousGrade', title: '上次等级', width: 80, render: (_, row) => gradeText(row.previousGrade) },
    {
      key: 'sampling',
      title: '采样分析',
      width: 80,
      align: 'center',
      render: (_, row) => <SamplingIcon row={row} onSample={onSample} />,
    },
    {
      key: 'target',
      title: '目标值',
      width: QUALITY_COLUMN_WIDTHS.target,
      fixed: 'right',
      render: (_, row) => targetText(row),
    },
    {
      key: 'result',
      title: '本次结果',
      width: QUALITY_COLUMN_WIDTHS.result,
      fixed: 'right',
      render: (_, row) => <ResultCell row={row} onSaveResult={onSaveResult} />,
    },
    {
      key: 'grade',
      title: '本次等级',
      width: QUALITY_COLUMN_WIDTHS.grade,
      fixed: 'right',
      render: (_, row) => gradeText(row.grade),
    },
    ...extraColumns.map((column) => ({ ...column, fixed: 'right' as const })),
  ];
}

/** The fixed columns' widths: the point name on the left, the entry columns on the right. */
const QUALITY_COLUMN_WIDTHS = { name: 150, target: 84, result: 132, grade: 76 } as const;

const SELECTION_WIDTH = 32;

function withRowColours(columns: TableColumnsType<QualityRow>, depth: number): TableColumnsType<QualityRow> {
  // Inline cell colours: they hold against the table's own cell and hover backgrounds.
  // The merged indicator cells span rows of either kind, so they stay uncoloured.
  return columns.map((column, index) =>
    index < depth
      ? column
      : {
          ...column,
          onCell: (row: QualityRow, index?: number) => {
            const base = column.onCell?.(row, index) ?? {};
            const background = rowFlagColor(row);
            return background ? { ...base, style: { ...base.style, background } } : base;
          },
        },
  );
}

/**
 * The shared quality-point table (spec 2 §2.1): indicator levels 1..n with merged cells, the point
 * (drawer), connotation, standard, target, this and last result and grade, the sampling icon. Rows
 * unfinished or below standard are highlighted (legend above). Not paged.
 */
export function QualityTable({
  rows,
  loading,
  onOpen,
  onSample,
  onSaveResult,
  extraColumns = [],
  rowSelection,
  scroll = true,
  toolbar,
}: QualityTableProps) {
  const depth = useMemo(() => levelDepth(rows), [rows]);
  const spans = useMemo(() => levelRowSpans(rows, depth), [rows, depth]);

  const columns = qualityColumns({ depth, spans, onOpen, onSample, onSaveResult, extraColumns });
  const coloured = withRowColours(columns, depth);

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space wrap>{toolbar}</Space>
        <RowFlagLegend />
      </Space>
      <Table<QualityRow>
        rowKey="id"
        size="middle"
        bordered
        columns={coloured}
        dataSource={rows as QualityRow[]}
        loading={loading}
        pagination={false}
        scroll={
          scroll
            ? { x: columnsWidth(coloured, rowSelection ? SELECTION_WIDTH : 0), y: TABLE_SCROLL.y }
            : undefined
        }
        rowClassName={rowClassName}
        rowSelection={
          rowSelection ? { columnWidth: SELECTION_WIDTH, fixed: 'left', ...rowSelection } : undefined
        }
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
      />
    </>
  );
}
