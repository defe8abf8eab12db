import type * as S from '@eduqa/contract';
import {
  assignExperts,
  type CollectionWhyWire,
  canEditReport,
  type Discussion,
  expertOutcome,
  expertReview,
  QUALITY_REPORT_MESSAGES as M,
  type QualityReportScope,
  type QualityReportState,
  type QualityRow,
  type ReportReview,
  type ReportView,
  ROLE_IDS,
  rejectQualityReport,
  schoolReview,
  submitQualityReport,
  type WarningRow,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { createPointQueries } from '../diagnosis/diagnosis-points.repo.ts';
import { loadRows } from '../diagnosis/diagnosis-rows.repo.ts';
import { createReportView, keyOf, NO_RIGHTS, num, rightsOf, time, toSummary } from './report-view.ts';
import { rolesOf, visibleReport } from './reports.access.ts';
import {
  type QualityReportsRepo,
  type ReportDbRow,
  type ReportQueries,
  scopeCondition,
} from './reports.repo.ts';

type In<T extends z.ZodType> = z.output<T>;

const EXPERT_ROLES = [ROLE_IDS.inSchoolExpert, ROLE_IDS.outsideExpert];

export interface ReportsDeps {
  repo: QualityReportsRepo;
  /** The collection module's lineage of a point's result (为什么是这个值), read after the report's check. */
  explainPoint: (assignedPointId: string) => Promise<CollectionWhyWire>;
  /** The app's database, for the diagnosis tables the report's counts open (read through the diagnosis repo). */
  db: Db;
}

const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);
export function createQualityReportsService(deps: ReportsDeps) {
  const { repo, db } = deps;
  const points = createPointQueries(db);
  const buildView = createReportView(repo);

  async function readable(actor: Actor, id: string): Promise<ReportDbRow> {
    const row = await repo.find(actor, visibleReport(actor, rolesOf(actor)), id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** The report after a change, as its list shows it. */
  const summary = async (actor: Actor, id: string) => toSummary(actor, await readable(actor, id));

  /**
   * Runs a transition under the report's row lock: `check` sees the state as it is now (not as the caller
   * last read it) and answers the refusal or the work to do.
   */
  async function transition(
    id: string,
    check: (state: QualityReportState, tx: ReportQueries) => Promise<void>,
  ): Promise<void> {
    await repo.transaction(async (tx) => {
      const state = await tx.lockState(id);
      if (!state) throw notFound(M.notFound);
      await check(state, tx);
    });
  }

  /** Who creates a report of a scope, and who leads it. */
  async function scopeOf(actor: Actor, body: In<typeof S.ReportInsertBodySchema>) {
    const { manages } = rolesOf(actor);
    const task = await repo.task(body.rwid);
    if (!task) throw notFound(M.taskNotFound);
    const scope: QualityReportScope = body.scope;
    if (scope === 'objectTask') {
      if (!body.dxrwid) throw new AppError('VALIDATION', '请选择对象任务');
      const ot = await repo.objectTask(body.dxrwid);
      if (!ot || ot.task_id !== task.id) throw notFound(M.objectTaskNotFound);
      if (!manages && ot.charger_user_id !== actor.userId && task.publisher_user_id !== actor.userId) {
        throw notFound(M.objectTaskNotFound);
      }
      return {
        key: { taskId: task.id, scope, objectTaskId: ot.id, departmentId: null },
        principal: ot.charger_user_id ?? actor.userId,
        name: `${ot.object_name}（${task.name}）分析报告`,
      };
    }
    if (scope === 'department') {
      if (!body.bmid) throw new AppError('VALIDATION', '请选择部门');
      const department = await repo.department(body.bmid);
      if (!department) throw notFound(M.departmentNotFound);
      if (!manages && department.head_user_id !== actor.userId && task.publisher_user_id !== actor.userId) {
        throw new AppError('FORBIDDEN');
      }
      return {
        key: { taskId: task.id, scope, objectTaskId: null, departmentId: department.id },
        principal: department.head_user_id ?? actor.userId,
        name: `${department.name}（${task.name}）汇总分析报告`,
      };
    }
    if (!manages && task.publisher_user_id !== actor.userId) throw new AppError('FORBIDDEN');
    return {
      key: { taskId: task.id, scope, objectTaskId: null, departmentId: null },
      principal: task.publisher_user_id,
      name: `${task.name}汇总分析报告`,
    };
  }

  async function checkLibrary(templateId: string | undefined, coverId: string | undefined) {
    if (templateId && !(await repo.template(templateId))) throw notFound(M.templateNotFound);
    if (coverId && !(await repo.cover(coverId))) throw notFound(M.coverNotFound);
  }

  /** The table a count of the report opens: the same rows its count counted. */
  function tableCondition(row: ReportDbRow, table: 'points' | 'below' | 'unfinished'): SQL {
    const scope = scopeCondition(keyOf(row));
    if (table === 'below') return sql`${scope} and ap.below`;
    if (table === 'unfinished') {
      return sql`${scope} and coalesce(nullif(btrim(ap.revised_result), ''), nullif(btrim(ap.result), '')) is null`;
    }
    return scope;
  }

  return {
    readable,
    buildView,

    async list(actor: Actor, query: In<typeof S.ReportListQuerySchema>) {
      const roles = rolesOf(actor);
      const where: SQL[] = [];
      if (query.keyword) where.push(repo.keywordCondition(query.keyword));
      if (query.state) where.push(sql`r.state = ${query.state}`);
      if (query.rwid) where.push(sql`r.task_id = ${query.rwid}`);
      if (query.bmid) where.push(sql`r.scope = 'department' and r.department_id = ${query.bmid}`);
      if (query.view === 'todo') where.push(repo.todoCondition(actor, roles.schoolReviews));
      if (query.view === 'shared') where.push(repo.sharedCondition(actor));
      const page = await repo.page({ actor, visible: visibleReport(actor, roles), where, paging: query });
      return { records: page.records.map((r) => toSummary(actor, r)), total: page.total };
    },

    async view(actor: Actor, id: string): Promise<ReportView> {
      return buildView(actor, await readable(actor, id));
    },

    async insert(actor: Actor, body: In<typeof S.ReportInsertBodySchema>) {
      const found = await scopeOf(actor, body);
      await checkLibrary(body.templateId, body.coverId);
      const objects = await repo.countObjectTasks(found.key);
      if (objects === 0) {
        throw unprocessable(found.key.scope === 'department' ? M.departmentHasNoObjects : M.noPoints);
      }
      const id = newId();
      await repo.insert({
        id,
        name: body.reportName || found.name,
        key: found.key,
        templateId: body.templateId ?? null,
        coverId: body.coverId ?? null,
        principalUserId: found.principal,
        creatorUserId: actor.userId,
      });
      return summary(actor, id);
    },

    async update(actor: Actor, body: In<typeof S.ReportUpdateBodySchema>) {
      const row = await readable(actor, body.bgid);
      const rights = rightsOf(actor, row);
      if (!rights.canEdit) {
        const editable = canEditReport(row.state);
        if (!editable.ok && (rights.canShare || rights.canSubmit)) throw unprocessable(editable.message);
        throw new AppError('FORBIDDEN');
      }
      await checkLibrary(body.templateId, body.coverId);
      await transition(body.bgid, async (state, tx) => {
        const editable = canEditReport(state);
        if (!editable.ok) throw unprocessable(editable.message);
        await tx.transition(
          body.bgid,
          state,
          sql`name = ${body.reportName}, template_id = ${body.templateId ?? null}, cover_id = ${body.coverId ?? null}`,
        );
      });
      return summary(actor, body.bgid);
    },

    async remove(actor: Actor, ids: readonly string[]) {
      const rows = await Promise.all(ids.map((id) => readable(actor, id)));
      for (const row of rows) {
        if (!rightsOf(actor, row).canDelete) {
          const editable = canEditReport(row.state);
          throw editable.ok ? new AppError('FORBIDDEN') : unprocessable(editable.message);
        }
      }
      await repo.transaction(async (tx) => {
        for (const id of ids) {
          const state = await tx.lockState(id);
          const editable = state ? canEditReport(state) : { ok: true as const };
          if (!editable.ok) throw unprocessable(editable.message);
        }
        await tx.remove(ids);
      });
    },

    async submit(actor: Actor, id: string) {
      const row = await readable(actor, id);
      if (!rightsOf(actor, row).canSubmit && canEditReport(row.state).ok) throw new AppError('FORBIDDEN');
      if (row.creator_user_id !== actor.userId && row.principal_user_id !== actor.userId) {
        throw new AppError('FORBIDDEN');
      }
      await transition(id, async (state, tx) => {
        const t = submitQualityReport(state);
        if (!t.ok) throw unprocessable(t.message);
        await tx.transition(
          id,
          state,
          sql`state = ${t.to}, submitted_at = now(), reject_reason = null, expert_result = null, expert_score = null,
              school_result = null`,
        );
      });
      return summary(actor, id);
    },

    async expertCandidates() {
      const users = await repo.expertUsers(EXPERT_ROLES);
      return users.map((u) => ({ id: u.id, name: u.name, departmentName: u.department_name ?? '' }));
    },

    async assignExperts(actor: Actor, body: In<typeof S.ReportExpertsBodySchema>) {
      await readable(actor, body.bgid);
      if (!rolesOf(actor).manages) throw new AppError('FORBIDDEN');
      const userIds = [...new Set(body.userIds)];
      const found = await repo.expertUsers(EXPERT_ROLES, userIds);
      if (found.length !== userIds.length) throw new AppError('VALIDATION', M.notExpert);
      await transition(body.bgid, async (state, tx) => {
        const round = await tx.currentRound(body.bgid);
        const reviewed = (await tx.roundReviews(body.bgid, round)).length;
        const t = assignExperts({
          state,
          experts: userIds.length,
          reviewed: state === 'expertReview' ? reviewed : 0,
        });
        if (!t.ok) throw unprocessable(t.message);
        await tx.replaceExperts(body.bgid, userIds);
        await tx.transition(body.bgid, state, sql`state = ${t.to}`);
      });
      return summary(actor, body.bgid);
    },

    async expertReview(actor: Actor, body: In<typeof S.ExpertReviewBodySchema>) {
      await readable(actor, body.bgid);
      await transition(body.bgid, async (state, tx) => {
        const round = await tx.currentRound(body.bgid);
        const [experts, reviews] = await Promise.all([
          tx.experts(body.bgid),
          tx.roundReviews(body.bgid, round),
        ]);
        const mine = experts.find((e) => e.user_id === actor.userId);
        const t = expertReview({
          state,
          isAssigned: mine !== undefined,
          hasReviewed: mine?.reviewed ?? false,
          pending: experts.filter((e) => !e.reviewed).length,
        });
        if (!t.ok) {
          if (!mine) throw new AppError('FORBIDDEN');
          throw unprocessable(t.message);
        }
        await tx.insertReview({
          id: newId(),
          reportId: body.bgid,
          kind: 'expert',
          reviewerUserId: actor.userId,
          result: body.fhjg,
          score: body.score,
          opinion: body.opinion,
          round,
        });
        if (t.to === 'schoolReview') {
          const outcome = expertOutcome([...reviews, { result: body.fhjg, score: body.score }]);
          await tx.transition(
            body.bgid,
            state,
            sql`state = ${t.to}, expert_result = ${outcome?.result ?? null}, expert_score = ${outcome?.score ?? null}`,
          );
        }
      });
      return summary(actor, body.bgid);
    },

    async schoolReview(actor: Actor, body: In<typeof S.SchoolReviewBodySchema>) {
      await readable(actor, body.bgid);
      if (!rolesOf(actor).schoolReviews) throw new AppError('FORBIDDEN');
      await transition(body.bgid, async (state, tx) => {
        const t = schoolReview(state);
        if (!t.ok) throw unprocessable(t.message);
        await tx.insertReview({
          id: newId(),
          reportId: body.bgid,
          kind: 'school',
          reviewerUserId: actor.userId,
          result: body.fhjg,
          score: null,
          opinion: body.opinion,
          round: await tx.currentRound(body.bgid),
        });
        await tx.transition(
          body.bgid,
          state,
          sql`state = ${t.to}, school_result = ${body.fhjg}, done_at = now()`,
        );
      });
      return summary(actor, body.bgid);
    },

    async reject(actor: Actor, body: In<typeof S.RejectBodySchema>) {
      const row = await readable(actor, body.bgid);
      if (!rightsOf(actor, row).canReject) {
        const t = rejectQualityReport(row.state, body.reason);
        const participant = rolesOf(actor).manages || rolesOf(actor).schoolReviews || row.is_expert;
        throw participant && !t.ok ? unprocessable(t.message) : new AppError('FORBIDDEN');
      }
      await transition(body.bgid, async (state, tx) => {
        const t = rejectQualityReport(state, body.reason);
        if (!t.ok) throw unprocessable(t.message);
        if (state !== row.state) throw unprocessable(M.cannotReject);
        const round = await tx.currentRound(body.bgid);
        await tx.insertReview({
          id: newId(),
          reportId: body.bgid,
          kind: 'reject',
          reviewerUserId: actor.userId,
          result: null,
          score: null,
          opinion: body.reason,
          round,
        });
        await tx.transition(
          body.bgid,
          state,
          sql`state = ${t.to}, reject_reason = ${body.reason}, round = round + 1`,
        );
      });
      return summary(actor, body.bgid);
    },

    async reviews(actor: Actor, id: string): Promise<ReportReview[]> {
      await readable(actor, id);
      const rows = await repo.reviews(id);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind as ReportReview['kind'],
        reviewerName: r.reviewer_name,
        result: r.result,
        score: num(r.score),
        opinion: r.opinion,
        round: r.round,
        createdAt: time(r.created_at) ?? '',
      }));
    },

    async discussions(actor: Actor, id: string): Promise<Discussion[]> {
      await readable(actor, id);
      const rows = await repo.discussions(id);
      return rows.map((r) => ({
        id: r.id,
        userName: r.user_name,
        content: r.content,
        replyToId: r.reply_to_id,
        replyToName: r.reply_to_name,
        isMine: r.user_id === actor.userId,
        createdAt: time(r.created_at) ?? '',
      }));
    },

    async discuss(actor: Actor, body: In<typeof S.DiscussInsertBodySchema>): Promise<Discussion> {
      const row = await readable(actor, body.bgid);
      if (!rightsOf(actor, row).canDiscuss) {
        if (row.state === 'done' && !row.is_shared) throw unprocessable(M.discussionClosed);
        throw new AppError('FORBIDDEN');
      }
      if (body.replyToId && !(await repo.discussionInReport(body.bgid, body.replyToId))) {
        throw notFound('回复的讨论不存在');
      }
      const id = newId();
      await repo.insertDiscussion({
        id,
        reportId: body.bgid,
        userId: actor.userId,
        content: body.content,
        replyToId: body.replyToId ?? null,
      });
      return (await this.discussions(actor, body.bgid)).find((d) => d.id === id)!;
    },

    async share(actor: Actor, body: In<typeof S.ShareBodySchema>) {
      const row = await readable(actor, body.bgid);
      if (!rightsOf(actor, row).canShare) throw new AppError('FORBIDDEN');
      const userIds = [...new Set(body.userIds)];
      const departmentIds = [...new Set(body.departmentIds)];
      const [users, departments] = await Promise.all([
        repo.existingUsers(userIds),
        repo.existingDepartments(departmentIds),
      ]);
      if (users.length !== userIds.length) throw notFound('分享的用户不存在');
      if (departments.length !== departmentIds.length) throw notFound('分享的部门不存在');
      await repo.transaction((tx) => tx.replaceShares(body.bgid, userIds, departmentIds));
      return summary(actor, body.bgid);
    },

    async saveExplains(actor: Actor, body: In<typeof S.ExplainSaveBodySchema>) {
      const row = await readable(actor, body.bgid);
      const isOwner = row.owner_user_id === actor.userId;
      if (!rightsOf(actor, row).canEdit && !(isOwner && canEditReport(row.state).ok)) {
        const editable = canEditReport(row.state);
        if (!editable.ok && rightsOf(actor, row) !== NO_RIGHTS) throw unprocessable(editable.message);
        throw new AppError('FORBIDDEN');
      }
      await transition(body.bgid, async (state, tx) => {
        const editable = canEditReport(state);
        if (!editable.ok) throw unprocessable(editable.message);
        await tx.replaceExplains(body.bgid, body.items);
      });
      return body.items;
    },

    async pointTable(
      actor: Actor,
      query: { bgid: string; table: 'points' | 'below' | 'unfinished'; pageNum: number; pageSize: number },
    ): Promise<{ records: QualityRow[]; total: number }> {
      const row = await readable(actor, query.bgid);
      const where = tableCondition(row, query.table);
      const [records, total] = await Promise.all([
        loadRows(db, actor.userId, where, { page: pageOf(query) }),
        repo.countPoints(where),
      ]);
      return { records, total };
    },

    async warningTable(
      actor: Actor,
      query: { bgid: string; pageNum: number; pageSize: number },
    ): Promise<{ records: WarningRow[]; total: number }> {
      const row = await readable(actor, query.bgid);
      return points.pageWarnedPoints({ scope: scopeCondition(keyOf(row)), state: 'all' }, pageOf(query));
    },

    /** The lineage of a point of the report: any reader of the report may see where its numbers came from. */
    async why(actor: Actor, query: { bgid: string; zgzkdid: string }): Promise<CollectionWhyWire> {
      const row = await readable(actor, query.bgid);
      const inScope = await repo.countPoints(sql`${scopeCondition(keyOf(row))} and ap.id = ${query.zgzkdid}`);
      if (inScope === 0) throw notFound('质控点不存在');
      return deps.explainPoint(query.zgzkdid);
    },

    /** Marks the report's latest Word document. */
    async linkDocument(id: string, fileId: string) {
      await repo.linkDocument(id, fileId);
    },
  };
}

export type QualityReportsService = ReturnType<typeof createQualityReportsService>;
