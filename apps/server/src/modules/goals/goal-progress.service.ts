import type * as S from '@eduqa/contract';
import {
  canReportProgress,
  type GoalFile,
  nodeEventOfProgressAudit,
  nodeTransition,
  type ProgressReport,
  progressAuditTransition,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { canDecompose, type GoalAccess } from './goal-access.ts';
import { attachFiles } from './goal-files.service.ts';
import { refreshTaskState } from './goal-nodes.service.ts';
import { notifyProgressAudited, notifyProgressReported } from './goal-notices.ts';
import { toFile, toProgress } from './goal-rows.ts';
import type { FileFilter, ProgressFilter } from './goal-work.repo.ts';
import { nodeNow, noteNodeMove, noteProgress, taskState } from './goals.audit.ts';
import { type Clock, changedOnce, check, forbid, type In, GOALS_MESSAGES as M } from './goals.common.ts';
import type { GoalsRepo } from './goals.repo.ts';

type ProgressDeps = { repo: GoalsRepo; access: GoalAccess; clock: Clock };

/** 进度上报: a node's principal (or the task's) reports; the department, then the creator, audit. */
export function createGoalProgressService(deps: ProgressDeps) {
  const context = progressContext(deps);
  return { ...progressReports(context), ...progressAudit(context) };
}

function progressContext(deps: ProgressDeps) {
  const { repo } = deps;

  async function reports(of: ProgressFilter, filesOf: FileFilter): Promise<ProgressReport[]> {
    const files: GoalFile[] = (await repo.files(filesOf)).map(toFile);
    return (await repo.progress(of)).map((r) => toProgress(r, files));
  }
  async function oneReport(id: string) {
    const [report] = await reports({ ids: [id] }, { ownerType: 'TaskProgress', ownerIds: [id] });
    if (!report) throw notFound(M.progressNotFound);
    return report;
  }
  /** A report's files: an audit reads them once for the operation log's before and after (it changes none). */
  async function filesOfReport(id: string): Promise<GoalFile[]> {
    return (await repo.files({ ownerType: 'TaskProgress', ownerIds: [id] })).map(toFile);
  }

  return { ...deps, reports, oneReport, filesOfReport };
}
type ProgressContext = ReturnType<typeof progressContext>;

function progressReports({ repo, access, clock, reports, oneReport }: ProgressContext) {
  return {
    /** Progress reports by id with their files (the annual view's audit list pages its own ids). */
    async progressByIds(ids: string[]): Promise<ProgressReport[]> {
      if (ids.length === 0) return [];
      return reports({ ids }, { ownerType: 'TaskProgress', ownerIds: ids });
    },

    async progress(actor: Actor, q: In<typeof S.ProgressListQuerySchema>) {
      await access.readTask(actor, q.taskId);
      return reports({ taskId: q.taskId, nodeId: q.nodeId }, { taskId: q.taskId, ownerType: 'TaskProgress' });
    },

    async reportProgress(actor: Actor, body: In<typeof S.ProgressBodySchema>): Promise<ProgressReport> {
      const { node, task } = await access.loadNode(actor, body.nodeId);
      if (node.principalId !== actor.userId && !canDecompose(actor, task)) throw forbid(M.needReporter);
      const hasOpenReport = await repo.hasOpenReport(node.id);
      const state = check(canReportProgress({ nodeState: node.state, hasOpenReport }));
      const id = newId();
      await repo.transaction(async (tx) => {
        await tx.insertProgress({
          id,
          taskId: task.id,
          nodeId: node.id,
          type: body.type,
          content: body.content,
          completion: body.completion ?? null,
          auditState: state,
          reporterUserId: actor.userId,
          reportedAt: clock.now(),
        });
        await attachFiles(tx, {
          actor,
          taskId: task.id,
          ownerType: 'TaskProgress',
          ownerId: id,
          fileType: body.type === 'final' ? 'finalResultDocument' : 'processDocument',
          fileIds: body.fileIds ?? [],
          at: clock.now(),
        });
        const reported = { id, taskId: task.id, nodeName: node.name, type: body.type };
        await notifyProgressReported(tx, actor.userId, reported);
      });
      return oneReport(id);
    },
  };
}

function progressAudit({ repo, access, clock, filesOfReport }: ProgressContext) {
  return {
    async auditProgress(actor: Actor, body: In<typeof S.ProgressAuditBodySchema>): Promise<ProgressReport> {
      const [report] = await repo.progress({ ids: [body.id] });
      if (!report) throw notFound(M.progressNotFound);
      const task = await access.readTask(actor, report.taskId, M.progressNotFound);
      const isCreator = task.creatorId === actor.userId;
      const from = report.auditState;
      // childPass is the department's; pass is the creator's; the department may reject only what it reviews.
      if (body.decision === 'childPass' && !task.isDeptManager) throw forbid(M.needDepartAudit);
      if (body.decision === 'pass' && !isCreator) throw forbid(M.needCreatorAudit);
      if (body.decision === 'reject' && !isCreator && !(task.isDeptManager && from === 'reviewing')) {
        throw forbid(task.isDeptManager ? M.needCreatorAudit : M.needDepartAudit);
      }
      const next = check(progressAuditTransition(from, body.decision));
      const nodeEvent = nodeEventOfProgressAudit(report.type, next);
      const [node] = await repo.nodes({ id: report.nodeId });
      const nodeNext = nodeEvent ? check(nodeTransition(node!.state, nodeEvent)) : null;
      const today = clock.today();
      // The operation log's "before", read together: apart they were three round trips in a row at a deadline.
      const [files, nodeNowBefore, taskBefore] = await Promise.all([
        filesOfReport(report.id),
        nodeNext ? nodeNow(repo, report.nodeId, today) : null,
        nodeNext ? taskState(repo, report.taskId) : null,
      ]);
      const before = toProgress(report, files);
      const nodeBefore = { node: nodeNowBefore, task: taskBefore };
      await repo.transaction(async (tx) => {
        const decision = { from, to: next, opinion: body.opinion ?? '', auditorUserId: actor.userId };
        changedOnce(await tx.decideProgress(report.id, { ...decision, auditedAt: clock.now() }));
        if (nodeNext) {
          changedOnce(await tx.moveNode(report.nodeId, node!.state, { state: nodeNext }));
          await refreshTaskState(tx, report.taskId, clock.now());
        }
        await notifyProgressAudited(tx, actor.userId, report, decision);
      });
      const [decided] = await repo.progress({ ids: [report.id] });
      if (!decided) throw notFound(M.progressNotFound);
      const after = toProgress(decided, files);
      noteProgress(actor, before, after);
      await noteNodeMove(actor, { repo, today }, nodeBefore);
      return after;
    },
  };
}
