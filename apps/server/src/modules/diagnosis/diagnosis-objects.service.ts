import type * as S from '@eduqa/contract';
import type { DiagnosisObject, ObjectTask } from '@eduqa/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { pageOf } from '../../platform/paging.ts';
import { seesAll } from './diagnosis.access.ts';
import {
  type DiagnosisDeps,
  invalid,
  DIAGNOSIS_MESSAGES as M,
  type Paged,
  requireEditOrManage,
  requireManage,
  unprocessable,
} from './diagnosis.rules.ts';
import { notifyObjectTasksAssigned } from './diagnosis-notices.ts';
import { visibleTaskOrThrow } from './diagnosis-tasks.service.ts';

type In<T extends z.ZodType> = z.output<T>;

/** What the object-task groups share: the deps and the helpers that read or check an object task. */
interface ObjectContext extends DiagnosisDeps {
  objectTaskOrThrow(actor: Actor, id: string): Promise<ObjectTask>;
  checkPeople(body: In<typeof S.ChargerBodySchema>): Promise<string[] | null>;
}

/** The objects of a task (a major, a course, a teacher…), each an object task with its charger and sharers. */
export function createDiagnosisObjectService(deps: DiagnosisDeps) {
  const { repo } = deps;

  async function objectTaskOrThrow(actor: Actor, id: string): Promise<ObjectTask> {
    const row = await repo.findObjectTask(id, actor.userId);
    if (!row) throw notFound(M.objectTaskNotFound);
    return row;
  }

  /** Charger and sharers must be known users; the charger is never also a sharer. */
  async function checkPeople(body: In<typeof S.ChargerBodySchema>) {
    const sharerIds = body.sharerIds
      ? [...new Set(body.sharerIds)].filter((id) => id !== body.chargerId)
      : null;
    const known = await repo.knownUserIds([body.chargerId, ...(sharerIds ?? [])]);
    if (!known.has(body.chargerId)) throw invalid(M.chargerNotFound);
    if (sharerIds?.some((id) => !known.has(id))) throw invalid(M.sharerNotFound);
    return sharerIds;
  }

  const ctx: ObjectContext = { ...deps, objectTaskOrThrow, checkPeople };
  return { ...objectReading(ctx), ...objectMembership(ctx), ...objectGrading(ctx) };
}

/** Reading: the objects to add, the object tasks of a task, one object task. */
function objectReading({ repo, access, objectTaskOrThrow }: ObjectContext) {
  return {
    /** The objects to choose from when adding them to a task: the publisher's (and auditor's) list. */
    async objects(actor: Actor, query: In<typeof S.ObjectsQuerySchema>): Promise<Paged<DiagnosisObject>> {
      if (!seesAll(actor)) throw new AppError('FORBIDDEN', M.needManage);
      return repo.pageObjects({ level: query.level, keyword: query.keyword }, pageOf(query));
    },

    async objectTasks(actor: Actor, query: S.ObjectTasksInput): Promise<Paged<ObjectTask>> {
      await visibleTaskOrThrow(repo, actor, query.taskId);
      return repo.pageObjectTasks(
        {
          taskId: query.taskId,
          keyword: query.keyword,
          reader: actor,
        },
        pageOf(query),
      );
    },

    async objectTask(actor: Actor, id: string): Promise<ObjectTask> {
      await access.objectTaskRight(actor, id, 'read');
      return objectTaskOrThrow(actor, id);
    },
  };
}

/** Membership: which objects a task holds, and who is in charge of each. */
function objectMembership({ repo, objectTaskOrThrow, checkPeople }: ObjectContext) {
  return {
    async insertObjectTasks(actor: Actor, body: S.ObjectTasksInsertInput) {
      requireManage(actor);
      const task = await repo.findTaskState(body.taskId);
      if (!task) throw notFound(M.taskNotFound);
      if (task.state === 'finished') throw unprocessable(M.taskFinished);
      const objectIds = [...new Set(body.objectIds)];
      const objects = await repo.objectsByIds(objectIds);
      if (objects.length !== objectIds.length) throw notFound(M.objectNotFound);
      if (objects.some((o) => o.level !== task.level)) throw unprocessable(M.wrongLevel);
      if (body.chargerId && !(await repo.knownUserIds([body.chargerId])).has(body.chargerId)) {
        throw invalid(M.chargerNotFound);
      }
      const rows = objects.map((o) => ({
        taskId: body.taskId,
        objectId: o.id,
        chargerUserId: body.chargerId ?? o.userId ?? null,
      }));
      const added = await repo.transaction(async (tx) => {
        const ids = await tx.insertObjectTasks(rows);
        await notifyObjectTasksAssigned(tx, actor.userId, ids);
        return ids.length;
      });
      return { added };
    },

    async deleteObjectTask(actor: Actor, id: string) {
      requireManage(actor);
      if (!(await repo.deleteObjectTask(id))) throw notFound(M.objectTaskNotFound);
    },

    /** Sets the charger; with `sharerIds` the sharers are replaced, else the new charger stops sharing. */
    async setCharger(actor: Actor, body: In<typeof S.ChargerBodySchema>): Promise<ObjectTask> {
      requireManage(actor);
      const sharerIds = await checkPeople(body);
      await repo.transaction(async (tx) => {
        const [before] = await tx.objectTasksForNotice([body.id]);
        if (!(await tx.setCharger(body.id, body.chargerId))) throw notFound(M.objectTaskNotFound);
        if (before?.chargerUserId !== body.chargerId) {
          await notifyObjectTasksAssigned(tx, actor.userId, [body.id]);
        }
        if (sharerIds) await tx.replaceSharers(body.id, sharerIds);
        else await tx.removeSharer(body.id, body.chargerId);
      });
      return objectTaskOrThrow(actor, body.id);
    },
  };
}

/** Grading: the points an object task is judged on, grading again, and its warnings. */
function objectGrading({ repo, access, now, recompute }: ObjectContext) {
  return {
    /** Assigns the standard's points to the object tasks, then grades them. */
    async refreshTarget(actor: Actor, body: S.RefreshTargetInput) {
      requireManage(actor);
      const objectTaskIds = [...new Set(body.objectTaskIds)];
      const known = await repo.objectTaskStates(objectTaskIds);
      if (known.length !== objectTaskIds.length) throw notFound(M.objectTaskNotFound);
      if (known.some((k) => k.state === 'finished')) throw unprocessable(M.taskFinished);
      const counts = await repo.assignPoints(objectTaskIds, body.pointIds);
      await recompute({ objectTaskIds, now: now() });
      return counts;
    },

    /** Back to draft for every point of the object task, and graded again. */
    async diagnoseAgain(actor: Actor, id: string) {
      const right = await access.objectTaskRight(actor, id, 'read');
      requireEditOrManage(actor, right.right);
      await repo.resetAudits(id);
      const result = await recompute({ objectTaskIds: [id], now: now() });
      return { points: result.points };
    },

    async objectWarnCount(actor: Actor, id: string) {
      await access.objectTaskRight(actor, id, 'read');
      return repo.warnCount({ reader: actor, objectTaskId: id });
    },
  };
}
