import type {
  NodeSituation,
  PerformSituation,
  SituationCatalogItem,
  TargetTask,
  TaskDetail,
  TaskSituation,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import type { GoalAccess } from './goal-access.ts';
import { toTask } from './goal-rows.ts';
import { situationWorkbook } from './goal-situation.excel.ts';
import type { TaskFilter, TaskRightRow } from './goal-tasks.repo.ts';
import { type Clock, forbid, GOALS_MESSAGES as M, refuse } from './goals.common.ts';
import type { GoalsRepo } from './goals.repo.ts';

export const SITUATION_MESSAGES = {
  needWriter: '只有任务创建人或任务负责人可以填写完成情况',
} as const;

/** The creator and the principal write a task's 完成情况; a withdrawn task takes none. */
const canWriteSituation = (actor: Actor, right: TaskRightRow) =>
  !right.isWithdrawn && (right.creatorId === actor.userId || right.principalId === actor.userId);

/** One node's execution and assessment, counted from the detail's progress reports and delays. */
export function nodeSituations(detail: Pick<TaskDetail, 'nodes' | 'progress' | 'delays'>): NodeSituation[] {
  return detail.nodes.map((node) => {
    const reports = detail.progress.filter((p) => p.nodeId === node.id);
    const passed = reports.filter((p) => p.auditState === 'pass');
    // Times are yyyy-MM-dd HH:mm:ss, so the newest is the greatest string.
    const newest = <T extends { reportedAt: string }>(list: T[]) =>
      list.reduce<T | null>((a, b) => (a === null || b.reportedAt > a.reportedAt ? b : a), null);
    const delays = detail.delays.filter((d) => d.nodeId === node.id);
    return {
      nodeId: node.id,
      name: node.name,
      principalName: node.principalName,
      startDate: node.startDate,
      endDate: node.endDate,
      state: node.state,
      warningType: node.warningType,
      reportCount: reports.length,
      passedCount: passed.length,
      reviewingCount: reports.filter((p) => p.auditState === 'reviewing' || p.auditState === 'childPass')
        .length,
      rejectedCount: reports.filter((p) => p.auditState === 'reject').length,
      completion: newest(passed)?.completion ?? null,
      isFinalPassed: passed.some((p) => p.type === 'final'),
      lastReportedAt: newest(reports)?.reportedAt ?? null,
      delayCount: delays.length,
      delayPassedCount: delays.filter((d) => d.auditState === 1).length,
    };
  });
}

/** The task first, then each task under its parent (in the list's order), depth-first. */
export function catalogOrder(rootId: string, tasks: readonly TargetTask[]): SituationCatalogItem[] {
  const ids = new Set(tasks.map((t) => t.id));
  const children = new Map<string, TargetTask[]>();
  for (const task of tasks) {
    if (task.id === rootId) continue;
    // A task whose parent the caller cannot see hangs under the asked task.
    const parent = task.parentId && ids.has(task.parentId) ? task.parentId : rootId;
    children.set(parent, [...(children.get(parent) ?? []), task]);
  }
  const out: SituationCatalogItem[] = [];
  const visit = (task: TargetTask, depth: number) => {
    out.push({
      id: task.id,
      parentId: task.parentId,
      name: task.name,
      departmentName: task.departmentName,
      principalName: task.principalName,
      state: task.state,
      scheduleStatus: task.scheduleStatus,
      progress: task.progress,
      nodeCount: task.nodeCount,
      doneNodeCount: task.doneNodeCount,
      warningType: task.warningType,
      situation: task.situation,
      depth,
    });
    for (const child of children.get(task.id) ?? []) visit(child, depth + 1);
  };
  const root = tasks.find((t) => t.id === rootId);
  if (root) visit(root, 0);
  return out;
}

/**
 * 完成情况 of a target task: the catalog of it and its sub-tasks, each node's execution and assessment,
 * their Excel export, and the 完成情况 text its creator or principal writes. Reading needs what
 * getTargetTaskVo needs (visibleTask); the counts come from that same detail.
 */
export function createGoalSituationService(deps: {
  repo: GoalsRepo;
  access: GoalAccess;
  clock: Clock;
  taskDetail(actor: Actor, id: string): Promise<TaskDetail>;
}) {
  const { repo, access, clock } = deps;

  async function visibleTasks(actor: Actor, filter: TaskFilter) {
    const today = clock.today();
    const { records } = await repo.tasks({ actor, filter, today, limit: 10_000, offset: 0 });
    return records.map((r) => toTask(r, actor, today));
  }

  async function catalog(actor: Actor, id: string): Promise<SituationCatalogItem[]> {
    await access.readTask(actor, id);
    const tasks = await visibleTasks(actor, { subtreeOf: id });
    return catalogOrder(id, tasks);
  }

  async function perform(actor: Actor, id: string): Promise<PerformSituation> {
    const detail = await deps.taskDetail(actor, id);
    const nodes = nodeSituations(detail);
    return {
      task: detail.task,
      nodes,
      totals: {
        nodeCount: nodes.length,
        doneNodeCount: detail.nodes.filter((n) => n.state === 'hasDone' || n.state === 'delayDone').length,
        finalPassedCount: nodes.filter((n) => n.isFinalPassed).length,
        reviewingCount: nodes.reduce((sum, n) => sum + n.reviewingCount, 0),
        warningCount: nodes.filter((n) => n.warningType !== null).length,
        delayCount: nodes.reduce((sum, n) => sum + n.delayCount, 0),
      },
    };
  }

  async function situation(actor: Actor, id: string): Promise<TaskSituation> {
    const right = await access.readTask(actor, id);
    const [task] = await visibleTasks(actor, { id });
    if (!task) throw notFound(M.taskNotFound);
    return { id, name: task.name, situation: task.situation, canEdit: canWriteSituation(actor, right) };
  }

  return {
    situationCatalog: catalog,
    performSituation: perform,

    async exportSituation(actor: Actor, id: string) {
      const [performed, items] = await Promise.all([perform(actor, id), catalog(actor, id)]);
      return {
        fileName: `${performed.task.name}完成情况.xlsx`,
        bytes: await situationWorkbook(performed, items),
      };
    },

    taskSituation: situation,

    async updateTaskSituation(actor: Actor, body: { id: string; situation: string }) {
      const right = await access.readTask(actor, body.id);
      if (right.isWithdrawn) throw refuse(M.withdrawnTask);
      if (!canWriteSituation(actor, right)) throw forbid(SITUATION_MESSAGES.needWriter);
      await repo.setSituation(body.id, body.situation);
      return situation(actor, body.id);
    },
  };
}
