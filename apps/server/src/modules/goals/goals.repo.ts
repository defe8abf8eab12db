import { type AuditNumber, DEFAULT_WARNING_DAYS, type NodeState, ROLE_IDS } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';

/**
 * The goal area's queries. Who sees what is expressed as SQL here so lists and counts filter in the
 * database; the rules on top (who may change what, which transitions are legal) live in the service.
 */

export type Executor = Pick<Db, 'execute'>;
const rows = <T>(db: Executor, query: SQL) => queryRows<T>(db as Db, query);

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Publishers, school leaders and administrators read every task; only a task's creator changes it. */
export const SEES_ALL_ROLES: readonly string[] = [
  ROLE_IDS.admin,
  ROLE_IDS.yearTargetPublisher,
  ROLE_IDS.schoolLeader,
];
export const seesAll = (actor: Actor) => actor.roleIds.some((r) => SEES_ALL_ROLES.includes(r));
export const isPublisher = (actor: Actor) =>
  actor.roleIds.includes(ROLE_IDS.yearTargetPublisher) || actor.roleIds.includes(ROLE_IDS.admin);

/**
 * The departments an actor answers for: those they head, and their own department when they hold the
 * department principal or department auditor task role.
 */
export function myDepartments(me: string): SQL {
  return sql`(select hd.id from departments hd where hd.head_user_id = ${me}
    union select mu.department_id from users mu where mu.id = ${me} and mu.department_id is not null
      and exists (select 1 from user_roles mr where mr.user_id = ${me}
                  and mr.role_id in (${ROLE_IDS.targetTaskDepartPrincipal}, ${ROLE_IDS.targetTaskDepartAuditor})))`;
}

/**
 * The tasks (alias `t`) an actor may read: a withdrawn task only by its creator; otherwise everything for
 * those who see all, else the tasks they created, lead, hold a node of, or whose responsible or
 * collaborating department is theirs.
 */
export function visibleTask(actor: Actor): SQL {
  const me = actor.userId;
  const others = seesAll(actor)
    ? sql`true`
    : sql`(t.principal_user_id = ${me}
        or exists (select 1 from goal_nodes vn where vn.task_id = t.id and vn.principal_user_id = ${me})
        or t.department_id in ${myDepartments(me)}
        or exists (select 1 from goal_task_collaborators vc where vc.task_id = t.id
                   and vc.department_id in ${myDepartments(me)}))`;
  return sql`(t.creator_user_id = ${me} or (not t.is_withdrawn and ${others}))`;
}

export type TaskView = 'mine' | 'department' | 'collaboration';
export function viewCondition(me: string, view: TaskView | undefined): SQL {
  switch (view) {
    case 'mine':
      return sql`(t.principal_user_id = ${me}
        or exists (select 1 from goal_nodes mn where mn.task_id = t.id and mn.principal_user_id = ${me}))`;
    case 'department':
      return sql`t.department_id in ${myDepartments(me)}`;
    case 'collaboration':
      return sql`exists (select 1 from goal_task_collaborators mc where mc.task_id = t.id
                         and mc.department_id in ${myDepartments(me)})`;
    default:
      return sql`true`;
  }
}

/** The configured process-warning days of a task type (alias `t`), the latest configuration winning. */
export const warningDays = sql`coalesce((select wc.days from goal_warning_conditions wc where wc.task_type = t.type
  order by wc.configured_at desc, wc.id desc limit 1), ${DEFAULT_WARNING_DAYS})`;

export interface TaskDbRow {
  id: string;
  year_target_id: string;
  year_target_name: string;
  cycle_year: number;
  parent_id: string | null;
  name: string;
  type: string;
  exam_type: string;
  target_value: string;
  department_id: string;
  department_name: string;
  principal_user_id: string;
  principal_name: string;
  start_date: string;
  end_date: string;
  detail: string;
  situation: string;
  state: string;
  audit_state: number | null;
  is_withdrawn: boolean;
  sort: number;
  creator_user_id: string;
  creator_name: string;
  created_at: Date | string;
  collaborators: string | { id: string; name: string }[];
  node_count: string | number;
  done_count: string | number;
  sub_count: string | number;
  warning_days: string | number;
}

const taskSelect = sql`select t.id, t.year_target_id, y.name as year_target_name, y.cycle_year, t.parent_id,
    t.name, t.type, t.exam_type, t.target_value, t.department_id, d.name as department_name,
    t.principal_user_id, pu.name as principal_name, to_char(t.start_date, 'YYYY-MM-DD') as start_date,
    to_char(t.end_date, 'YYYY-MM-DD') as end_date, t.detail, t.situation, t.state, t.audit_state,
    t.is_withdrawn, t.sort, t.creator_user_id, cu.name as creator_name, t.created_at,
    coalesce((select json_agg(json_build_object('id', cd.id, 'name', cd.name) order by cd.sort, cd.name)
              from goal_task_collaborators c join departments cd on cd.id = c.department_id
              where c.task_id = t.id), '[]'::json) as collaborators,
    (select count(*) from goal_nodes n where n.task_id = t.id) as node_count,
    (select count(*) from goal_nodes n where n.task_id = t.id and n.state in ('hasDone', 'delayDone')) as done_count,
    (select count(*) from goal_tasks s where s.parent_id = t.id) as sub_count,
    ${warningDays} as warning_days
  from goal_tasks t
  join goal_year_targets y on y.id = t.year_target_id
  join departments d on d.id = t.department_id
  join users pu on pu.id = t.principal_user_id
  join users cu on cu.id = t.creator_user_id`;

/**
 * The warning items of the tasks matching `where` (alias `t`): each node, or the task itself when it
 * has none, classified as overdue ('final'), in process, or neither on `today` (DESIGN §7).
 */
export function warningItems(where: SQL, today: string): SQL {
  return sql`with vt as (
      select t.id, t.type, t.end_date, t.state, ${warningDays} as days from goal_tasks t where ${where}
    ), items as (
      select vt.id as task_id, n.end_date, n.state in ('hasDone', 'delayDone') as done, vt.days
        from vt join goal_nodes n on n.task_id = vt.id
      union all
      select vt.id, vt.end_date, vt.state = 'done', vt.days
        from vt where not exists (select 1 from goal_nodes n where n.task_id = vt.id)
    ), classified as (
      select task_id,
        case when done then null
             when end_date < ${today}::date then 'final'
             when end_date <= ${today}::date + days then 'process' end as warning
      from items
    )
    select task_id,
      count(*) filter (where warning = 'process') as process_count,
      count(*) filter (where warning = 'final') as expired_count
    from classified where warning is not null group by task_id`;
}

export interface WarningCountRow {
  task_id: string;
  process_count: string | number;
  expired_count: string | number;
}

export interface NodeDbRow {
  id: string;
  task_id: string;
  name: string;
  description: string;
  principal_user_id: string;
  principal_name: string;
  start_date: string;
  end_date: string;
  state: NodeState;
  reason: string;
  created_at: Date | string;
  task_type: string;
  warning_days: string | number;
}

export interface FileDbRow {
  id: string;
  task_id: string;
  file_id: string;
  file_name: string;
  size: number;
  file_type: string;
  owner_type: string;
  owner_id: string;
  uploader_user_id: string;
  uploader_name: string;
  created_at: Date | string;
}

export interface ProgressDbRow {
  id: string;
  task_id: string;
  node_id: string;
  node_name: string;
  node_principal_user_id: string;
  type: string;
  content: string;
  completion: number | null;
  audit_state: string;
  opinion: string;
  reporter_user_id: string;
  reporter_name: string;
  reported_at: Date | string;
  auditor_name: string | null;
  audited_at: Date | string | null;
}

export interface DelayDbRow {
  id: string;
  task_id: string;
  node_id: string;
  node_name: string;
  original_end_date: string;
  requested_end_date: string;
  reason: string;
  audit_state: AuditNumber;
  opinion: string;
  requester_user_id: string;
  requester_name: string;
  requested_at: Date | string;
  auditor_name: string | null;
  audited_at: Date | string | null;
}

export interface AuditDbRow {
  id: string;
  task_id: string;
  audit_state: AuditNumber;
  opinion: string;
  submitter_name: string;
  submitted_at: Date | string;
  auditor_name: string | null;
  audited_at: Date | string | null;
}

export interface TaskRightRow {
  id: string;
  year_target_id: string;
  parent_id: string | null;
  creator_user_id: string;
  principal_user_id: string;
  department_id: string;
  state: string;
  audit_state: AuditNumber | null;
  is_withdrawn: boolean;
  start_date: string;
  end_date: string;
  is_dept_head: boolean;
  is_dept_manager: boolean;
}

export function createGoalsRepo(db: Db) {
  return {
    db,

    async yearTargets(input: {
      me: string;
      cycleYear?: number | undefined;
      keyword?: string | undefined;
      id?: string | undefined;
      limit: number;
      offset: number;
    }) {
      const where = sql.join(
        [
          sql`true`,
          ...(input.cycleYear ? [sql`y.cycle_year = ${input.cycleYear}`] : []),
          ...(input.keyword ? [sql`y.name ilike ${like(input.keyword)}`] : []),
          ...(input.id ? [sql`y.id = ${input.id}`] : []),
        ],
        sql` and `,
      );
      const records = await rows<{
        id: string;
        name: string;
        cycle_year: number;
        description: string;
        creator_user_id: string;
        creator_name: string;
        task_count: string | number;
        created_at: Date | string;
      }>(
        db,
        sql`select y.id, y.name, y.cycle_year, y.description, y.creator_user_id, u.name as creator_name,
              (select count(*) from goal_tasks t where t.year_target_id = y.id) as task_count, y.created_at
            from goal_year_targets y join users u on u.id = y.creator_user_id
            where ${where} order by y.cycle_year desc, y.created_at desc, y.id
            limit ${input.limit} offset ${input.offset}`,
      );
      const [total] = await rows<{ n: string | number }>(
        db,
        sql`select count(*) as n from goal_year_targets y where ${where}`,
      );
      return { records, total: Number(total?.n ?? 0) };
    },

    async years() {
      return rows<{ cycle_year: number; target_count: string | number; task_count: string | number }>(
        db,
        sql`select y.cycle_year, count(distinct y.id) as target_count, count(t.id) as task_count
            from goal_year_targets y left join goal_tasks t on t.year_target_id = y.id
            group by y.cycle_year order by y.cycle_year desc`,
      );
    },

    async tasks(input: { where: SQL; limit: number; offset: number }) {
      const records = await rows<TaskDbRow>(
        db,
        sql`${taskSelect} where ${input.where}
            order by y.cycle_year desc, t.sort, t.created_at, t.id limit ${input.limit} offset ${input.offset}`,
      );
      const [total] = await rows<{ n: string | number }>(
        db,
        sql`select count(*) as n from goal_tasks t where ${input.where}`,
      );
      return { records, total: Number(total?.n ?? 0) };
    },

    async tasksByIds(ids: readonly string[], ex: Executor = db) {
      if (ids.length === 0) return [];
      return rows<TaskDbRow>(
        ex,
        sql`${taskSelect} where t.id in (${list(ids)}) order by t.sort, t.created_at, t.id`,
      );
    },

    /** The right-relevant facts of one task for an actor, or nothing when they cannot see it. */
    async taskRight(actor: Actor, taskId: string, ex: Executor = db) {
      const me = actor.userId;
      const [row] = await rows<TaskRightRow>(
        ex,
        sql`select t.id, t.year_target_id, t.parent_id, t.creator_user_id, t.principal_user_id, t.department_id,
              t.state, t.audit_state, t.is_withdrawn, to_char(t.start_date, 'YYYY-MM-DD') as start_date,
              to_char(t.end_date, 'YYYY-MM-DD') as end_date,
              exists (select 1 from departments hd where hd.id = t.department_id and hd.head_user_id = ${me}) as is_dept_head,
              t.department_id in ${myDepartments(me)} as is_dept_manager
            from goal_tasks t where t.id = ${taskId} and ${visibleTask(actor)}`,
      );
      return row ?? null;
    },

    async nodeStates(taskId: string, ex: Executor = db) {
      return rows<{ state: NodeState }>(
        ex,
        sql`select state from goal_nodes where task_id = ${taskId} order by id`,
      );
    },

    async nodes(where: SQL, ex: Executor = db) {
      return rows<NodeDbRow>(
        ex,
        sql`select n.id, n.task_id, n.name, n.description, n.principal_user_id, u.name as principal_name,
              to_char(n.start_date, 'YYYY-MM-DD') as start_date, to_char(n.end_date, 'YYYY-MM-DD') as end_date,
              n.state, n.reason, n.created_at, t.type as task_type, ${warningDays} as warning_days
            from goal_nodes n join users u on u.id = n.principal_user_id join goal_tasks t on t.id = n.task_id
            where ${where} order by n.start_date, n.created_at, n.id`,
      );
    },

    async files(where: SQL, ex: Executor = db) {
      return rows<FileDbRow>(
        ex,
        sql`select gf.id, gf.task_id, gf.file_id, f.name as file_name, f.size, gf.file_type, gf.owner_type,
              gf.owner_id, gf.uploader_user_id, u.name as uploader_name, gf.created_at
            from goal_files gf join files f on f.id = gf.file_id join users u on u.id = gf.uploader_user_id
            where ${where} order by gf.created_at, gf.id`,
      );
    },

    async progress(where: SQL, ex: Executor = db) {
      return rows<ProgressDbRow>(
        ex,
        sql`select p.id, p.task_id, p.node_id, n.name as node_name, n.principal_user_id as node_principal_user_id,
              p.type, p.content, p.completion, p.audit_state, p.opinion, p.reporter_user_id,
              ru.name as reporter_name, p.reported_at, au.name as auditor_name, p.audited_at
            from goal_progress p join goal_nodes n on n.id = p.node_id join users ru on ru.id = p.reporter_user_id
            left join users au on au.id = p.auditor_user_id
            where ${where} order by p.reported_at desc, p.id`,
      );
    },

    async delays(where: SQL, ex: Executor = db) {
      return rows<DelayDbRow>(
        ex,
        sql`select dl.id, dl.task_id, dl.node_id, n.name as node_name,
              to_char(dl.original_end_date, 'YYYY-MM-DD') as original_end_date,
              to_char(dl.requested_end_date, 'YYYY-MM-DD') as requested_end_date, dl.reason, dl.audit_state,
              dl.opinion, dl.requester_user_id, ru.name as requester_name, dl.requested_at,
              au.name as auditor_name, dl.audited_at
            from goal_delays dl join goal_nodes n on n.id = dl.node_id join users ru on ru.id = dl.requester_user_id
            left join users au on au.id = dl.auditor_user_id
            where ${where} order by dl.requested_at desc, dl.id`,
      );
    },

    async audits(taskId: string, ex: Executor = db) {
      return rows<AuditDbRow>(
        ex,
        sql`select a.id, a.task_id, a.audit_state, a.opinion, su.name as submitter_name, a.submitted_at,
              au.name as auditor_name, a.audited_at
            from goal_task_audits a join users su on su.id = a.submitter_user_id
            left join users au on au.id = a.auditor_user_id
            where a.task_id = ${taskId} order by a.submitted_at desc, a.id`,
      );
    },

    /** Warning counts per task for the tasks matching `where` (alias `t`), in one statement. */
    async warningCounts(where: SQL, today: string) {
      return rows<WarningCountRow>(db, warningItems(where, today));
    },

    /** A page of tasks with warnings of the given type, with their counts. */
    async warningTasks(input: {
      where: SQL;
      today: string;
      type?: 'final' | 'process' | undefined;
      limit: number;
      offset: number;
    }) {
      const having =
        input.type === 'final'
          ? sql`w.expired_count > 0`
          : input.type === 'process'
            ? sql`w.process_count > 0`
            : sql`true`;
      const found = await rows<WarningCountRow & { total: string | number }>(
        db,
        sql`select w.*, count(*) over () as total from (${warningItems(input.where, input.today)}) w
            join goal_tasks t on t.id = w.task_id
            where ${having} order by t.end_date, t.id limit ${input.limit} offset ${input.offset}`,
      );
      return { counts: found, total: Number(found[0]?.total ?? 0) };
    },

    async warningConditions(ex: Executor = db) {
      return rows<{
        id: string;
        task_type: string;
        days: number;
        configured_by: string;
        configured_at: Date | string;
      }>(
        ex,
        sql`select distinct on (c.task_type) c.id, c.task_type, c.days, u.name as configured_by, c.configured_at
            from goal_warning_conditions c join users u on u.id = c.configured_by_user_id
            order by c.task_type, c.configured_at desc, c.id desc`,
      );
    },

    async warningConditionHistory(input: { taskType?: string | undefined; limit: number; offset: number }) {
      const where = input.taskType ? sql`c.task_type = ${input.taskType}` : sql`true`;
      const records = await rows<{
        id: string;
        task_type: string;
        days: number;
        configured_by: string;
        configured_at: Date | string;
      }>(
        db,
        sql`select c.id, c.task_type, c.days, u.name as configured_by, c.configured_at
            from goal_warning_conditions c join users u on u.id = c.configured_by_user_id
            where ${where} order by c.configured_at desc, c.id desc limit ${input.limit} offset ${input.offset}`,
      );
      const [total] = await rows<{ n: string | number }>(
        db,
        sql`select count(*) as n from goal_warning_conditions c where ${where}`,
      );
      return { records, total: Number(total?.n ?? 0) };
    },

    async urges(input: { where: SQL; limit: number; offset: number }, ex: Executor = db) {
      const records = await rows<{
        id: string;
        year_target_id: string;
        year_target_name: string;
        department_id: string;
        department_name: string;
        current_status: 1 | 2;
        urge_type: 0 | 1;
        content: string;
        urger_name: string;
        urged_at: Date | string;
        acceptor_name: string | null;
        accepted_at: Date | string | null;
      }>(
        ex,
        sql`select g.id, g.year_target_id, y.name as year_target_name, g.department_id, d.name as department_name,
              g.current_status, g.urge_type, g.content, uu.name as urger_name, g.urged_at,
              au.name as acceptor_name, g.accepted_at
            from goal_urges g join goal_year_targets y on y.id = g.year_target_id
            join departments d on d.id = g.department_id join users uu on uu.id = g.urger_user_id
            left join users au on au.id = g.acceptor_user_id
            where ${input.where} order by g.urged_at desc, g.id limit ${input.limit} offset ${input.offset}`,
      );
      const [total] = await rows<{ n: string | number }>(
        ex,
        sql`select count(*) as n from goal_urges g where ${input.where}`,
      );
      return { records, total: Number(total?.n ?? 0) };
    },

    /** Per department: tasks led, done, collaborations, warnings and pending urges, in one statement. */
    async departmentSummaries(input: {
      departmentWhere: SQL;
      taskWhere: SQL;
      urgeWhere: SQL;
      today: string;
    }) {
      return rows<{
        department_id: string;
        department_name: string;
        head_id: string | null;
        head_name: string | null;
        task_count: string | number;
        done_count: string | number;
        collaboration_count: string | number;
        process_count: string | number;
        expired_count: string | number;
        pending_urge_count: string | number;
      }>(
        db,
        sql`with w as (${warningItems(input.taskWhere, input.today)}),
            led as (
              select t.department_id, count(*) as task_count, count(*) filter (where t.state = 'done') as done_count,
                coalesce(sum(w.process_count), 0) as process_count, coalesce(sum(w.expired_count), 0) as expired_count
              from goal_tasks t left join w on w.task_id = t.id where ${input.taskWhere} group by t.department_id
            ),
            collab as (
              select c.department_id, count(*) as n from goal_task_collaborators c join goal_tasks t on t.id = c.task_id
              where ${input.taskWhere} group by c.department_id
            ),
            urged as (
              select g.department_id, count(*) as n from goal_urges g where g.urge_type = 0 and ${input.urgeWhere}
              group by g.department_id
            )
            select d.id as department_id, d.name as department_name, d.head_user_id as head_id, hu.name as head_name,
              coalesce(led.task_count, 0) as task_count, coalesce(led.done_count, 0) as done_count,
              coalesce(collab.n, 0) as collaboration_count, coalesce(led.process_count, 0) as process_count,
              coalesce(led.expired_count, 0) as expired_count, coalesce(urged.n, 0) as pending_urge_count
            from departments d left join users hu on hu.id = d.head_user_id
            left join led on led.department_id = d.id left join collab on collab.department_id = d.id
            left join urged on urged.department_id = d.id
            where ${input.departmentWhere} order by d.sort, d.name`,
      );
    },

    async exists(table: 'users' | 'departments', ids: readonly string[]) {
      if (ids.length === 0) return new Set<string>();
      const found = await rows<{ id: string }>(
        db,
        sql`select id from ${sql.identifier(table)} where id in (${list(ids)})`,
      );
      return new Set(found.map((r) => r.id));
    },

    /** The files among `ids` the user uploaded (files.owner_user_id). */
    async ownFiles(userId: string, ids: readonly string[], ex: Executor = db) {
      if (ids.length === 0) return new Set<string>();
      const found = await rows<{ id: string }>(
        ex,
        sql`select id from files where id in (${list(ids)}) and owner_user_id = ${userId}`,
      );
      return new Set(found.map((r) => r.id));
    },
  };
}

export type GoalsRepo = ReturnType<typeof createGoalsRepo>;

export const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const sqlList = list;
