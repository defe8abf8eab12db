import type * as S from '@eduqa/contract';
import {
  type AuditRecord,
  type DataType,
  type DiagnosisObject,
  type DiagnosisTask,
  type ObjectTask,
  type PagingQuery,
  parseValue,
  type QualityRow,
  type Sample,
  type TaskState,
  valueError,
  type WarnCount,
  type WarningRecord,
  type WarningRow,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatDateTime } from '../../platform/time.ts';
import { objectTaskRight, pointRight } from './diagnosis.access.ts';
import {
  countRows,
  isAuditor,
  isManager,
  loadObjectTasks,
  loadRows,
  loadTasks,
  ofObjectTask,
  seesAll,
  toWarningRecord,
  visibleObjectTask,
  visibleTask,
  type WarningDbRow,
  warningSelect,
} from './diagnosis.rows.ts';
import { calRuleOf, RULE_COLUMNS, type RuleColumns, recompute, ruleOf, todayOf } from './recompute.ts';

type In<T extends z.ZodType> = z.output<T>;
type Paged<T> = { records: T[]; total: number };

export const DIAGNOSIS_MESSAGES = {
  taskNotFound: '诊断任务不存在',
  objectTaskNotFound: '对象任务不存在',
  pointNotFound: '质控点不存在',
  warningNotFound: '预警记录不存在',
  needManage: '只有诊断发布者可以执行此操作',
  needAudit: '只有审核人可以审核质控点',
  yearTaskNeedsRight: '只有诊断发布者或审核人可以查看全部任务',
  dateOrder: '结束日期不能早于开始日期',
  cycleNotFound: '周期不存在',
  levelLocked: '任务已有诊断对象，不能修改诊断层级',
  taskFinished: '任务已结束，不能修改',
  taskPaused: '任务已暂停，不能修改',
  sameState: '任务已是该状态',
  finishedIsFinal: '任务已结束，不能再变更状态',
  wrongLevel: '只能添加与任务层级相同的诊断对象',
  objectNotFound: '诊断对象不存在',
  chargerNotFound: '负责人不存在',
  sharerNotFound: '共享人不存在',
  notAllowChange: '该质控点不允许修改目标值',
  auditLocked: '质控点已提交审核，不能修改',
  submitOnlyDraft: '只有未提交或审核不通过的质控点可以提交审核',
  auditOnlySubmitted: '只有待审核的质控点可以审核',
  alreadyHandled: '该预警已处理，不能重复处理',
} as const;

const M = DIAGNOSIS_MESSAGES;
const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);
const invalid = (message: string) => new AppError('VALIDATION', message);
const pageOf = (paging: PagingQuery) => ({
  limit: paging.pageSize,
  offset: (paging.pageNum - 1) * paging.pageSize,
});
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const emptyToNull = (value: string | undefined | null) => {
  if (value === undefined || value === null) return null;
  const t = value.trim();
  return t === '' ? null : t;
};

function requireManage(actor: Actor) {
  if (!isManager(actor)) throw new AppError('FORBIDDEN', M.needManage);
}

/** A sample time without an offset is read on the Asia/Shanghai clock. */
function parseSampleTime(raw: string | undefined, now: Date): Date {
  if (!raw) return now;
  const hasOffset = /([+-]\d{2}:?\d{2}|Z)$/i.test(raw);
  const at = new Date(hasOffset ? raw : `${raw}+08:00`);
  if (Number.isNaN(at.getTime())) throw invalid('采样时间格式不正确');
  return at;
}

export function createDiagnosisService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  // -------------------------------------------------------------------------------------------------
  // tasks

  function pageTypeCondition(actor: Actor, pageType: In<typeof S.TaskListQuerySchema>['pageType']): SQL {
    const me = actor.userId;
    switch (pageType) {
      case 'yearTask':
        if (!seesAll(actor)) throw new AppError('FORBIDDEN', M.yearTaskNeedsRight);
        return sql`true`;
      case 'myYearTask':
        return sql`t.publisher_user_id = ${me}`;
      case 'myTask':
        return sql`exists (select 1 from object_tasks ot where ot.task_id = t.id and ot.charger_user_id = ${me})`;
      case 'myCooperativeTask':
        return sql`exists (select 1 from object_tasks ot join object_task_sharers s on s.object_task_id = ot.id
                           where ot.task_id = t.id and s.user_id = ${me})`;
      case 'departmentTask':
        return sql`exists (select 1 from object_tasks ot join diagnosis_objects o on o.id = ot.object_id
                           join departments d on d.id = o.department_id
                           where ot.task_id = t.id and d.head_user_id = ${me})`;
      case 'departmentCooperativeTask':
        return sql`exists (select 1 from object_tasks ot join object_task_sharers s on s.object_task_id = ot.id
                           join users su on su.id = s.user_id join departments d on d.id = su.department_id
                           where ot.task_id = t.id and d.head_user_id = ${me})`;
      case 'warningTask':
        return sql`exists (select 1 from object_tasks ot join assigned_points ap on ap.object_task_id = ot.id
                           join point_warnings w on w.assigned_point_id = ap.id
                           where ot.task_id = t.id and w.handled_at is null and ${visibleObjectTask(actor)})`;
    }
  }

  async function taskOrThrow(actor: Actor, id: string): Promise<DiagnosisTask> {
    const [task] = await loadTasks(db, sql`t.id = ${id} and ${visibleTask(actor)}`);
    if (!task) throw notFound(M.taskNotFound);
    return task;
  }

  async function taskRow(id: string) {
    const [row] = await queryRows<{ id: string; level: string; state: TaskState; end_date: string }>(
      db,
      sql`select id, level, state, end_date::text as end_date from diagnosis_tasks where id = ${id}`,
    );
    if (!row) throw notFound(M.taskNotFound);
    return row;
  }

  async function checkTaskBody(body: In<typeof S.TaskBodySchema>) {
    if (body.endDate < body.startDate) throw invalid(M.dateOrder);
    if (body.cycleId) {
      const found = await queryRows(db, sql`select 1 from cycles where id = ${body.cycleId}`);
      if (found.length === 0) throw invalid(M.cycleNotFound);
    }
  }

  async function objectTaskIdsOfTasks(taskIds: readonly string[]) {
    if (taskIds.length === 0) return [];
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select id from object_tasks where task_id in (${list(taskIds)})`,
    );
    return rows.map((r) => r.id);
  }

  // -------------------------------------------------------------------------------------------------
  // points

  interface PointContext {
    id: string;
    objectTaskId: string;
    right: 'edit' | 'read';
    taskState: TaskState;
    auditState: string;
    notAllowChange: boolean;
    dataType: DataType;
    calcMode: string;
    revisedTarget: string | null;
    rule: ReturnType<typeof ruleOf>;
  }

  async function pointContext(actor: Actor, id: string, need: 'edit' | 'read'): Promise<PointContext> {
    const right = await pointRight(db, actor, id, need);
    const [row] = await queryRows<
      RuleColumns & {
        id: string;
        object_task_id: string;
        state: TaskState;
        audit_state: string;
        not_allow_change: boolean;
        revised_target: string | null;
      }
    >(
      db,
      sql`select ap.id, ap.object_task_id, t.state, ap.audit_state, qp.not_allow_change, ap.revised_target,
                 ${RULE_COLUMNS}
          from assigned_points ap join quality_points qp on qp.id = ap.quality_point_id
          join object_tasks ot on ot.id = ap.object_task_id join diagnosis_tasks t on t.id = ot.task_id
          where ap.id = ${id}`,
    );
    if (!row) throw notFound(M.pointNotFound);
    return {
      id: row.id,
      objectTaskId: row.object_task_id,
      right: right.right,
      taskState: row.state,
      auditState: row.audit_state,
      notAllowChange: row.not_allow_change,
      dataType: row.data_type as DataType,
      calcMode: row.calc_mode,
      revisedTarget: row.revised_target,
      rule: ruleOf(row),
    };
  }

  function requireOpenTask(state: TaskState) {
    if (state === 'finished') throw unprocessable(M.taskFinished);
    if (state === 'pause') throw unprocessable(M.taskPaused);
  }

  function checkValue(rule: PointContext['rule'], raw: string | null, label: string) {
    if (raw === null) return;
    const error = valueError(rule, raw);
    if (error) throw invalid(`${label}：${error}`);
  }

  async function rowOrThrow(actor: Actor, id: string): Promise<QualityRow> {
    const [row] = await loadRows(db, actor, sql`ap.id = ${id}`);
    if (!row) throw notFound(M.pointNotFound);
    return row;
  }

  /** Points by id with the caller's standing; unknown or invisible ids → not-found. */
  async function pointsForWrite(actor: Actor, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    const rows = await queryRows<
      RuleColumns & {
        id: string;
        charger_user_id: string | null;
        audit_state: string;
        not_allow_change: boolean;
        state: TaskState;
      }
    >(
      db,
      sql`select ap.id, ot.charger_user_id, ap.audit_state, qp.not_allow_change, t.state, ${RULE_COLUMNS}
          from assigned_points ap join quality_points qp on qp.id = ap.quality_point_id
          join object_tasks ot on ot.id = ap.object_task_id join diagnosis_tasks t on t.id = ot.task_id
          where ap.id in (${list(unique)}) and ${visibleObjectTask(actor)}`,
    );
    if (rows.length !== unique.length) throw notFound(M.pointNotFound);
    return rows;
  }

  async function warnCountOf(where: SQL): Promise<WarnCount> {
    const [row] = await queryRows<{ all: number | string; handled: number | string }>(
      db,
      sql`select count(*)::int as all, count(w.handled_at)::int as handled
          from point_warnings w join assigned_points ap on ap.id = w.assigned_point_id
          join object_tasks ot on ot.id = ap.object_task_id
          where ${where}`,
    );
    return { all: Number(row?.all ?? 0), handled: Number(row?.handled ?? 0) };
  }

  async function warnFilter(actor: Actor, query: { rwid?: string | undefined; dxrwid?: string | undefined }) {
    const parts: SQL[] = [visibleObjectTask(actor)];
    if (query.dxrwid) {
      await objectTaskRight(db, actor, query.dxrwid, 'read');
      parts.push(sql`ot.id = ${query.dxrwid}`);
    }
    if (query.rwid) parts.push(sql`ot.task_id = ${query.rwid}`);
    return sql.join(parts, sql` and `);
  }

  return {
    // ----------------------------------------------------------------------------------------------- tasks

    async tasks(actor: Actor, query: In<typeof S.TaskListQuerySchema>): Promise<Paged<DiagnosisTask>> {
      const parts: SQL[] = [pageTypeCondition(actor, query.pageType)];
      if (query.keyword) parts.push(sql`t.name ilike ${like(query.keyword)}`);
      if (query.level) parts.push(sql`t.level = ${query.level}`);
      if (query.state) parts.push(sql`t.state = ${query.state}`);
      const where = sql.join(parts, sql` and `);
      const [records, total] = await Promise.all([
        loadTasks(db, where, pageOf(query)),
        countRows(db, sql`from diagnosis_tasks t where ${where}`),
      ]);
      return { records, total };
    },

    task: (actor: Actor, id: string) => taskOrThrow(actor, id),

    async taskCounts(actor: Actor) {
      const rows = await queryRows<{ state: string; n: number | string }>(
        db,
        sql`select t.state, count(*)::int as n from diagnosis_tasks t where ${visibleTask(actor)} group by t.state`,
      );
      const counts = { normal: 0, pause: 0, finished: 0 };
      for (const r of rows) if (r.state in counts) counts[r.state as TaskState] = Number(r.n);
      return counts;
    },

    async insertTask(actor: Actor, body: In<typeof S.TaskBodySchema>) {
      requireManage(actor);
      await checkTaskBody(body);
      const id = newId();
      await db.execute(sql`
        insert into diagnosis_tasks (id, name, level, cycle_id, period, start_date, end_date, state, publisher_user_id)
        values (${id}, ${body.rwmc}, ${body.level}, ${body.cycleId ?? null}, ${body.period}, ${body.startDate},
                ${body.endDate}, 'normal', ${actor.userId})`);
      return taskOrThrow(actor, id);
    },

    async updateTask(actor: Actor, body: In<typeof S.TaskUpdateBodySchema>) {
      requireManage(actor);
      const task = await taskRow(body.id);
      if (task.state === 'finished') throw unprocessable(M.taskFinished);
      await checkTaskBody(body);
      if (body.level !== task.level) {
        const used = await queryRows(db, sql`select 1 from object_tasks where task_id = ${body.id} limit 1`);
        if (used.length) throw unprocessable(M.levelLocked);
      }
      await db.execute(sql`
        update diagnosis_tasks set name = ${body.rwmc}, level = ${body.level}, cycle_id = ${body.cycleId ?? null},
          period = ${body.period}, start_date = ${body.startDate}, end_date = ${body.endDate}, updated_at = now()
        where id = ${body.id}`);
      // The end date decides `unfinished` and which task is the previous one.
      if (body.endDate !== task.end_date)
        await recompute(db, { objectTaskIds: await objectTaskIdsOfTasks([body.id]), now: now() });
      return taskOrThrow(actor, body.id);
    },

    async changeTaskState(actor: Actor, body: In<typeof S.TaskStateBodySchema>) {
      requireManage(actor);
      const task = await taskRow(body.id);
      if (task.state === 'finished') throw unprocessable(M.finishedIsFinal);
      if (task.state === body.state) throw unprocessable(M.sameState);
      await db.execute(
        sql`update diagnosis_tasks set state = ${body.state}, updated_at = now() where id = ${body.id}`,
      );
      if (body.state === 'finished') {
        await recompute(db, { objectTaskIds: await objectTaskIdsOfTasks([body.id]), now: now() });
      }
      return taskOrThrow(actor, body.id);
    },

    /** Tasks whose end date has passed are finished; their unfinished flags follow. */
    async closeOutdated(actor: Actor) {
      requireManage(actor);
      const today = todayOf(now());
      const closed = await queryRows<{ id: string }>(
        db,
        sql`update diagnosis_tasks set state = 'finished', updated_at = now()
            where state <> 'finished' and end_date < ${today}::date returning id`,
      );
      if (closed.length) {
        await recompute(db, {
          objectTaskIds: await objectTaskIdsOfTasks(closed.map((r) => r.id)),
          now: now(),
        });
      }
      return { closed: closed.length };
    },

    async deleteTasks(actor: Actor, ids: readonly string[]) {
      requireManage(actor);
      await db.execute(sql`delete from diagnosis_tasks where id in (${list(ids)})`);
    },

    // --------------------------------------------------------------------------------------- objects

    /** The objects to choose from when adding them to a task: the publisher's (and auditor's) list. */
    async objects(actor: Actor, query: In<typeof S.ObjectsQuerySchema>): Promise<Paged<DiagnosisObject>> {
      if (!seesAll(actor)) throw new AppError('FORBIDDEN', M.needManage);
      const parts: SQL[] = [sql`o.level = ${query.level}`];
      if (query.keyword) {
        parts.push(sql`(o.name ilike ${like(query.keyword)} or o.code ilike ${like(query.keyword)})`);
      }
      const where = sql.join(parts, sql` and `);
      const page = pageOf(query);
      const [rows, total] = await Promise.all([
        queryRows<{
          id: string;
          level: string;
          code: string;
          name: string;
          department_id: string | null;
          department_name: string | null;
          user_id: string | null;
        }>(
          db,
          sql`select o.id, o.level, o.code, o.name, o.department_id, d.name as department_name, o.user_id
              from diagnosis_objects o left join departments d on d.id = o.department_id
              where ${where} order by o.code, o.id limit ${page.limit} offset ${page.offset}`,
        ),
        countRows(db, sql`from diagnosis_objects o where ${where}`),
      ]);
      return {
        records: rows.map((r) => ({
          id: r.id,
          level: r.level,
          code: r.code,
          name: r.name,
          departmentId: r.department_id,
          departmentName: r.department_name,
          userId: r.user_id,
        })),
        total,
      };
    },

    async objectTasks(actor: Actor, query: In<typeof S.ObjectTasksQuerySchema>): Promise<Paged<ObjectTask>> {
      await taskOrThrow(actor, query.rwid);
      const parts: SQL[] = [sql`ot.task_id = ${query.rwid}`, visibleObjectTask(actor)];
      if (query.keyword) parts.push(sql`o.name ilike ${like(query.keyword)}`);
      const where = sql.join(parts, sql` and `);
      const [records, total] = await Promise.all([
        loadObjectTasks(db, actor, where, pageOf(query)),
        countRows(
          db,
          sql`from object_tasks ot join diagnosis_objects o on o.id = ot.object_id where ${where}`,
        ),
      ]);
      return { records, total };
    },

    async objectTask(actor: Actor, id: string): Promise<ObjectTask> {
      await objectTaskRight(db, actor, id, 'read');
      const [row] = await loadObjectTasks(db, actor, sql`ot.id = ${id}`);
      if (!row) throw notFound(M.objectTaskNotFound);
      return row;
    },

    async insertObjectTasks(actor: Actor, body: In<typeof S.ObjectTasksInsertBodySchema>) {
      requireManage(actor);
      const task = await taskRow(body.rwid);
      if (task.state === 'finished') throw unprocessable(M.taskFinished);
      const objectIds = [...new Set(body.objectIds)];
      const objects = await queryRows<{ id: string; level: string; user_id: string | null }>(
        db,
        sql`select id, level, user_id from diagnosis_objects where id in (${list(objectIds)})`,
      );
      if (objects.length !== objectIds.length) throw notFound(M.objectNotFound);
      if (objects.some((o) => o.level !== task.level)) throw unprocessable(M.wrongLevel);
      if (body.chargerId) {
        const found = await queryRows(db, sql`select 1 from users where id = ${body.chargerId}`);
        if (found.length === 0) throw invalid(M.chargerNotFound);
      }
      const values = objects.map(
        (o) => sql`(${newId()}, ${body.rwid}, ${o.id}, ${body.chargerId ?? o.user_id ?? null})`,
      );
      const added = await queryRows<{ id: string }>(
        db,
        sql`insert into object_tasks (id, task_id, object_id, charger_user_id) values ${sql.join(values, sql`, `)}
            on conflict (task_id, object_id) do nothing returning id`,
      );
      return { added: added.length };
    },

    async deleteObjectTask(actor: Actor, id: string) {
      requireManage(actor);
      const deleted = await queryRows(db, sql`delete from object_tasks where id = ${id} returning id`);
      if (deleted.length === 0) throw notFound(M.objectTaskNotFound);
    },

    async setCharger(actor: Actor, body: In<typeof S.ChargerBodySchema>): Promise<ObjectTask> {
      requireManage(actor);
      const sharerIds = body.sharerIds
        ? [...new Set(body.sharerIds)].filter((id) => id !== body.chargerId)
        : null;
      const wanted = [body.chargerId, ...(sharerIds ?? [])];
      const found = await queryRows<{ id: string }>(
        db,
        sql`select id from users where id in (${list(wanted)})`,
      );
      const known = new Set(found.map((r) => r.id));
      if (!known.has(body.chargerId)) throw invalid(M.chargerNotFound);
      if (sharerIds?.some((id) => !known.has(id))) throw invalid(M.sharerNotFound);
      await db.transaction(async (tx) => {
        const updated = await tx.execute(
          sql`update object_tasks set charger_user_id = ${body.chargerId} where id = ${body.id} returning id`,
        );
        if ((updated as unknown as { rows: unknown[] }).rows.length === 0)
          throw notFound(M.objectTaskNotFound);
        if (sharerIds) {
          await tx.execute(sql`delete from object_task_sharers where object_task_id = ${body.id}`);
          if (sharerIds.length) {
            await tx.execute(
              sql`insert into object_task_sharers (object_task_id, user_id) values ${sql.join(
                sharerIds.map((u) => sql`(${body.id}, ${u})`),
                sql`, `,
              )}`,
            );
          }
        } else {
          await tx.execute(
            sql`delete from object_task_sharers where object_task_id = ${body.id} and user_id = ${body.chargerId}`,
          );
        }
      });
      const [row] = await loadObjectTasks(db, actor, sql`ot.id = ${body.id}`);
      if (!row) throw notFound(M.objectTaskNotFound);
      return row;
    },

    /**
     * Assigns the standard's points of each object task's level, the standard value as target. A point
     * already assigned keeps its row (unique per object task and point); its target follows the
     * standard unless the point is marked not-allowed-to-change.
     */
    async refreshTarget(actor: Actor, body: In<typeof S.RefreshTargetBodySchema>) {
      requireManage(actor);
      const objectTaskIds = [...new Set(body.dxrwids)];
      const known = await queryRows<{ id: string; state: TaskState }>(
        db,
        sql`select ot.id, t.state from object_tasks ot join diagnosis_tasks t on t.id = ot.task_id
            where ot.id in (${list(objectTaskIds)})`,
      );
      if (known.length !== objectTaskIds.length) throw notFound(M.objectTaskNotFound);
      if (known.some((k) => k.state === 'finished')) throw unprocessable(M.taskFinished);
      const pointFilter = body.zkdids?.length ? sql`and qp.id in (${list(body.zkdids)})` : sql``;
      const rows = await queryRows<{ inserted: boolean }>(
        db,
        sql`insert into assigned_points (id, object_task_id, quality_point_id, target_value)
            select md5(ot.id || ':' || qp.id), ot.id, qp.id, qp.standard_value
            from object_tasks ot
            join diagnosis_tasks t on t.id = ot.task_id
            join quality_points qp on qp.level = t.level
            where ot.id in (${list(objectTaskIds)}) ${pointFilter}
            on conflict (object_task_id, quality_point_id) do update
              set target_value = excluded.target_value, updated_at = now()
              where assigned_points.target_value is distinct from excluded.target_value
                and not (select q.not_allow_change from quality_points q where q.id = excluded.quality_point_id)
            returning (xmax = 0) as inserted`,
      );
      await recompute(db, { objectTaskIds, now: now() });
      const assigned = rows.filter((r) => r.inserted).length;
      return { assigned, updated: rows.length - assigned };
    },

    async diagnoseAgain(actor: Actor, id: string) {
      const right = await objectTaskRight(db, actor, id, 'read');
      if (right.right !== 'edit' && !isManager(actor)) throw new AppError('FORBIDDEN');
      await db.execute(
        sql`update assigned_points set audit_state = 'draft', audit_reason = null, updated_at = now()
            where object_task_id = ${id}`,
      );
      const result = await recompute(db, { objectTaskIds: [id], now: now() });
      return { points: result.points };
    },

    async objectWarnCount(actor: Actor, id: string) {
      await objectTaskRight(db, actor, id, 'read');
      return warnCountOf(sql`ot.id = ${id}`);
    },

    // ------------------------------------------------------------------------------------- points

    async points(actor: Actor, objectTaskId: string): Promise<QualityRow[]> {
      await objectTaskRight(db, actor, objectTaskId, 'read');
      return loadRows(db, actor, ofObjectTask(objectTaskId), { order: 'tree' });
    },

    async point(actor: Actor, id: string): Promise<QualityRow> {
      await pointRight(db, actor, id, 'read');
      return rowOrThrow(actor, id);
    },

    async samples(actor: Actor, query: In<typeof S.SamplesQuerySchema>): Promise<Sample[]> {
      await pointRight(db, actor, query.zgzkdid, 'read');
      const parts: SQL[] = [sql`s.assigned_point_id = ${query.zgzkdid}`];
      if (query.startTime)
        parts.push(sql`s.sampled_at >= (${query.startTime}::date)::timestamp at time zone 'Asia/Shanghai'`);
      if (query.endTime) {
        parts.push(sql`s.sampled_at < (${query.endTime}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
      }
      const rows = await queryRows<{
        id: string;
        ms: number | string;
        value: string;
        numeric_value: number | null;
        data_type: string;
        is_quantitative: boolean;
        cal_rule: S.CalRuleItem[] | string | null;
      }>(
        db,
        sql`select s.id, (extract(epoch from s.sampled_at) * 1000)::float8 as ms, s.value, s.numeric_value,
                   qp.data_type, qp.is_quantitative, qp.cal_rule
            from point_samples s join assigned_points ap on ap.id = s.assigned_point_id
            join quality_points qp on qp.id = ap.quality_point_id
            where ${sql.join(parts, sql` and `)} order by s.sampled_at, s.id`,
      );
      return rows.map((r) => {
        const calRule = calRuleOf(r.cal_rule);
        return {
          id: r.id,
          assignedPointId: query.zgzkdid,
          sampledAt: formatDateTime(new Date(Number(r.ms))) ?? '',
          value: r.value,
          dataType: r.data_type,
          isQuantitative: r.is_quantitative,
          numericValue: r.numeric_value === null ? null : Number(r.numeric_value),
          calRule: calRule.map((c) => ({ value: c.value, dxLevel: c.dxLevel })),
        };
      });
    },

    async insertSample(actor: Actor, body: In<typeof S.SampleBodySchema>): Promise<QualityRow> {
      const point = await pointContext(actor, body.zgzkdid, 'read');
      if (point.right !== 'edit' && !isManager(actor)) throw new AppError('FORBIDDEN');
      requireOpenTask(point.taskState);
      checkValue(point.rule, body.cjz, '采集值');
      const at = parseSampleTime(body.sj, now());
      const numeric = point.calcMode === 'level' ? null : parseValue(point.dataType, body.cjz);
      await db.execute(
        sql`insert into point_samples (id, assigned_point_id, sampled_at, value, numeric_value)
            values (${newId()}, ${point.id}, ${at.toISOString()}::timestamptz, ${body.cjz}, ${numeric})`,
      );
      await recompute(db, { assignedPointIds: [point.id], now: now() });
      return rowOrThrow(actor, point.id);
    },

    async updateTargets(actor: Actor, body: In<typeof S.TargetsBodySchema>) {
      const rows = await pointsForWrite(
        actor,
        body.list.map((item) => item.zgzkdid),
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const manager = isManager(actor);
      const values: SQL[] = [];
      for (const item of body.list) {
        const row = byId.get(item.zgzkdid)!;
        if (!manager) {
          if (row.charger_user_id !== actor.userId) throw new AppError('FORBIDDEN');
          if (row.not_allow_change) throw unprocessable(M.notAllowChange);
        }
        requireOpenTask(row.state);
        const target = emptyToNull(item.mbz);
        checkValue(ruleOf(row), target, '目标值');
        values.push(sql`(${item.zgzkdid}, ${target}::text)`);
      }
      await db.execute(
        sql`update assigned_points ap set target_value = v.target, updated_at = now()
            from (values ${sql.join(values, sql`, `)}) as v(id, target) where ap.id = v.id`,
      );
      await recompute(db, { assignedPointIds: [...byId.keys()], now: now() });
      return { updated: byId.size };
    },

    async updateResult(actor: Actor, body: In<typeof S.ResultBodySchema>): Promise<QualityRow> {
      const point = await pointContext(actor, body.zgzkdid, 'edit');
      requireOpenTask(point.taskState);
      if (point.auditState === 'submitted' || point.auditState === 'passed')
        throw unprocessable(M.auditLocked);
      const changes: SQL[] = [];
      const set = (column: string, raw: string | undefined, label: string) => {
        if (raw === undefined) return;
        const value = emptyToNull(raw);
        checkValue(point.rule, value, label);
        changes.push(sql`${sql.identifier(column)} = ${value}`);
      };
      if (body.xzmbz !== undefined && point.notAllowChange) {
        const wanted = emptyToNull(body.xzmbz);
        if (wanted !== null && wanted !== emptyToNull(point.revisedTarget))
          throw unprocessable(M.notAllowChange);
      }
      set('result', body.jgz, '结果值');
      set('revised_result', body.xzjgz, '修正结果值');
      if (!point.notAllowChange) set('revised_target', body.xzmbz, '修正目标值');
      if (changes.length) {
        await db.execute(
          sql`update assigned_points set ${sql.join(changes, sql`, `)}, updated_at = now() where id = ${point.id}`,
        );
        await recompute(db, { assignedPointIds: [point.id], now: now() });
      }
      return rowOrThrow(actor, point.id);
    },

    async calResult(actor: Actor, objectTaskId: string) {
      const right = await objectTaskRight(db, actor, objectTaskId, 'read');
      if (right.right !== 'edit' && !isManager(actor)) throw new AppError('FORBIDDEN');
      const result = await recompute(db, { objectTaskIds: [objectTaskId], now: now() });
      return { points: result.points };
    },

    async disqualified(
      actor: Actor,
      query: In<typeof S.DisqualifiedQuerySchema>,
    ): Promise<Paged<QualityRow>> {
      const parts: SQL[] = [sql`ap.below`, visibleObjectTask(actor)];
      if (query.dxrwid) {
        await objectTaskRight(db, actor, query.dxrwid, 'read');
        parts.push(sql`ap.object_task_id = ${query.dxrwid}`);
      }
      if (query.rwid) parts.push(sql`ot.task_id = ${query.rwid}`);
      if (query.keyword) parts.push(sql`qp.name ilike ${like(query.keyword)}`);
      const where = sql.join(parts, sql` and `);
      const [records, total] = await Promise.all([
        loadRows(db, actor, where, { page: pageOf(query) }),
        countRows(
          db,
          sql`from assigned_points ap join quality_points qp on qp.id = ap.quality_point_id
              join object_tasks ot on ot.id = ap.object_task_id where ${where}`,
        ),
      ]);
      return { records, total };
    },

    async updateDisqualified(actor: Actor, body: In<typeof S.DisqualifiedBodySchema>): Promise<QualityRow> {
      await pointRight(db, actor, body.id, 'edit');
      await db.execute(
        sql`update assigned_points set cause = ${body.yyfx}, measure = ${body.gjcs}, updated_at = now()
            where id = ${body.id}`,
      );
      return rowOrThrow(actor, body.id);
    },

    // -------------------------------------------------------------------------------------- audit

    async auditHistory(actor: Actor, id: string): Promise<AuditRecord[]> {
      await pointRight(db, actor, id, 'read');
      const rows = await queryRows<{
        id: string;
        action: AuditRecord['action'];
        reason: string | null;
        actor_name: string;
        ms: number | string;
      }>(
        db,
        sql`select a.id, a.action, a.reason, u.name as actor_name, (extract(epoch from a.created_at) * 1000)::float8 as ms
            from point_audits a join users u on u.id = a.actor_user_id
            where a.assigned_point_id = ${id} order by a.created_at, a.id`,
      );
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        reason: r.reason,
        actorName: r.actor_name,
        time: formatDateTime(new Date(Number(r.ms))) ?? '',
      }));
    },

    async submit(actor: Actor, ids: readonly string[]) {
      const rows = await pointsForWrite(actor, ids);
      for (const row of rows) {
        if (row.charger_user_id !== actor.userId) throw new AppError('FORBIDDEN');
        if (row.audit_state !== 'draft' && row.audit_state !== 'refused')
          throw unprocessable(M.submitOnlyDraft);
      }
      return moveAudit(
        actor,
        rows.map((r) => r.id),
        ['draft', 'refused'],
        'submitted',
        'submit',
        null,
      );
    },

    async pass(actor: Actor, ids: readonly string[]) {
      if (!isAuditor(actor)) throw new AppError('FORBIDDEN', M.needAudit);
      const rows = await pointsForWrite(actor, ids);
      if (rows.some((r) => r.audit_state !== 'submitted')) throw unprocessable(M.auditOnlySubmitted);
      return moveAudit(
        actor,
        rows.map((r) => r.id),
        ['submitted'],
        'passed',
        'pass',
        null,
      );
    },

    async refuse(actor: Actor, ids: readonly string[], reason: string) {
      if (!isAuditor(actor)) throw new AppError('FORBIDDEN', M.needAudit);
      const rows = await pointsForWrite(actor, ids);
      if (rows.some((r) => r.audit_state !== 'submitted')) throw unprocessable(M.auditOnlySubmitted);
      return moveAudit(
        actor,
        rows.map((r) => r.id),
        ['submitted'],
        'refused',
        'refuse',
        reason,
      );
    },

    // ----------------------------------------------------------------------------- focus, warnings

    async focus(actor: Actor, body: In<typeof S.FocusBodySchema>) {
      await pointRight(db, actor, body.zgzkdid, 'read');
      if (body.focus) {
        await db.execute(
          sql`insert into point_focus (user_id, assigned_point_id) values (${actor.userId}, ${body.zgzkdid})
              on conflict do nothing`,
        );
      } else {
        await db.execute(
          sql`delete from point_focus where user_id = ${actor.userId} and assigned_point_id = ${body.zgzkdid}`,
        );
      }
      return { focus: body.focus };
    },

    async dispose(actor: Actor, body: In<typeof S.DisposeBodySchema>): Promise<WarningRecord> {
      const [warning] = await queryRows<{ assigned_point_id: string; handled: boolean }>(
        db,
        sql`select assigned_point_id, handled_at is not null as handled from point_warnings where id = ${body.id}`,
      );
      if (!warning) throw notFound(M.warningNotFound);
      try {
        await pointRight(db, actor, warning.assigned_point_id, 'edit');
      } catch (error) {
        if (error instanceof AppError && error.kind === 'NOT_FOUND') throw notFound(M.warningNotFound);
        throw error;
      }
      const updated = await queryRows(
        db,
        sql`update point_warnings set cause = ${body.yyfx}, measure = ${body.clcs}, handler_user_id = ${actor.userId},
              handled_at = now()
            where id = ${body.id} and handled_at is null returning id`,
      );
      if (updated.length === 0) throw unprocessable(M.alreadyHandled);
      const [row] = await queryRows<WarningDbRow>(db, sql`${warningSelect} where w.id = ${body.id}`);
      return toWarningRecord(row!);
    },

    async warnCount(actor: Actor, query: In<typeof S.WarnQuerySchema>) {
      return warnCountOf(await warnFilter(actor, query));
    },

    async warnGrid(actor: Actor, query: In<typeof S.WarnGridQuerySchema>): Promise<Paged<WarningRow>> {
      const parts: SQL[] = [await warnFilter(actor, query)];
      if (query.keyword) parts.push(sql`qp.name ilike ${like(query.keyword)}`);
      const having =
        query.state === 'pending'
          ? sql`having count(*) > count(w.handled_at)`
          : query.state === 'handled'
            ? sql`having count(*) = count(w.handled_at)`
            : sql``;
      const grouped = sql`
        select ap.id, count(*)::int as all_num, count(w.handled_at)::int as handled_num
        from point_warnings w
        join assigned_points ap on ap.id = w.assigned_point_id
        join quality_points qp on qp.id = ap.quality_point_id
        join object_tasks ot on ot.id = ap.object_task_id
        where ${sql.join(parts, sql` and `)}
        group by ap.id ${having}`;
      const page = pageOf(query);
      const [rows, total] = await Promise.all([
        queryRows<{
          id: string;
          point_name: string;
          object_name: string;
          task_name: string;
          data_type: string;
          warning_value: string | null;
          all_num: number;
          handled_num: number;
          cause: string | null;
          measure: string | null;
          handler_name: string | null;
          open_id: string | null;
        }>(
          db,
          sql`
            select g.id, qp.name as point_name, o.name as object_name, t.name as task_name, qp.data_type, qp.warning_value,
                   g.all_num, g.handled_num, lh.cause, lh.measure, lh.handler_name, lo.id as open_id
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
        countRows(db, sql`from (${grouped}) g`),
      ]);
      return {
        records: rows.map((r) => ({
          assignedPointId: r.id,
          pointName: r.point_name,
          objectName: r.object_name,
          taskName: r.task_name,
          dataType: r.data_type,
          warningValue: r.warning_value ?? '',
          cause: r.cause,
          measure: r.measure,
          allCount: Number(r.all_num),
          handledCount: Number(r.handled_num),
          handlerName: r.handler_name,
          latestOpenWarningId: r.open_id,
        })),
        total,
      };
    },

    async warnList(actor: Actor, id: string): Promise<WarningRecord[]> {
      await pointRight(db, actor, id, 'read');
      const rows = await queryRows<WarningDbRow>(
        db,
        sql`${warningSelect} where w.assigned_point_id = ${id} order by w.warned_at, w.id`,
      );
      return rows.map(toWarningRecord);
    },
  };

  /** One audit step for all points at once: the state moves only from `from`, with one trail row each. */
  async function moveAudit(
    actor: Actor,
    ids: readonly string[],
    from: readonly string[],
    to: 'submitted' | 'passed' | 'refused',
    action: AuditRecord['action'],
    reason: string | null,
  ) {
    const message = action === 'submit' ? M.submitOnlyDraft : M.auditOnlySubmitted;
    await db.transaction(async (tx) => {
      const moved = (await tx.execute(
        sql`update assigned_points set audit_state = ${to}, audit_reason = ${to === 'refused' ? reason : null},
              updated_at = now()
            where id in (${list(ids)}) and audit_state in (${list(from)}) returning id`,
      )) as unknown as { rows: unknown[] };
      if (moved.rows.length !== ids.length) throw unprocessable(message);
      await tx.execute(
        sql`insert into point_audits (id, assigned_point_id, action, reason, actor_user_id) values ${sql.join(
          ids.map((id) => sql`(${newId()}, ${id}, ${action}, ${reason}, ${actor.userId})`),
          sql`, `,
        )}`,
      );
    });
    return { updated: ids.length };
  }
}

export type DiagnosisService = ReturnType<typeof createDiagnosisService>;
