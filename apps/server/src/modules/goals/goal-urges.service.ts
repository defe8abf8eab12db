import type * as S from '@eduqa/contract';
import { type Urge, urgeAcceptTransition } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { sqlAnd, sqlList } from '../../platform/sql.ts';
import {
  type GoalAccess,
  isPublisher,
  myDepartments,
  seesAllDepartments,
  visibleTask,
} from './goal-access.ts';
import { toUrge } from './goal-rows.ts';
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

/** 督办 of departments and the per-department summary (部门管理). */
export function createGoalUrgesService(deps: { repo: GoalsRepo; access: GoalAccess; clock: Clock }) {
  const { repo, access, clock } = deps;

  async function urgesWhere(where: SQL, limit = 1) {
    return (await repo.urges({ where, limit, offset: 0 })).records;
  }

  return {
    async urges(actor: Actor, q: In<typeof S.UrgeListQuerySchema>): Promise<Paged<Urge>> {
      const parts: SQL[] = [
        seesAllDepartments(actor) ? sql`true` : sql`g.department_id in ${myDepartments(actor.userId)}`,
      ];
      if (q.yearTargetId) parts.push(sql`g.year_target_id = ${q.yearTargetId}`);
      if (q.urgeType !== undefined) parts.push(sql`g.urge_type = ${q.urgeType}`);
      if (q.departmentId) parts.push(sql`g.department_id = ${q.departmentId}`);
      const { records, total } = await repo.urges({ where: sqlAnd(parts), ...pageOf(q) });
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
      await repo.insertUrges(
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
      const byId = new Map(
        (await urgesWhere(sql`g.id in (${sqlList(ids)})`, ids.length)).map((r) => [r.id, toUrge(r)]),
      );
      return ids.map((id) => byId.get(id)!);
    },

    async acceptUrge(actor: Actor, id: string): Promise<Urge> {
      const [urge] = await urgesWhere(sql`g.id = ${id}`);
      if (!urge) throw notFound(M.urgeNotFound);
      const mine = await urgesWhere(sql`g.id = ${id} and g.department_id in ${myDepartments(actor.userId)}`);
      if (mine.length === 0) {
        if (isPublisher(actor)) throw forbid(M.departmentNotYours);
        throw notFound(M.urgeNotFound);
      }
      const next = check(urgeAcceptTransition(urge.urgeType));
      changedOnce(
        await repo.acceptUrge(id, { urgeType: next, acceptorUserId: actor.userId, acceptedAt: clock.now() }),
      );
      const [after] = await urgesWhere(sql`g.id = ${id}`);
      return toUrge(after!);
    },

    async departManage(actor: Actor, q: In<typeof S.DepartManageQuerySchema>) {
      const taskParts: SQL[] = [visibleTask(actor), sql`not t.is_withdrawn`];
      const urgeParts: SQL[] = [sql`true`];
      if (q.yearTargetId) {
        taskParts.push(sql`t.year_target_id = ${q.yearTargetId}`);
        urgeParts.push(sql`g.year_target_id = ${q.yearTargetId}`);
      }
      return repo.departmentSummaries({
        departmentWhere: seesAllDepartments(actor) ? sql`true` : sql`d.id in ${myDepartments(actor.userId)}`,
        taskWhere: sqlAnd(taskParts),
        urgeWhere: sqlAnd(urgeParts),
        today: clock.today(),
      });
    },
  };
}
