import type * as S from '@eduqa/contract';
import type { MissionStatement } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { type AnnualParts, ANNUAL_MESSAGES as M } from './annual.common.ts';
import { missionWhere } from './annual-missions.repo.ts';
import { toMission } from './annual-rows.ts';
import { forbid, type In, type Paged } from './goals.common.ts';

/** 任务书: kept by the creator of its task; read by whoever sees the task. */
export function createAnnualMissionsService({ repo, goals }: AnnualParts) {
  async function one(actor: Actor, id: string) {
    const row = await repo.missionById(actor, id);
    if (!row) throw notFound(M.missionNotFound);
    return toMission(actor, row);
  }
  /** A mission statement's task must be visible (else not-found) and the caller its creator (else refused). */
  async function ownMissionTask(actor: Actor, taskId: string) {
    const right = await goals.access.readTask(actor, taskId);
    if (right.creatorId !== actor.userId) throw forbid(M.needTaskCreator);
  }

  return {
    async missions(
      actor: Actor,
      q: In<typeof S.MissionStatementListQuerySchema>,
    ): Promise<Paged<MissionStatement>> {
      const { records, total } = await repo.missions({ where: missionWhere(actor, q), ...pageOf(q) });
      return { records: records.map((r) => toMission(actor, r)), total };
    },

    async insertMission(actor: Actor, body: In<typeof S.MissionStatementBodySchema>) {
      await ownMissionTask(actor, body.taskId);
      const id = newId();
      await repo.insertMission({
        id,
        taskId: body.taskId,
        title: body.title,
        content: body.content,
        signedDate: body.signedDate ?? null,
        creatorUserId: actor.userId,
      });
      return one(actor, id);
    },

    async updateMission(actor: Actor, body: In<typeof S.MissionStatementUpdateBodySchema>) {
      const mission = await one(actor, body.id);
      await ownMissionTask(actor, mission.taskId);
      await repo.updateMission(body.id, {
        title: body.title,
        content: body.content,
        signedDate: body.signedDate ?? null,
      });
      return one(actor, body.id);
    },

    async deleteMissions(actor: Actor, ids: string[]) {
      for (const id of ids) {
        const mission = await one(actor, id);
        await ownMissionTask(actor, mission.taskId);
      }
      await repo.deleteMissions(ids);
    },
  };
}
