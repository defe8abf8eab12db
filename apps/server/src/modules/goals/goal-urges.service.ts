import type * as S from '@eduqa/contract';
import { noticeLinks, type Urge, urgeAcceptTransition } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import type { NoticeInput } from '../notices/notices.writer.ts';
import { canUrge, departmentScopeOf, type GoalAccess, isPublisher } from './goal-access.ts';
import { notifyTaskUrged } from './goal-notices.ts';
import { toUrge } from './goal-rows.ts';
import type { UrgeFilter } from './goal-warnings.repo.ts';
import {
  type Clock,
  changedOnce,
  check,
  forbid,
  type In,
  GOALS_MESSAGES as M,
  type Paged,
  refuse,
} from './goals.common.ts';
import type { GoalsRepo } from './goals.repo.ts';

/** 督办 reaches those who answer for the urged department, with a link to the urges awaiting their answer. */
function urgeNotices(actor: Actor, urges: Urge[], answerers: Map<string, string[]>): NoticeInput[] {
  return urges.map((urge) => ({
    recipientIds: answerers.get(urge.departmentId) ?? [],
    category: 'urge',
    kind: 'goal.urge',
    title: `督办：${urge.yearTargetName}`,
    body: [`督办${urge.departmentName}`, urge.content].filter(Boolean).join('：'),
    link: noticeLinks.urges(),
    objectId: urge.id,
    actorId: actor.userId,
  }));
}

/** 督办 of departments, 催办 of a task's principal, and the per-department summary (部门管理). */
export function createGoalUrgesService(deps: { repo: GoalsRepo; access: GoalAccess; clock: Clock }) {
  const { repo, access, clock } = deps;

  async function urgesOf(filter: UrgeFilter, limit = 1) {
    return (await repo.urges({ filter, limit, offset: 0 })).records;
  }

  return {
    async urges(actor: Actor, q: In<typeof S.UrgeListQuerySchema>): Promise<Paged<Urge>> {
      const filter: UrgeFilter = {
        departments: departmentScopeOf(actor),
        yearTargetId: q.yearTargetId,
        urgeType: q.urgeType,
        departmentId: q.departmentId,
        awaitingAnswerOf: q.mine ? actor.userId : undefined,
      };
      const { records, total } = await repo.urges({ filter, ...pageOf(q) });
      return { records: records.map(toUrge), total };
    },

    async insertUrges(actor: Actor, list: In<typeof S.UrgeBodySchema>[]): Promise<Urge[]> {
      access.requirePublisher(actor);
      const targetIds = [...new Set(list.map((u) => u.yearTargetId))];
      if ((await repo.existingYearTargets(targetIds)).size !== targetIds.length)
        throw notFound(M.yearTargetNotFound);
      const departmentIds = [...new Set(list.map((u) => u.departmentId))];
      if ((await repo.exists('departments', departmentIds)).size !== departmentIds.length) {
        throw refuse(M.urgeDepartmentNotFound);
      }
      const at = clock.now().getTime();
      const ids = list.map(() => newId());
      const urges = await repo.transaction(async (tx) => {
        await tx.insertUrges(
          list.map((u, i) => ({
            id: ids[i]!,
            yearTargetId: u.yearTargetId,
            departmentId: u.departmentId,
            currentStatus: u.currentStatus,
            content: u.content ?? '',
            urgerUserId: actor.userId,
            urgedAt: new Date(at + i),
          })),
        );
        const written = (
          await tx.urges({ filter: { departments: { kind: 'all' }, ids }, limit: ids.length, offset: 0 })
        ).records.map(toUrge);
        await tx.notify(urgeNotices(actor, written, await tx.departmentAnswerers(departmentIds)));
        return written;
      });
      const byId = new Map(urges.map((u) => [u.id, u]));
      return ids.map((id) => byId.get(id)!);
    },

    async acceptUrge(actor: Actor, id: string): Promise<Urge> {
      const [urge] = await urgesOf({ departments: { kind: 'all' }, ids: [id] });
      if (!urge) throw notFound(M.urgeNotFound);
      const mine = await urgesOf({ departments: { kind: 'answeredBy', userId: actor.userId }, ids: [id] });
      if (mine.length === 0) {
        if (isPublisher(actor)) throw forbid(M.departmentNotYours);
        throw notFound(M.urgeNotFound);
      }
      const next = check(urgeAcceptTransition(urge.urgeType));
      changedOnce(
        await repo.acceptUrge(id, { urgeType: next, acceptorUserId: actor.userId, acceptedAt: clock.now() }),
      );
      const [after] = await urgesOf({ departments: { kind: 'all' }, ids: [id] });
      return toUrge(after!);
    },

    /** 催办 a task's principal: its department's head or its creator; the message is all that is written. */
    async urgeTask(actor: Actor, body: In<typeof S.TaskUrgeBodySchema>): Promise<null> {
      const task = await access.readTask(actor, body.id);
      if (!canUrge(actor, task)) throw forbid(M.needUrgeTask);
      if (task.isWithdrawn) throw refuse(M.withdrawnTask);
      await repo.transaction((tx) =>
        notifyTaskUrged(tx, actor.userId, { taskId: task.id, content: body.content }),
      );
      return null;
    },

    async departManage(actor: Actor, q: In<typeof S.DepartManageQuerySchema>) {
      return repo.departmentSummaries({
        actor,
        departments: departmentScopeOf(actor),
        yearTargetId: q.yearTargetId,
        today: clock.today(),
      });
    },
  };
}
