import type { ReviewResult } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { newId } from '../../platform/ids.ts';
import { sqlList } from '../../platform/sql.ts';

export type ReviewKind = 'expert' | 'school' | 'reject';

/** The people around a report: its experts and their reviews, its shares, discussion and self-summary. */
export function reportPeopleQueries(db: Db) {
  return queryGroups(expertQueries(db), reviewQueries(db), shareQueries(db), discussionQueries(db));
}

function expertQueries(db: Db) {
  return {
    /** The assigned experts, each with whether they reviewed the report's current round. */
    async experts(reportId: string) {
      return queryRows<{ userId: string; name: string; reviewed: boolean }>(
        db,
        sql`select e.user_id as "userId", u.name,
                   exists (select 1 from quality_report_reviews rv where rv.report_id = e.report_id
                     and rv.reviewer_user_id = e.user_id and rv.kind = 'expert'
                     and rv.round = (select x.round from quality_reports x where x.id = e.report_id)) as reviewed
            from quality_report_experts e join users u on u.id = e.user_id
            where e.report_id = ${reportId} order by u.name, u.id`,
      );
    },

    /**
     * Enabled users holding an expert role, among `ids` when given, each with whether one of their roles is
     * `inSchoolRoleId` (校内专家; a user with both expert roles counts as 校内).
     */
    async expertUsers(input: {
      roleIds: readonly string[];
      inSchoolRoleId: string;
      ids?: readonly string[];
    }) {
      const { roleIds, inSchoolRoleId, ids } = input;
      return queryRows<{ id: string; name: string; departmentName: string | null; isInSchool: boolean }>(
        db,
        sql`select u.id, u.name, d.name as "departmentName", bool_or(ur.role_id = ${inSchoolRoleId}) as "isInSchool"
            from users u
            join user_roles ur on ur.user_id = u.id left join departments d on d.id = u.department_id
            where ur.role_id in (${sqlList(roleIds)}) and not u.disabled
            ${ids ? sql`and u.id in (${sqlList(ids.length ? ids : [''])})` : sql``}
            group by u.id, u.name, d.name
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
  };
}

function reviewQueries(db: Db) {
  return {
    async insertReview(row: {
      reportId: string;
      kind: ReviewKind;
      reviewerUserId: string;
      result: ReviewResult | null;
      score: number | null;
      opinion: string;
      round: number;
    }) {
      await db.execute(sql`
        insert into quality_report_reviews (id, report_id, kind, reviewer_user_id, result, score, opinion, round)
        values (${newId()}, ${row.reportId}, ${row.kind}, ${row.reviewerUserId}, ${row.result}, ${row.score},
                ${row.opinion}, ${row.round})`);
    },

    /** The experts' reviews of a round. */
    async roundReviews(reportId: string, round: number) {
      return queryRows<{ result: ReviewResult; score: number | null }>(
        db,
        sql`select result, score from quality_report_reviews
            where report_id = ${reportId} and kind = 'expert' and round = ${round}`,
      );
    },

    async reviews(reportId: string) {
      return queryRows<{
        id: string;
        kind: ReviewKind;
        reviewerName: string;
        result: ReviewResult | null;
        score: number | null;
        opinion: string;
        round: number;
        createdAt: Date | string;
      }>(
        db,
        sql`select rv.id, rv.kind, u.name as "reviewerName", rv.result, rv.score, rv.opinion, rv.round,
                   rv.created_at as "createdAt"
            from quality_report_reviews rv join users u on u.id = rv.reviewer_user_id
            where rv.report_id = ${reportId} order by rv.created_at, rv.id`,
      );
    },
  };
}

function shareQueries(db: Db) {
  return {
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

    async shares(reportId: string) {
      return queryRows<{ userId: string | null; departmentId: string | null; name: string }>(
        db,
        sql`select s.user_id as "userId", s.department_id as "departmentId", coalesce(u.name, d.name, '') as name
            from quality_report_shares s
            left join users u on u.id = s.user_id left join departments d on d.id = s.department_id
            where s.report_id = ${reportId} order by s.created_at, s.id`,
      );
    },

    /** The enabled users a report's shares reach: those named, and the members of the departments named. */
    async shareReaders(reportId: string): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select distinct u.id from quality_report_shares s
            join users u on u.id = s.user_id or (s.department_id is not null and u.department_id = s.department_id)
            where s.report_id = ${reportId} and not u.disabled`,
      );
      return rows.map((r) => r.id);
    },

    /** Enabled users holding a role with the action (reports.access.ts reads the same actions). */
    async usersWithAction(action: string): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select distinct u.id from users u join user_roles ur on ur.user_id = u.id
            join roles ro on ro.id = ur.role_id
            where not u.disabled and ro.actions ? ${action}`,
      );
      return rows.map((r) => r.id);
    },

    async existingUsers(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return queryRows<{ id: string }>(db, sql`select id from users where id in (${sqlList(ids)})`);
    },

    async existingDepartments(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return queryRows<{ id: string }>(db, sql`select id from departments where id in (${sqlList(ids)})`);
    },
  };
}

function discussionQueries(db: Db) {
  return {
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

    async discussions(reportId: string) {
      return queryRows<{
        id: string;
        userId: string;
        userName: string;
        content: string;
        replyToId: string | null;
        replyToName: string | null;
        createdAt: Date | string;
      }>(
        db,
        sql`select m.id, m.user_id as "userId", u.name as "userName", m.content, m.reply_to_id as "replyToId",
                   ru.name as "replyToName", m.created_at as "createdAt"
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

    /** 自我诊断总结, in order. */
    async explains(reportId: string) {
      return queryRows<{ name: string; text: string }>(
        db,
        sql`select name, content as text from quality_report_explains where report_id = ${reportId} order by position`,
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
  };
}
