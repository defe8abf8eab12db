import type { DiagnosisObject, DiagnosisTask, ObjectTask, TaskPageType, TaskState } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryNamedRows, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import type { Actor } from '../../platform/access.ts';
import { newId } from '../../platform/ids.ts';
import { countFrom } from '../../platform/paging.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';
import { formatDateTime } from '../../platform/time.ts';
import { noticesOn } from '../notices/notices.writer.ts';
import { HAS_RESULT, visibleObjectTask, visibleTask } from './diagnosis.scopes.ts';
import { createNoticeQueries } from './diagnosis-notices.ts';
import { createPointQueries } from './diagnosis-points.repo.ts';
import { createReviewQueries } from './diagnosis-review.repo.ts';
import { loadSharers, type Page } from './diagnosis-rows.repo.ts';

/**
 * The diagnosis queries: tasks, objects and object tasks here, points, samples, audits and warnings
 * in diagnosis-points.repo.ts. Queries only; who sees what arrives as the reader, whose condition the
 * query builds from diagnosis.scopes.ts.
 */

type Paged<T> = { records: T[]; total: number };

interface TaskRow extends Omit<DiagnosisTask, 'state' | 'createdAt'> {
  state: TaskState;
  createdAt: number | string;
}

interface ObjectTaskRow extends Omit<ObjectTask, 'sharers' | 'isEdit'> {}

/** The columns of a task its publisher writes. */
export type TaskFields = Pick<
  DiagnosisTask,
  'id' | 'name' | 'level' | 'cycleId' | 'period' | 'startDate' | 'endDate'
>;

export interface TaskFilter {
  pageType: TaskPageType;
  /** The caller: their own tasks by page type, and the object tasks they read for the warning page. */
  reader: Actor;
  keyword?: string | undefined;
  level?: string | undefined;
  state?: string | undefined;
}

const pageClause = (page?: Page) => (page ? sql`limit ${page.limit} offset ${page.offset}` : sql``);

/** The condition of each task list page (alias `t`). */
function pageTypeCondition(filter: TaskFilter): SQL {
  const me = filter.reader.userId;
  switch (filter.pageType) {
    case 'yearTask':
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
                         where ot.task_id = t.id and w.handled_at is null and ${visibleObjectTask(filter.reader)})`;
  }
}

function taskListCondition(filter: TaskFilter): SQL {
  const parts: SQL[] = [pageTypeCondition(filter)];
  if (filter.keyword) parts.push(sql`t.name ilike ${likePattern(filter.keyword)}`);
  if (filter.level) parts.push(sql`t.level = ${filter.level}`);
  if (filter.state) parts.push(sql`t.state = ${filter.state}`);
  return sqlAnd(parts);
}

/**
 * Tasks with their counts. The counts are read for the page's tasks together, each table once
 * (grouped by task), not once per task and count: per task, PostgreSQL chose to scan every assigned
 * point again for each of them.
 */
async function loadTasks(db: Db, where: SQL, page?: Page): Promise<DiagnosisTask[]> {
  const rows = await queryNamedRows<TaskRow>(
    db,
    'diagnosis_tasks',
    sql`
      with pg as (
        select t.id from diagnosis_tasks t where ${where}
        order by t.start_date desc, t.created_at desc, t.id
        ${pageClause(page)}
      ),
      objects as (
        select ot.task_id, count(*)::int as n from object_tasks ot
        where ot.task_id in (select id from pg) group by ot.task_id
      ),
      points as (
        select ot.task_id, count(*)::int as point_count,
               (count(*) filter (where ap.below and ${sql.raw(HAS_RESULT)}))::int as below_count,
               (count(*) filter (where not ${sql.raw(HAS_RESULT)}))::int as unfin_count,
               coalesce(sum(w.n), 0)::int as warn_count
        from object_tasks ot join assigned_points ap on ap.object_task_id = ot.id
        left join (select assigned_point_id, count(*) as n from point_warnings
                   where handled_at is null group by assigned_point_id) w on w.assigned_point_id = ap.id
        where ot.task_id in (select id from pg) group by ot.task_id
      )
      select t.id, t.name, t.level, t.cycle_id as "cycleId", c.number as "cycleNumber", t.period,
             t.start_date::text as "startDate", t.end_date::text as "endDate", t.state,
             t.publisher_user_id as "publisherId", pu.name as "publisherName",
             (extract(epoch from t.created_at) * 1000)::float8 as "createdAt",
             coalesce(ob.n, 0) as "objectCount",
             pt.point_count as "pointCount", pt.below_count as "belowCount",
             pt.unfin_count as "unfinishedCount", coalesce(pt.warn_count, 0) as "openWarningCount"
      from pg
      join diagnosis_tasks t on t.id = pg.id
      left join cycles c on c.id = t.cycle_id
      join users pu on pu.id = t.publisher_user_id
      left join objects ob on ob.task_id = t.id
      left join points pt on pt.task_id = t.id
      order by t.start_date desc, t.created_at desc, t.id`,
  );
  return rows.map((r) => ({
    ...r,
    objectCount: Number(r.objectCount),
    pointCount: Number(r.pointCount ?? 0),
    belowCount: Number(r.belowCount ?? 0),
    unfinishedCount: Number(r.unfinishedCount ?? 0),
    openWarningCount: Number(r.openWarningCount),
    createdAt: formatDateTime(new Date(Number(r.createdAt))) ?? '',
  }));
}

async function loadObjectTasks(db: Db, userId: string, where: SQL, page?: Page): Promise<ObjectTask[]> {
  const rows = await queryRows<ObjectTaskRow>(
    db,
    sql`
      select ot.id, ot.task_id as "taskId", t.name as "taskName", ot.object_id as "objectId",
             o.name as "objectName", t.level, d.name as "departmentName", ot.charger_user_id as "chargerId",
             cu.name as "chargerName", agg.point_count as "pointCount", agg.below_count as "belowCount",
             agg.unfin_count as "unfinishedCount", agg.warn_count as "openWarningCount"
      from (
        select ot.id from object_tasks ot
        join diagnosis_tasks t on t.id = ot.task_id
        join diagnosis_objects o on o.id = ot.object_id
        where ${where}
        order by o.code, o.name, ot.id
        ${pageClause(page)}
      ) pg
      join object_tasks ot on ot.id = pg.id
      join diagnosis_tasks t on t.id = ot.task_id
      join diagnosis_objects o on o.id = ot.object_id
      left join departments d on d.id = o.department_id
      left join users cu on cu.id = ot.charger_user_id
      left join lateral (
        select count(*)::int as point_count,
               (count(*) filter (where ap.below and ${sql.raw(HAS_RESULT)}))::int as below_count,
               (count(*) filter (where not ${sql.raw(HAS_RESULT)}))::int as unfin_count,
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
    ...r,
    sharers: sharers.get(r.id) ?? [],
    pointCount: Number(r.pointCount ?? 0),
    belowCount: Number(r.belowCount ?? 0),
    unfinishedCount: Number(r.unfinishedCount ?? 0),
    openWarningCount: Number(r.openWarningCount ?? 0),
    isEdit: r.chargerId === userId,
  }));
}

/** A task's state and the fields its life cycle checks against. */
export interface TaskStateRow {
  id: string;
  level: string;
  state: TaskState;
  endDate: string;
}

function createTaskQueries(db: Db) {
  return queryGroups(taskReadQueries(db), taskWriteQueries(db));
}

/** Tasks as lists and pages show them, and the facts their life cycle checks. */
function taskReadQueries(db: Db) {
  return {
    async pageTasks(filter: TaskFilter, page: Page): Promise<Paged<DiagnosisTask>> {
      const where = taskListCondition(filter);
      const [records, total] = await Promise.all([
        loadTasks(db, where, page),
        countFrom(db, sql`from diagnosis_tasks t where ${where}`),
      ]);
      return { records, total };
    },

    /** The tasks of a level the reader may read, optionally of one state (统计分析's task list). */
    tasksOfLevel: (filter: { reader: Actor; level: string; state?: string | undefined }) => {
      const parts: SQL[] = [visibleTask(filter.reader), sql`t.level = ${filter.level}`];
      if (filter.state) parts.push(sql`t.state = ${filter.state}`);
      return loadTasks(db, sqlAnd(parts));
    },

    /** The task when the reader may read it. */
    async findTask(id: string, reader: Actor): Promise<DiagnosisTask | undefined> {
      const [task] = await loadTasks(db, sql`t.id = ${id} and ${visibleTask(reader)}`);
      return task;
    },

    /** How many of the tasks the reader may read are in each state. */
    async taskCountsByState(reader: Actor) {
      return queryRows<{ state: string; n: number | string }>(
        db,
        sql`select t.state, count(*)::int as n from diagnosis_tasks t where ${visibleTask(reader)} group by t.state`,
      );
    },

    async findTaskState(id: string): Promise<TaskStateRow | undefined> {
      const [row] = await queryRows<TaskStateRow>(
        db,
        sql`select id, level, state, end_date::text as "endDate" from diagnosis_tasks where id = ${id}`,
      );
      return row;
    },

    async cycleExists(id: string) {
      return (await queryRows(db, sql`select 1 from cycles where id = ${id}`)).length > 0;
    },

    async taskHasObjects(taskId: string) {
      return (
        (await queryRows(db, sql`select 1 from object_tasks where task_id = ${taskId} limit 1`)).length > 0
      );
    },

    async objectTaskIdsOfTasks(taskIds: readonly string[]): Promise<string[]> {
      if (taskIds.length === 0) return [];
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from object_tasks where task_id in (${sqlList(taskIds)})`,
      );
      return rows.map((r) => r.id);
    },
  };
}

/** What a publisher writes on tasks: create, edit, change state, finish the outdated, delete. */
function taskWriteQueries(db: Db) {
  return {
    async insertTask(task: TaskFields & { publisherUserId: string }) {
      await db.execute(sql`
        insert into diagnosis_tasks (id, name, level, cycle_id, period, start_date, end_date, state, publisher_user_id)
        values (${task.id}, ${task.name}, ${task.level}, ${task.cycleId}, ${task.period}, ${task.startDate},
                ${task.endDate}, 'normal', ${task.publisherUserId})`);
    },

    async updateTask(task: TaskFields) {
      await db.execute(sql`
        update diagnosis_tasks set name = ${task.name}, level = ${task.level}, cycle_id = ${task.cycleId},
          period = ${task.period}, start_date = ${task.startDate}, end_date = ${task.endDate}, updated_at = now()
        where id = ${task.id}`);
    },

    async setTaskState(id: string, state: TaskState) {
      await db.execute(sql`update diagnosis_tasks set state = ${state}, updated_at = now() where id = ${id}`);
    },

    /** Finishes the tasks whose end date is before `today`; answers their ids. */
    async finishTasksEndedBefore(today: string): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`update diagnosis_tasks set state = 'finished', updated_at = now()
            where state <> 'finished' and end_date < ${today}::date returning id`,
      );
      return rows.map((r) => r.id);
    },

    async deleteTasks(ids: readonly string[]) {
      await db.execute(sql`delete from diagnosis_tasks where id in (${sqlList(ids)})`);
    },
  };
}

function createObjectTaskQueries(db: Db) {
  return queryGroups(
    objectQueries(db),
    objectTaskListQueries(db),
    objectTaskPeopleQueries(db),
    objectTaskPointQueries(db),
    objectTaskStandingQueries(db),
  );
}

/** The diagnosis objects (majors, courses, teachers…) a task may take, and the users who may lead them. */
function objectQueries(db: Db) {
  return {
    async pageObjects(filter: { level: string; keyword?: string | undefined }, page: Page) {
      const parts: SQL[] = [sql`o.level = ${filter.level}`];
      if (filter.keyword) {
        const pattern = likePattern(filter.keyword);
        parts.push(sql`(o.name ilike ${pattern} or o.code ilike ${pattern})`);
      }
      const where = sqlAnd(parts);
      const [records, total] = await Promise.all([
        queryRows<DiagnosisObject>(
          db,
          sql`select o.id, o.level, o.code, o.name, o.department_id as "departmentId",
                     d.name as "departmentName", o.user_id as "userId"
              from diagnosis_objects o left join departments d on d.id = o.department_id
              where ${where} order by o.code, o.id limit ${page.limit} offset ${page.offset}`,
        ),
        countFrom(db, sql`from diagnosis_objects o where ${where}`),
      ]);
      return { records, total };
    },

    async objectsByIds(ids: readonly string[]) {
      return queryRows<{ id: string; level: string; userId: string | null }>(
        db,
        sql`select id, level, user_id as "userId" from diagnosis_objects where id in (${sqlList(ids)})`,
      );
    },

    async knownUserIds(ids: readonly string[]): Promise<Set<string>> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from users where id in (${sqlList(ids)})`,
      );
      return new Set(rows.map((r) => r.id));
    },
  };
}

/** The object tasks of a task: a page of them, one of them, adding and deleting them. */
function objectTaskListQueries(db: Db) {
  return {
    async pageObjectTasks(
      filter: { taskId: string; keyword?: string | undefined; reader: Actor },
      page: Page,
    ): Promise<Paged<ObjectTask>> {
      const parts: SQL[] = [sql`ot.task_id = ${filter.taskId}`, visibleObjectTask(filter.reader)];
      if (filter.keyword) parts.push(sql`o.name ilike ${likePattern(filter.keyword)}`);
      const where = sqlAnd(parts);
      const [records, total] = await Promise.all([
        loadObjectTasks(db, filter.reader.userId, where, page),
        countFrom(
          db,
          sql`from object_tasks ot join diagnosis_objects o on o.id = ot.object_id where ${where}`,
        ),
      ]);
      return { records, total };
    },

    async findObjectTask(id: string, userId: string): Promise<ObjectTask | undefined> {
      const [row] = await loadObjectTasks(db, userId, sql`ot.id = ${id}`);
      return row;
    },

    /** Adds the object tasks not there yet (one per task and object); answers the ids of those added. */
    async insertObjectTasks(
      rows: ReadonlyArray<{ taskId: string; objectId: string; chargerUserId: string | null }>,
    ) {
      const values = rows.map((r) => sql`(${newId()}, ${r.taskId}, ${r.objectId}, ${r.chargerUserId})`);
      const added = await queryRows<{ id: string }>(
        db,
        sql`insert into object_tasks (id, task_id, object_id, charger_user_id) values ${sql.join(values, sql`, `)}
            on conflict (task_id, object_id) do nothing returning id`,
      );
      return added.map((r) => r.id);
    },

    async deleteObjectTask(id: string): Promise<boolean> {
      return (await queryRows(db, sql`delete from object_tasks where id = ${id} returning id`)).length > 0;
    },
  };
}

/** Who leads an object task (the charger) and who shares its work (the sharers). */
function objectTaskPeopleQueries(db: Db) {
  return {
    async setCharger(objectTaskId: string, chargerUserId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update object_tasks set charger_user_id = ${chargerUserId} where id = ${objectTaskId} returning id`,
      );
      return rows.length > 0;
    },

    async replaceSharers(objectTaskId: string, userIds: readonly string[]) {
      await db.execute(sql`delete from object_task_sharers where object_task_id = ${objectTaskId}`);
      if (userIds.length === 0) return;
      await db.execute(
        sql`insert into object_task_sharers (object_task_id, user_id) values ${sql.join(
          userIds.map((u) => sql`(${objectTaskId}, ${u})`),
          sql`, `,
        )}`,
      );
    },

    async removeSharer(objectTaskId: string, userId: string) {
      await db.execute(
        sql`delete from object_task_sharers where object_task_id = ${objectTaskId} and user_id = ${userId}`,
      );
    },
  };
}

/** The points an object task is judged on: its task's state, assigning them, resetting their audit. */
function objectTaskPointQueries(db: Db) {
  return {
    async objectTaskStates(ids: readonly string[]) {
      return queryRows<{ id: string; state: TaskState }>(
        db,
        sql`select ot.id, t.state from object_tasks ot join diagnosis_tasks t on t.id = ot.task_id
            where ot.id in (${sqlList(ids)})`,
      );
    },

    /**
     * Assigns the standard's points of each object task's level, the standard value as target. A point
     * already assigned keeps its row (unique per object task and point); its target follows the
     * standard unless the point is marked not-allowed-to-change.
     */
    async assignPoints(objectTaskIds: readonly string[], pointIds?: readonly string[]) {
      const pointFilter = pointIds?.length ? sql`and qp.id in (${sqlList(pointIds)})` : sql``;
      const rows = await queryRows<{ inserted: boolean }>(
        db,
        sql`insert into assigned_points (id, object_task_id, quality_point_id, target_value)
            select md5(ot.id || ':' || qp.id), ot.id, qp.id, qp.standard_value
            from object_tasks ot
            join diagnosis_tasks t on t.id = ot.task_id
            join quality_points qp on qp.level = t.level
            where ot.id in (${sqlList(objectTaskIds)}) ${pointFilter}
            on conflict (object_task_id, quality_point_id) do update
              set target_value = excluded.target_value, updated_at = now()
              where assigned_points.target_value is distinct from excluded.target_value
                and not (select q.not_allow_change from quality_points q where q.id = excluded.quality_point_id)
            returning (xmax = 0) as inserted`,
      );
      const assigned = rows.filter((r) => r.inserted).length;
      return { assigned, updated: rows.length - assigned };
    },

    async resetAudits(objectTaskId: string) {
      await db.execute(
        sql`update assigned_points set audit_state = 'draft', audit_reason = null, updated_at = now()
            where object_task_id = ${objectTaskId}`,
      );
    },
  };
}

/** The facts `rightOf` decides on (alias `ot`): charger, sharer, and the task's publisher or the department's head. */
const standingColumns = (userId: string) =>
  sql`ot.id as "objectTaskId", ot.charger_user_id as "chargerUserId",
      exists (select 1 from object_task_sharers s where s.object_task_id = ot.id and s.user_id = ${userId})
        as "isSharer",
      (exists (select 1 from diagnosis_tasks t where t.id = ot.task_id and t.publisher_user_id = ${userId})
       or exists (select 1 from diagnosis_objects o join departments d on d.id = o.department_id
                  where o.id = ot.object_id and d.head_user_id = ${userId})) as "isOtherReader"`;

interface StandingRow {
  objectTaskId: string;
  chargerUserId: string | null;
  isSharer: boolean;
  isOtherReader: boolean;
}

/**
 * What diagnosis.access.ts decides a caller's right from: named statements, since every page and write of
 * an object task or a point asks first.
 */
function objectTaskStandingQueries(db: Db) {
  return {
    async objectTaskStanding(userId: string, objectTaskId: string): Promise<StandingRow | undefined> {
      const [row] = await queryNamedRows<StandingRow>(
        db,
        'object_task_standing',
        sql`select ${standingColumns(userId)} from object_tasks ot where ot.id = ${objectTaskId}`,
      );
      return row;
    },

    /** The same facts for an assigned point's object task, in one statement (not the point's task, then them). */
    async pointStanding(userId: string, assignedPointId: string): Promise<StandingRow | undefined> {
      const [row] = await queryNamedRows<StandingRow>(
        db,
        'point_standing',
        sql`select ${standingColumns(userId)}
            from assigned_points ap join object_tasks ot on ot.id = ap.object_task_id where ap.id = ${assignedPointId}`,
      );
      return row;
    },
  };
}

function createQueries(db: Db) {
  return queryGroups(
    createTaskQueries(db),
    createObjectTaskQueries(db),
    createPointQueries(db),
    createReviewQueries(db),
    createNoticeQueries(db),
    // A change's messages go out on its own transaction: `tx.notify` inside `transaction`.
    noticesOn(db),
  );
}

export type DiagnosisQueries = ReturnType<typeof createQueries>;

export function createDiagnosisRepo(db: Db) {
  return {
    ...createQueries(db),
    /**
     * Runs `work` in one transaction with the same queries bound to it. Inside, use only the
     * queries handed in: on PGlite a query on the outer connection would wait forever.
     */
    transaction<T>(work: (tx: DiagnosisQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createQueries(tx)));
    },
  };
}

export type DiagnosisRepo = ReturnType<typeof createDiagnosisRepo>;
