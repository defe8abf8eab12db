import type * as S from '@eduqa/contract';
import {
  assignExperts,
  type ComputedWhyWire,
  canEditReport,
  type Discussion,
  expertOutcome,
  expertReview,
  type FromReportInputWire,
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
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { reportNotices } from './report-notices.ts';
import { createReportView, keyOf, NO_RIGHTS, num, rightsOf, time, toSummary } from './report-view.ts';
import { rolesOf } from './reports.access.ts';
import { noteReview } from './reports.audit.ts';
import type { QualityReportsRepo, ReportPointTable, ReportQueries, ReportRow } from './reports.repo.ts';

/** A route's input with its wire names mapped to English (reports.wire.ts). */
type In<T extends z.ZodType> = FromReportInputWire<z.output<T>>;

const EXPERT_ROLES = [ROLE_IDS.inSchoolExpert, ROLE_IDS.outsideExpert];

export interface QualityReportsDeps {
  repo: QualityReportsRepo;
  /** The collection module's lineage of a point's result (为什么是这个值), read after the report's check. */
  explainPoint: (assignedPointId: string) => Promise<ComputedWhyWire>;
}

const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);

/** 质量报告: the summary analysis reports of diagnosis tasks, their review and what people add to them. */
export function createQualityReportsService(deps: QualityReportsDeps) {
  const context = qualityReportsContext(deps.repo);
  return {
    readable: context.readable,
    buildView: context.buildView,
    async view(actor: Actor, id: string): Promise<ReportView> {
      return context.buildView(actor, await context.readable(actor, id));
    },
    ...reportCreation(context),
    ...reportReviewing(context),
    ...reportConversation(context),
    ...reportTables(context, deps.explainPoint),
  };
}

/** What the parts share: how a report is read, summarised after a change, and moved under its row lock. */
function qualityReportsContext(repo: QualityReportsRepo) {
  async function readable(actor: Actor, id: string): Promise<ReportRow> {
    const row = await repo.find(actor, rolesOf(actor), id);
    if (!row) throw notFound(M.notFound);
    return row;
  }
  return {
    repo,
    readable,
    buildView: createReportView(repo),
    /** The report after a change, as its list shows it. */
    summary: async (actor: Actor, id: string) => toSummary(actor, await readable(actor, id)),
    /** The report after a review step, that step noted for the operation log, as its list shows it. */
    async reviewed(actor: Actor, before: ReportRow, opinion: string | null) {
      const after = await readable(actor, before.id);
      noteReview(actor, before, { row: after, opinion });
      return toSummary(actor, after);
    },
    /**
     * Runs a transition under the report's row lock: `check` sees the state as it is now (not as the caller
     * last read it) and answers the refusal or the work to do.
     */
    async transition(
      id: string,
      check: (state: QualityReportState, tx: ReportQueries) => Promise<void>,
    ): Promise<void> {
      await repo.transaction(async (tx) => {
        const state = await tx.lockState(id);
        if (!state) throw notFound(M.notFound);
        await check(state, tx);
      });
    },
  };
}
type QualityReportsContext = ReturnType<typeof qualityReportsContext>;

/** Who creates a report of a scope, what it covers, who leads it and its default name. */
async function scopeOf(repo: QualityReportsRepo, actor: Actor, body: In<typeof S.ReportInsertBodySchema>) {
  const { manages } = rolesOf(actor);
  const task = await repo.task(body.taskId);
  if (!task) throw notFound(M.taskNotFound);
  const scope: QualityReportScope = body.scope;
  const isPublisher = task.publisherUserId === actor.userId;
  if (scope === 'objectTask') {
    if (!body.objectTaskId) throw new AppError('VALIDATION', '请选择对象任务');
    const ot = await repo.objectTask(body.objectTaskId);
    if (!ot || ot.taskId !== task.id) throw notFound(M.objectTaskNotFound);
    if (!manages && ot.chargerUserId !== actor.userId && !isPublisher) throw notFound(M.objectTaskNotFound);
    return {
      key: { taskId: task.id, scope, objectTaskId: ot.id, departmentId: null },
      principal: ot.chargerUserId ?? actor.userId,
      name: `${ot.objectName}（${task.name}）分析报告`,
    };
  }
  if (scope === 'department') {
    if (!body.departmentId) throw new AppError('VALIDATION', '请选择部门');
    const department = await repo.department(body.departmentId);
    if (!department) throw notFound(M.departmentNotFound);
    if (!manages && department.headUserId !== actor.userId && !isPublisher) throw new AppError('FORBIDDEN');
    return {
      key: { taskId: task.id, scope, objectTaskId: null, departmentId: department.id },
      principal: department.headUserId ?? actor.userId,
      name: `${department.name}（${task.name}）汇总分析报告`,
    };
  }
  if (!manages && !isPublisher) throw new AppError('FORBIDDEN');
  return {
    key: { taskId: task.id, scope, objectTaskId: null, departmentId: null },
    principal: task.publisherUserId,
    name: `${task.name}汇总分析报告`,
  };
}

async function checkLibrary(repo: QualityReportsRepo, templateId?: string, coverId?: string) {
  if (templateId && !(await repo.template(templateId))) throw notFound(M.templateNotFound);
  if (coverId && !(await repo.covers.cover(coverId))) throw notFound(M.coverNotFound);
}

/** Listing and creating reports. */
function reportCreation(context: QualityReportsContext) {
  const { repo, summary } = context;
  const create = reportInsertion(context);
  return {
    async list(actor: Actor, query: In<typeof S.ReportListQuerySchema>) {
      const filter = {
        keyword: query.keyword,
        state: query.state,
        taskId: query.taskId,
        departmentId: query.departmentId,
        view: query.view,
      };
      const page = await repo.page({ actor, roles: rolesOf(actor), filter, paging: query });
      return { records: page.records.map((r) => toSummary(actor, r)), total: page.total };
    },

    async insert(actor: Actor, body: In<typeof S.ReportInsertBodySchema>) {
      return summary(actor, await create(actor, body));
    },
    /** Creates a report as `insert` does, answering only its id (批量生成 reads no summary per report). */
    create,

    /**
     * 批量生成's check: the task's publisher or a diagnosis manager (as for a task report, which covers every
     * object task), the template and cover exist; the task's object tasks, each with whether it has a report.
     */
    async batchSubjects(actor: Actor, input: In<typeof S.ReportBatchBodySchema>) {
      await scopeOf(repo, actor, { taskId: input.taskId, scope: 'task' });
      await checkLibrary(repo, input.templateId, input.coverId);
      const objectTasks = await repo.batchObjectTasks(input.taskId);
      if (objectTasks.length === 0) throw unprocessable(M.taskHasNoObjects);
      return objectTasks;
    },

    ...reportEditing(context),
  };
}

/** One report row of a checked scope; the row is the whole report (its figures are read when shown). */
function reportInsertion({ repo }: QualityReportsContext) {
  return async function create(actor: Actor, body: In<typeof S.ReportInsertBodySchema>): Promise<string> {
    const found = await scopeOf(repo, actor, body);
    await checkLibrary(repo, body.templateId, body.coverId);
    if ((await repo.countObjectTasks(found.key)) === 0) {
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
    return id;
  };
}

/** Changing, deleting and submitting a report: its creator's and principal's, while a draft or rejected. */
function reportEditing({ repo, readable, summary, transition }: QualityReportsContext) {
  return {
    async update(actor: Actor, body: In<typeof S.ReportUpdateBodySchema>) {
      const row = await readable(actor, body.reportId);
      const rights = rightsOf(actor, row);
      if (!rights.canEdit) {
        const editable = canEditReport(row.state);
        if (!editable.ok && (rights.canShare || rights.canSubmit)) throw unprocessable(editable.message);
        throw new AppError('FORBIDDEN');
      }
      await checkLibrary(repo, body.templateId, body.coverId);
      await transition(body.reportId, async (state, tx) => {
        const editable = canEditReport(state);
        if (!editable.ok) throw unprocessable(editable.message);
        await tx.change(body.reportId, state, {
          name: body.reportName,
          templateId: body.templateId ?? null,
          coverId: body.coverId ?? null,
        });
      });
      return summary(actor, body.reportId);
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
      if (row.creatorUserId !== actor.userId && row.principalUserId !== actor.userId) {
        throw new AppError('FORBIDDEN');
      }
      await transition(id, async (state, tx) => {
        const t = submitQualityReport(state);
        if (!t.ok) throw unprocessable(t.message);
        await tx.change(id, state, {
          state: t.to,
          stampSubmitted: true,
          rejectReason: null,
          expertResult: null,
          expertScore: null,
          schoolResult: null,
        });
        await tx.notify([reportNotices.submitted(actor, row, await tx.usersWithAction('diagnosis.manage'))]);
      });
      return summary(actor, id);
    },
  };
}

/** Experts, their reviews, the school's review and rejection: each a transition of report-states.ts. */
function reportReviewing(context: QualityReportsContext) {
  const { repo, readable, summary, reviewed, transition } = context;
  return {
    /** The experts to choose from, each marked 校内 or 校外 so the picker can say which. */
    async expertCandidates() {
      const users = await repo.expertUsers({
        roleIds: EXPERT_ROLES,
        inSchoolRoleId: ROLE_IDS.inSchoolExpert,
      });
      return users.map((u) => ({
        id: u.id,
        name: u.name,
        departmentName: u.departmentName ?? '',
        kind: u.isInSchool ? ('inSchool' as const) : ('outside' as const),
      }));
    },

    async assignExperts(actor: Actor, body: In<typeof S.ReportExpertsBodySchema>) {
      const row = await readable(actor, body.reportId);
      if (!rolesOf(actor).manages) throw new AppError('FORBIDDEN');
      const userIds = [...new Set(body.userIds)];
      const found = await repo.expertUsers({
        roleIds: EXPERT_ROLES,
        inSchoolRoleId: ROLE_IDS.inSchoolExpert,
        ids: userIds,
      });
      if (found.length !== userIds.length) throw new AppError('VALIDATION', M.notExpert);
      await transition(body.reportId, async (state, tx) => {
        const round = await tx.currentRound(body.reportId);
        const reviewed = (await tx.roundReviews(body.reportId, round)).length;
        const t = assignExperts({
          state,
          experts: userIds.length,
          reviewed: state === 'expertReview' ? reviewed : 0,
        });
        if (!t.ok) throw unprocessable(t.message);
        const earlier = new Set((await tx.experts(body.reportId)).map((e) => e.userId));
        await tx.replaceExperts(body.reportId, userIds);
        await tx.change(body.reportId, state, { state: t.to });
        // An expert kept from an earlier choice was told then.
        await tx.notify([
          reportNotices.assigned(
            actor,
            row,
            userIds.filter((id) => !earlier.has(id)),
          ),
        ]);
      });
      return summary(actor, body.reportId);
    },

    async expertReview(actor: Actor, body: In<typeof S.ExpertReviewBodySchema>) {
      const before = await readable(actor, body.reportId);
      await transition(body.reportId, async (state, tx) => {
        const round = await tx.currentRound(body.reportId);
        const [experts, reviews] = await Promise.all([
          tx.experts(body.reportId),
          tx.roundReviews(body.reportId, round),
        ]);
        const mine = experts.find((e) => e.userId === actor.userId);
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
        const review = { result: body.result, score: body.score };
        await tx.insertReview({
          reportId: body.reportId,
          kind: 'expert',
          reviewerUserId: actor.userId,
          ...review,
          opinion: body.opinion,
          round,
        });
        if (t.to === 'schoolReview') {
          const outcome = expertOutcome([...reviews, review]);
          await tx.change(body.reportId, state, {
            state: t.to,
            expertResult: outcome?.result ?? null,
            expertScore: outcome?.score ?? null,
          });
        }
        await tx.notify([
          reportNotices.reviewed(actor, before, { result: body.result, opinion: body.opinion }),
          ...(t.to === 'schoolReview'
            ? [reportNotices.toSchoolReview(actor, before, await tx.usersWithAction('report.review'))]
            : []),
        ]);
      });
      return reviewed(actor, before, body.opinion);
    },

    ...schoolDecisions(context),
  };
}

function schoolDecisions({ readable, reviewed, transition }: QualityReportsContext) {
  return {
    async schoolReview(actor: Actor, body: In<typeof S.SchoolReviewBodySchema>) {
      const before = await readable(actor, body.reportId);
      if (!rolesOf(actor).schoolReviews) throw new AppError('FORBIDDEN');
      await transition(body.reportId, async (state, tx) => {
        const t = schoolReview(state);
        if (!t.ok) throw unprocessable(t.message);
        await tx.insertReview({
          reportId: body.reportId,
          kind: 'school',
          reviewerUserId: actor.userId,
          result: body.result,
          score: null,
          opinion: body.opinion,
          round: await tx.currentRound(body.reportId),
        });
        await tx.change(body.reportId, state, { state: t.to, schoolResult: body.result, stampDone: true });
        await tx.notify([reportNotices.sealed(actor, before, body.result)]);
      });
      return reviewed(actor, before, body.opinion);
    },

    async reject(actor: Actor, body: In<typeof S.RejectBodySchema>) {
      const row = await readable(actor, body.reportId);
      if (!rightsOf(actor, row).canReject) {
        const t = rejectQualityReport(row.state, body.reason);
        const participant = rolesOf(actor).manages || rolesOf(actor).schoolReviews || row.isExpert;
        throw participant && !t.ok ? unprocessable(t.message) : new AppError('FORBIDDEN');
      }
      await transition(body.reportId, async (state, tx) => {
        const t = rejectQualityReport(state, body.reason);
        if (!t.ok) throw unprocessable(t.message);
        if (state !== row.state) throw unprocessable(M.cannotReject);
        await tx.insertReview({
          reportId: body.reportId,
          kind: 'reject',
          reviewerUserId: actor.userId,
          result: null,
          score: null,
          opinion: body.reason,
          round: await tx.currentRound(body.reportId),
        });
        await tx.change(body.reportId, state, { state: t.to, rejectReason: body.reason, nextRound: true });
        await tx.notify([reportNotices.rejected(actor, row, body.reason)]);
      });
      return reviewed(actor, row, null);
    },
  };
}

/** What people add around a report: the review history, discussion, shares and 自我诊断总结. */
function reportConversation({ repo, readable, summary, transition }: QualityReportsContext) {
  async function discussions(actor: Actor, id: string): Promise<Discussion[]> {
    await readable(actor, id);
    const rows = await repo.discussions(id);
    return rows.map((r) => ({
      id: r.id,
      userName: r.userName,
      content: r.content,
      replyToId: r.replyToId,
      replyToName: r.replyToName,
      isMine: r.userId === actor.userId,
      createdAt: time(r.createdAt) ?? '',
    }));
  }
  return {
    async reviews(actor: Actor, id: string): Promise<ReportReview[]> {
      await readable(actor, id);
      const rows = await repo.reviews(id);
      return rows.map((r) => ({ ...r, score: num(r.score), createdAt: time(r.createdAt) ?? '' }));
    },

    discussions,

    async discuss(actor: Actor, body: In<typeof S.DiscussInsertBodySchema>): Promise<Discussion> {
      const row = await readable(actor, body.reportId);
      if (!rightsOf(actor, row).canDiscuss) {
        if (row.state === 'done' && !row.isShared) throw unprocessable(M.discussionClosed);
        throw new AppError('FORBIDDEN');
      }
      if (body.replyToId && !(await repo.discussionInReport(body.reportId, body.replyToId))) {
        throw notFound('回复的讨论不存在');
      }
      const id = newId();
      const replyToId = body.replyToId ?? null;
      await repo.insertDiscussion({
        id,
        reportId: body.reportId,
        userId: actor.userId,
        content: body.content,
        replyToId,
      });
      return (await discussions(actor, body.reportId)).find((d) => d.id === id)!;
    },

    async share(actor: Actor, body: In<typeof S.ShareBodySchema>) {
      const row = await readable(actor, body.reportId);
      if (!rightsOf(actor, row).canShare) throw new AppError('FORBIDDEN');
      const userIds = [...new Set(body.userIds)];
      const departmentIds = [...new Set(body.departmentIds)];
      const [users, departments] = await Promise.all([
        repo.existingUsers(userIds),
        repo.existingDepartments(departmentIds),
      ]);
      if (users.length !== userIds.length) throw notFound('分享的用户不存在');
      if (departments.length !== departmentIds.length) throw notFound('分享的部门不存在');
      await repo.transaction(async (tx) => {
        const earlier = new Set(await tx.shareReaders(body.reportId));
        await tx.replaceShares(body.reportId, userIds, departmentIds);
        // Only those the share now reaches for the first time: a kept reader was told before.
        const readers = (await tx.shareReaders(body.reportId)).filter((id) => !earlier.has(id));
        await tx.notify([reportNotices.shared(actor, row, readers)]);
      });
      return summary(actor, body.reportId);
    },

    async saveExplains(actor: Actor, body: In<typeof S.ExplainSaveBodySchema>) {
      const row = await readable(actor, body.reportId);
      const isOwner = row.ownerUserId === actor.userId;
      if (!rightsOf(actor, row).canEdit && !(isOwner && canEditReport(row.state).ok)) {
        const editable = canEditReport(row.state);
        if (!editable.ok && rightsOf(actor, row) !== NO_RIGHTS) throw unprocessable(editable.message);
        throw new AppError('FORBIDDEN');
      }
      await transition(body.reportId, async (state, tx) => {
        const editable = canEditReport(state);
        if (!editable.ok) throw unprocessable(editable.message);
        await tx.replaceExplains(body.reportId, body.items);
      });
      return body.items;
    },
  };
}

/** The tables a report's counts open, and where a point's numbers came from. */
function reportTables(
  { repo, readable }: QualityReportsContext,
  explainPoint: QualityReportsDeps['explainPoint'],
) {
  return {
    async pointTable(
      actor: Actor,
      query: { reportId: string; table: ReportPointTable; pageNum: number; pageSize: number },
    ): Promise<{ records: QualityRow[]; total: number }> {
      const key = keyOf(await readable(actor, query.reportId));
      const [records, total] = await Promise.all([
        repo.pointTable({ userId: actor.userId, key, table: query.table, page: pageOf(query) }),
        repo.countPointTable(key, query.table),
      ]);
      return { records, total };
    },

    async warningTable(
      actor: Actor,
      query: { reportId: string; pageNum: number; pageSize: number },
    ): Promise<{ records: WarningRow[]; total: number }> {
      const row = await readable(actor, query.reportId);
      return repo.warnedPoints(keyOf(row), pageOf(query));
    },

    /** The lineage of a point of the report: any reader of the report may see where its numbers came from. */
    async why(actor: Actor, query: { reportId: string; assignedPointId: string }): Promise<ComputedWhyWire> {
      const row = await readable(actor, query.reportId);
      if (!(await repo.isPointInScope(keyOf(row), query.assignedPointId))) throw notFound('质控点不存在');
      return explainPoint(query.assignedPointId);
    },

    /** Marks the report's latest Word document. */
    async linkDocument(id: string, fileId: string) {
      await repo.linkDocument(id, fileId);
    },
  };
}

export type QualityReportsService = ReturnType<typeof createQualityReportsService>;
