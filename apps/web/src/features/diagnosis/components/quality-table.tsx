import { LineChartOutlined } from '@ant-design/icons';
import { type QualityRow, TABLE_EMPTY_TEXT, TABLE_SCROLL } from '@eduqa/contract';
import { Button, Space, Table, type TableColumnsType, type TableProps, Tooltip, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { levelDepth, levelName, levelRowSpans } from '../table-layout.ts';
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
  /** Spec 2 §2.1: scroll 1700 × 600 is optional. */
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

/** The indicator levels (merged cells), then the spec's point columns, then the page's own. */
function qualityColumns({
  depth,
  spans,
  onOpen,
  onSample,
  onSaveResult,
  extraColumns,
}: QualityColumnsContext): TableColumnsType<QualityRow> {
  return [
    ...Array.from({ length: depth }, (_, k) => ({
      key: `level${k + 1}`,
      title: `${k + 1}级指标`,
      width: 140,
      render: (_: unknown, row: QualityRow) => levelName(row, k + 1) || '-',
      onCell: (_: QualityRow, index?: number) => ({ rowSpan: spans[k]?.[index ?? 0] ?? 1 }),
    })),
    {
      key: 'name',
      title: '质控点名称',
      width: 200,
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
      width: 100,
      render: (_, row) => displayValue(row.dataType, row.standardValue),
    },
    { key: 'target', title: '目标值', width: 100, render: (_, row) => targetText(row) },
    {
      key: 'result',
      title: '本次结果',
      width: 150,
      render: (_, row) => <ResultCell row={row} onSaveResult={onSaveResult} />,
    },
    { key: 'grade', title: '本次等级', width: 90, render: (_, row) => gradeText(row.grade) },
    {
      key: 'previousResult',
      title: '上次结果',
      width: 100,
      render: (_, row) => displayValue(row.dataType, row.previousResult),
    },
    { key: 'previousGrade', title: '上次等级', width: 90, render: (_, row) => gradeText(row.previousGrade) },
    {
      key: 'sampling',
      title: '采样分析',
      width: 90,
      align: 'center',
      render: (_, row) => <SamplingIcon row={row} onSample={onSample} />,
    },
    ...extraColumns,
  ];
}

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
        scroll={scroll ? TABLE_SCROLL : undefined}
        rowClassName={rowClassName}
        rowSelection={rowSelection}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
      />
    </>
  );
}
