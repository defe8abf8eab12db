import type * as S from '@eduqa/contract';
import type { DiagnosisTask, TaskState } from '@eduqa/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { seesAll } from './diagnosis.access.ts';
import type { TaskStateRow } from './diagnosis.repo.ts';
import {
  type DiagnosisDeps,
  invalid,
  DIAGNOSIS_MESSAGES as M,
  type Paged,
  requireManage,
  unprocessable,
} from './diagnosis.rules.ts';
import { notifyTaskPausedOrResumed } from './diagnosis-notices.ts';
import { todayOf } from './point-rule.ts';

type In<T extends z.ZodType> = z.output<T>;

/** A task the actor may read; not-found otherwise. */
export async function visibleTaskOrThrow(
  repo: DiagnosisDeps['repo'],
  actor: Actor,
  id: string,
): Promise<DiagnosisTask> {
  const task = await repo.findTask(id, actor);
  if (!task) throw notFound(M.taskNotFound);
  return task;
}

/** What the task groups share: the deps and the helpers that load, check and grade tasks. */
interface TaskContext extends DiagnosisDeps {
  taskOrThrow(actor: Actor, id: string): Promise<DiagnosisTask>;
  taskState(id: string): Promise<TaskStateRow>;
  checkTaskBody(body: S.TaskInput): Promise<void>;
  recomputeTasks(taskIds: readonly string[]): Promise<void>;
}

/** Diagnosis tasks: the lists by page type, their life cycle (normal, pause, finished) and deletion. */
export function createDiagnosisTaskService(deps: DiagnosisDeps) {
  const { repo, now } = deps;

  const taskOrThrow = (actor: Actor, id: string) => visibleTaskOrThrow(repo, actor, id);

  async function taskState(id: string) {
    const task = await repo.findTaskState(id);
    if (!task) throw notFound(M.taskNotFound);
    return task;
  }

  async function checkTaskBody(body: S.TaskInput) {
    if (body.endDate < body.startDate) throw invalid(M.dateOrder);
    if (body.cycleId && !(await repo.cycleExists(body.cycleId))) throw invalid(M.cycleNotFound);
  }

  /** Grades of a finished task, or one whose end date moved, follow: `unfinished` depends on both. */
  async function recomputeTasks(taskIds: readonly string[]) {
    await deps.recompute({ objectTaskIds: await repo.objectTaskIdsOfTasks(taskIds), now: now() });
  }

  const ctx: TaskContext = { ...deps, taskOrThrow, taskState, checkTaskBody, recomputeTasks };
  return { ...taskReading(ctx), ...taskLifeCycle(ctx) };
}

const taskFields = (body: S.TaskInput) => ({
  name: body.name,
  level: body.level,
  cycleId: body.cycleId ?? null,
  period: body.period,
  startDate: body.startDate,
  endDate: body.endDate,
});

/** Reading: the lists by page type, one task, the counts per state. */
function taskReading({ repo, taskOrThrow }: TaskContext) {
  return {
    async tasks(actor: Actor, query: In<typeof S.TaskListQuerySchema>): Promise<Paged<DiagnosisTask>> {
      if (query.pageType === 'yearTask' && !seesAll(actor))
        throw new AppError('FORBIDDEN', M.yearTaskNeedsRight);
      return repo.pageTasks(
        {
          pageType: query.pageType,
          reader: actor,
          keyword: query.keyword,
          level: query.level,
          state: query.state,
        },
        pageOf(query),
      );
    },

    task: (actor: Actor, id: string) => taskOrThrow(actor, id),

    async taskCounts(actor: Actor) {
      const counts = { normal: 0, pause: 0, finished: 0 };
      for (const r of await repo.taskCountsByState(actor)) {
        if (r.state in counts) counts[r.state as TaskState] = Number(r.n);
      }
      return counts;
    },
  };
}

/** The life cycle: create, edit, pause or finish (by hand or once past the end date), delete. */
function taskLifeCycle(ctx: TaskContext) {
  const { repo, now, taskOrThrow, taskState, checkTaskBody, recomputeTasks } = ctx;
  return {
    async insertTask(actor: Actor, body: S.TaskInput) {
      requireManage(actor);
      await checkTaskBody(body);
      const id = newId();
      await repo.insertTask({ id, ...taskFields(body), publisherUserId: actor.userId });
      return taskOrThrow(actor, id);
    },

    async updateTask(actor: Actor, body: S.TaskUpdateInput) {
      requireManage(actor);
      const task = await taskState(body.id);
      if (task.state === 'finished') throw unprocessable(M.taskFinished);
      await checkTaskBody(body);
      if (body.level !== task.level && (await repo.taskHasObjects(body.id)))
        throw unprocessable(M.levelLocked);
      await repo.updateTask({ id: body.id, ...taskFields(body) });
      if (body.endDate !== task.endDate) await recomputeTasks([body.id]);
      return taskOrThrow(actor, body.id);
    },

    async changeTaskState(actor: Actor, body: In<typeof S.TaskStateBodySchema>) {
      requireManage(actor);
      const task = await taskState(body.id);
      if (task.state === 'finished') throw unprocessable(M.finishedIsFinal);
      if (task.state === body.state) throw unprocessable(M.sameState);
      await repo.transaction(async (tx) => {
        await tx.setTaskState(body.id, body.state);
        // Pausing or resuming moves the chargers' 待办: they hear of it. Finishing is the task's end.
        if (body.state !== 'finished')
          await notifyTaskPausedOrResumed(tx, { taskId: body.id, to: body.state, actorId: actor.userId });
      });
      if (body.state === 'finished') await recomputeTasks([body.id]);
      return taskOrThrow(actor, body.id);
    },

    /** Tasks whose end date has passed are finished; their unfinished flags follow. */
    async closeOutdated(actor: Actor) {
      requireManage(actor);
      const closed = await repo.finishTasksEndedBefore(todayOf(now()));
      if (closed.length) await recomputeTasks(closed);
      return { closed: closed.length };
    },

    async deleteTasks(actor: Actor, ids: readonly string[]) {
      requireManage(actor);
      await repo.deleteTasks(ids);
    },
  };
}
