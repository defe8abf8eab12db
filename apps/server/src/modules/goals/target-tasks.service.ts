import type * as S from '@eduqa/contract';
import {
  canDeleteTask,
  canEditTask,
  canRepublishTask,
  canWithdrawTask,
  type TargetTask,
  type TaskDetail,
  type TaskTreeNode,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { canDecompose, canUrge, type GoalAccess } from './goal-access.ts';
import { notifyTasksIssued } from './goal-notices.ts';
import { toAudit, toDelay, toFile, toNode, toProgress, toTask } from './goal-rows.ts';
import type { TaskColumns } from './goal-tasks.repo.ts';
import { noteTask, taskState } from './goals.audit.ts';
import { type Clock, check, type In, GOALS_MESSAGES as M, type Paged, refuse } from './goals.common.ts';
import { taskDetailWorkbook } from './goals.excel.ts';
import type { GoalsRepo } from './goals.repo.ts';

type TaskBody = In<typeof S.TargetTaskUpdateBodySchema> | In<typeof S.TargetTaskBodySchema>;

/** The columns a task's create and update both write from the request. */
const taskColumns = (body: TaskBody): TaskColumns => ({
  name: body.name,
  type: body.type,
  examType: body.examType,
  targetValue: body.targetValue ?? '',
  departmentId: body.departmentId,
  principalUserId: body.principalId,
  startDate: body.startDate,
  endDate: body.endDate,
  detail: body.detail ?? '',
  situation: body.situation ?? '',
});

type TargetTasksDeps = { repo: GoalsRepo; access: GoalAccess; clock: Clock };

/** 目标任务: the publisher creates them; their creator alone changes, withdraws, moves or deletes them. */
export function createTargetTasksService(deps: TargetTasksDeps) {
  const context = targetTasksContext(deps);
  return { ...taskReading(context), ...taskEditing(context), ...taskCatalog(context) };
}

function targetTasksContext(deps: TargetTasksDeps) {
  const { repo, access, clock } = deps;

  async function tasksByIds(actor: Actor, ids: readonly string[]) {
    const on = clock.today();
    return (await repo.tasksByIds(ids)).map((r) => toTask(r, actor, on));
  }
  async function oneTask(actor: Actor, id: string) {
    const [task] = await tasksByIds(actor, [id]);
    if (!task) throw notFound(M.taskNotFound);
    return task;
  }

  async function checkUsersAndDepartments(input: TaskBody) {
    const collaborators = [...new Set(input.collaboratingDepartmentIds ?? [])];
    if (collaborators.includes(input.departmentId)) throw refuse(M.collaboratorIsResponsible);
    const departments = await repo.exists('departments', [input.departmentId, ...collaborators]);
    if (!departments.has(input.departmentId)) throw refuse(M.departmentNotFound);
    if (collaborators.some((id) => !departments.has(id))) throw refuse(M.collaboratorNotFound);
    const users = await repo.exists('users', [input.principalId]);
    if (!users.has(input.principalId)) throw refuse(M.principalNotFound);
    return collaborators;
  }

  /** A sub-task's parent: a visible top task of the same year target whose dates hold the child's. */
  async function checkParent(
    actor: Actor,
    parentId: string,
    child: { yearTargetId: string; startDate: string; endDate: string },
  ) {
    const parent = await access.readTask(actor, parentId);
    if (parent.yearTargetId !== child.yearTargetId) throw refuse(M.parentOtherYear);
    if (parent.parentId) throw refuse(M.parentIsSubTask);
    if (child.startDate < parent.startDate || child.endDate > parent.endDate) throw refuse(M.subTaskDates);
  }

  return { ...deps, tasksByIds, oneTask, checkUsersAndDepartments, checkParent };
}
type TargetTasksContext = ReturnType<typeof targetTasksContext>;

function taskReading({ repo, access, clock, tasksByIds, oneTask }: TargetTasksContext) {
  return {
    /** Tasks by id as the caller sees them, in no particular order (the annual view pages its own ids). */
    tasksByIds: (actor: Actor, ids: string[]): Promise<TargetTask[]> => tasksByIds(actor, ids),

    async tasks(actor: Actor, q: In<typeof S.TargetTaskListQuerySchema>): Promise<Paged<TargetTask>> {
      const on = clock.today();
      const { records, total } = await repo.tasks({ actor, filter: q, today: on, ...pageOf(q) });
      return { records: records.map((r) => toTask(r, actor, on)), total };
    },

    async taskDetail(actor: Actor, id: string): Promise<TaskDetail> {
      const right = await access.readTask(actor, id);
      const on = clock.today();
      // Read together once the right is known: each is one statement, and one after another they were
      // the detail's seven round trips.
      const [task, subs, fileRows, nodes, progress, audits, delays] = await Promise.all([
        oneTask(actor, id),
        repo.tasks({ actor, filter: { parentId: id }, today: on, limit: 10_000, offset: 0 }),
        repo.files({ taskId: id }),
        repo.nodes({ taskId: id }),
        repo.progress({ taskId: id }),
        repo.audits(id),
        repo.delays({ taskId: id }),
      ]);
      const files = fileRows.map(toFile);
      const isCreator = right.creatorId === actor.userId;
      return {
        task,
        subTasks: subs.records.map((r) => toTask(r, actor, on)),
        nodes: nodes.map((r) => toNode(r, on)),
        progress: progress.map((r) => toProgress(r, files)),
        audits: audits.map(toAudit),
        delays: delays.map(toDelay),
        files: files.filter((f) => f.ownerType === 'YearTask'),
        rights: {
          canEdit: isCreator,
          canDecompose: canDecompose(actor, right),
          canAuditDecomposition: isCreator,
          canDepartAudit: right.isDeptManager,
          canFinalAudit: isCreator,
          canUrge: canUrge(actor, right),
        },
      };
    },

    async exportTasks(actor: Actor, q: Omit<In<typeof S.TargetTaskListQuerySchema>, 'pageNum' | 'pageSize'>) {
      const on = clock.today();
      const { records } = await repo.tasks({ actor, filter: q, today: on, limit: 100_000, offset: 0 });
      return taskDetailWorkbook(records.map((r) => toTask(r, actor, on)));
    },
  };
}

function taskEditing({
  repo,
  access,
  clock,
  oneTask,
  checkUsersAndDepartments,
  checkParent,
}: TargetTasksContext) {
  return {
    async insertTask(actor: Actor, body: In<typeof S.TargetTaskBodySchema>) {
      access.requirePublisher(actor);
      if (!(await repo.existingYearTargets([body.yearTargetId])).has(body.yearTargetId)) {
        throw notFound(M.yearTargetNotFound);
      }
      if (body.parentId) await checkParent(actor, body.parentId, body);
      const collaboratorIds = await checkUsersAndDepartments(body);
      const id = newId();
      const task = { id, yearTargetId: body.yearTargetId, parentId: body.parentId ?? null, collaboratorIds };
      await repo.transaction(async (tx) => {
        await tx.insertTasks([{ ...task, ...taskColumns(body) }], actor.userId);
        await notifyTasksIssued(tx, actor.userId, [id]);
      });
      return oneTask(actor, id);
    },

    async updateTask(actor: Actor, body: In<typeof S.TargetTaskUpdateBodySchema>) {
      const task = await access.ownTask(actor, body.id);
      check(canEditTask(task.state));
      const parent = task.parentId ? await repo.taskSpan(task.parentId) : null;
      if (parent && (body.startDate < parent.start || body.endDate > parent.end))
        throw refuse(M.subTaskDates);
      const span = await repo.nodeSpan(body.id);
      if (span.start && (span.start < body.startDate || (span.end ?? '') > body.endDate)) {
        throw refuse(M.taskDatesCoverNodes);
      }
      const collaborators = await checkUsersAndDepartments(body);
      await repo.transaction(async (tx) => {
        const before = (await tx.taskCollaborators([body.id])).get(body.id) ?? [];
        await tx.updateTask(body.id, { ...taskColumns(body), updatedAt: clock.now() }, collaborators);
        await notifyTasksIssued(tx, actor.userId, [body.id], {
          principal: body.principalId !== task.principalId,
          department: body.departmentId !== task.departmentId,
          collaborators: collaborators.filter((id) => !before.includes(id)),
        });
      });
      return oneTask(actor, body.id);
    },

    async deleteTasks(actor: Actor, ids: string[]) {
      for (const id of ids) {
        await access.ownTask(actor, id);
        const nodeStates = await repo.nodeStates(id);
        check(canDeleteTask({ nodeStates, subTaskCount: await repo.subTaskCount(id, ids) }));
      }
      await repo.transaction((tx) => tx.deleteTasks(ids));
    },

    async withdrawTask(actor: Actor, id: string) {
      const task = await access.ownTask(actor, id);
      check(canWithdrawTask({ auditState: task.auditState, isWithdrawn: task.isWithdrawn }));
      const before = await taskState(repo, id);
      await repo.setTask(id, { isWithdrawn: true, updatedAt: clock.now() });
      noteTask(actor, before, await taskState(repo, id));
      return oneTask(actor, id);
    },

    async republishTask(actor: Actor, id: string) {
      const task = await access.ownTask(actor, id);
      check(canRepublishTask(task.isWithdrawn));
      const before = await taskState(repo, id);
      await repo.setTask(id, { isWithdrawn: false, updatedAt: clock.now() });
      noteTask(actor, before, await taskState(repo, id));
      return oneTask(actor, id);
    },
  };
}

function taskCatalog({ repo, access, clock, oneTask }: TargetTasksContext) {
  return {
    async tree(actor: Actor, yearTargetId: string): Promise<TaskTreeNode[]> {
      const { records } = await repo.tasks({
        actor,
        filter: { yearTargetId },
        today: clock.today(),
        limit: 1_000_000,
        offset: 0,
      });
      const nodes = new Map<string, TaskTreeNode>(
        records.map((r) => [r.id, { id: r.id, name: r.name, type: r.type, state: r.state, children: [] }]),
      );
      const roots: TaskTreeNode[] = [];
      for (const r of records) {
        const parent = r.parentId ? nodes.get(r.parentId) : undefined;
        (parent ? parent.children : roots).push(nodes.get(r.id)!);
      }
      return roots;
    },

    async moveInCatalog(actor: Actor, body: In<typeof S.TaskCatalogBodySchema>) {
      const task = await access.ownTask(actor, body.id);
      if (body.parentId) {
        if (body.parentId === body.id) throw refuse(M.parentIsSelf);
        const parent = await access.readTask(actor, body.parentId);
        if (parent.yearTargetId !== task.yearTargetId) throw refuse(M.parentOtherYear);
        if (parent.parentId) throw refuse(M.parentIsSubTask);
        if (await repo.hasSubTasks(body.id)) throw refuse(M.hasSubTasks);
        if (task.startDate < parent.startDate || task.endDate > parent.endDate) throw refuse(M.subTaskDates);
      }
      await repo.setTask(body.id, {
        parentId: body.parentId ?? null,
        ...(body.sort === undefined ? {} : { sort: body.sort }),
        updatedAt: clock.now(),
      });
      return oneTask(actor, body.id);
    },
  };
}
