import type { QualityReportScope, QualityReportState, ReviewResult, TemplateSection } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { newId } from '../../platform/ids.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';
import { reportTodoCondition } from './reports.access.ts';

/** A report row with the names its list and page show, and the caller's standing on it. */
export interface ReportDbRow {
  id: string;
  name: string;
  task_id: string;
  task_name: string;
  task_level: string;
  scope: QualityReportScope;
  object_task_id: string | null;
  department_id: string | null;
  subject_name: string;
  principal_user_id: string;
  principal_name: string;
  creator_user_id: string;
  creator_name: string;
  template_id: string | null;
  cover_id: string | null;
  state: QualityReportState;
  reject_reason: string | null;
  expert_result: ReviewResult | null;
  expert_score: number | null;
  school_result: ReviewResult | null;
  file_id: string | null;
  generated_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** The caller is an assigned expert / has reviewed / sees it only through a share. */
  is_expert: boolean;
  has_reviewed: boolean;
  is_shared: boolean;
  /** The object task's charger (object scope) or the department's head (department scope). */
  owner_user_id: string | null;
  score: number | null;
}

/** What defines a report's points: the condition on object tasks (alias `ot`). */
export interface ReportScopeKey {
  taskId: string;
  scope: QualityReportScope;
  objectTaskId: string | null;
  departmentId: string | null;
}

export function scopeCondition(key: ReportScopeKey): SQL {
  switch (key.scope) {
    case 'objectTask':
      return sql`ot.id = ${key.objectTaskId}`;
    case 'department':
      return sql`ot.task_id = ${key.taskId} and exists (select 1 from diagnosis_objects so
                 where so.id = ot.object_id and so.department_id = ${key.departmentId})`;
    case 'task':
      return sql`ot.task_id = ${key.taskId}`;
  }
}

const reportSelect = (me: string) => sql`
  select r.id, r.name, r.task_id, t.name as task_name, t.level as task_level, r.scope, r.object_task_id,
         r.department_id,
         case r.scope when 'objectTask' then coalesce(o.name, '') when 'department' then coalesce(d.name, '')
              else t.name end as subject_name,
         r.principal_user_id, pu.name as principal_name, r.creator_user_id, cu.name as creator_name,
         r.template_id, r.cover_id, r.state, r.reject_reason, r.expert_result, r.expert_score, r.school_result,
         r.file_id, r.generated_at, r.created_at, r.updated_at,
         exists (select 1 from quality_report_experts e where e.report_id = r.id and e.user_id = ${me}) as is_expert,
         exists (select 1 from quality_report_reviews rv join quality_reports rr on rr.id = rv.report_id
                 where rv.report_id = r.id and rv.reviewer_user_id = ${me} and rv.kind = 'expert'
                   and rv.round = r.round
                 ) as has_reviewed,
         (r.creator_user_id <> ${me} and r.principal_user_id <> ${me}
          and not exists (select 1 from quality_report_experts e where e.report_id = r.id and e.user_id = ${me})
          and exists (select 1 from quality_report_shares s left join users su on su.id = ${me}
                      where s.report_id = r.id and (s.user_id = ${me} or s.department_id = su.department_id))) as is_shared,
         case r.scope when 'objectTask' then ot.charger_user_id when 'department' then d.head_user_id end as owner_user_id,
         ${scoreOf()} as score
  from quality_reports r
  join diagnosis_tasks t on t.id = r.task_id
  join users pu on pu.id = r.principal_user_id
  join users cu on cu.id = r.creator_user_id
  left join object_tasks ot on ot.id = r.object_task_id
  left join diagnosis_objects o on o.id = ot.object_id
  left join departments d on d.id = r.department_id`;

/** 得分: the object task's score, or the mean of the scored object tasks in scope (alias r). */
function scoreOf(): SQL {
  return sql`(select round(avg(sc.score)::numeric, 2)::float8 from object_task_scores sc
     join object_tasks ot2 on ot2.id = sc.object_task_id
     where case r.scope when 'objectTask' then ot2.id = r.object_task_id
                        when 'department' then ot2.task_id = r.task_id and exists (
                          select 1 from diagnosis_objects so2 where so2.id = ot2.object_id and so2.department_id = r.department_id)
                        else ot2.task_id = r.task_id end)`;
}

export interface PointFactRow {
  point_name: string;
  level1: string | null;
  level2: string | null;
  grade: string | null;
  has_result: boolean;
  below: boolean;
  warnings: number | string;
  handled: number | string;
}

export interface ImprovementRow {
  point_name: string;
  object_name: string;
  last_task_name: string;
  last_value: string | null;
  current_value: string | null;
  measure: string;
  was_below: boolean;
  was_warned: boolean;
  data_type: string;
  direction: string;
  calc_mode: string;
}

function createQueries(db: Db) {
  return {
    async page(input: {
      actor: Actor;
      visible: SQL;
      where: SQL[];
      paging: { pageNum: number; pageSize: number };
    }) {
      const where = sqlAnd([input.visible, ...input.where]);
      return pagedRows<ReportDbRow>(
        db,
        sql`${reportSelect(input.actor.userId)} where ${where} order by r.created_at desc, r.id desc`,
        input.paging,
      );
    },

    async find(actor: Actor, visible: SQL, id: string): Promise<ReportDbRow | undefined> {
      const [row] = await queryRows<ReportDbRow>(
        db,
        sql`${reportSelect(actor.userId)} where r.id = ${id} and ${visible}`,
      );
      return row;
    },

    keywordCondition: (keyword: string) => sql`r.name ilike ${likePattern(keyword)}`,

    todoCondition: reportTodoCondition,

    sharedCondition(actor: Actor): SQL {
      const me = actor.userId;
      return sql`exists (select 1 from quality_report_shares s left join users su on su.id = ${me}
                 where s.report_id = r.id and (s.user_id = ${me} or s.department_id = su.department_id))`;
    },

    async task(taskId: string) {
      const [row] = await queryRows<{ id: string; name: string; publisher_user_id: string }>(
        db,
        sql`select id, name, publisher_user_id from diagnosis_tasks where id = ${taskId}`,
      );
      return row;
    },

    async objectTask(objectTaskId: string) {
      const [row] = await queryRows<{
        id: string;
        task_id: string;
        charger_user_id: string | null;
        object_name: string;
      }>(
        db,
        sql`select ot.id, ot.task_id, ot.charger_user_id, o.name as object_name from object_tasks ot
            join diagnosis_objects o on o.id = ot.object_id where ot.id = ${objectTaskId}`,
      );
      return row;
    },

    async department(departmentId: string) {
      const [row] = await queryRows<{ id: string; name: string; head_user_id: string | null }>(
        db,
        sql`select id, name, head_user_id from departments where id = ${departmentId}`,
      );
      return row;
    },

    async countObjectTasks(key: ReportScopeKey): Promise<number> {
      const [row] = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from object_tasks ot where ${scopeCondition(key)}`,
      );
      return Number(row?.n ?? 0);
    },

    async insert(row: {
      id: string;
      name: string;
      key: ReportScopeKey;
      templateId: string | null;
      coverId: string | null;
      principalUserId: string;
      creatorUserId: string;
    }) {
      await db.execute(sql`
        insert into quality_reports (id, name, task_id, scope, object_task_id, department_id, template_id, cover_id,
                                     principal_user_id, creator_user_id)
        values (${row.id}, ${row.name}, ${row.key.taskId}, ${row.key.scope}, ${row.key.objectTaskId},
                ${row.key.departmentId}, ${row.templateId}, ${row.coverId}, ${row.principalUserId}, ${row.creatorUserId})`);
    },

    /** Writes `set` only while the report is in `from`; the number of rows changed (0: it moved meanwhile). */
    async transition(id: string, from: QualityReportState, set: SQL): Promise<number> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`update quality_reports set ${set}, updated_at = now() where id = ${id} and state = ${from} returning id`,
      );
      return rows.length;
    },

    async remove(ids: readonly string[]) {
      await db.execute(sql`delete from quality_reports where id in (${sqlList(ids)})`);
    },

    // -------------------------------------------------------------------------------- the report's data

    async pointFacts(key: ReportScopeKey): Promise<PointFactRow[]> {
      return queryRows<PointFactRow>(
        db,
        sql`
          with recursive pts as (
            select ap.id, ap.below, ap.grade, qp.name as point_name, qp.indicator_id, qp.sort as point_sort, o.name as object_name,
                   coalesce(nullif(btrim(ap.revised_result), ''), nullif(btrim(ap.result), '')) is not null as has_result
            from assigned_points ap
            join object_tasks ot on ot.id = ap.object_task_id
            join diagnosis_objects o on o.id = ot.object_id
            join quality_points qp on qp.id = ap.quality_point_id
            where ${scopeCondition(key)}
          ),
          path as (
            select i.id, i.parent_id, i.name, i.depth, i.id as leaf from indicators i
            where i.id in (select distinct indicator_id from pts)
            union all
            select i.id, i.parent_id, i.name, i.depth, p.leaf from indicators i join path p on i.id = p.parent_id
          ),
          levels as (
            select leaf, max(name) filter (where depth = 1) as level1, max(name) filter (where depth = 2) as level2
            from path group by leaf
          ),
          warn as (
            select w.assigned_point_id, count(*) as warnings, count(w.handled_at) as handled
            from point_warnings w where w.assigned_point_id in (select id from pts) group by w.assigned_point_id
          )
          select p.point_name, l.level1, l.level2, p.grade, p.has_result, p.below,
                 coalesce(w.warnings, 0) as warnings, coalesce(w.handled, 0) as handled
          from pts p left join levels l on l.leaf = p.indicator_id left join warn w on w.assigned_point_id = p.id
          order by p.object_name, p.point_sort, p.id`,
      );
    },

    async headerItems(key: ReportScopeKey, limit: number) {
      return queryRows<{ id: string; name: string; person: string | null }>(
        db,
        sql`select ot.id, o.name, u.name as person from object_tasks ot
            join diagnosis_objects o on o.id = ot.object_id left join users u on u.id = ot.charger_user_id
            where ${scopeCondition(key)} order by o.code, o.id limit ${limit}`,
      );
    },

    /**
     * 改进成效: points in scope whose previous cycle's point (same object and quality point, the latest
     * earlier task of the level — the rule recompute uses for 上次结果) was below standard or warned and
     * carries a measure: the point's own, else the latest handled warning's.
     */
    async improvements(key: ReportScopeKey): Promise<ImprovementRow[]> {
      return queryRows<ImprovementRow>(
        db,
        sql`
          with cur as (
            select ap.id, ap.quality_point_id, ot.object_id, t.level, t.end_date,
                   coalesce(nullif(btrim(ap.revised_result), ''), nullif(btrim(ap.result), '')) as current_value
            from assigned_points ap
            join object_tasks ot on ot.id = ap.object_task_id
            join diagnosis_tasks t on t.id = ot.task_id
            where ${scopeCondition(key)}
          ),
          prev as (
            select distinct on (c.id) c.id as cur_id, c.current_value, p2.id as prev_id, p2.below, p2.measure,
                   t2.name as task_name,
                   coalesce(nullif(btrim(p2.revised_result), ''), nullif(btrim(p2.result), '')) as value
            from cur c
            join object_tasks o2 on o2.object_id = c.object_id
            join diagnosis_tasks t2 on t2.id = o2.task_id and t2.level = c.level and t2.end_date < c.end_date
            join assigned_points p2 on p2.object_task_id = o2.id and p2.quality_point_id = c.quality_point_id
            order by c.id, t2.end_date desc, t2.id desc
          ),
          judged as (
            select p.*, exists (select 1 from point_warnings w where w.assigned_point_id = p.prev_id) as warned
            from prev p
          ),
          measured as (
            select j.*, coalesce(nullif(btrim(j.measure), ''), (
                     select w.measure from point_warnings w where w.assigned_point_id = j.prev_id
                       and w.handled_at is not null and btrim(coalesce(w.measure, '')) <> ''
                     order by w.handled_at desc, w.id desc limit 1)) as chosen_measure
            from judged j where j.below or j.warned
          )
          select qp.name as point_name, o.name as object_name, m.task_name as last_task_name, m.value as last_value,
                 m.current_value, m.chosen_measure as measure, m.below as was_below, m.warned as was_warned,
                 qp.data_type, qp.direction, qp.calc_mode
          from measured m
          join assigned_points ap on ap.id = m.cur_id
          join object_tasks ot on ot.id = ap.object_task_id
          join diagnosis_objects o on o.id = ot.object_id
          join quality_points qp on qp.id = ap.quality_point_id
          where m.chosen_measure is not null
          order by o.code, qp.sort, ap.id`,
      );
    },

    async countPoints(where: SQL): Promise<number> {
      const [row] = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from assigned_points ap join object_tasks ot on ot.id = ap.object_task_id where ${where}`,
      );
      return Number(row?.n ?? 0);
    },

    async linkDocument(id: string, fileId: string) {
      await db.execute(
        sql`update quality_reports set file_id = ${fileId}, generated_at = now() where id = ${id}`,
      );
    },

    // -------------------------------------------------------------------------------- people around it

    async experts(reportId: string) {
      return queryRows<{ user_id: string; name: string; reviewed: boolean }>(
        db,
        sql`select e.user_id, u.name,
                   exists (select 1 from quality_report_reviews rv where rv.report_id = e.report_id
                     and rv.reviewer_user_id = e.user_id and rv.kind = 'expert'
                     and rv.round = (select x.round from quality_reports x where x.id = e.report_id)) as reviewed
            from quality_report_experts e join users u on u.id = e.user_id
            where e.report_id = ${reportId} order by u.name, u.id`,
      );
    },

    /** Users holding an expert role, among `ids` when given. */
    async expertUsers(expertRoleIds: readonly string[], ids?: readonly string[]) {
      return queryRows<{ id: string; name: string; department_name: string | null }>(
        db,
        sql`select distinct u.id, u.name, d.name as department_name from users u
            join user_roles ur on ur.user_id = u.id left join departments d on d.id = u.department_id
            where ur.role_id in (${sqlList(expertRoleIds)}) and not u.disabled
            ${ids ? sql`and u.id in (${sqlList(ids.length ? ids : [''])})` : sql``}
            order by u.name, u.id`,
      );
    },

    async replaceExperts(reportId: string, userIds: readonly string[]) {
      await db.execute(sql`delete from quality_report_experts where report_id = ${reportId}`);
      await db.execute(
        sql`insert into quality_report_experts (report_id, user_id) values ${sql.join(
          userIds.map((u) => sql`(${reportId}, ${u})`),
          sql`, `,
        )}`,
      );
    },

    async insertReview(row: {
      id: string;
      reportId: string;
      kind: 'expert' | 'school' | 'reject';
      reviewerUserId: string;
      result: ReviewResult | null;
      score: number | null;
      opinion: string;
      round: number;
    }) {
      await db.execute(sql`
        insert into quality_report_reviews (id, report_id, kind, reviewer_user_id, result, score, opinion, round)
        values (${row.id}, ${row.reportId}, ${row.kind}, ${row.reviewerUserId}, ${row.result}, ${row.score},
                ${row.opinion}, ${row.round})`);
    },

    /** The experts' reviews of a round, with how many experts are assigned. */
    async roundReviews(reportId: string, round: number) {
      return queryRows<{ result: ReviewResult; score: number | null }>(
        db,
        sql`select result, score from quality_report_reviews
            where report_id = ${reportId} and kind = 'expert' and round = ${round}`,
      );
    },

    async expertCount(reportId: string): Promise<number> {
      const [row] = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from quality_report_experts where report_id = ${reportId}`,
      );
      return Number(row?.n ?? 0);
    },

    async replaceShares(reportId: string, userIds: readonly string[], departmentIds: readonly string[]) {
      await db.execute(sql`delete from quality_report_shares where report_id = ${reportId}`);
      const rows = [
        ...userIds.map((u) => sql`(${newId()}, ${reportId}, ${u}, ${null})`),
        ...departmentIds.map((d) => sql`(${newId()}, ${reportId}, ${null}, ${d})`),
      ];
      if (rows.length === 0) return;
      await db.execute(
        sql`insert into quality_report_shares (id, report_id, user_id, department_id) values ${sql.join(rows, sql`, `)}`,
      );
    },

    async replaceExplains(reportId: string, items: ReadonlyArray<{ name: string; text: string }>) {
      await db.execute(sql`delete from quality_report_explains where report_id = ${reportId}`);
      if (items.length === 0) return;
      await db.execute(
        sql`insert into quality_report_explains (id, report_id, position, name, content) values ${sql.join(
          items.map((item, i) => sql`(${newId()}, ${reportId}, ${i + 1}, ${item.name}, ${item.text})`),
          sql`, `,
        )}`,
      );
    },

    async insertDiscussion(row: {
      id: string;
      reportId: string;
      userId: string;
      content: string;
      replyToId: string | null;
    }) {
      await db.execute(sql`
        insert into quality_report_discussions (id, report_id, user_id, content, reply_to_id)
        values (${row.id}, ${row.reportId}, ${row.userId}, ${row.content}, ${row.replyToId})`);
    },

    /** The report's state, its row locked until the transaction ends (each transition reads, checks, writes). */
    async lockState(id: string): Promise<QualityReportState | undefined> {
      const [row] = await queryRows<{ state: QualityReportState }>(
        db,
        sql`select state from quality_reports where id = ${id} for update`,
      );
      return row?.state;
    },

    async shares(reportId: string) {
      return queryRows<{ user_id: string | null; department_id: string | null; name: string }>(
        db,
        sql`select s.user_id, s.department_id, coalesce(u.name, d.name, '') as name from quality_report_shares s
            left join users u on u.id = s.user_id left join departments d on d.id = s.department_id
            where s.report_id = ${reportId} order by s.created_at, s.id`,
      );
    },

    async existingUsers(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return queryRows<{ id: string }>(db, sql`select id from users where id in (${sqlList(ids)})`);
    },

    async existingDepartments(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return queryRows<{ id: string }>(db, sql`select id from departments where id in (${sqlList(ids)})`);
    },

    async reviews(reportId: string) {
      return queryRows<{
        id: string;
        kind: string;
        reviewer_name: string;
        result: ReviewResult | null;
        score: number | null;
        opinion: string;
        round: number;
        created_at: Date | string;
      }>(
        db,
        sql`select rv.id, rv.kind, u.name as reviewer_name, rv.result, rv.score, rv.opinion, rv.round, rv.created_at
            from quality_report_reviews rv join users u on u.id = rv.reviewer_user_id
            where rv.report_id = ${reportId} order by rv.created_at, rv.id`,
      );
    },

    async currentRound(reportId: string): Promise<number> {
      const [row] = await queryRows<{ round: number | null }>(
        db,
        sql`select round from quality_reports where id = ${reportId}`,
      );
      return Number(row?.round ?? 1);
    },

    async discussions(reportId: string) {
      return queryRows<{
        id: string;
        user_id: string;
        user_name: string;
        content: string;
        reply_to_id: string | null;
        reply_to_name: string | null;
        created_at: Date | string;
      }>(
        db,
        sql`select m.id, m.user_id, u.name as user_name, m.content, m.reply_to_id, ru.name as reply_to_name, m.created_at
            from quality_report_discussions m join users u on u.id = m.user_id
            left join quality_report_discussions rm on rm.id = m.reply_to_id
            left join users ru on ru.id = rm.user_id
            where m.report_id = ${reportId} order by m.created_at, m.id`,
      );
    },

    async discussionInReport(reportId: string, id: string) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`select id from quality_report_discussions where id = ${id} and report_id = ${reportId}`,
      );
      return row !== undefined;
    },

    async explains(reportId: string) {
      return queryRows<{ name: string; content: string }>(
        db,
        sql`select name, content from quality_report_explains where report_id = ${reportId} order by position`,
      );
    },

    // -------------------------------------------------------------------------------- templates and covers

    async template(id: string) {
      const [row] = await queryRows<{ id: string; name: string; sections: TemplateSection[] }>(
        db,
        sql`select id, name, sections from quality_report_templates where id = ${id}`,
      );
      return row;
    },

    async cover(id: string | null) {
      const [row] = await queryRows<{ id: string; title: string; subtitle: string; school_name: string }>(
        db,
        id
          ? sql`select id, title, subtitle, school_name from quality_report_covers where id = ${id}`
          : sql`select id, title, subtitle, school_name from quality_report_covers where is_default`,
      );
      return row;
    },

    async seal(kind: string, result: string) {
      const [row] = await queryRows<{ file_id: string }>(
        db,
        sql`select file_id from quality_report_seals where kind = ${kind} and result = ${result}`,
      );
      return row?.file_id ?? null;
    },
  };
}

export type ReportQueries = ReturnType<typeof createQueries>;

export function createQualityReportsRepo(db: Db) {
  const queries = createQueries(db);
  /**
   * A report's reads over a whole task: PostgreSQL's JIT would compile them (their estimated cost passes its
   * thresholds on a large task) for longer than they run — 1.5 s against 0.5 s for 20,000 points.
   */
  const withoutJit = <T>(read: (q: ReportQueries) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return read(createQueries(tx as unknown as Db));
    });
  return {
    ...queries,
    pointFacts: (key: ReportScopeKey) => withoutJit((q) => q.pointFacts(key)),
    improvements: (key: ReportScopeKey) => withoutJit((q) => q.improvements(key)),
    /** Work in one transaction; PGlite is one connection, so `work` uses only the queries it is given. */
    transaction: <T>(work: (tx: ReportQueries) => Promise<T>): Promise<T> =>
      db.transaction((tx) => work(createQueries(tx as unknown as Db))),
  };
}

export type QualityReportsRepo = ReturnType<typeof createQualityReportsRepo>;
