import type * as S from '@eduqa/contract';
import {
  type AnnualTask,
  type AnnualTaskTreeNode,
  type AverageDirection,
  type AverageStatus,
  type AverageTarget,
  averageStatusTransition,
  type GoalCharger,
  type ImportRowError,
  isBeyondAverage,
  isReached,
  type MissionStatement,
  type ScheduleAudit,
  type TargetTask,
  type TargetType,
} from '@eduqa/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatDateTime } from '../../platform/time.ts';
import { departments, users } from '../org/org.table.ts';
import { chargerWorkbook, readChargerWorkbook } from './annual.excel.ts';
import type { AnnualRepo, ChargerRow, MissionRow, TaskExtraRow } from './annual.repo.ts';
import { goalAverageTargets, goalChargers, goalMissionStatements, goalTargetTypes } from './annual.table.ts';
import { taskDetailWorkbook } from './goals.excel.ts';
import { type GoalsRepo, isPublisher, like, myDepartments, visibleTask } from './goals.repo.ts';
import { GOALS_MESSAGES, type GoalsService } from './goals.service.ts';
import { goalTasks } from './goals.table.ts';

type In<T extends z.ZodType> = z.output<T>;
type Paged<T> = { records: T[]; total: number };

export const ANNUAL_MESSAGES = {
  averageNotFound: '平均水平目标不存在',
  averageEditElsewhere: '平均水平目标请在“平均水平目标”中修改',
  targetTypeNotFound: '目标类型不存在',
  duplicateTargetType: '已有同名的目标类型',
  targetTypeInUse: '目标类型已被使用，不能删除',
  chargerNotFound: '负责人记录不存在',
  duplicateCharger: '该部门的该目标类型已有负责人',
  departmentNotFound: '部门不存在',
  userNotFound: '负责人不存在或已停用',
  missionNotFound: '任务书不存在',
  needTaskCreator: '只有任务创建人可以维护任务书',
} as const;
const M = ANNUAL_MESSAGES;

const refuse = (message: string) => new AppError('UNPROCESSABLE', message);
const forbid = (message: string) => new AppError('FORBIDDEN', message);
const pageOf = (paging: { pageNum: number; pageSize: number }) => ({
  limit: paging.pageSize,
  offset: (paging.pageNum - 1) * paging.pageSize,
});
const time = (value: Date | string) => formatDateTime(new Date(value))!;
const n = (v: string | number | null | undefined) => Number(v ?? 0);
const all = (parts: SQL[]) => sql.join(parts, sql` and `);
/** Keeps `ids` order: the page's order comes from SQL, the rows from the goal service. */
function inOrder<T extends { id: string }>(ids: readonly string[], items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}
const averageLabel = (body: { targetNumber: number; averageValue: number; direction: AverageDirection }) =>
  `${body.direction === '>' ? '≥' : '≤'}${body.targetNumber}（平均水平 ${body.averageValue}）`;

/**
 * 年度目标分解: the annual view over the goal model. Tasks are created, changed, withdrawn and deleted by
 * the goal service, so its rules (publisher creates, the creator alone changes, others cannot see what is
 * not theirs) hold here too; this service adds 置顶, target types, average-level targets, chargers,
 * mission statements and the lists of audits the caller may decide.
 */
export function createAnnualService(deps: { repo: AnnualRepo; goals: GoalsService; goalsRepo: GoalsRepo }) {
  const { repo, goals, goalsRepo } = deps;
  const db = repo.db;

  function requirePublisher(actor: Actor) {
    if (!isPublisher(actor)) throw forbid(GOALS_MESSAGES.needPublisher);
  }

  /** The caller's tasks with what the annual view adds, in `ids` order. */
  async function annualTasks(
    actor: Actor,
    ids: string[],
  ): Promise<Array<AnnualTask & { extra: TaskExtraRow }>> {
    const [tasks, extras] = await Promise.all([goals.tasksByIds(actor, ids), repo.taskExtras(ids)]);
    const extraOf = new Map(extras.map((e) => [e.id, e]));
    return inOrder(ids, tasks).map((task: TargetTask) => {
      const extra = extraOf.get(task.id)!;
      return {
        ...task,
        isTop: extra.is_top,
        targetTypeId: extra.target_type_id,
        targetTypeName: extra.target_type_name,
        kind: extra.is_average ? ('average' as const) : ('task' as const),
        extra,
      };
    });
  }
  const plain = ({ extra: _extra, ...task }: AnnualTask & { extra: TaskExtraRow }): AnnualTask => task;
  async function oneAnnualTask(actor: Actor, id: string): Promise<AnnualTask> {
    const [task] = await annualTasks(actor, [id]);
    if (!task) throw notFound(GOALS_MESSAGES.taskNotFound);
    return plain(task);
  }
  function toAverage(task: AnnualTask & { extra: TaskExtraRow }): AverageTarget {
    const e = task.extra;
    const target = {
      direction: (e.direction ?? '>') as AverageDirection,
      targetNumber: n(e.target_number),
      averageValue: n(e.average_value),
      actualValue: e.actual_value === null ? null : n(e.actual_value),
    };
    return {
      ...plain(task),
      ...target,
      status: (e.status ?? 'normal') as AverageStatus,
      isBeyondAverage: isBeyondAverage(target),
      isReached: isReached(target),
    };
  }
  async function oneAverage(actor: Actor, id: string): Promise<AverageTarget> {
    const [task] = await annualTasks(actor, [id]);
    if (!task?.extra.is_average) throw notFound(M.averageNotFound);
    return toAverage(task);
  }

  function taskWhere(actor: Actor, q: Partial<In<typeof S.AnnualTaskListQuerySchema>>): SQL {
    const parts: SQL[] = [visibleTask(actor)];
    if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
    if (q.keyword) parts.push(sql`t.name ilike ${like(q.keyword)}`);
    if (q.targetTypeId) parts.push(sql`t.target_type_id = ${q.targetTypeId}`);
    if (q.departmentId) parts.push(sql`t.department_id = ${q.departmentId}`);
    if (q.type) parts.push(sql`t.type = ${q.type}`);
    if (q.kind === 'average') parts.push(sql`a.task_id is not null`);
    if (q.kind === 'task') parts.push(sql`a.task_id is null`);
    return all(parts);
  }

  async function requireTargetType(id: string | undefined) {
    if (!id) return;
    const [found] = await db
      .select({ id: goalTargetTypes.id })
      .from(goalTargetTypes)
      .where(eq(goalTargetTypes.id, id));
    if (!found) throw refuse(M.targetTypeNotFound);
  }
  const setTaskType = (id: string, targetTypeId: string | undefined) =>
    db
      .update(goalTasks)
      .set({ targetTypeId: targetTypeId ?? null })
      .where(eq(goalTasks.id, id));

  /** The average-level target rows among `ids`; any other id answers not-found. */
  async function requireAverages(ids: string[]) {
    const found = await db
      .select({ id: goalAverageTargets.taskId, status: goalAverageTargets.status })
      .from(goalAverageTargets)
      .where(inArray(goalAverageTargets.taskId, ids));
    if (found.length !== new Set(ids).size) throw notFound(M.averageNotFound);
    return found;
  }
  /** Only a task's creator changes it; to anyone else it does not exist (the goal service's rule). */
  async function ownTask(actor: Actor, id: string, message: string = GOALS_MESSAGES.taskNotFound) {
    const right = await goalsRepo.taskRight(actor, id);
    if (!right || right.creator_user_id !== actor.userId) throw notFound(message);
    return right;
  }

  // -------------------------------------------------------------------------------------------------
  // target types, chargers, missions: mapping

  const toTargetType = (r: {
    id: string;
    name: string;
    description: string;
    sort: number;
    task_count: string | number;
    charger_count: string | number;
    created_at: Date | string;
  }): TargetType => ({
    id: r.id,
    name: r.name,
    description: r.description,
    sort: n(r.sort),
    taskCount: n(r.task_count),
    chargerCount: n(r.charger_count),
    createdAt: time(r.created_at),
  });
  async function oneTargetType(id: string) {
    const { records } = await repo.targetTypes({ where: sql`tt.id = ${id}`, limit: 1, offset: 0 });
    if (!records[0]) throw notFound(M.targetTypeNotFound);
    return toTargetType(records[0]);
  }
  const toCharger = (r: ChargerRow): GoalCharger => ({
    id: r.id,
    departmentId: r.department_id,
    departmentName: r.department_name,
    targetTypeId: r.target_type_id,
    targetTypeName: r.target_type_name,
    userId: r.user_id,
    userName: r.user_name,
    userAccount: r.user_account,
    phone: r.phone,
    remark: r.remark,
    createdAt: time(r.created_at),
  });
  async function oneCharger(id: string) {
    const { records } = await repo.chargers({ where: sql`c.id = ${id}`, limit: 1, offset: 0 });
    if (!records[0]) throw notFound(M.chargerNotFound);
    return toCharger(records[0]);
  }
  function chargerWhere(q: Omit<In<typeof S.GoalChargerListQuerySchema>, 'pageNum' | 'pageSize'>): SQL {
    const parts: SQL[] = [sql`true`];
    if (q.keyword) {
      const k = like(q.keyword);
      parts.push(sql`(u.name ilike ${k} or u.account ilike ${k} or d.name ilike ${k} or tt.name ilike ${k})`);
    }
    if (q.departmentId) parts.push(sql`c.department_id = ${q.departmentId}`);
    if (q.targetTypeId) parts.push(sql`c.target_type_id = ${q.targetTypeId}`);
    return all(parts);
  }
  async function checkCharger(body: In<typeof S.GoalChargerBodySchema>) {
    const [department] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.id, body.departmentId));
    if (!department) throw refuse(M.departmentNotFound);
    await requireTargetType(body.targetTypeId);
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.userId), eq(users.disabled, false)));
    if (!user) throw refuse(M.userNotFound);
  }

  const toMission = (actor: Actor, r: MissionRow): MissionStatement => ({
    id: r.id,
    taskId: r.task_id,
    taskName: r.task_name,
    yearTargetName: r.year_target_name,
    departmentName: r.department_name,
    title: r.title,
    content: r.content,
    signedDate: r.signed_date,
    creatorName: r.creator_name,
    canEdit: r.task_creator_user_id === actor.userId,
    createdAt: time(r.created_at),
    updatedAt: time(r.updated_at),
  });
  async function oneMission(actor: Actor, id: string) {
    const { records } = await repo.missions({
      where: sql`m.id = ${id} and ${visibleTask(actor)}`,
      limit: 1,
      offset: 0,
    });
    if (!records[0]) throw notFound(M.missionNotFound);
    return toMission(actor, records[0]);
  }
  /** A mission statement's task must be visible (else not-found) and the caller its creator (else refused). */
  async function ownMissionTask(actor: Actor, taskId: string) {
    const right = await goalsRepo.taskRight(actor, taskId);
    if (!right) throw notFound(GOALS_MESSAGES.taskNotFound);
    if (right.creator_user_id !== actor.userId) throw forbid(M.needTaskCreator);
  }

  return {
    // -----------------------------------------------------------------------------------------------
    // 年度目标任务

    async yearTasks(actor: Actor, q: In<typeof S.AnnualTaskListQuerySchema>): Promise<Paged<AnnualTask>> {
      const { ids, total } = await repo.taskIds({ where: taskWhere(actor, q), ...pageOf(q) });
      return { records: (await annualTasks(actor, ids)).map(plain), total };
    },

    async tree(actor: Actor, q: In<typeof S.AnnualTaskTreeQuerySchema>): Promise<Paged<AnnualTaskTreeNode>> {
      const { rootIds, children, total } = await repo.treeIds({
        visible: visibleTask(actor),
        yearTargetId: q.yearTargetId,
        keyword: q.keyword ? like(q.keyword) : null,
        ...pageOf(q),
      });
      const tasks = new Map(
        (await annualTasks(actor, [...rootIds, ...children.map((c) => c.id)])).map((t) => [t.id, plain(t)]),
      );
      const records = rootIds.flatMap((id) => {
        const root = tasks.get(id);
        if (!root) return [];
        const kids = children.filter((c) => c.parent_id === id).flatMap((c) => tasks.get(c.id) ?? []);
        return [{ ...root, children: kids }];
      });
      return { records, total };
    },

    async setTop(actor: Actor, body: In<typeof S.SpecialTopBodySchema>) {
      await ownTask(actor, body.id);
      await db.update(goalTasks).set({ isTop: body.isTop }).where(eq(goalTasks.id, body.id));
      return oneAnnualTask(actor, body.id);
    },

    async insertYearTask(actor: Actor, body: In<typeof S.AnnualTaskBodySchema>) {
      requirePublisher(actor);
      await requireTargetType(body.targetTypeId);
      const task = await goals.insertTask(actor, body);
      if (body.targetTypeId) await setTaskType(task.id, body.targetTypeId);
      return oneAnnualTask(actor, task.id);
    },

    async updateYearTask(actor: Actor, body: In<typeof S.AnnualTaskUpdateBodySchema>) {
      await ownTask(actor, body.id);
      const [average] = await db
        .select({ id: goalAverageTargets.taskId })
        .from(goalAverageTargets)
        .where(eq(goalAverageTargets.taskId, body.id));
      // Its target value is derived from the average-level numbers: it changes only through averageTarget/update.
      if (average) throw refuse(M.averageEditElsewhere);
      await requireTargetType(body.targetTypeId);
      await goals.updateTask(actor, body);
      await setTaskType(body.id, body.targetTypeId);
      return oneAnnualTask(actor, body.id);
    },

    deleteYearTasks: (actor: Actor, ids: string[]) => goals.deleteTasks(actor, ids),

    async importYearTasks(actor: Actor, input: { yearTargetId: string | undefined; bytes: Uint8Array }) {
      const result = await goals.importTasks(actor, input);
      return { imported: result.imported, count: result.tasks, errors: result.errors };
    },

    async exportYearTasks(
      actor: Actor,
      q: Omit<In<typeof S.AnnualTaskListQuerySchema>, 'pageNum' | 'pageSize'>,
    ) {
      const { ids } = await repo.taskIds({ where: taskWhere(actor, q), limit: 100_000, offset: 0 });
      return taskDetailWorkbook(inOrder(ids, await goals.tasksByIds(actor, ids)));
    },

    // -----------------------------------------------------------------------------------------------
    // 平均水平目标

    async averageTargets(
      actor: Actor,
      q: In<typeof S.AverageTargetListQuerySchema>,
    ): Promise<Paged<AverageTarget>> {
      const parts: SQL[] = [visibleTask(actor), sql`a.task_id is not null`];
      if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
      if (q.keyword) parts.push(sql`t.name ilike ${like(q.keyword)}`);
      if (q.status) parts.push(sql`a.status = ${q.status}`);
      const { ids, total } = await repo.taskIds({ where: all(parts), ...pageOf(q) });
      return { records: (await annualTasks(actor, ids)).map(toAverage), total };
    },

    async insertAverage(actor: Actor, body: In<typeof S.AverageTargetBodySchema>) {
      requirePublisher(actor);
      await requireTargetType(body.targetTypeId);
      const task = await goals.insertTask(actor, { ...body, targetValue: averageLabel(body) });
      try {
        await db.transaction(async (tx) => {
          await tx.insert(goalAverageTargets).values({
            taskId: task.id,
            averageValue: body.averageValue,
            targetNumber: body.targetNumber,
            direction: body.direction,
          });
          if (body.targetTypeId) {
            await tx
              .update(goalTasks)
              .set({ targetTypeId: body.targetTypeId })
              .where(eq(goalTasks.id, task.id));
          }
        });
      } catch (error) {
        // The task was created by the goal service outside this transaction: take it back.
        await db.delete(goalTasks).where(eq(goalTasks.id, task.id));
        throw error;
      }
      return oneAverage(actor, task.id);
    },

    async updateAverage(actor: Actor, body: In<typeof S.AverageTargetUpdateBodySchema>) {
      await ownTask(actor, body.id, M.averageNotFound);
      await requireAverages([body.id]);
      await requireTargetType(body.targetTypeId);
      await goals.updateTask(actor, { ...body, targetValue: averageLabel(body) });
      await db.transaction(async (tx) => {
        await tx
          .update(goalAverageTargets)
          .set({
            averageValue: body.averageValue,
            targetNumber: body.targetNumber,
            direction: body.direction,
            updatedAt: new Date(),
          })
          .where(eq(goalAverageTargets.taskId, body.id));
        await tx
          .update(goalTasks)
          .set({ targetTypeId: body.targetTypeId ?? null })
          .where(eq(goalTasks.id, body.id));
      });
      return oneAverage(actor, body.id);
    },

    async deleteAverages(actor: Actor, ids: string[]) {
      for (const id of ids) await ownTask(actor, id, M.averageNotFound);
      await requireAverages(ids);
      await goals.deleteTasks(actor, ids);
    },

    /** updateTaskStauts: normal ⇄ pause, either → finished with an actual value (annual.rules.ts). */
    async updateAverageStatus(actor: Actor, body: In<typeof S.AverageStatusBodySchema>) {
      await ownTask(actor, body.id, M.averageNotFound);
      const [row] = await requireAverages([body.id]);
      const [current] = await db
        .select({ actualValue: goalAverageTargets.actualValue })
        .from(goalAverageTargets)
        .where(eq(goalAverageTargets.taskId, body.id));
      const actualValue = body.actualValue ?? current?.actualValue ?? null;
      const next = averageStatusTransition({
        from: row!.status as AverageStatus,
        to: body.status,
        actualValue,
      });
      if (!next.ok) throw refuse(next.message);
      const changed = await db
        .update(goalAverageTargets)
        .set({ status: next.to, actualValue, updatedAt: new Date() })
        .where(and(eq(goalAverageTargets.taskId, body.id), eq(goalAverageTargets.status, row!.status)))
        .returning({ id: goalAverageTargets.taskId });
      if (changed.length !== 1) throw new AppError('CONFLICT', '数据已被他人修改，请刷新后重试');
      return oneAverage(actor, body.id);
    },

    async withdrawAverage(actor: Actor, id: string) {
      await ownTask(actor, id, M.averageNotFound);
      await requireAverages([id]);
      await goals.withdrawTask(actor, id);
      return oneAverage(actor, id);
    },

    // -----------------------------------------------------------------------------------------------
    // 目标类型

    async targetTypes(q: In<typeof S.TargetTypeListQuerySchema>): Promise<Paged<TargetType>> {
      const where = q.keyword ? sql`tt.name ilike ${like(q.keyword)}` : sql`true`;
      const { records, total } = await repo.targetTypes({ where, ...pageOf(q) });
      return { records: records.map(toTargetType), total };
    },

    async insertTargetType(actor: Actor, body: In<typeof S.TargetTypeBodySchema>) {
      requirePublisher(actor);
      const id = newId();
      await guarded(
        () =>
          db.insert(goalTargetTypes).values({
            id,
            name: body.name,
            description: body.description ?? '',
            sort: body.sort ?? 0,
            creatorUserId: actor.userId,
          }),
        { conflict: M.duplicateTargetType },
      );
      return oneTargetType(id);
    },

    async updateTargetType(actor: Actor, body: In<typeof S.TargetTypeUpdateBodySchema>) {
      requirePublisher(actor);
      await oneTargetType(body.id);
      await guarded(
        () =>
          db
            .update(goalTargetTypes)
            .set({
              name: body.name,
              description: body.description ?? '',
              sort: body.sort ?? 0,
              updatedAt: new Date(),
            })
            .where(eq(goalTargetTypes.id, body.id)),
        { conflict: M.duplicateTargetType },
      );
      return oneTargetType(body.id);
    },

    /** A type still named by a task or a charger stays: the refusal says which and how many. */
    async deleteTargetTypes(actor: Actor, ids: string[]) {
      requirePublisher(actor);
      const { records } = await repo.targetTypes({
        where: sql`tt.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        limit: ids.length,
        offset: 0,
      });
      if (records.length !== new Set(ids).size) throw notFound(M.targetTypeNotFound);
      for (const r of records) {
        if (n(r.task_count) > 0)
          throw refuse(`目标类型「${r.name}」已被${n(r.task_count)}个任务使用，不能删除`);
        if (n(r.charger_count) > 0) {
          throw refuse(`目标类型「${r.name}」已设置${n(r.charger_count)}位负责人，不能删除`);
        }
      }
      await guarded(() => db.delete(goalTargetTypes).where(inArray(goalTargetTypes.id, ids)), {
        inUse: M.targetTypeInUse,
      });
    },

    // -----------------------------------------------------------------------------------------------
    // 负责人

    async chargers(q: In<typeof S.GoalChargerListQuerySchema>): Promise<Paged<GoalCharger>> {
      const { records, total } = await repo.chargers({ where: chargerWhere(q), ...pageOf(q) });
      return { records: records.map(toCharger), total };
    },

    async insertCharger(actor: Actor, body: In<typeof S.GoalChargerBodySchema>) {
      requirePublisher(actor);
      await checkCharger(body);
      const id = newId();
      await guarded(
        () =>
          db.insert(goalChargers).values({
            id,
            departmentId: body.departmentId,
            targetTypeId: body.targetTypeId,
            userId: body.userId,
            phone: body.phone ?? '',
            remark: body.remark ?? '',
          }),
        { conflict: M.duplicateCharger },
      );
      return oneCharger(id);
    },

    async updateCharger(actor: Actor, body: In<typeof S.GoalChargerUpdateBodySchema>) {
      requirePublisher(actor);
      await oneCharger(body.id);
      await checkCharger(body);
      await guarded(
        () =>
          db
            .update(goalChargers)
            .set({
              departmentId: body.departmentId,
              targetTypeId: body.targetTypeId,
              userId: body.userId,
              phone: body.phone ?? '',
              remark: body.remark ?? '',
            })
            .where(eq(goalChargers.id, body.id)),
        { conflict: M.duplicateCharger },
      );
      return oneCharger(body.id);
    },

    async deleteChargers(actor: Actor, ids: string[]) {
      requirePublisher(actor);
      const found = await db
        .select({ id: goalChargers.id })
        .from(goalChargers)
        .where(inArray(goalChargers.id, ids));
      if (found.length !== new Set(ids).size) throw notFound(M.chargerNotFound);
      await db.delete(goalChargers).where(inArray(goalChargers.id, ids));
    },

    /**
     * Every row is checked (cells, then names against the database and the rows before it); nothing is
     * written unless all are right. A department and type that already have a charger get the new one.
     */
    async importChargers(actor: Actor, bytes: Uint8Array) {
      requirePublisher(actor);
      const parsed = await readChargerWorkbook(bytes);
      const errors: ImportRowError[] = [...parsed.errors];
      const allDepartments = await db
        .select({ id: departments.id, name: departments.name, short: departments.shortNameChinese })
        .from(departments);
      const departmentOf = (name: string) =>
        allDepartments.find((d) => d.name === name) ?? allDepartments.find((d) => d.short === name);
      const types = await db
        .select({ id: goalTargetTypes.id, name: goalTargetTypes.name })
        .from(goalTargetTypes);
      const accounts = await db
        .select({ id: users.id, account: sql<string>`lower(${users.account})` })
        .from(users)
        .where(eq(users.disabled, false));
      const userOf = new Map(accounts.map((u) => [u.account, u.id]));
      const seen = new Map<string, number>();
      const planned: Array<{
        departmentId: string;
        targetTypeId: string;
        userId: string;
        phone: string;
        remark: string;
      }> = [];
      for (const row of parsed.rows) {
        const fail = (column: string, message: string) => errors.push({ row: row.row, column, message });
        const before = errors.length;
        const department = row.departmentName ? departmentOf(row.departmentName) : undefined;
        if (row.departmentName && !department) fail('部门', `部门「${row.departmentName}」不存在`);
        const type = row.targetTypeName ? types.find((t) => t.name === row.targetTypeName) : undefined;
        if (row.targetTypeName && !type) fail('目标类型', `目标类型「${row.targetTypeName}」不存在`);
        const userId = row.account ? userOf.get(row.account.toLowerCase()) : undefined;
        if (row.account && !userId) fail('负责人账号', `账号「${row.account}」不存在或已停用`);
        if (department && type) {
          const key = `${department.id}\u0000${type.id}`;
          const duplicate = seen.get(key);
          if (duplicate !== undefined) fail('目标类型', `与第${duplicate}行的部门和目标类型重复`);
          else seen.set(key, row.row);
        }
        if (errors.length > before || !department || !type || !userId) continue;
        planned.push({
          departmentId: department.id,
          targetTypeId: type.id,
          userId,
          phone: row.phone,
          remark: row.remark,
        });
      }
      // Cell errors of a row come before its database errors; the caller reads them by row.
      errors.sort((a, b) => a.row - b.row);
      if (errors.length > 0) return { imported: false, count: 0, errors };
      await db.transaction(async (tx) => {
        await tx
          .insert(goalChargers)
          .values(planned.map((p) => ({ id: newId(), ...p })))
          .onConflictDoUpdate({
            target: [goalChargers.departmentId, goalChargers.targetTypeId],
            set: {
              userId: sql`excluded.user_id`,
              phone: sql`excluded.phone`,
              remark: sql`excluded.remark`,
            },
          });
      });
      return { imported: true, count: planned.length, errors: [] };
    },

    async exportChargers(q: Omit<In<typeof S.GoalChargerListQuerySchema>, 'pageNum' | 'pageSize'>) {
      const { records } = await repo.chargers({ where: chargerWhere(q), limit: 100_000, offset: 0 });
      return chargerWorkbook(records.map(toCharger));
    },

    // -----------------------------------------------------------------------------------------------
    // 任务书

    async missions(
      actor: Actor,
      q: In<typeof S.MissionStatementListQuerySchema>,
    ): Promise<Paged<MissionStatement>> {
      const parts: SQL[] = [visibleTask(actor)];
      if (q.taskId) parts.push(sql`m.task_id = ${q.taskId}`);
      if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
      if (q.keyword) {
        const k = like(q.keyword);
        parts.push(sql`(m.title ilike ${k} or t.name ilike ${k})`);
      }
      const { records, total } = await repo.missions({ where: all(parts), ...pageOf(q) });
      return { records: records.map((r) => toMission(actor, r)), total };
    },

    async insertMission(actor: Actor, body: In<typeof S.MissionStatementBodySchema>) {
      await ownMissionTask(actor, body.taskId);
      const id = newId();
      await db.insert(goalMissionStatements).values({
        id,
        taskId: body.taskId,
        title: body.title,
        content: body.content,
        signedDate: body.signedDate ?? null,
        creatorUserId: actor.userId,
      });
      return oneMission(actor, id);
    },

    async updateMission(actor: Actor, body: In<typeof S.MissionStatementUpdateBodySchema>) {
      const mission = await oneMission(actor, body.id);
      await ownMissionTask(actor, mission.taskId);
      await db
        .update(goalMissionStatements)
        .set({
          title: body.title,
          content: body.content,
          signedDate: body.signedDate ?? null,
          updatedAt: new Date(),
        })
        .where(eq(goalMissionStatements.id, body.id));
      return oneMission(actor, body.id);
    },

    async deleteMissions(actor: Actor, ids: string[]) {
      for (const id of ids) {
        const mission = await oneMission(actor, id);
        await ownMissionTask(actor, mission.taskId);
      }
      await db.delete(goalMissionStatements).where(inArray(goalMissionStatements.id, ids));
    },

    // -----------------------------------------------------------------------------------------------
    // 进度审核、延期审核: what the caller may decide now; the decision goes through the goal service

    async scheduleAudits(
      actor: Actor,
      q: In<typeof S.AuditingListQuerySchema>,
    ): Promise<Paged<ScheduleAudit>> {
      const me = actor.userId;
      const mine = myDepartments(me);
      const parts: SQL[] = [
        visibleTask(actor),
        sql`not t.is_withdrawn`,
        sql`((p.audit_state = 'reviewing' and t.department_id in ${mine})
          or (p.audit_state in ('reviewing', 'childPass') and t.creator_user_id = ${me}))`,
      ];
      if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
      if (q.keyword) parts.push(sql`t.name ilike ${like(q.keyword)}`);
      const { records, total } = await repo.progressPage({ where: all(parts), manager: mine, ...pageOf(q) });
      const reports = inOrder(
        records.map((r) => r.id),
        await goals.progressByIds(records.map((r) => r.id)),
      );
      const context = new Map(records.map((r) => [r.id, r]));
      return {
        records: reports.map((report) => {
          const c = context.get(report.id)!;
          const isCreator = c.creator_user_id === me;
          const decisions: ScheduleAudit['decisions'] = [];
          if (report.auditState === 'reviewing' && c.is_dept_manager) decisions.push('childPass');
          if (isCreator) decisions.push('pass');
          decisions.push('reject');
          return {
            ...report,
            taskName: c.task_name,
            yearTargetName: c.year_target_name,
            departmentName: c.department_name,
            decisions,
          };
        }),
        total,
      };
    },

    decideSchedule: (actor: Actor, body: In<typeof S.ProgressAuditBodySchema>) =>
      goals.auditProgress(actor, body),

    async delayAudits(actor: Actor, q: In<typeof S.AuditingListQuerySchema>) {
      const parts: SQL[] = [
        visibleTask(actor),
        sql`not t.is_withdrawn`,
        sql`dl.audit_state = 0`,
        sql`t.creator_user_id = ${actor.userId}`,
      ];
      if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
      if (q.keyword) parts.push(sql`t.name ilike ${like(q.keyword)}`);
      const { records, total } = await repo.delayPage({ where: all(parts), ...pageOf(q) });
      const delays = inOrder(
        records.map((r) => r.id),
        await goals.delaysByIds(records.map((r) => r.id)),
      );
      const context = new Map(records.map((r) => [r.id, r]));
      return {
        records: delays.map((delay) => {
          const c = context.get(delay.id)!;
          return {
            ...delay,
            taskName: c.task_name,
            yearTargetName: c.year_target_name,
            departmentName: c.department_name,
          };
        }),
        total,
      };
    },

    decideDelay: (actor: Actor, body: In<typeof S.DelayAuditBodySchema>) => goals.auditDelay(actor, body),
  };
}

export type AnnualService = ReturnType<typeof createAnnualService>;
