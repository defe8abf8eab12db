import type * as S from '@eduqa/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { likePattern, sqlAnd } from '../../platform/sql.ts';
import { goalMissionStatements } from './annual.table.ts';
import { total } from './annual-tasks.repo.ts';
import { visibleTask } from './goal-scopes.ts';
import type { In } from './goals.common.ts';

/** A mission statement (任务书) with its task's context, named as the contract names it. */
export interface MissionRow {
  id: string;
  taskId: string;
  taskName: string;
  taskCreatorId: string;
  yearTargetName: string;
  departmentName: string;
  title: string;
  content: string;
  signedDate: string | null;
  creatorName: string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface MissionColumns {
  title: string;
  content: string;
  signedDate: string | null;
}

/** Mission statements are read through their task (alias `t`), so only a visible task's are seen. */
export function missionWhere(actor: Actor, q: In<typeof S.MissionStatementListQuerySchema>): SQL {
  const parts: SQL[] = [visibleTask(actor)];
  if (q.taskId) parts.push(sql`m.task_id = ${q.taskId}`);
  if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
  if (q.keyword) {
    const k = likePattern(q.keyword);
    parts.push(sql`(m.title ilike ${k} or t.name ilike ${k})`);
  }
  return sqlAnd(parts);
}

export function createAnnualMissionsRepo(db: Db) {
  const rows = <T>(query: SQL) => queryRows<T>(db, query);

  async function missions(input: { where: SQL; limit: number; offset: number }) {
    const from = sql`from goal_mission_statements m join goal_tasks t on t.id = m.task_id
      join goal_year_targets y on y.id = t.year_target_id join departments d on d.id = t.department_id
      join users cu on cu.id = m.creator_user_id`;
    const records = await rows<MissionRow>(
      sql`select m.id, m.task_id as "taskId", t.name as "taskName", t.creator_user_id as "taskCreatorId",
            y.name as "yearTargetName", d.name as "departmentName", m.title, m.content,
            to_char(m.signed_date, 'YYYY-MM-DD') as "signedDate", cu.name as "creatorName",
            m.created_at as "createdAt", m.updated_at as "updatedAt"
          ${from} where ${input.where}
          order by m.updated_at desc, m.id limit ${input.limit} offset ${input.offset}`,
    );
    const count = await rows<{ n: string | number }>(sql`select count(*) as n ${from} where ${input.where}`);
    return { records, total: total(count) };
  }

  return {
    missions,
    missionById: async (actor: Actor, id: string) =>
      (await missions({ where: sql`m.id = ${id} and ${visibleTask(actor)}`, limit: 1, offset: 0 }))
        .records[0],
    insertMission: (row: MissionColumns & { id: string; taskId: string; creatorUserId: string }) =>
      db.insert(goalMissionStatements).values(row),
    updateMission: (id: string, columns: MissionColumns) =>
      db
        .update(goalMissionStatements)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(goalMissionStatements.id, id)),
    deleteMissions: (ids: string[]) =>
      db.delete(goalMissionStatements).where(inArray(goalMissionStatements.id, ids)),
  };
}
