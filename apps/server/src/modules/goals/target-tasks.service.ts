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
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { likePattern, sqlAnd } from '../../platform/sql.ts';
import { canDecompose, type GoalAccess, visibleInView, visibleTask } from './goal-access.ts';
import { toAudit, toDelay, toFile, toNode, toProgress, toTask } from './goal-rows.ts';
import type { TaskColumns } from './goal-tasks.repo.ts';
import { warningItems } from './goal-warnings.repo.ts';
import { type Clock, check, type In, GOALS_MESSAGES as M, type Paged, refuse } from './goals.common.ts';
import { taskDetailWorkbook } from './goals.excel.ts';
import type { GoalsRepo } from './goals.repo.ts';

type TaskBody = In<typeof S.TargetTaskUpdateBodySchema> | In<typeof S.TargetTaskBodySchema>;
type TaskQuery = Partial<In<typeof S.TargetTaskListQuerySchema>>;

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

/** The SQL twin of deriveScheduleStatus. */
function scheduleCondition(status: NonNullable<TaskQuery['scheduleStatus']>, on: string): SQL {
  return {
    finish: sql`t.state = 'done'`,
    block: sql`t.state <> 'done' and t.end_date < ${on}::date`,
    normal: sql`t.state = 'doing' and t.end_date >= ${on}::date`,
    unstart: sql`t.state in ('waitResolve', 'hasResolved') and t.end_date >= ${on}::date`,
  }[status];
}

function taskWhere(actor: Actor, q: TaskQuery, on: string): SQL {
  const parts: SQL[] = [visibleInView(actor, q.view, 'mine')];
  if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
  if (q.cycleYear) {
    parts.push(
      sql`exists (select 1 from goal_year_targets cy where cy.id = t.year_target_id and cy.cycle_year = ${q.cycleYear})`,
    );
  }
  if (q.keyword) parts.push(sql`t.name ilike ${likePattern(q.keyword)}`);
  if (q.type) parts.push(sql`t.type = ${q.type}`);
  if (q.state) parts.push(sql`t.state = ${q.state}`);
  if (q.departmentId) parts.push(sql`t.department_id = ${q.departmentId}`);
  if (q.parentId) parts.push(sql`t.parent_id = ${q.parentId}`);
  if (q.topOnly) parts.push(sql`t.parent_id is null`);
  if (q.scheduleStatus) parts.push(sql`(${scheduleCondition(q.scheduleStatus, on)})`);
  if (q.warningType) {
    const column = q.warningType === 'final' ? sql`w.expired_count` : sql`w.process_count`;
    parts.push(
      sql`t.id in (select w.task_id from (${warningItems(sql`not t.is_withdrawn`, on)}) w where ${column} > 0)`,
    );
  }
  return sqlAnd(parts);
}

type TargetTasksDeps = { repo: GoalsRepo; access: GoalAccess; clock: Clock };

/** 目标任务: the publisher creates them; their creator alone changes, withdraws, moves or deletes them. */
export function createTargetTasksService(deps: TargetTasksDeps) {
  const context = targetTasksContext(deps);
  return { ...taskReading(context), ...taskEditing(context), ...taskCatalog(context) };
}

function targetTasksContext(deps: TargetTasksDeps) {
  const { repo, access, clock } = deps;

  /** A list's conditions and, for a view over departments, whose departments its statement reads. */
  const listQuery = (actor: Actor, q: TaskQuery, on: string) => ({
    where: taskWhere(actor, q, on),
    ...(q.view ? { mineOf: actor.userId } : {}),
  });

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

  return { ...deps, listQuery, tasksByIds, oneTask, checkUsersAndDepartments, checkParent };
}
type TargetTasksContext = ReturnType<typeof targetTasksContext>;

function taskReading({ repo, access, clock, listQuery, tasksByIds, oneTask }: TargetTasksContext) {
  return {
    /** Tasks by id as the caller sees them, in no particular order (the annual view pages its own ids). */
    tasksByIds: (actor: Actor, ids: string[]): Promise<TargetTask[]> => tasksByIds(actor, ids),

    async tasks(actor: Actor, q: In<typeof S.TargetTaskListQuerySchema>): Promise<Paged<TargetTask>> {
      const on = clock.today();
      const { records, total } = await repo.tasks({ ...listQuery(actor, q, on), ...pageOf(q) });
      return { records: records.map((r) => toTask(r, actor, on)), total };
    },

    async taskDetail(actor: Actor, id: string): Promise<TaskDetail> {
      const right = await access.readTask(actor, id);
      const on = clock.today();
      const task = await oneTask(actor, id);
      const subs = await repo.tasks({
        where: sqlAnd([sql`t.parent_id = ${id}`, visibleTask(actor)]),
        limit: 10_000,
        offset: 0,
      });
      const files = (await repo.files(sql`gf.task_id = ${id}`)).map(toFile);
      const isCreator = right.creatorId === actor.userId;
      return {
        task,
        subTasks: subs.records.map((r) => toTask(r, actor, on)),
        nodes: (await repo.nodes({ taskId: id })).map((r) => toNode(r, on)),
        progress: (await repo.progress(sql`p.task_id = ${id}`)).map((r) => toProgress(r, files)),
        audits: (await repo.audits(id)).map(toAudit),
        delays: (await repo.delays({ taskId: id })).map(toDelay),
        files: files.filter((f) => f.ownerType === 'YearTask'),
        rights: {
          canEdit: isCreator,
          canDecompose: canDecompose(actor, right),
          canAuditDecomposition: isCreator,
          canDepartAudit: right.isDeptManager,
          canFinalAudit: isCreator,
        },
      };
    },

    async exportTasks(actor: Actor, q: Omit<In<typeof S.TargetTaskListQuerySchema>, 'pageNum' | 'pageSize'>) {
      const on = clock.today();
      const { records } = await repo.tasks({
        ...listQuery(actor, q, on),
        limit: 100_000,
        offset: 0,
      });
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
      await repo.transaction((tx) => tx.insertTasks([{ ...task, ...taskColumns(body) }], actor.userId));
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
      await repo.transaction((tx) =>
        tx.updateTask(body.id, { ...taskColumns(body), updatedAt: clock.now() }, collaborators),
      );
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
      await repo.setTask(id, { isWithdrawn: true, updatedAt: clock.now() });
      return oneTask(actor, id);
    },

    async republishTask(actor: Actor, id: string) {
      const task = await access.ownTask(actor, id);
      check(canRepublishTask(task.isWithdrawn));
      await repo.setTask(id, { isWithdrawn: false, updatedAt: clock.now() });
      return oneTask(actor, id);
    },
  };
}

function taskCatalog({ repo, access, clock, oneTask }: TargetTasksContext) {
  return {
    async tree(actor: Actor, yearTargetId: string): Promise<TaskTreeNode[]> {
      const { records } = await repo.tasks({
        where: sqlAnd([sql`t.year_target_id = ${yearTargetId}`, visibleTask(actor)]),
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
