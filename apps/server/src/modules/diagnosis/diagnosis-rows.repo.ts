import {
  type AuditState,
  type CalRuleItem,
  diagnosisEndpoints,
  FILE_STAGES,
  type FileStage,
  type Grade,
  type QualityFile,
  type QualityRow,
  type Sharer,
  type WarningRecord,
  type WarningRule,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryNamedRows } from '../../db/client.ts';
import { textArray } from '../../platform/sql.ts';
import { formatDateTime } from '../../platform/time.ts';
import { extensionOf } from '../files/uploads.checks.ts';
import { HAS_RESULT, RESULT_SOURCE_SQL } from './diagnosis.scopes.ts';
import { calRuleOf } from './point-rule.ts';

/**
 * The read side of quality rows (assigned points with everything the shared table shows), assembled
 * in a constant number of queries whatever the number of rows. Columns are aliased to the domain's
 * camelCase names, so each row type has one mapper that only converts values.
 */

export type Page = { limit: number; offset: number };

/** A quality row as the query reads it: the stored columns, before the rule and the extras are assembled. */
type PointRow = Omit<
  QualityRow,
  | 'grade'
  | 'previousGrade'
  | 'calcMode'
  | 'direction'
  | 'calRule'
  | 'auditState'
  | 'isEdit'
  | 'sharers'
  | 'warningRule'
  | 'warnings'
  | 'files'
  | 'indicatorPath'
> & {
  grade: string | null;
  previousGrade: string | null;
  calcMode: string;
  direction: string;
  calRule: CalRuleItem[] | string | null;
  auditState: string;
  warningMode: string | null;
  warningCondition: string | null;
  warningValue: string | null;
  warningPeriod: string;
  samplingPeriod: string;
  indicatorId: string;
  categoryId: string;
  pointSort: number;
};

interface IndicatorRow {
  id: string;
  parentId: string | null;
  name: string;
  sort: number;
}

interface SharerRow extends Sharer {
  objectTaskId: string;
}

export interface PointFile {
  pointId: string;
  fileId: string;
  name: string;
  size: number;
  stage: string;
}

export interface WarningDbRow {
  id: string;
  pointId: string;
  warnedAt: number | string;
  warningValue: string;
  monitoredValue: string;
  handledAt: number | string | null;
  cause: string | null;
  measure: string | null;
  handlerName: string | null;
  dataType: string;
}

export const warningSelect = sql`
  select w.id, w.assigned_point_id as "pointId", (extract(epoch from w.warned_at) * 1000)::float8 as "warnedAt",
         w.warning_value as "warningValue", w.monitored_value as "monitoredValue",
         (extract(epoch from w.handled_at) * 1000)::float8 as "handledAt",
         w.cause, w.measure, hu.name as "handlerName", qp.data_type as "dataType"
  from point_warnings w
  join assigned_points wap on wap.id = w.assigned_point_id
  join quality_points qp on qp.id = wap.quality_point_id
  left join users hu on hu.id = w.handler_user_id`;

/**
 * The five queries of `loadRows` — the rows (`where` on aliases ap, qp, ot, t, o), the indicators of
 * their categories, the sharers, the warnings and the files — written once here, and run as they are
 * by the diagnosis benchmark's floor through the raw driver (bench/src/diagnosis/server.ts).
 *
 * A row's `unfinished` is the figure catalogue's 未完成 — no effective result, whether the
 * task is open or closed — read through the same fragment the task lists and reports count it with, so the
 * table's highlighted rows are the points those counts count. The stored `ap.unfinished` (no result once
 * the task closed) stays the recompute's own flag and is not shown under that name.
 */
export const rowQueries = {
  rows: (userId: string, where: SQL, page?: Page): SQL => sql`
    select ap.id, ap.quality_point_id as "qualityPointId", qp.name, qp.connotation,
           qp.diagnostic_standard as "diagnosticStandard", t.id as "taskId", t.name as "taskName",
           ot.id as "objectTaskId", ot.object_id as "objectId", o.name as "objectName",
           qp.standard_value as "standardValue", ap.target_value as "target", ap.revised_target as "revisedTarget",
           ap.result, ap.revised_result as "revisedResult", ap.grade, ap.previous_result as "previousResult",
           ap.previous_grade as "previousGrade", ap.below, not (${sql.raw(HAS_RESULT)}) as unfinished,
           ${sql.raw(RESULT_SOURCE_SQL)} as "resultSource",
           ap.cause, ap.measure,
           qp.data_type as "dataType", qp.calc_mode as "calcMode", qp.direction, qp.cal_rule as "calRule",
           qp.collection_method as "collectionMethod", qp.not_allow_change as "notAllowChange",
           qp.is_quantitative as "isQuantitative", ap.audit_state as "auditState", ap.audit_reason as "auditReason",
           ot.charger_user_id as "chargerId", cu.name as "chargerName", qp.display_mode as "displayMode",
           qp.warning_mode as "warningMode", qp.warning_condition as "warningCondition",
           qp.warning_value as "warningValue", qp.warning_period as "warningPeriod",
           qp.sampling_period as "samplingPeriod", qp.indicator_id as "indicatorId", i.category_id as "categoryId",
           qp.sort as "pointSort", (f.user_id is not null) as focus
    from assigned_points ap
    join quality_points qp on qp.id = ap.quality_point_id
    join indicators i on i.id = qp.indicator_id
    join object_tasks ot on ot.id = ap.object_task_id
    join diagnosis_tasks t on t.id = ot.task_id
    join diagnosis_objects o on o.id = ot.object_id
    left join users cu on cu.id = ot.charger_user_id
    left join point_focus f on f.assigned_point_id = ap.id and f.user_id = ${userId}
    where ${where}
    order by o.code, o.name, ot.id, qp.sort, qp.name, ap.id
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  indicators: (categoryIds: readonly string[]): SQL =>
    sql`select id, parent_id as "parentId", name, sort from indicators where category_id = any(${textArray(categoryIds)})`,
  sharers: (objectTaskIds: readonly string[]): SQL =>
    sql`select s.object_task_id as "objectTaskId", s.user_id as "userId", u.name
        from object_task_sharers s join users u on u.id = s.user_id
        where s.object_task_id = any(${textArray(objectTaskIds)}) order by u.name, u.id`,
  warnings: (pointIds: readonly string[]): SQL =>
    sql`${warningSelect} where w.assigned_point_id = any(${textArray(pointIds)}) order by w.warned_at, w.id`,
  files: (pointIds: readonly string[]): SQL =>
    sql`select pf.assigned_point_id as "pointId", pf.file_id as "fileId", fl.name, fl.size, pf.stage
        from point_files pf join files fl on fl.id = pf.file_id
        where pf.assigned_point_id = any(${textArray(pointIds)}) order by pf.created_at, pf.id`,
};

/** The rows of one object task: the `where` of its point list. */
export const ofObjectTask = (objectTaskId: string): SQL => sql`ap.object_task_id = ${objectTaskId}`;

const time = (ms: number | string | null) => (ms === null ? null : formatDateTime(new Date(Number(ms))));

export function toWarningRecord(w: WarningDbRow): WarningRecord & { pointId: string } {
  return {
    pointId: w.pointId,
    id: w.id,
    warnedAt: time(w.warnedAt) ?? '',
    warningValue: w.warningValue,
    monitoredValue: w.monitoredValue,
    dataType: w.dataType,
    handledAt: time(w.handledAt),
    measure: w.measure,
    cause: w.cause,
    handlerName: w.handlerName,
  };
}

const isStage = (value: string): value is FileStage => (FILE_STAGES as readonly string[]).includes(value);

/** An attached file as the point list and the attachment answers show it; the URL downloads it. */
export function toQualityFile(f: { fileId: string; name: string; size: number; stage: string }): QualityFile {
  return {
    fileId: f.fileId,
    fileName: f.name,
    fileType: extensionOf(f.name),
    stage: isStage(f.stage) ? f.stage : 'diagnosis',
    size: Number(f.size),
    url: `${diagnosisEndpoints.fileDownload.path}?id=${encodeURIComponent(f.fileId)}`,
  };
}

export async function loadSharers(db: Db, objectTaskIds: readonly string[]): Promise<Map<string, Sharer[]>> {
  if (objectTaskIds.length === 0) return new Map();
  const rows = await queryNamedRows<SharerRow>(db, 'sharers', rowQueries.sharers(objectTaskIds));
  return groupBy(
    rows.map((r) => ({ key: r.objectTaskId, sharer: { userId: r.userId, name: r.name } })),
    (r) => r.key,
    (r) => r.sharer,
  );
}

/** Each leaf indicator's path from level 1, cycles cut (a broken tree must not hang the list). */
function indicatorPaths(rows: readonly IndicatorRow[]) {
  const indicators = new Map(rows.map((r) => [r.id, r]));
  const cache = new Map<string, IndicatorRow[]>();
  return (leafId: string): IndicatorRow[] => {
    const cached = cache.get(leafId);
    if (cached) return cached;
    const path: IndicatorRow[] = [];
    const seen = new Set<string>();
    let node = indicators.get(leafId);
    while (node && !seen.has(node.id)) {
      seen.add(node.id);
      path.unshift(node);
      node = node.parentId ? indicators.get(node.parentId) : undefined;
    }
    cache.set(leafId, path);
    return path;
  };
}

function warningRuleOf(r: PointRow): WarningRule | null {
  if (!r.warningMode || !r.warningValue) return null;
  return {
    mode: r.warningMode as WarningRule['mode'],
    condition: r.warningCondition ?? (r.warningMode === 'level' ? '<=' : ''),
    value: r.warningValue,
    period: (r.warningPeriod !== 'no' ? r.warningPeriod : r.samplingPeriod) as WarningRule['period'],
  };
}

interface RowExtras {
  userId: string;
  sharers: Sharer[];
  warnings: WarningRecord[];
  files: QualityFile[];
  indicatorPath: Array<{ id: string; name: string }>;
}

function toQualityRow(r: PointRow, extras: RowExtras): QualityRow {
  return {
    id: r.id,
    qualityPointId: r.qualityPointId,
    name: r.name,
    connotation: r.connotation,
    diagnosticStandard: r.diagnosticStandard,
    taskId: r.taskId,
    taskName: r.taskName,
    objectTaskId: r.objectTaskId,
    objectId: r.objectId,
    objectName: r.objectName,
    standardValue: r.standardValue,
    target: r.target,
    revisedTarget: r.revisedTarget,
    result: r.result,
    revisedResult: r.revisedResult,
    grade: r.grade as Grade | null,
    resultSource: r.resultSource,
    previousResult: r.previousResult,
    previousGrade: r.previousGrade as Grade | null,
    below: r.below,
    unfinished: r.unfinished,
    cause: r.cause,
    measure: r.measure,
    dataType: r.dataType,
    calcMode: r.calcMode as QualityRow['calcMode'],
    direction: r.direction as QualityRow['direction'],
    calRule: calRuleOf(r.calRule).map((c) => ({ value: c.value, dxLevel: c.dxLevel })),
    collectionMethod: r.collectionMethod,
    notAllowChange: r.notAllowChange,
    isQuantitative: r.isQuantitative,
    auditState: r.auditState as AuditState,
    auditReason: r.auditReason,
    focus: r.focus,
    isEdit: r.chargerId === extras.userId,
    chargerId: r.chargerId,
    chargerName: r.chargerName,
    sharers: extras.sharers,
    displayMode: r.displayMode,
    warningRule: warningRuleOf(r),
    warnings: extras.warnings.map((w) => ({ ...w, dataType: r.dataType })),
    files: extras.files,
    indicatorPath: extras.indicatorPath,
  };
}

export type RowOrder = 'tree' | 'sql';

/**
 * Quality rows matching `where` (aliases ap, qp, ot, t, o), in five queries whatever the number of
 * rows. `order: 'tree'` sorts by the indicator tree then the point's sort (the shared table); otherwise
 * the SQL order (object, point) is kept, which is what a paged list needs.
 */
export async function loadRows(
  db: Db,
  userId: string,
  where: SQL,
  options: {
    order?: RowOrder;
    page?: Page;
    /**
     * false: the rows' own fields only, their sharers, warnings, files and indicator path left empty —
     * what the operation log compares before a write, without four more reads on the write's way.
     */
    companions?: boolean;
  } = {},
): Promise<QualityRow[]> {
  const rows = await queryNamedRows<PointRow>(db, 'points', rowQueries.rows(userId, where, options.page));
  if (rows.length === 0) return [];
  if (options.companions === false)
    return rows.map((r) =>
      toQualityRow(r, { userId, sharers: [], warnings: [], files: [], indicatorPath: [] }),
    );

  const pointIds = rows.map((r) => r.id);
  const [indicatorRows, sharers, warningRows, fileRows] = await Promise.all([
    queryNamedRows<IndicatorRow>(
      db,
      'point_indicators',
      rowQueries.indicators([...new Set(rows.map((r) => r.categoryId))]),
    ),
    loadSharers(db, [...new Set(rows.map((r) => r.objectTaskId))]),
    queryNamedRows<WarningDbRow>(db, 'point_warnings', rowQueries.warnings(pointIds)),
    queryNamedRows<PointFile>(db, 'point_files', rowQueries.files(pointIds)),
  ]);
  const pathOf = indicatorPaths(indicatorRows);
  const warningsOf = groupBy(warningRows, (w) => w.pointId, toWarningRecord);
  const filesOf = groupBy(fileRows, (f) => f.pointId, toQualityFile);

  const result = rows.map((r) => {
    const path = pathOf(r.indicatorId);
    const row = toQualityRow(r, {
      userId,
      sharers: sharers.get(r.objectTaskId) ?? [],
      warnings: warningsOf.get(r.id) ?? [],
      files: filesOf.get(r.id) ?? [],
      indicatorPath: path.map((p) => ({ id: p.id, name: p.name })),
    });
    return { row, sortKey: [...path.flatMap((p) => [p.sort, p.name, p.id]), r.pointSort, r.name, r.id] };
  });
  if (options.order === 'tree') result.sort((a, b) => compareKeys(a.sortKey, b.sortKey));
  return result.map((r) => r.row);
}

function compareKeys(a: Array<number | string>, b: Array<number | string>): number {
  const len = Math.min(a.length, b.length);
  for (let i = 0; i < len; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    // A shallower path runs out before a deeper one; number vs string only happens across depths.
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

function groupBy<T, V>(
  list: readonly T[],
  key: (item: T) => string,
  value: (item: T) => V,
): Map<string, V[]> {
  const map = new Map<string, V[]>();
  for (const item of list) {
    const k = key(item);
    const group = map.get(k);
    if (group) group.push(value(item));
    else map.set(k, [value(item)]);
  }
  return map;
}
