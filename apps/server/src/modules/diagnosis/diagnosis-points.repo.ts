import type {
  AuditRecord,
  AuditState,
  CalRuleItem,
  DataType,
  PointRule,
  QualityRow,
  Sample,
  TaskState,
  WarnCount,
  WarningRecord,
  WarningRow,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryNamedRows, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import type { Actor } from '../../platform/access.ts';
import { newId } from '../../platform/ids.ts';
import { countFrom } from '../../platform/paging.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';
import { formatDateTime, schoolZoneSql } from '../../platform/time.ts';
import {
  chargedObjectTask,
  chargedPointToDo,
  HAS_OPEN_WARNING,
  visibleObjectTask,
} from './diagnosis.scopes.ts';
import {
  loadRows,
  ofObjectTask,
  type Page,
  toWarningRecord,
  type WarningDbRow,
  warningSelect,
} from './diagnosis-rows.repo.ts';
import { calRuleOf, RULE_COLUMNS, type RuleColumns, ruleOf } from './point-rule.ts';

/** An assigned point with what a write checks: its task's state, audit state and rule. */
export interface PointForWrite {
  id: string;
  objectTaskId: string;
  chargerUserId: string | null;
  taskState: TaskState;
  auditState: AuditState;
  notAllowChange: boolean;
  revisedTarget: string | null;
  dataType: DataType;
  calcMode: string;
  rule: PointRule;
}

interface PointForWriteRow extends RuleColumns {
  id: string;
  object_task_id: string;
  charger_user_id: string | null;
  state: TaskState;
  audit_state: AuditState;
  not_allow_change: boolean;
  revised_target: string | null;
}

/** The one mapper of `PointForWriteRow`: the rule columns are read through recompute's `ruleOf`. */
const toPointForWrite = (r: PointForWriteRow): PointForWrite => ({
  id: r.id,
  objectTaskId: r.object_task_id,
  chargerUserId: r.charger_user_id,
  taskState: r.state,
  auditState: r.audit_state,
  notAllowChange: r.not_allow_change,
  revisedTarget: r.revised_target,
  dataType: r.data_type as DataType,
  calcMode: r.calc_mode,
  rule: ruleOf(r),
});

const pointsForWriteQuery = (where: SQL) =>
  sql`select ap.id, ap.object_task_id, ot.charger_user_id, t.state, ap.audit_state, qp.not_allow_change,
             ap.revised_target, ${RULE_COLUMNS}
      from assigned_points ap join quality_points qp on qp.id = ap.quality_point_id
      join object_tasks ot on ot.id = ap.object_task_id join diagnosis_tasks t on t.id = ot.task_id
      where ${where}`;

/** Where warned points are looked for: in one object task, or in one task. */
interface WarnPlace {
  objectTaskId?: string | undefined;
  taskId?: string | undefined;
}

export interface WarnFilter extends WarnPlace {
  /** The caller: only the object tasks (alias `ot`) they read count. */
  reader: Actor;
}

/** The warned points of the object tasks in `scope` (alias `ot`), narrowed to the place. */
function warnCondition(scope: SQL, filter: WarnPlace): SQL {
  const parts: SQL[] = [scope];
  if (filter.objectTaskId) parts.push(sql`ot.id = ${filter.objectTaskId}`);
  if (filter.taskId) parts.push(sql`ot.task_id = ${filter.taskId}`);
  return sqlAnd(parts);
}

const msToTime = (ms: number | string) => formatDateTime(new Date(Number(ms))) ?? '';

function createPointRowQueries(db: Db) {
  return {
    pointRows: (objectTaskId: string, userId: string) =>
      loadRows(db, userId, ofObjectTask(objectTaskId), { order: 'tree' }),

    async pointRow(id: string, userId: string): Promise<QualityRow | undefined> {
      const [row] = await loadRows(db, userId, sql`ap.id = ${id}`);
      return row;
    },

    /** The point's own fields (no sharers, warnings, files or path): the operation log's "before". */
    async pointFields(id: string, userId: string): Promise<QualityRow | undefined> {
      const [row] = await loadRows(db, userId, sql`ap.id = ${id}`, { companions: false });
      return row;
    },

    /** The charger's to-do points in one state, newest task first (diagnosis.scopes.ts chargedPointToDo). */
    async pageMyPoints(
      filter: { reader: Actor; auditState: 'draft' | 'refused'; keyword?: string | undefined },
      page: Page,
    ): Promise<{ records: QualityRow[]; total: number }> {
      const parts: SQL[] = [chargedPointToDo(filter.reader, filter.auditState)];
      if (filter.keyword) parts.push(sql`qp.name ilike ${likePattern(filter.keyword)}`);
      const where = sqlAnd(parts);
      const [records, total] = await Promise.all([
        loadRows(db, filter.reader.userId, where, { page }),
        countFrom(
          db,
          sql`from assigned_points ap join quality_points qp on qp.id = ap.quality_point_id
              join object_tasks ot on ot.id = ap.object_task_id join diagnosis_tasks t on t.id = ot.task_id
              where ${where}`,
        ),
      ]);
      return { records, total };
    },

    async pageDisqualified(
      filter: WarnFilter & { keyword?: string | undefined },
      page: Page,
    ): Promise<{ records: QualityRow[]; total: number }> {
      const parts: SQL[] = [sql`ap.below`, visibleObjectTask(filter.reader)];
      if (filter.objectTaskId) parts.push(sql`ap.object_task_id = ${filter.objectTaskId}`);
      if (filter.taskId) parts.push(sql`ot.task_id = ${filter.taskId}`);
      if (filter.keyword) parts.push(sql`qp.name ilike ${likePattern(filter.keyword)}`);
      const where = sqlAnd(parts);
      const [records, total] = await Promise.all([
        loadRows(db, filter.reader.userId, where, { page }),
        countFrom(
          db,
          sql`from assigned_points ap join quality_points qp on qp.id = ap.quality_point_id
              join object_tasks ot on ot.id = ap.object_task_id where ${where}`,
        ),
      ]);
      return { records, total };
    },

    async pointForWrite(id: string): Promise<PointForWrite | undefined> {
      const [row] = await queryNamedRows<PointForWriteRow>(
        db,
        'point_for_write',
        pointsForWriteQuery(sql`ap.id = ${id}`),
      );
      return row && toPointForWrite(row);
    },

    /** The points among `ids` that the reader may read. */
    async pointsForWrite(ids: readonly string[], reader: Actor): Promise<PointForWrite[]> {
      const rows = await queryRows<PointForWriteRow>(
        db,
        pointsForWriteQuery(sql`ap.id in (${sqlList(ids)}) and ${visibleObjectTask(reader)}`),
      );
      return rows.map(toPointForWrite);
    },
  };
}

function createPointWriteQueries(db: Db) {
  return {
    async samples(filter: { pointId: string; startDate?: string | undefined; endDate?: string | undefined }) {
      const parts: SQL[] = [sql`s.assigned_point_id = ${filter.pointId}`];
      // Dates are days of the school's calendar.
      if (filter.startDate)
        parts.push(
          sql`s.sampled_at >= (${filter.startDate}::date)::timestamp at time zone ${schoolZoneSql()}`,
        );
      if (filter.endDate)
        parts.push(
          sql`s.sampled_at < (${filter.endDate}::date + 1)::timestamp at time zone ${schoolZoneSql()}`,
        );
      const rows = await queryRows<
        Omit<Sample, 'sampledAt' | 'calRule'> & {
          ms: number | string;
          calRule: CalRuleItem[] | string | null;
        }
      >(
        db,
        sql`select s.id, s.assigned_point_id as "assignedPointId", (extract(epoch from s.sampled_at) * 1000)::float8 as ms,
                   s.value, s.numeric_value as "numericValue", qp.data_type as "dataType",
                   qp.is_quantitative as "isQuantitative", qp.cal_rule as "calRule", s.source,
                   u.name as "enteredBy"
            from point_samples s join assigned_points ap on ap.id = s.assigned_point_id
            join quality_points qp on qp.id = ap.quality_point_id
            left join users u on u.id = s.entered_by
            where ${sqlAnd(parts)} order by s.sampled_at, s.id`,
      );
      return rows.map(
        ({ ms, ...r }): Sample => ({
          ...r,
          sampledAt: msToTime(ms),
          numericValue: r.numericValue === null ? null : Number(r.numericValue),
          calRule: calRuleOf(r.calRule).map((c) => ({ value: c.value, dxLevel: c.dxLevel })),
        }),
      );
    },

    /** A sample typed by hand (录入采样值): its source and who typed it, for 为什么是这个值. */
    async insertSample(sample: {
      pointId: string;
      at: Date;
      value: string;
      numericValue: number | null;
      enteredBy: string;
    }) {
      await db.execute(
        sql`insert into point_samples (id, assigned_point_id, sampled_at, value, numeric_value, source, entered_by)
            values (${newId()}, ${sample.pointId}, ${sample.at.toISOString()}::timestamptz, ${sample.value},
                    ${sample.numericValue}, 'typed', ${sample.enteredBy})`,
      );
    },

    async setTargets(targets: ReadonlyArray<{ id: string; target: string | null }>) {
      const values = targets.map((t) => sql`(${t.id}, ${t.target}::text)`);
      await db.execute(
        sql`update assigned_points ap set target_value = v.target, updated_at = now()
            from (values ${sql.join(values, sql`, `)}) as v(id, target) where ap.id = v.id`,
      );
    },

    /**
     * Writes the given values; `undefined` leaves a column as it is. A revised result remembers who set
     * it and when (为什么是这个值 names them).
     */
    async setValues(
      id: string,
      values: { result?: string | null; revisedResult?: string | null; revisedTarget?: string | null },
      actorId: string,
    ) {
      const columns = { result: 'result', revisedResult: 'revised_result', revisedTarget: 'revised_target' };
      const changes = (Object.keys(columns) as Array<keyof typeof columns>)
        .filter((key) => values[key] !== undefined)
        .map((key) => sql`${sql.identifier(columns[key])} = ${values[key]}`);
      // Only a changed revised result is a new revision (the form sends it back with every save).
      const unchanged = sql`revised_result is not distinct from ${values.revisedResult ?? null}::text`;
      // A result a person fills in is theirs, whatever a collection wrote before.
      if (values.result !== undefined) changes.push(sql`result_source = 'typed'`);
      if (values.revisedResult !== undefined)
        changes.push(
          sql`revised_by = case when ${unchanged} then revised_by else ${actorId} end,
              revised_at = case when ${unchanged} then revised_at else now() end`,
        );
      if (changes.length === 0) return;
      await db.execute(
        sql`update assigned_points set ${sql.join(changes, sql`, `)}, updated_at = now() where id = ${id}`,
      );
    },

    async setCauseAndMeasure(id: string, cause: string, measure: string) {
      await db.execute(
        sql`update assigned_points set cause = ${cause}, measure = ${measure}, updated_at = now() where id = ${id}`,
      );
    },

    async setFocus(userId: string, pointId: string, focus: boolean) {
      await db.execute(
        focus
          ? sql`insert into point_focus (user_id, assigned_point_id) values (${userId}, ${pointId})
                on conflict do nothing`
          : sql`delete from point_focus where user_id = ${userId} and assigned_point_id = ${pointId}`,
      );
    },
  };
}

function createAuditQueries(db: Db) {
  return {
    async auditHistory(pointId: string): Promise<AuditRecord[]> {
      const rows = await queryRows<Omit<AuditRecord, 'time'> & { ms: number | string }>(
        db,
        sql`select a.id, a.action, a.reason, u.name as "actorName",
                   (extract(epoch from a.created_at) * 1000)::float8 as ms
            from point_audits a join users u on u.id = a.actor_user_id
            where a.assigned_point_id = ${pointId} order by a.created_at, a.id`,
      );
      return rows.map(({ ms, ...r }) => ({ ...r, time: msToTime(ms) }));
    },

    /** Moves the points still in one of the `from` states; answers how many moved. */
    async moveAuditState(move: {
      ids: readonly string[];
      from: readonly string[];
      to: AuditState;
      reason: string | null;
    }) {
      const moved = await queryRows(
        db,
        sql`update assigned_points set audit_state = ${move.to}, audit_reason = ${move.reason}, updated_at = now()
            where id in (${sqlList(move.ids)}) and audit_state in (${sqlList(move.from)}) returning id`,
      );
      return moved.length;
    },

    async insertAudits(audit: {
      ids: readonly string[];
      action: AuditRecord['action'];
      reason: string | null;
      actorUserId: string;
    }) {
      await db.execute(
        sql`insert into point_audits (id, assigned_point_id, action, reason, actor_user_id) values ${sql.join(
          audit.ids.map(
            (id) => sql`(${newId()}, ${id}, ${audit.action}, ${audit.reason}, ${audit.actorUserId})`,
          ),
          sql`, `,
        )}`,
      );
    },
  };
}

function createWarningQueries(db: Db) {
  return queryGroups(warningRecordQueries(db), warnedPointQueries(db));
}

/** The warnings themselves: one, those of a point, their counts, and handling one. */
function warningRecordQueries(db: Db) {
  return {
    async findWarning(id: string) {
      const [row] = await queryRows<{ pointId: string; handled: boolean }>(
        db,
        sql`select assigned_point_id as "pointId", handled_at is not null as handled from point_warnings where id = ${id}`,
      );
      return row;
    },

    /** Closes an open warning with its cause and measure; false when it was already handled. */
    async handleWarning(handling: { id: string; cause: string; measure: string; handlerUserId: string }) {
      const updated = await queryRows(
        db,
        sql`update point_warnings set cause = ${handling.cause}, measure = ${handling.measure},
              handler_user_id = ${handling.handlerUserId}, handled_at = now()
            where id = ${handling.id} and handled_at is null returning id`,
      );
      return updated.length > 0;
    },

    async warningRecord(id: string): Promise<WarningRecord | undefined> {
      const [row] = await queryRows<WarningDbRow>(db, sql`${warningSelect} where w.id = ${id}`);
      return row && toWarningRecord(row);
    },

    async warningsOfPoint(pointId: string): Promise<WarningRecord[]> {
      const rows = await queryRows<WarningDbRow>(
        db,
        sql`${warningSelect} where w.assigned_point_id = ${pointId} order by w.warned_at, w.id`,
      );
      return rows.map(toWarningRecord);
    },

    async warnCount(filter: WarnFilter): Promise<WarnCount> {
      const [row] = await queryRows<{ all: number | string; handled: number | string }>(
        db,
        sql`select count(*)::int as all, count(w.handled_at)::int as handled
            from point_warnings w join assigned_points ap on ap.id = w.assigned_point_id
            join object_tasks ot on ot.id = ap.object_task_id
            where ${warnCondition(visibleObjectTask(filter.reader), filter)}`,
      );
      return { all: Number(row?.all ?? 0), handled: Number(row?.handled ?? 0) };
    },
  };
}

/** What the warning grid narrows its points to, besides who reads them. */
interface WarnedPointFilter extends WarnPlace {
  keyword?: string | undefined;
  state?: 'all' | 'pending' | 'handled' | undefined;
  /** Only points of object tasks this actor charges. */
  chargedBy?: Actor | undefined;
}

/** The warning grid: one row per warned point rather than per warning. */
function warnedPointQueries(db: Db) {
  return {
    /** The warned points of the object tasks the reader may read. */
    pageWarnedPoints: (filter: WarnFilter & WarnedPointFilter, page: Page) =>
      pageWarnedPointsIn(db, visibleObjectTask(filter.reader), filter, page),
  };
}

/**
 * Warned points of the object tasks in `scope` (alias `ot`), those with open warnings first, each with its
 * counts and latest handling: diagnosis's grid for a reader, and a quality report's for its own scope.
 */
export async function pageWarnedPointsIn(
  db: Db,
  scope: SQL,
  filter: WarnedPointFilter,
  page: Page,
): Promise<{ records: WarningRow[]; total: number }> {
  const parts: SQL[] = [warnCondition(scope, filter)];
  if (filter.keyword) parts.push(sql`qp.name ilike ${likePattern(filter.keyword)}`);
  if (filter.chargedBy) parts.push(chargedObjectTask(filter.chargedBy));
  if (filter.state === 'pending') parts.push(HAS_OPEN_WARNING);
  const having = filter.state === 'handled' ? sql`having count(*) = count(w.handled_at)` : sql``;
  const grouped = sql`
        select ap.id, count(*)::int as all_num, count(w.handled_at)::int as handled_num
        from point_warnings w
        join assigned_points ap on ap.id = w.assigned_point_id
        join quality_points qp on qp.id = ap.quality_point_id
        join object_tasks ot on ot.id = ap.object_task_id
        where ${sqlAnd(parts)}
        group by ap.id ${having}`;
  const [rows, total] = await Promise.all([
    queryRows<WarningRow>(
      db,
      sql`
            select g.id as "assignedPointId", qp.name as "pointName", o.name as "objectName", t.name as "taskName",
                   qp.data_type as "dataType", coalesce(qp.warning_value, '') as "warningValue",
                   g.all_num as "allCount", g.handled_num as "handledCount", lh.cause, lh.measure,
                   lh.handler_name as "handlerName", lo.id as "latestOpenWarningId"
            from (${grouped}) g
            join assigned_points ap on ap.id = g.id
            join quality_points qp on qp.id = ap.quality_point_id
            join object_tasks ot on ot.id = ap.object_task_id
            join diagnosis_tasks t on t.id = ot.task_id
            join diagnosis_objects o on o.id = ot.object_id
            left join lateral (
              select w.cause, w.measure, u.name as handler_name from point_warnings w
              left join users u on u.id = w.handler_user_id
              where w.assigned_point_id = g.id and w.handled_at is not null
              order by w.handled_at desc, w.id desc limit 1
            ) lh on true
            left join lateral (
              select w.id from point_warnings w where w.assigned_point_id = g.id and w.handled_at is null
              order by w.warned_at desc, w.id desc limit 1
            ) lo on true
            order by (g.all_num - g.handled_num) desc, t.end_date desc, o.name, qp.sort, g.id
            limit ${page.limit} offset ${page.offset}`,
    ),
    countFrom(db, sql`from (${grouped}) g`),
  ]);
  return {
    records: rows.map((r) => ({
      ...r,
      allCount: Number(r.allCount),
      handledCount: Number(r.handledCount),
    })),
    total,
  };
}

/** Points, samples, audits, focus and warnings. */
export function createPointQueries(db: Db) {
  return queryGroups(
    createPointRowQueries(db),
    createPointWriteQueries(db),
    createAuditQueries(db),
    createWarningQueries(db),
  );
}
