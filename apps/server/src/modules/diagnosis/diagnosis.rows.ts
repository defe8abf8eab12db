import {
  type AuditState,
  type DiagnosisTask,
  FILE_STAGES,
  type FileStage,
  type Grade,
  type ObjectTask,
  type QualityFile,
  type QualityRow,
  type Sharer,
  type TaskState,
  type WarningRecord,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { formatDateTime } from '../../platform/time.ts';
import { calRuleOf, type RuleColumns, type ValueColumns } from './recompute.ts';

/**
 * The read side of the diagnosis service: who sees which object tasks (as SQL, for lists), and the
 * assembly of tasks, object tasks and quality rows in a constant number of queries.
 */

export const FILE_DOWNLOAD_PATH = '/api/herm-sjgl/file/download';

const ids = (list: readonly string[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

export const isManager = (actor: Actor) => actor.actions.has('diagnosis.manage');
export const isAuditor = (actor: Actor) => actor.actions.has('diagnosis.audit');
export const seesAll = (actor: Actor) => isManager(actor) || isAuditor(actor);

/**
 * The object tasks (alias `ot`) an actor may read: all for publishers and auditors; otherwise those
 * they charge or share, those of tasks they published, and those whose object is in a department they head.
 */
export function visibleObjectTask(actor: Actor): SQL {
  if (seesAll(actor)) return sql`true`;
  const me = actor.userId;
  return sql`(ot.charger_user_id = ${me}
    or exists (select 1 from object_task_sharers vs where vs.object_task_id = ot.id and vs.user_id = ${me})
    or exists (select 1 from diagnosis_tasks vt where vt.id = ot.task_id and vt.publisher_user_id = ${me})
    or exists (select 1 from diagnosis_objects vo join departments vd on vd.id = vo.department_id
               where vo.id = ot.object_id and vd.head_user_id = ${me}))`;
}

/** The tasks (alias `t`) an actor may read. */
export function visibleTask(actor: Actor): SQL {
  if (seesAll(actor)) return sql`true`;
  return sql`(t.publisher_user_id = ${actor.userId}
    or exists (select 1 from object_tasks ot where ot.task_id = t.id and ${visibleObjectTask(actor)}))`;
}

const n = (v: number | string | null | undefined) => Number(v ?? 0);

// ---------------------------------------------------------------------------------------------------
// tasks

interface TaskRow {
  id: string;
  name: string;
  level: string;
  cycle_id: string | null;
  cycle_number: string | null;
  period: string;
  start_date: string;
  end_date: string;
  state: string;
  publisher_user_id: string;
  publisher_name: string;
  created_at: number | string;
  object_count: number;
  point_count: number;
  below_count: number;
  unfin_count: number;
  warn_count: number;
}

export async function loadTasks(
  db: Db,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<DiagnosisTask[]> {
  const rows = await queryRows<TaskRow>(
    db,
    sql`
      select t.id, t.name, t.level, t.cycle_id, c.number as cycle_number, t.period,
             t.start_date::text as start_date, t.end_date::text as end_date, t.state,
             t.publisher_user_id, pu.name as publisher_name,
             (extract(epoch from t.created_at) * 1000)::float8 as created_at,
             (select count(*) from object_tasks ot where ot.task_id = t.id)::int as object_count,
             agg.point_count, agg.below_count, agg.unfin_count,
             (select count(*) from object_tasks ot
              join assigned_points ap on ap.object_task_id = ot.id
              cross join lateral (select 1 from point_warnings w
                                  where w.assigned_point_id = ap.id and w.handled_at is null offset 0) w
              where ot.task_id = t.id)::int as warn_count
      from (
        select t.id from diagnosis_tasks t where ${where}
        order by t.start_date desc, t.created_at desc, t.id
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}
      ) pg
      join diagnosis_tasks t on t.id = pg.id
      left join cycles c on c.id = t.cycle_id
      join users pu on pu.id = t.publisher_user_id
      left join lateral (
        select count(*)::int as point_count,
               (count(*) filter (where ap.below))::int as below_count,
               (count(*) filter (where ap.unfinished))::int as unfin_count
        from object_tasks ot join assigned_points ap on ap.object_task_id = ot.id
        where ot.task_id = t.id
      ) agg on true
      order by t.start_date desc, t.created_at desc, t.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    level: r.level,
    cycleId: r.cycle_id,
    cycleNumber: r.cycle_number,
    period: r.period,
    startDate: r.start_date,
    endDate: r.end_date,
    state: r.state as TaskState,
    publisherId: r.publisher_user_id,
    publisherName: r.publisher_name,
    objectCount: n(r.object_count),
    pointCount: n(r.point_count),
    belowCount: n(r.below_count),
    unfinishedCount: n(r.unfin_count),
    openWarningCount: n(r.warn_count),
    createdAt: formatDateTime(new Date(Number(r.created_at))) ?? '',
  }));
}

export async function countRows(db: Db, from: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*)::int as n ${from}`);
  return n(row?.n);
}

// ---------------------------------------------------------------------------------------------------
// object tasks

async function loadSharers(db: Db, objectTaskIds: readonly string[]): Promise<Map<string, Sharer[]>> {
  const map = new Map<string, Sharer[]>();
  if (objectTaskIds.length === 0) return map;
  const rows = await queryRows<{ object_task_id: string; user_id: string; name: string }>(
    db,
    rowQueries.sharers(objectTaskIds),
  );
  for (const r of rows) {
    const list = map.get(r.object_task_id) ?? [];
    list.push({ userId: r.user_id, name: r.name });
    map.set(r.object_task_id, list);
  }
  return map;
}

interface ObjectTaskRow {
  id: string;
  task_id: string;
  task_name: string;
  object_id: string;
  object_name: string;
  level: string;
  department_name: string | null;
  charger_user_id: string | null;
  charger_name: string | null;
  point_count: number;
  below_count: number;
  unfin_count: number;
  warn_count: number;
}

export async function loadObjectTasks(
  db: Db,
  actor: Actor,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<ObjectTask[]> {
  const rows = await queryRows<ObjectTaskRow>(
    db,
    sql`
      select ot.id, ot.task_id, t.name as task_name, ot.object_id, o.name as object_name, t.level,
             d.name as department_name, ot.charger_user_id, cu.name as charger_name,
             agg.point_count, agg.below_count, agg.unfin_count, agg.warn_count
      from (
        select ot.id from object_tasks ot
        join diagnosis_tasks t on t.id = ot.task_id
        join diagnosis_objects o on o.id = ot.object_id
        where ${where}
        order by o.code, o.name, ot.id
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}
      ) pg
      join object_tasks ot on ot.id = pg.id
      join diagnosis_tasks t on t.id = ot.task_id
      join diagnosis_objects o on o.id = ot.object_id
      left join departments d on d.id = o.department_id
      left join users cu on cu.id = ot.charger_user_id
      left join lateral (
        select count(*)::int as point_count,
               (count(*) filter (where ap.below))::int as below_count,
               (count(*) filter (where ap.unfinished))::int as unfin_count,
               (select count(*) from assigned_points wp
                cross join lateral (select 1 from point_warnings w
                                    where w.assigned_point_id = wp.id and w.handled_at is null offset 0) w
                where wp.object_task_id = ot.id)::int as warn_count
        from assigned_points ap where ap.object_task_id = ot.id
      ) agg on true
      order by o.code, o.name, ot.id`,
  );
  const sharers = await loadSharers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    taskId: r.task_id,
    taskName: r.task_name,
    objectId: r.object_id,
    objectName: r.object_name,
    level: r.level,
    departmentName: r.department_name,
    chargerId: r.charger_user_id,
    chargerName: r.charger_name,
    sharers: sharers.get(r.id) ?? [],
    pointCount: n(r.point_count),
    belowCount: n(r.below_count),
    unfinishedCount: n(r.unfin_count),
    openWarningCount: n(r.warn_count),
    isEdit: r.charger_user_id === actor.userId,
  }));
}

// ---------------------------------------------------------------------------------------------------
// quality rows

interface PointRow extends RuleColumns, ValueColumns {
  id: string;
  quality_point_id: string;
  name: string;
  connotation: string;
  diagnostic_standard: string;
  task_id: string;
  task_name: string;
  object_task_id: string;
  object_id: string;
  object_name: string;
  standard_value: string | null;
  cause: string;
  measure: string;
  collection_method: string;
  not_allow_change: boolean;
  is_quantitative: boolean;
  audit_state: string;
  audit_reason: string | null;
  charger_user_id: string | null;
  charger_name: string | null;
  display_mode: string;
  warning_period: string;
  sampling_period: string;
  indicator_id: string;
  category_id: string;
  point_sort: number;
  focus: boolean;
}

interface IndicatorRow {
  id: string;
  parent_id: string | null;
  name: string;
  sort: number;
}

/**
 * The five queries of `loadRows` — the rows (`where` on aliases ap, qp, ot, t, o), the indicators of
 * their categories, the sharers, the warnings and the files — written once here, and run as they are
 * by the diagnosis benchmark's floor through the raw driver (bench/src/diagnosis/server.ts).
 */
export const rowQueries = {
  rows: (userId: string, where: SQL, page?: { limit: number; offset: number }): SQL => sql`
    select ap.id, ap.quality_point_id, qp.name, qp.connotation, qp.diagnostic_standard,
           t.id as task_id, t.name as task_name, ot.id as object_task_id, ot.object_id, o.name as object_name,
           qp.standard_value, ap.target_value, ap.revised_target, ap.result, ap.revised_result, ap.grade,
           ap.previous_result, ap.previous_grade, ap.below, ap.unfinished, ap.cause, ap.measure,
           qp.data_type, qp.calc_mode, qp.direction, qp.cal_rule, qp.collection_method,
           qp.not_allow_change, qp.is_quantitative, ap.audit_state, ap.audit_reason,
           ot.charger_user_id, cu.name as charger_name, qp.display_mode,
           qp.warning_mode, qp.warning_condition, qp.warning_value, qp.warning_period, qp.sampling_period,
           qp.indicator_id, i.category_id, qp.sort as point_sort, (f.user_id is not null) as focus
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
    sql`select id, parent_id, name, sort from indicators where category_id in (${ids(categoryIds)})`,
  sharers: (objectTaskIds: readonly string[]): SQL =>
    sql`select s.object_task_id, s.user_id, u.name from object_task_sharers s join users u on u.id = s.user_id
        where s.object_task_id in (${ids(objectTaskIds)}) order by u.name, u.id`,
  warnings: (pointIds: readonly string[]): SQL =>
    sql`${warningSelect} where w.assigned_point_id in (${ids(pointIds)}) order by w.warned_at, w.id`,
  files: (pointIds: readonly string[]): SQL =>
    sql`select pf.assigned_point_id, pf.file_id, fl.name, fl.size, pf.stage
        from point_files pf join files fl on fl.id = pf.file_id
        where pf.assigned_point_id in (${ids(pointIds)}) order by pf.created_at, pf.id`,
};

/** The rows of one object task: the `where` of its point list. */
export const ofObjectTask = (objectTaskId: string): SQL => sql`ap.object_task_id = ${objectTaskId}`;

export type RowOrder = 'tree' | 'sql';

/**
 * Quality rows matching `where` (aliases ap, qp, ot, t, o), in five queries whatever the number of
 * rows: the rows, the indicators of their categories, the sharers, the warnings and the files.
 * `order: 'tree'` sorts by the indicator tree then the point's sort (the shared table); otherwise the
 * SQL order (object, point) is kept, which is what a paged list needs.
 */
export async function loadRows(
  db: Db,
  actor: Actor,
  where: SQL,
  options: { order?: RowOrder; page?: { limit: number; offset: number } } = {},
): Promise<QualityRow[]> {
  const rows = await queryRows<PointRow>(db, rowQueries.rows(actor.userId, where, options.page));
  if (rows.length === 0) return [];

  const pointIds = rows.map((r) => r.id);
  const categoryIds = [...new Set(rows.map((r) => r.category_id))];
  const objectTaskIds = [...new Set(rows.map((r) => r.object_task_id))];
  const [indicatorRows, sharers, warningRows, fileRows] = await Promise.all([
    queryRows<IndicatorRow>(db, rowQueries.indicators(categoryIds)),
    loadSharers(db, objectTaskIds),
    queryRows<WarningDbRow>(db, rowQueries.warnings(pointIds)),
    queryRows<{ assigned_point_id: string; file_id: string; name: string; size: number; stage: string }>(
      db,
      rowQueries.files(pointIds),
    ),
  ]);

  const indicators = new Map(indicatorRows.map((r) => [r.id, r]));
  const pathCache = new Map<string, IndicatorRow[]>();
  const pathOf = (leafId: string): IndicatorRow[] => {
    const cached = pathCache.get(leafId);
    if (cached) return cached;
    const path: IndicatorRow[] = [];
    const seen = new Set<string>();
    let node = indicators.get(leafId);
    while (node && !seen.has(node.id)) {
      seen.add(node.id);
      path.unshift(node);
      node = node.parent_id ? indicators.get(node.parent_id) : undefined;
    }
    pathCache.set(leafId, path);
    return path;
  };

  const warningsOf = groupBy(warningRows.map(toWarningRecord), (w) => w.pointId);
  const filesOf = groupBy(
    fileRows.map((f) => ({ pointId: f.assigned_point_id, file: toQualityFile(f) })),
    (f) => f.pointId,
  );

  const result = rows.map((r): QualityRow & { sortKey: Array<number | string> } => {
    const path = pathOf(r.indicator_id);
    const calRule = calRuleOf(r.cal_rule);
    return {
      id: r.id,
      qualityPointId: r.quality_point_id,
      name: r.name,
      connotation: r.connotation,
      diagnosticStandard: r.diagnostic_standard,
      taskId: r.task_id,
      taskName: r.task_name,
      objectTaskId: r.object_task_id,
      objectId: r.object_id,
      objectName: r.object_name,
      standardValue: r.standard_value,
      target: r.target_value,
      revisedTarget: r.revised_target,
      result: r.result,
      revisedResult: r.revised_result,
      grade: r.grade as Grade | null,
      previousResult: r.previous_result,
      previousGrade: r.previous_grade as Grade | null,
      below: r.below,
      unfinished: r.unfinished,
      cause: r.cause,
      measure: r.measure,
      dataType: r.data_type,
      calcMode: r.calc_mode as 'level' | 'result',
      direction: r.direction as '>' | '<',
      calRule: calRule.map((c) => ({ value: c.value, dxLevel: c.dxLevel })),
      collectionMethod: r.collection_method,
      notAllowChange: r.not_allow_change,
      isQuantitative: r.is_quantitative,
      auditState: r.audit_state as AuditState,
      auditReason: r.audit_reason,
      focus: r.focus,
      isEdit: r.charger_user_id === actor.userId,
      chargerId: r.charger_user_id,
      chargerName: r.charger_name,
      sharers: sharers.get(r.object_task_id) ?? [],
      displayMode: r.display_mode,
      warningRule:
        r.warning_mode && r.warning_value
          ? {
              mode: r.warning_mode as 'result' | 'level',
              condition: r.warning_condition ?? (r.warning_mode === 'level' ? '<=' : ''),
              value: r.warning_value,
              period: (r.warning_period !== 'no' ? r.warning_period : r.sampling_period) as
                | 'month'
                | 'week'
                | 'day'
                | 'no',
            }
          : null,
      warnings: (warningsOf.get(r.id) ?? []).map((w) => ({ ...w, dataType: r.data_type })),
      files: (filesOf.get(r.id) ?? []).map((f) => f.file),
      indicatorPath: path.map((p) => ({ id: p.id, name: p.name })),
      sortKey: [...path.flatMap((p) => [p.sort, p.name, p.id]), r.point_sort, r.name, r.id],
    };
  });
  if (options.order === 'tree') result.sort((a, b) => compareKeys(a.sortKey, b.sortKey));
  return result.map(({ sortKey: _, ...row }) => row);
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

function groupBy<T>(list: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = map.get(k);
    if (group) group.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export const FILE_STAGE_SET: ReadonlySet<string> = new Set(FILE_STAGES);

function toQualityFile(f: { file_id: string; name: string; size: number; stage: string }): QualityFile {
  const dot = f.name.lastIndexOf('.');
  return {
    fileId: f.file_id,
    fileName: f.name,
    fileType: dot >= 0 ? f.name.slice(dot + 1).toLowerCase() : '',
    stage: (FILE_STAGE_SET.has(f.stage) ? f.stage : 'diagnosis') as FileStage,
    size: n(f.size),
    url: `${FILE_DOWNLOAD_PATH}?id=${encodeURIComponent(f.file_id)}`,
  };
}

// ---------------------------------------------------------------------------------------------------
// warnings

export const warningSelect = sql`
  select w.id, w.assigned_point_id, (extract(epoch from w.warned_at) * 1000)::float8 as warned_at,
         w.warning_value, w.monitored_value,
         (extract(epoch from w.handled_at) * 1000)::float8 as handled_at,
         w.cause, w.measure, hu.name as handler_name, qp.data_type
  from point_warnings w
  join assigned_points wap on wap.id = w.assigned_point_id
  join quality_points qp on qp.id = wap.quality_point_id
  left join users hu on hu.id = w.handler_user_id`;

export interface WarningDbRow {
  id: string;
  assigned_point_id: string;
  warned_at: number | string;
  warning_value: string;
  monitored_value: string;
  handled_at: number | string | null;
  cause: string | null;
  measure: string | null;
  handler_name: string | null;
  data_type: string;
}

const time = (ms: number | string | null) => (ms === null ? null : formatDateTime(new Date(Number(ms))));

export function toWarningRecord(w: WarningDbRow): WarningRecord & { pointId: string } {
  return {
    pointId: w.assigned_point_id,
    id: w.id,
    warnedAt: time(w.warned_at) ?? '',
    warningValue: w.warning_value,
    monitoredValue: w.monitored_value,
    dataType: w.data_type,
    handledAt: time(w.handled_at),
    measure: w.measure,
    cause: w.cause,
    handlerName: w.handler_name,
  };
}
