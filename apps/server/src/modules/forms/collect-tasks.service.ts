import {
  ALLOCATION_STATE_LABELS,
  type AllocationState,
  allocate,
  auditAllocation,
  type CollectTaskState,
  type CreateCollectTaskBody,
  closeOutdatedTask,
  FILL_STATE_LABELS,
  type FillState,
  finishTask,
  type PagingQuery,
  pauseTask,
  resumeTask,
  rollbackAllocation,
  type UpdateCollectTaskBody,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { writeWorkbook } from '../../platform/excel/write.ts';
import { newId } from '../../platform/ids.ts';
import { formatDateTime } from '../../platform/time.ts';
import {
  assertManager,
  COLLECT_MESSAGES as M,
  stale,
  toAllocation,
  toTask,
  unprocessable,
} from './collect.model.ts';
import type { CollectRepo } from './collect.repo.ts';
import { allocatedNotices, type NoticedFill, returnedNotices } from './collect-notices.ts';

const ACTIONS = { pause: pauseTask, resume: resumeTask, finish: finishTask } as const;

/** 采集任务 and 任务分配: the data manager sends tasks to departments, their heads name the fillers. */
export function createCollectTasksService(deps: { repo: CollectRepo; now?: () => Date }) {
  const context: TasksContext = { repo: deps.repo, now: deps.now ?? (() => new Date()) };
  return {
    ...taskCreation(context),
    ...taskChanges(context),
    ...allocationFillers(context),
    ...allocationDecisions(context),
    ...allocationExport(context),
  };
}

interface TasksContext {
  repo: CollectRepo;
  now: () => Date;
}

async function taskOf(repo: CollectRepo, id: string) {
  const row = await repo.taskListRow(id);
  if (!row) throw notFound(M.taskNotFound);
  return toTask(row);
}

async function allocationOf(repo: CollectRepo, id: string) {
  const row = await repo.allocationListRow(id);
  if (!row) throw notFound(M.allocationNotFound);
  return toAllocation(row);
}

/** Fill rows as their messages name them: with the form's and the task's names. */
function noticed(
  fills: readonly { id: string; fillerId: string; formId: string }[],
  taskForms: readonly { formId: string; name: string }[],
  taskName: string,
): NoticedFill[] {
  const formName = new Map(taskForms.map((f) => [f.formId, f.name]));
  return fills.map((f) => ({
    id: f.id,
    fillerId: f.fillerId,
    formName: formName.get(f.formId) ?? '',
    taskName,
  }));
}

/** The task list and a new task. */
function taskCreation({ repo }: TasksContext) {
  return {
    async taskPage(
      actor: Actor,
      query: { keyword?: string | undefined; state?: string | undefined } & PagingQuery,
    ) {
      assertManager(actor);
      const page = await repo.taskPage(query, query);
      return { records: page.records.map(toTask), total: page.total };
    },

    async createTask(actor: Actor, body: CreateCollectTaskBody) {
      assertManager(actor);
      if (body.deadline.getTime() <= body.startAt.getTime())
        throw new AppError('VALIDATION', M.deadlineBeforeStart);
      const formIds = [...new Set(body.formIds)];
      const departmentIds = [...new Set(body.departmentIds)];
      const found = await repo.findForms(formIds);
      if (found.length !== formIds.length) throw notFound(M.formNotFound);
      for (const form of found)
        if (form.publishState !== 'published' || form.publishedVersion === null)
          unprocessable(M.formUnpublished(form.name));
      if ((await repo.findDepartments(departmentIds)).length !== departmentIds.length)
        throw new AppError('VALIDATION', M.departmentMissing);
      if (body.cycleId && !(await repo.cycleExists(body.cycleId)))
        throw new AppError('VALIDATION', M.cycleMissing);
      const id = newId();
      await repo.transaction((tx) =>
        tx.insertTask({
          task: {
            id,
            name: body.name,
            cycleId: body.cycleId || null,
            startAt: body.startAt,
            deadline: body.deadline,
            state: 'normal',
            remark: body.remark ?? '',
            createdBy: actor.userId,
          },
          // Each form goes out at its published version: a later design does not change what fillers see.
          forms: found.map((f) => ({ taskId: id, formId: f.id, formVersion: f.publishedVersion as number })),
          allocations: departmentIds.map((departmentId) => ({ id: newId(), taskId: id, departmentId })),
        }),
      );
      return taskOf(repo, id);
    },
  };
}

/** A task's changes: edits and pause/resume/finish, deletion, and the close of outdated tasks. */
function taskChanges({ repo, now }: TasksContext) {
  return {
    async updateTask(actor: Actor, id: string, body: UpdateCollectTaskBody) {
      assertManager(actor);
      const task = await repo.findTask(id);
      if (!task) throw notFound(M.taskNotFound);
      const deadline = body.deadline ?? task.deadline;
      if (deadline.getTime() <= task.startAt.getTime())
        throw new AppError('VALIDATION', M.deadlineBeforeStart);
      let state = task.state as CollectTaskState;
      if (body.action) {
        const move = ACTIONS[body.action](state);
        if (!move.ok) unprocessable(move.message);
        state = move.to;
      }
      const changed = await repo.updateTask(id, task.state, {
        name: body.name ?? task.name,
        deadline,
        remark: body.remark ?? task.remark,
        state,
      });
      if (!changed) stale();
      return taskOf(repo, id);
    },

    async deleteTask(actor: Actor, id: string) {
      assertManager(actor);
      await repo.transaction(async (tx) => {
        const task = await tx.findTask(id);
        if (!task) throw notFound(M.taskNotFound);
        if (await tx.hasSubmittedFill(id)) unprocessable(M.taskHasSubmissions);
        await tx.deleteTask(id);
      });
    },

    /** Finishes every open or paused task past its deadline; answers how many. */
    async closeOutdated(actor: Actor) {
      assertManager(actor);
      const at = now();
      const due = await repo.outdatedTasks(at);
      const byState = new Map<string, string[]>();
      for (const task of due) {
        const move = closeOutdatedTask({
          state: task.state as CollectTaskState,
          deadline: new Date(task.deadline),
          now: at,
        });
        if (move.ok) byState.set(task.state, [...(byState.get(task.state) ?? []), task.id]);
      }
      let closed = 0;
      for (const [state, ids] of byState) closed += await repo.finishTasks(ids, state);
      return { closed };
    },
  };
}

/** 任务分配: the allocations a reader sees, and the head naming the department's fillers. */
function allocationFillers({ repo }: TasksContext) {
  return {
    async allocationPage(
      actor: Actor,
      query: {
        keyword?: string | undefined;
        taskId?: string | undefined;
        state?: string | undefined;
      } & PagingQuery,
    ) {
      const page = await repo.allocationPage(
        { reader: actor, keyword: query.keyword, taskId: query.taskId, state: query.state },
        query,
      );
      return { records: page.records.map(toAllocation), total: page.total };
    },

    /**
     * The head names the department's fillers: one fill task per filler and form. A kept filler keeps
     * their fill tasks (and drafts); a dropped one may go only while they have submitted nothing.
     */
    async allocate(actor: Actor, body: { allocationId: string; fillerIds: string[] }) {
      const fillerIds = [...new Set(body.fillerIds)];
      await repo.transaction(async (tx) => {
        const allocation = await tx.findAllocation(body.allocationId);
        if (!allocation) throw notFound(M.allocationNotFound);
        const [department] = await tx.findDepartments([allocation.departmentId]);
        if (department?.headUserId !== actor.userId) throw new AppError('FORBIDDEN', M.notHead);
        const task = await tx.findTask(allocation.taskId);
        if (!task) throw notFound(M.taskNotFound);
        const move = allocate({
          state: allocation.state as AllocationState,
          taskState: task.state as CollectTaskState,
          fillerCount: fillerIds.length,
        });
        if (!move.ok) unprocessable(move.message);
        const members = await tx.usersOfDepartment(fillerIds, allocation.departmentId);
        if (members.length !== fillerIds.length) throw new AppError('VALIDATION', M.fillerOutside);
        const existing = await tx.fillsOfAllocation(allocation.id);
        const dropped = existing.filter((f) => !fillerIds.includes(f.fillerId));
        const submitted = dropped.find((f) => f.state !== 'uncommitted' || f.committedAt !== null);
        if (submitted) {
          const [user] = await tx.findUserNames([submitted.fillerId]);
          unprocessable(M.fillerSubmitted(user?.name ?? submitted.fillerId));
        }
        if (!(await tx.updateAllocation(allocation.id, allocation.state, { state: move.to }))) stale();
        await tx.deleteFills(dropped.map((f) => f.id));
        const taskForms = await tx.taskForms(task.id);
        const written = await tx.insertFills(
          fillerIds.flatMap((fillerId) =>
            taskForms.map((form) => ({
              id: newId(),
              allocationId: allocation.id,
              taskId: task.id,
              formId: form.formId,
              fillerId,
            })),
          ),
        );
        // Only the fills this allocation added: a kept filler was told of theirs before. One write for all.
        await tx.notify(
          allocatedNotices({
            actor,
            fills: noticed(written, taskForms, task.name),
            deadline: formatDateTime(task.deadline),
          }),
        );
      });
      return allocationOf(repo, body.allocationId);
    },
  };
}

/** The data manager passes a department's allocation or sends its data back. */
function allocationDecisions({ repo, now }: TasksContext) {
  return {
    async auditAllocation(actor: Actor, id: string) {
      assertManager(actor);
      await repo.transaction(async (tx) => {
        const allocation = await tx.findAllocation(id);
        if (!allocation) throw notFound(M.allocationNotFound);
        const move = auditAllocation({
          state: allocation.state as AllocationState,
          unfinishedFills: await tx.unfinishedFillCount(id),
        });
        if (!move.ok) unprocessable(move.message);
        const changed = await tx.updateAllocation(id, allocation.state, {
          state: move.to,
          auditedBy: actor.userId,
          auditedAt: now(),
          reason: '',
        });
        if (!changed) stale();
      });
      return allocationOf(repo, id);
    },

    /** The department's data goes back: its passed fill tasks return to their fillers with the reason. */
    async rollbackAllocation(actor: Actor, body: { taskId: string; departmentId: string; reason: string }) {
      assertManager(actor);
      const id = await repo.transaction(async (tx) => {
        const allocation = await tx.findAllocationOf(body.taskId, body.departmentId);
        const task = await tx.findTask(body.taskId);
        if (!allocation || !task) throw notFound(M.allocationNotFound);
        const move = rollbackAllocation({
          state: allocation.state as AllocationState,
          taskState: task.state as CollectTaskState,
          reason: body.reason,
        });
        if (!move.ok) unprocessable(move.message);
        const changed = await tx.updateAllocation(allocation.id, allocation.state, {
          state: move.to,
          reason: body.reason,
          auditedBy: null,
          auditedAt: null,
        });
        if (!changed) stale();
        const returned = await tx.rollbackFinishedFills(allocation.id, body.reason);
        await tx.notify(
          returnedNotices(actor, noticed(returned, await tx.taskForms(task.id), task.name), body.reason),
        );
        return allocation.id;
      });
      return allocationOf(repo, id);
    },
  };
}

function allocationExport({ repo }: TasksContext) {
  return {
    /** The task's allocations with their progress, and every fill task, as a workbook. */
    async exportAllocations(actor: Actor, taskId: string) {
      assertManager(actor);
      const task = await repo.findTask(taskId);
      if (!task) throw notFound(M.taskNotFound);
      const allocations = (await repo.allocationsOfTask(taskId)).map(toAllocation);
      const fills = await repo.fillsOfTask(taskId);
      const bytes = await writeWorkbook([
        {
          name: '部门进度',
          columns: [
            { header: '部门' },
            { header: '分配状态' },
            { header: '填报任务数' },
            { header: '未提交' },
            { header: '待审核' },
            { header: '已退回' },
            { header: '已完成' },
            { header: '退回原因' },
          ],
          rows: allocations.map((a) => [
            a.departmentName,
            ALLOCATION_STATE_LABELS[a.state],
            a.fillCount,
            a.uncommittedCount,
            a.unauditedCount,
            a.rollbackCount,
            a.finishedCount,
            a.reason,
          ]),
        },
        {
          name: '填报明细',
          columns: [
            { header: '部门' },
            { header: '填报人' },
            { header: '表单' },
            { header: '状态' },
            { header: '提交时间' },
            { header: '退回原因' },
          ],
          rows: fills.map((f) => [
            f.departmentName,
            f.fillerName,
            f.formName,
            FILL_STATE_LABELS[f.state as FillState],
            f.committedAt ? formatDateTime(new Date(f.committedAt)) : '',
            f.rollbackReason,
          ]),
        },
      ]);
      return { name: `${task.name}-分配进度.xlsx`, bytes };
    },
  };
}

export type CollectTasksService = ReturnType<typeof createCollectTasksService>;
