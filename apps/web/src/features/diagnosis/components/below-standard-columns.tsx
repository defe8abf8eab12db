import { PaperClipOutlined } from '@ant-design/icons';
import type { QualityRow } from '@eduqa/contract';
import { Button, type TableColumnsType } from 'antd';
import { displayValue, gradeText, resultText, targetText } from '../values.ts';
import { LongText, PointLink, SamplingIcon } from './quality-table.tsx';

interface BelowStandardColumnsContext {
  editable: boolean;
  onOpen: (row: QualityRow) => void;
  onSample: (row: QualityRow) => void;
  onFiles: (row: QualityRow) => void;
  onEdit: (row: QualityRow) => void;
}

/**
 * The columns of the below-standard points; 操作 (编辑 of cause and measure) only where editable. The
 * long texts show as ellipses with the whole text on hover, so every spec column fits a 1280 px desk.
 */
/** The expand column the table adds before the columns (cause and measure of a row). */
export const EXPAND_COLUMN_WIDTH = 48;

export function belowStandardColumns({
  editable,
  onOpen,
  onSample,
  onFiles,
  onEdit,
}: BelowStandardColumnsContext): TableColumnsType<QualityRow> {
  return [
    {
      key: 'name',
      title: '质控点名称',
      width: 112,
      // Fixed, as in the fill table: the row's point stays in sight while the values scroll.
      fixed: 'left',
      render: (_, row) => <PointLink row={row} onOpen={onOpen} />,
    },
    {
      key: 'connotation',
      title: '内涵',
      width: 104,
      render: (_, row) => <LongText text={row.connotation} />,
    },
    {
      key: 'diagnosticStandard',
      title: '诊断标准',
      width: 104,
      render: (_, row) => <LongText text={row.diagnosticStandard} />,
    },
    {
      key: 'standardValue',
      title: '标准值',
      width: 64,
      render: (_, row) => displayValue(row.dataType, row.standardValue),
    },
    { key: 'target', title: '目标值', width: 64, render: (_, row) => targetText(row) },
    { key: 'result', title: '本次结果', width: 64, render: (_, row) => resultText(row) },
    { key: 'grade', title: '本次等级', width: 64, render: (_, row) => gradeText(row.grade) },
    {
      key: 'previousResult',
      title: '上次结果',
      width: 64,
      render: (_, row) => displayValue(row.dataType, row.previousResult),
    },
    { key: 'previousGrade', title: '上次等级', width: 64, render: (_, row) => gradeText(row.previousGrade) },
    {
      key: 'sampling',
      title: '采样分析',
      width: 64,
      align: 'center',
      render: (_, row) => <SamplingIcon row={row} onSample={onSample} />,
    },
    {
      key: 'files',
      title: '附件',
      width: 56,
      align: 'center',
      render: (_, row) => <FilesCell row={row} onFiles={onFiles} />,
    },
    ...(editable
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 64,
            fixed: 'right' as const,
            render: (_: unknown, row: QualityRow) =>
              row.isEdit ? (
                <Button type="link" size="small" onClick={() => onEdit(row)}>
                  编辑
                </Button>
              ) : (
                '-'
              ),
          },
        ]
      : []),
  ];
}

/** 附件: how many files the point has; opens its attachment dialog. */
function FilesCell({ row, onFiles }: { row: QualityRow; onFiles: (row: QualityRow) => void }) {
  return (
    <Button
      type="link"
      size="small"
      icon={<PaperClipOutlined />}
      aria-label={`附件：${row.name}`}
      onClick={() => onFiles(row)}
    >
      {row.files.length}
    </Button>
  );
}
