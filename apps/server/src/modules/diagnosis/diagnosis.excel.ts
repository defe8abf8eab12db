import {
  AUDIT_STATE_LABELS,
  COUNT_FIGURES,
  effectiveValue,
  formatValue,
  type Grade,
  isDataType,
  type QualityRow,
  type WarningRow,
} from '@eduqa/contract';
import { type CellValue, writeWorkbook } from '../../platform/excel/write.ts';

/**
 * The Excel exports of 诊断改进: the point result table of an object task, the below-standard list and
 * the warning table, each with the columns its screen shows, in the screen's words (names, 是/否,
 * 审核通过), never ids or codes. The column widths follow the content (platform/excel).
 */

type Column<T> = readonly [header: string, value: (row: T) => CellValue];

const sheetOf = <T>(name: string, columns: ReadonlyArray<Column<T>>, rows: readonly T[]) => ({
  name,
  columns: columns.map(([header]) => ({ header })),
  rows: rows.map((row) => columns.map(([, value]) => value(row))),
});

/** A value as the tables show it (two decimals, %), empty for none. */
const shown = (dataType: string, raw: string | null) =>
  raw === null ? '' : isDataType(dataType) ? formatValue(dataType, raw) : raw;
/** Level grades as their letter, the whether/have grades as 是/否, as the tables show them. */
const gradeText = (grade: Grade | null) => (grade === 'Y' ? '是' : grade === 'N' ? '否' : (grade ?? ''));

const target = (r: QualityRow) => shown(r.dataType, effectiveValue(r.target, r.revisedTarget));
const result = (r: QualityRow) => shown(r.dataType, effectiveValue(r.result, r.revisedResult));

/** 未完成 (no effective result) wins over 未达标, as the row highlight and the figure catalogue decide. */
function diagnosisResult(r: QualityRow): string {
  if (effectiveValue(r.result, r.revisedResult) === null) return COUNT_FIGURES.unfinishedCount.name;
  return r.below ? COUNT_FIGURES.belowCount.name : COUNT_FIGURES.reachedCount.name;
}

const POINT_VALUES: ReadonlyArray<Column<QualityRow>> = [
  ['标准值', (r) => shown(r.dataType, r.standardValue)],
  ['目标值', target],
  ['本次结果', result],
  ['本次等级', (r) => gradeText(r.grade)],
  ['上次结果', (r) => shown(r.dataType, r.previousResult)],
  ['上次等级', (r) => gradeText(r.previousGrade)],
];

/** 质控点结果表 of an object task: its indicator levels as columns, as deep as the rows go. */
export function pointsWorkbook(rows: readonly QualityRow[]): Promise<Buffer> {
  const depth = Math.max(0, ...rows.map((r) => r.indicatorPath.length));
  const levels: Array<Column<QualityRow>> = Array.from({ length: depth }, (_, k) => [
    `${k + 1}级指标`,
    (r) => r.indicatorPath[k]?.name ?? '',
  ]);
  return writeWorkbook([
    sheetOf(
      '质控点结果',
      [
        ...levels,
        ['质控点名称', (r) => r.name],
        ['内涵', (r) => r.connotation],
        ...POINT_VALUES,
        ['诊断结果', diagnosisResult],
        ['审核状态', (r) => AUDIT_STATE_LABELS[r.auditState]],
        ['负责人', (r) => r.chargerName ?? ''],
      ],
      rows,
    ),
  ]);
}

/** 未达标质控点 (spec 2 §2.2) with the cause and measure a row expands to. */
export function belowStandardWorkbook(rows: readonly QualityRow[]): Promise<Buffer> {
  return writeWorkbook([
    sheetOf(
      '未达标质控点',
      [
        ['任务名称', (r) => r.taskName],
        ['诊断对象', (r) => r.objectName],
        ['质控点名称', (r) => r.name],
        ['内涵', (r) => r.connotation],
        ['诊断标准', (r) => r.diagnosticStandard],
        ...POINT_VALUES,
        ['原因分析', (r) => r.cause],
        ['改进措施', (r) => r.measure],
      ],
      rows,
    ),
  ]);
}

/** 预警表 (spec 2 §2.3), with where each point belongs. */
export function warningsWorkbook(rows: readonly WarningRow[]): Promise<Buffer> {
  return writeWorkbook([
    sheetOf(
      '预警',
      [
        ['任务名称', (r) => r.taskName],
        ['诊断对象', (r) => r.objectName],
        ['质控点名称', (r) => r.pointName],
        ['预警值', (r) => shown(r.dataType, r.warningValue)],
        ['原因分析', (r) => r.cause ?? ''],
        ['处理措施', (r) => r.measure ?? ''],
        ['预警次数', (r) => r.allCount],
        ['已处理次数', (r) => r.handledCount],
        ['处理人', (r) => r.handlerName ?? ''],
      ],
      rows,
    ),
  ]);
}
