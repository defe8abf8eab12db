import type * as S from '@eduqa/contract';
import {
  type AuditNumber,
  canDeleteTask,
  canEditTask,
  canPushNodes,
  canReportProgress,
  canRepublishTask,
  canRequestDelay,
  canWithdrawTask,
  DEFAULT_WARNING_DAYS,
  type DelayRequest,
  delayAuditTransition,
  deriveScheduleStatus,
  deriveYearTaskState,
  type ExamType,
  type GoalFile,
  type GoalFileOwnerType,
  type GoalFileType,
  type GoalWarningCondition,
  type ImportRowError,
  isNodeEditable,
  NODE_EVENT_ACTORS,
  NODE_LOCKED_MESSAGE,
  type NodeEvent,
  type NodeState,
  nodeEventOfProgressAudit,
  nodeTransition,
  type ProgressAuditState,
  type ProgressReport,
  type ProgressType,
  PUSH_NEEDS_AUDIT_MESSAGE,
  progressAuditTransition,
  TASK_TYPES,
  type TargetTask,
  type TaskAudit,
  type TaskDetail,
  type TaskNode,
  type TaskTreeNode,
  type TaskType,
  type Transition,
  taskAuditTransition,
  type Urge,
  urgeAcceptTransition,
  type WarningCountMap,
  type WarningTask,
  warningOf,
  type YearTarget,
  type YearTaskState,
} from '@eduqa/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { FilesService } from '../files/files.service.ts';
import { checkAttachment, cleanFileName, mimeOf } from '../files/uploads.checks.ts';
import { departments, users } from '../org/org.table.ts';
import { type ParsedTaskRow, readTaskWorkbook, taskDetailWorkbook } from './goals.excel.ts';
import {
  type DelayDbRow,
  type FileDbRow,
  type GoalsRepo,
  isPublisher,
  like,
  myDepartments,
  type NodeDbRow,
  type ProgressDbRow,
  sqlList,
  type TaskDbRow,
  type TaskRightRow,
  viewCondition,
  visibleTask,
  warningItems,
} from './goals.repo.ts';
import {
  goalDelays,
  goalFiles,
  goalNodes,
  goalProgress,
  goalTaskAudits,
  goalTaskCollaborators,
  goalTasks,
  goalUrges,
  goalWarningConditions,
  goalYearTargets,
} from './goals.table.ts';

type In<T extends z.ZodType> = z.output<T>;
type Paged<T> = { records: T[]; total: number };

export const GOALS_MESSAGES = {
  yearTargetNotFound: '年度目标不存在',
  taskNotFound: '目标任务不存在',
  nodeNotFound: '任务节点不存在',
  progressNotFound: '进度记录不存在',
  delayNotFound: '延期申请不存在',
  fileNotFound: '附件不存在',
  urgeNotFound: '督办不存在',
  needPublisher: '只有年度目标发布者可以执行此操作',
  duplicateYearTarget: '该年度已有同名年度目标',
  yearTargetHasTasks: '年度目标下已有任务，不能删除',
  departmentNotFound: '责任部门不存在',
  principalNotFound: '任务负责人不存在',
  nodePrincipalNotFound: '节点负责人不存在',
  collaboratorNotFound: '协同部门不存在',
  collaboratorIsResponsible: '协同部门不能包含责任部门',
  parentOtherYear: '上级任务须属于同一年度目标',
  parentIsSubTask: '子任务下不能再建子任务',
  parentIsSelf: '不能把任务移到自己下面',
  hasSubTasks: '该任务已有子任务，不能成为子任务',
  subTaskDates: '子任务的起止日期须在上级任务的起止日期之内',
  nodeDates: '节点的起止日期须在任务的起止日期之内',
  taskDatesCoverNodes: '任务的起止日期须包含全部节点的起止日期',
  needDecompose: '只有任务负责人或责任部门负责人可以分解任务',
  needNodePrincipal: '只有节点负责人可以执行此操作',
  needReporter: '只有节点负责人或任务负责人可以上报进度或申请延期',
  needDepartAudit: '只有责任部门的负责人或审核人可以进行部门审核',
  needCreatorAudit: '只有任务创建人可以终审',
  withdrawnTask: '任务已撤回，请先重新下发',
  fileOwnerNotFound: '附件归属对象不存在',
  fileNotYours: '只能关联自己上传的附件',
  departmentNotYours: '只能处理本部门的督办',
  urgeDepartmentNotFound: '督办部门不存在',
} as const;
const M = GOALS_MESSAGES;

const refuse = (message: string) => new AppError('UNPROCESSABLE', message);
/** Another request changed the row between our read and our write: the transition is not applied. */
const STALE_MESSAGE = '数据已被他人修改，请刷新后重试';
function changedOnce(rows: readonly unknown[]) {
  if (rows.length !== 1) throw new AppError('CONFLICT', STALE_MESSAGE);
}
const forbid = (message: string) => new AppError('FORBIDDEN', message);
function check<T>(result: Transition<T>): T {
  if (!result.ok) throw refuse(result.message);
  return result.to;
}
const pageOf = (paging: { pageNum: number; pageSize: number }) => ({
  limit: paging.pageSize,
  offset: (paging.pageNum - 1) * paging.pageSize,
});
const time = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : formatDateTime(new Date(value));
const n = (v: string | number | null | undefined) => Number(v ?? 0);
const json = <T>(value: string | T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const and_ = (parts: SQL[]) => sql.join(parts, sql` and `);
const sameAudit = (state: AuditNumber | null) =>
  state === null ? sql`${goalTasks.auditState} is null` : eq(goalTasks.auditState, state);

/** The columns a task's create and update both write from the request. */
function taskColumns(body: In<typeof S.TargetTaskUpdateBodySchema> | In<typeof S.TargetTaskBodySchema>) {
  return {
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
  };
}

export function createGoalsService(deps: {
  repo: GoalsRepo;
  files: FilesService;
  storage: FileStorage;
  now?: () => Date;
}) {
  const { repo, storage } = deps;
  const db: Db = repo.db;
  const now = deps.now ?? (() => new Date());
  const today = () => formatDateTime(now())!.slice(0, 10);

  // -------------------------------------------------------------------------------------------------
  // mapping

  function toTask(row: TaskDbRow, actor: Actor, on: string): TargetTask {
    const state = row.state as YearTaskState;
    const nodeCount = n(row.node_count);
    const doneNodeCount = n(row.done_count);
    return {
      id: row.id,
      yearTargetId: row.year_target_id,
      yearTargetName: row.year_target_name,
      cycleYear: n(row.cycle_year),
      parentId: row.parent_id,
      name: row.name,
      type: row.type as TaskType,
      examType: row.exam_type as TargetTask['examType'],
      targetValue: row.target_value,
      departmentId: row.department_id,
      departmentName: row.department_name,
      principalId: row.principal_user_id,
      principalName: row.principal_name,
      collaboratingDepartments: json(row.collaborators),
      startDate: row.start_date,
      endDate: row.end_date,
      detail: row.detail,
      situation: row.situation,
      state,
      auditState: row.audit_state === null ? null : (n(row.audit_state) as AuditNumber),
      scheduleStatus: deriveScheduleStatus({ state, endDate: row.end_date, today: on }),
      progress: nodeCount === 0 ? 0 : Math.round((doneNodeCount / nodeCount) * 10_000) / 100,
      nodeCount,
      doneNodeCount,
      subTaskCount: n(row.sub_count),
      warningType: row.is_withdrawn
        ? null
        : warningOf({
            endDate: row.end_date,
            today: on,
            isDone: state === 'done',
            days: n(row.warning_days),
          }),
      isWithdrawn: row.is_withdrawn,
      sort: n(row.sort),
      creatorId: row.creator_user_id,
      creatorName: row.creator_name,
      isTargetCreator: row.creator_user_id === actor.userId,
      isPrincipal: row.principal_user_id === actor.userId,
      createdAt: time(row.created_at)!,
    };
  }

  function toNode(row: NodeDbRow, on: string): TaskNode {
    return {
      id: row.id,
      taskId: row.task_id,
      name: row.name,
      description: row.description,
      principalId: row.principal_user_id,
      principalName: row.principal_name,
      startDate: row.start_date,
      endDate: row.end_date,
      state: row.state,
      reason: row.reason,
      warningType: warningOf({
        endDate: row.end_date,
        today: on,
        isDone: row.state === 'hasDone' || row.state === 'delayDone',
        days: n(row.warning_days),
      }),
      createdAt: time(row.created_at)!,
    };
  }

  const toFile = (row: FileDbRow): GoalFile => ({
    id: row.id,
    fileId: row.file_id,
    fileName: row.file_name,
    size: n(row.size),
    fileType: row.file_type as GoalFileType,
    ownerType: row.owner_type as GoalFileOwnerType,
    ownerId: row.owner_id,
    uploaderName: row.uploader_name,
    createdAt: time(row.created_at)!,
  });

  const toProgress = (row: ProgressDbRow, files: GoalFile[]): ProgressReport => ({
    id: row.id,
    taskId: row.task_id,
    nodeId: row.node_id,
    nodeName: row.node_name,
    type: row.type as ProgressType,
    content: row.content,
    completion: row.completion === null ? null : Number(row.completion),
    auditState: row.audit_state as ProgressAuditState,
    opinion: row.opinion,
    reporterId: row.reporter_user_id,
    reporterName: row.reporter_name,
    reportedAt: time(row.reported_at)!,
    auditorName: row.auditor_name,
    auditedAt: time(row.audited_at),
    files: files.filter((f) => f.ownerType === 'TaskProgress' && f.ownerId === row.id),
  });

  const toDelay = (row: DelayDbRow): DelayRequest => ({
    id: row.id,
    taskId: row.task_id,
    nodeId: row.node_id,
    nodeName: row.node_name,
    originalEndDate: row.original_end_date,
    requestedEndDate: row.requested_end_date,
    reason: row.reason,
    auditState: n(row.audit_state) as AuditNumber,
    opinion: row.opinion,
    requesterName: row.requester_name,
    requestedAt: time(row.requested_at)!,
    auditorName: row.auditor_name,
    auditedAt: time(row.audited_at),
  });

  // -------------------------------------------------------------------------------------------------
  // access

  function requirePublisher(actor: Actor) {
    if (!isPublisher(actor)) throw forbid(M.needPublisher);
  }

  async function readTask(actor: Actor, taskId: string, ex: Db = db): Promise<TaskRightRow> {
    const row = await repo.taskRight(actor, taskId, ex);
    if (!row) throw notFound(M.taskNotFound);
    return row;
  }
  /** The creator alone changes a task; to anyone else it does not exist. */
  async function ownTask(actor: Actor, taskId: string, ex: Db = db): Promise<TaskRightRow> {
    const row = await readTask(actor, taskId, ex);
    if (row.creator_user_id !== actor.userId) throw notFound(M.taskNotFound);
    return row;
  }
  const canDecompose = (actor: Actor, t: TaskRightRow) =>
    t.principal_user_id === actor.userId || t.is_dept_head;
  function requireDecompose(actor: Actor, t: TaskRightRow) {
    if (!canDecompose(actor, t)) throw forbid(M.needDecompose);
    if (t.is_withdrawn) throw refuse(M.withdrawnTask);
  }

  async function taskRows(actor: Actor, ids: string[], ex: Db = db) {
    const on = today();
    return (await repo.tasksByIds(ids, ex)).map((r) => toTask(r, actor, on));
  }
  async function oneTask(actor: Actor, id: string, ex: Db = db) {
    const [task] = await taskRows(actor, [id], ex);
    if (!task) throw notFound(M.taskNotFound);
    return task;
  }

  async function loadNode(actor: Actor, nodeId: string, ex: Db = db) {
    const [node] = await repo.nodes(sql`n.id = ${nodeId}`, ex);
    if (!node) throw notFound(M.nodeNotFound);
    const task = await repo.taskRight(actor, node.task_id, ex);
    if (!task) throw notFound(M.nodeNotFound);
    return { node, task };
  }

  async function refreshTaskState(ex: Db, taskId: string) {
    const [task] = await ex
      .select({ auditState: goalTasks.auditState })
      .from(goalTasks)
      .where(eq(goalTasks.id, taskId));
    if (!task) return;
    const nodeStates = (await repo.nodeStates(taskId, ex)).map((r) => r.state);
    const state = deriveYearTaskState({ auditState: task.auditState as AuditNumber | null, nodeStates });
    await ex.update(goalTasks).set({ state, updatedAt: now() }).where(eq(goalTasks.id, taskId));
  }

  async function checkUsersAndDepartments(input: {
    departmentId: string;
    principalId: string;
    collaboratingDepartmentIds?: string[] | undefined;
  }) {
    const collaborators = [...new Set(input.collaboratingDepartmentIds ?? [])];
    if (collaborators.includes(input.departmentId)) throw refuse(M.collaboratorIsResponsible);
    const departments = await repo.exists('departments', [input.departmentId, ...collaborators]);
    if (!departments.has(input.departmentId)) throw refuse(M.departmentNotFound);
    if (collaborators.some((id) => !departments.has(id))) throw refuse(M.collaboratorNotFound);
    const users = await repo.exists('users', [input.principalId]);
    if (!users.has(input.principalId)) throw refuse(M.principalNotFound);
    return collaborators;
  }

  async function attachFiles(
    ex: Db,
    input: {
      actor: Actor;
      taskId: string;
      ownerType: GoalFileOwnerType;
      ownerId: string;
      fileType: GoalFileType;
      fileIds: readonly string[];
    },
  ) {
    const ids = [...new Set(input.fileIds)];
    if (ids.length === 0) return;
    const already = new Set(
      (
        await ex
          .select({ fileId: goalFiles.fileId })
          .from(goalFiles)
          .where(
            and(
              eq(goalFiles.ownerType, input.ownerType),
              eq(goalFiles.ownerId, input.ownerId),
              inArray(goalFiles.fileId, ids),
            ),
          )
      ).map((r) => r.fileId),
    );
    const fresh = ids.filter((id) => !already.has(id));
    const mine = await repo.ownFiles(input.actor.userId, fresh, ex);
    if (fresh.some((id) => !mine.has(id))) throw notFound(M.fileNotYours);
    if (fresh.length === 0) return;
    const at = now().getTime();
    await ex.insert(goalFiles).values(
      fresh.map((fileId, i) => ({
        id: newId(),
        taskId: input.taskId,
        ownerType: input.ownerType,
        ownerId: input.ownerId,
        fileId,
        fileType: input.fileType,
        uploaderUserId: input.actor.userId,
        createdAt: new Date(at + i),
      })),
    );
  }

  // -------------------------------------------------------------------------------------------------
  // year targets

  async function yearTargetRow(actor: Actor, id: string): Promise<YearTarget> {
    const { records } = await repo.yearTargets({ me: actor.userId, id, limit: 1, offset: 0 });
    const row = records[0];
    if (!row) throw notFound(M.yearTargetNotFound);
    return toYearTarget(actor, row);
  }
  function toYearTarget(
    actor: Actor,
    row: Awaited<ReturnType<GoalsRepo['yearTargets']>>['records'][number],
  ): YearTarget {
    return {
      id: row.id,
      name: row.name,
      cycleYear: n(row.cycle_year),
      description: row.description,
      creatorId: row.creator_user_id,
      creatorName: row.creator_name,
      isTargetCreator: row.creator_user_id === actor.userId,
      taskCount: n(row.task_count),
      createdAt: time(row.created_at)!,
    };
  }
  async function ownYearTarget(actor: Actor, id: string) {
    const [row] = await db
      .select({ id: goalYearTargets.id, creator: goalYearTargets.creatorUserId })
      .from(goalYearTargets)
      .where(eq(goalYearTargets.id, id));
    if (!row || row.creator !== actor.userId) throw notFound(M.yearTargetNotFound);
  }

  // -------------------------------------------------------------------------------------------------
  // task list conditions

  function taskWhere(actor: Actor, q: Partial<In<typeof S.TargetTaskListQuerySchema>>): SQL {
    const parts: SQL[] = [visibleTask(actor), viewCondition(actor.userId, q.view)];
    if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
    if (q.cycleYear) {
      parts.push(
        sql`exists (select 1 from goal_year_targets cy where cy.id = t.year_target_id and cy.cycle_year = ${q.cycleYear})`,
      );
    }
    if (q.keyword) parts.push(sql`t.name ilike ${like(q.keyword)}`);
    if (q.type) parts.push(sql`t.type = ${q.type}`);
    if (q.state) parts.push(sql`t.state = ${q.state}`);
    if (q.departmentId) parts.push(sql`t.department_id = ${q.departmentId}`);
    if (q.parentId) parts.push(sql`t.parent_id = ${q.parentId}`);
    if (q.topOnly) parts.push(sql`t.parent_id is null`);
    if (q.scheduleStatus) {
      const on = today();
      // The SQL twin of deriveScheduleStatus.
      const status = {
        finish: sql`t.state = 'done'`,
        block: sql`t.state <> 'done' and t.end_date < ${on}::date`,
        normal: sql`t.state = 'doing' and t.end_date >= ${on}::date`,
        unstart: sql`t.state in ('waitResolve', 'hasResolved') and t.end_date >= ${on}::date`,
      }[q.scheduleStatus];
      parts.push(sql`(${status})`);
    }
    if (q.warningType) {
      const column = q.warningType === 'final' ? sql`w.expired_count` : sql`w.process_count`;
      parts.push(
        sql`t.id in (select w.task_id from (${warningItems(sql`not t.is_withdrawn`, today())}) w where ${column} > 0)`,
      );
    }
    return and_(parts);
  }

  /** Warnings never count withdrawn tasks. */
  function warningScope(actor: Actor, q: In<typeof S.WarningCountQuerySchema>): SQL {
    const parts: SQL[] = [visibleTask(actor), sql`not t.is_withdrawn`];
    if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
    if (q.queryType === 'personal') parts.push(viewCondition(actor.userId, 'mine'));
    if (q.departmentCondition && q.departmentCondition.length > 0) {
      parts.push(sql`t.department_id in (${sqlList(q.departmentCondition)})`);
    }
    return and_(parts);
  }

  async function oneProgress(id: string): Promise<ProgressReport> {
    const files = (await repo.files(sql`gf.owner_type = 'TaskProgress' and gf.owner_id = ${id}`)).map(toFile);
    const [row] = await repo.progress(sql`p.id = ${id}`);
    if (!row) throw notFound(M.progressNotFound);
    return toProgress(row, files);
  }

  async function currentConditions(): Promise<GoalWarningCondition[]> {
    const current = new Map((await repo.warningConditions()).map((r) => [r.task_type, r]));
    return TASK_TYPES.map((taskType) => {
      const row = current.get(taskType);
      return row
        ? {
            id: row.id,
            taskType,
            days: n(row.days),
            configuredBy: row.configured_by,
            configuredAt: time(row.configured_at),
          }
        : { id: null, taskType, days: DEFAULT_WARNING_DAYS, configuredBy: null, configuredAt: null };
    });
  }

  // -------------------------------------------------------------------------------------------------

  return {
    /** Tasks by id as the caller sees them, in no particular order (the annual view pages its own ids). */
    tasksByIds: (actor: Actor, ids: string[]) =>
      ids.length === 0 ? Promise.resolve([]) : taskRows(actor, ids),
    /** Progress reports by id with their files (the annual view's audit list pages its own ids). */
    async progressByIds(ids: string[]): Promise<ProgressReport[]> {
      if (ids.length === 0) return [];
      const files = (
        await repo.files(sql`gf.owner_type = 'TaskProgress' and gf.owner_id in (${sqlList(ids)})`)
      ).map(toFile);
      return (await repo.progress(sql`p.id in (${sqlList(ids)})`)).map((r) => toProgress(r, files));
    },
    async delaysByIds(ids: string[]): Promise<DelayRequest[]> {
      if (ids.length === 0) return [];
      return (await repo.delays(sql`dl.id in (${sqlList(ids)})`)).map(toDelay);
    },

    async yearTargets(actor: Actor, q: In<typeof S.YearTargetListQuerySchema>): Promise<Paged<YearTarget>> {
      const { records, total } = await repo.yearTargets({ me: actor.userId, ...q, ...pageOf(q) });
      return { records: records.map((r) => toYearTarget(actor, r)), total };
    },

    async years() {
      return (await repo.years()).map((r) => ({
        cycleYear: n(r.cycle_year),
        targetCount: n(r.target_count),
        taskCount: n(r.task_count),
      }));
    },

    async insertYearTarget(actor: Actor, body: In<typeof S.YearTargetBodySchema>) {
      requirePublisher(actor);
      const id = newId();
      await guarded(
        () =>
          db.insert(goalYearTargets).values({
            id,
            name: body.name,
            cycleYear: body.cycleYear,
            description: body.description ?? '',
            creatorUserId: actor.userId,
          }),
        { conflict: M.duplicateYearTarget },
      );
      return yearTargetRow(actor, id);
    },

    async updateYearTarget(actor: Actor, body: In<typeof S.YearTargetUpdateBodySchema>) {
      await ownYearTarget(actor, body.id);
      await guarded(
        () =>
          db
            .update(goalYearTargets)
            .set({
              name: body.name,
              cycleYear: body.cycleYear,
              description: body.description ?? '',
              updatedAt: now(),
            })
            .where(eq(goalYearTargets.id, body.id)),
        { conflict: M.duplicateYearTarget },
      );
      return yearTargetRow(actor, body.id);
    },

    async deleteYearTargets(actor: Actor, ids: string[]) {
      for (const id of ids) await ownYearTarget(actor, id);
      const [used] = await db
        .select({ id: goalTasks.id })
        .from(goalTasks)
        .where(inArray(goalTasks.yearTargetId, ids))
        .limit(1);
      if (used) throw refuse(M.yearTargetHasTasks);
      await db.delete(goalYearTargets).where(inArray(goalYearTargets.id, ids));
    },

    // -----------------------------------------------------------------------------------------------
    // tasks

    async tasks(actor: Actor, q: In<typeof S.TargetTaskListQuerySchema>): Promise<Paged<TargetTask>> {
      const on = today();
      const { records, total } = await repo.tasks({ where: taskWhere(actor, q), ...pageOf(q) });
      return { records: records.map((r) => toTask(r, actor, on)), total };
    },

    async insertTask(actor: Actor, body: In<typeof S.TargetTaskBodySchema>) {
      requirePublisher(actor);
      const [target] = await db
        .select({ id: goalYearTargets.id })
        .from(goalYearTargets)
        .where(eq(goalYearTargets.id, body.yearTargetId));
      if (!target) throw notFound(M.yearTargetNotFound);
      if (body.parentId) {
        const parent = await readTask(actor, body.parentId);
        if (parent.year_target_id !== body.yearTargetId) throw refuse(M.parentOtherYear);
        if (parent.parent_id) throw refuse(M.parentIsSubTask);
        if (body.startDate < parent.start_date || body.endDate > parent.end_date)
          throw refuse(M.subTaskDates);
      }
      const collaborators = await checkUsersAndDepartments(body);
      const id = newId();
      await db.transaction(async (tx) => {
        const [last] = await tx
          .select({ sort: sql<number>`coalesce(max(${goalTasks.sort}), 0)` })
          .from(goalTasks)
          .where(eq(goalTasks.yearTargetId, body.yearTargetId));
        await tx.insert(goalTasks).values({
          id,
          yearTargetId: body.yearTargetId,
          parentId: body.parentId ?? null,
          ...taskColumns(body),
          sort: n(last?.sort) + 1,
          creatorUserId: actor.userId,
        });
        if (collaborators.length > 0) {
          await tx
            .insert(goalTaskCollaborators)
            .values(collaborators.map((departmentId) => ({ taskId: id, departmentId })));
        }
      });
      return oneTask(actor, id);
    },

    async updateTask(actor: Actor, body: In<typeof S.TargetTaskUpdateBodySchema>) {
      const task = await ownTask(actor, body.id);
      check(canEditTask(task.state as YearTaskState));
      if (task.parent_id) {
        const [parent] = await db
          .select({ start: goalTasks.startDate, end: goalTasks.endDate })
          .from(goalTasks)
          .where(eq(goalTasks.id, task.parent_id));
        if (parent && (body.startDate < parent.start || body.endDate > parent.end))
          throw refuse(M.subTaskDates);
      }
      const [span] = await db
        .select({
          start: sql<string | null>`to_char(min(${goalNodes.startDate}), 'YYYY-MM-DD')`,
          end: sql<string | null>`to_char(max(${goalNodes.endDate}), 'YYYY-MM-DD')`,
        })
        .from(goalNodes)
        .where(eq(goalNodes.taskId, body.id));
      if (span?.start && (span.start < body.startDate || (span.end ?? '') > body.endDate)) {
        throw refuse(M.taskDatesCoverNodes);
      }
      const collaborators = await checkUsersAndDepartments(body);
      await db.transaction(async (tx) => {
        await tx
          .update(goalTasks)
          .set({ ...taskColumns(body), updatedAt: now() })
          .where(eq(goalTasks.id, body.id));
        await tx.delete(goalTaskCollaborators).where(eq(goalTaskCollaborators.taskId, body.id));
        if (collaborators.length > 0) {
          await tx
            .insert(goalTaskCollaborators)
            .values(collaborators.map((departmentId) => ({ taskId: body.id, departmentId })));
        }
      });
      return oneTask(actor, body.id);
    },

    async deleteTasks(actor: Actor, ids: string[]) {
      for (const id of ids) {
        await ownTask(actor, id);
        const nodeStates = (await repo.nodeStates(id)).map((r) => r.state);
        const [subs] = await db
          .select({ n: sql<number>`count(*)` })
          .from(goalTasks)
          .where(and(eq(goalTasks.parentId, id), sql`${goalTasks.id} not in (${sqlList(ids)})`));
        check(canDeleteTask({ nodeStates, subTaskCount: n(subs?.n) }));
      }
      await db.transaction(async (tx) => {
        // Sub-tasks first: they are in the same batch when they are deleted with their parent.
        await tx
          .delete(goalTasks)
          .where(and(inArray(goalTasks.id, ids), sql`${goalTasks.parentId} is not null`));
        await tx.delete(goalTasks).where(inArray(goalTasks.id, ids));
      });
    },

    async withdrawTask(actor: Actor, id: string) {
      const task = await ownTask(actor, id);
      check(canWithdrawTask({ auditState: task.audit_state, isWithdrawn: task.is_withdrawn }));
      await db.update(goalTasks).set({ isWithdrawn: true, updatedAt: now() }).where(eq(goalTasks.id, id));
      return oneTask(actor, id);
    },

    async republishTask(actor: Actor, id: string) {
      const task = await ownTask(actor, id);
      check(canRepublishTask(task.is_withdrawn));
      await db.update(goalTasks).set({ isWithdrawn: false, updatedAt: now() }).where(eq(goalTasks.id, id));
      return oneTask(actor, id);
    },

    async taskDetail(actor: Actor, id: string): Promise<TaskDetail> {
      const right = await readTask(actor, id);
      const on = today();
      const task = await oneTask(actor, id);
      const subs = await repo.tasks({
        where: and_([sql`t.parent_id = ${id}`, visibleTask(actor)]),
        limit: 10_000,
        offset: 0,
      });
      const files = (await repo.files(sql`gf.task_id = ${id}`)).map(toFile);
      const isCreator = right.creator_user_id === actor.userId;
      return {
        task,
        subTasks: subs.records.map((r) => toTask(r, actor, on)),
        nodes: (await repo.nodes(sql`n.task_id = ${id}`)).map((r) => toNode(r, on)),
        progress: (await repo.progress(sql`p.task_id = ${id}`)).map((r) => toProgress(r, files)),
        audits: (await repo.audits(id)).map(toAudit),
        delays: (await repo.delays(sql`dl.task_id = ${id}`)).map(toDelay),
        files: files.filter((f) => f.ownerType === 'YearTask'),
        rights: {
          canEdit: isCreator,
          canDecompose: canDecompose(actor, right),
          canAuditDecomposition: isCreator,
          canDepartAudit: right.is_dept_manager,
          canFinalAudit: isCreator,
        },
      };
    },

    async tree(actor: Actor, yearTargetId: string): Promise<TaskTreeNode[]> {
      const { records } = await repo.tasks({
        where: and_([sql`t.year_target_id = ${yearTargetId}`, visibleTask(actor)]),
        limit: 1_000_000,
        offset: 0,
      });
      const nodes = new Map<string, TaskTreeNode>(
        records.map((r) => [
          r.id,
          { id: r.id, name: r.name, type: r.type as TaskType, state: r.state as YearTaskState, children: [] },
        ]),
      );
      const roots: TaskTreeNode[] = [];
      for (const r of records) {
        const node = nodes.get(r.id)!;
        const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
        (parent ? parent.children : roots).push(node);
      }
      return roots;
    },

    async moveInCatalog(actor: Actor, body: In<typeof S.TaskCatalogBodySchema>) {
      const task = await ownTask(actor, body.id);
      if (body.parentId) {
        if (body.parentId === body.id) throw refuse(M.parentIsSelf);
        const parent = await readTask(actor, body.parentId);
        if (parent.year_target_id !== task.year_target_id) throw refuse(M.parentOtherYear);
        if (parent.parent_id) throw refuse(M.parentIsSubTask);
        const [child] = await db
          .select({ id: goalTasks.id })
          .from(goalTasks)
          .where(eq(goalTasks.parentId, body.id))
          .limit(1);
        if (child) throw refuse(M.hasSubTasks);
        if (task.start_date < parent.start_date || task.end_date > parent.end_date)
          throw refuse(M.subTaskDates);
      }
      await db
        .update(goalTasks)
        .set({
          parentId: body.parentId ?? null,
          ...(body.sort === undefined ? {} : { sort: body.sort }),
          updatedAt: now(),
        })
        .where(eq(goalTasks.id, body.id));
      return oneTask(actor, body.id);
    },

    // -----------------------------------------------------------------------------------------------
    // Excel

    /**
     * Imports the workbook's tasks into a year target: every row is checked (cells, then names against the
     * database and the rows before it) and nothing is written unless all rows are right.
     */
    async importTasks(actor: Actor, input: { yearTargetId: string | undefined; bytes: Uint8Array }) {
      requirePublisher(actor);
      if (!input.yearTargetId) throw new AppError('VALIDATION', '请选择年度目标');
      const yearTargetId = input.yearTargetId;
      const [target] = await db
        .select({ id: goalYearTargets.id })
        .from(goalYearTargets)
        .where(eq(goalYearTargets.id, yearTargetId));
      if (!target) throw notFound(M.yearTargetNotFound);
      const parsed = await readTaskWorkbook(input.bytes);
      const errors: ImportRowError[] = [...parsed.errors];
      const fail = (row: ParsedTaskRow, column: string, message: string) =>
        errors.push({ row: row.row, column, message });

      const allDepartments = await db
        .select({ id: departments.id, name: departments.name, short: departments.shortNameChinese })
        .from(departments);
      const departmentOf = (name: string) =>
        allDepartments.find((d) => d.name === name) ?? allDepartments.find((d) => d.short === name);
      const accounts = [...new Set(parsed.rows.map((r) => r.principalAccount.toLowerCase()))];
      const found =
        accounts.length === 0
          ? []
          : await db
              .select({ id: users.id, account: sql<string>`lower(${users.account})` })
              .from(users)
              .where(and(sql`lower(${users.account}) in (${sqlList(accounts)})`, eq(users.disabled, false)));
      const userOf = new Map(found.map((u) => [u.account, u.id]));
      const existingTop = await db
        .select({
          id: goalTasks.id,
          name: goalTasks.name,
          start: goalTasks.startDate,
          end: goalTasks.endDate,
        })
        .from(goalTasks)
        .where(and(eq(goalTasks.yearTargetId, yearTargetId), sql`${goalTasks.parentId} is null`));

      type Planned = Omit<ParsedTaskRow, 'type' | 'examType'> & {
        type: TaskType;
        examType: ExamType;
        id: string;
        departmentId: string;
        principalId: string;
        collaboratorIds: string[];
        parentId: string | null;
      };
      const planned: Planned[] = [];
      const topInFile = new Map<string, Planned>();
      const seen = new Map<string, number>();
      for (const row of parsed.rows) {
        const before = errors.length;
        const department = row.departmentName ? departmentOf(row.departmentName) : undefined;
        if (row.departmentName && !department) fail(row, '责任部门', `部门「${row.departmentName}」不存在`);
        const principalId = row.principalAccount ? userOf.get(row.principalAccount.toLowerCase()) : undefined;
        if (row.principalAccount && !principalId) {
          fail(row, '任务负责人账号', `账号「${row.principalAccount}」不存在或已停用`);
        }
        const collaboratorIds: string[] = [];
        for (const name of row.collaboratorNames) {
          const d = departmentOf(name);
          if (!d) fail(row, '协同部门', `部门「${name}」不存在`);
          else if (d.id === department?.id) fail(row, '协同部门', M.collaboratorIsResponsible);
          else if (!collaboratorIds.includes(d.id)) collaboratorIds.push(d.id);
        }
        let parentId: string | null = null;
        if (row.parentName) {
          const inFile = topInFile.get(row.parentName);
          const existing = existingTop.find((t) => t.name === row.parentName);
          const parent = inFile
            ? { id: inFile.id, start: inFile.startDate, end: inFile.endDate }
            : existing
              ? { id: existing.id, start: existing.start, end: existing.end }
              : null;
          if (!parent)
            fail(row, '上级任务名称', `上级任务「${row.parentName}」不存在（须为本年度目标下的一级任务）`);
          else if (row.startDate < parent.start || row.endDate > parent.end)
            fail(row, '结束日期', M.subTaskDates);
          else parentId = parent.id;
        }
        const key = `${row.parentName ?? ''}\u0000${row.name}`;
        const duplicate = row.name ? seen.get(key) : undefined;
        if (duplicate !== undefined) fail(row, '任务名称', `与第${duplicate}行的任务重复`);
        else if (row.name) seen.set(key, row.row);
        if (errors.length > before || !department || !principalId || !row.type || !row.examType) continue;
        const item: Planned = {
          ...row,
          type: row.type,
          examType: row.examType,
          id: newId(),
          departmentId: department.id,
          principalId,
          collaboratorIds,
          parentId,
        };
        planned.push(item);
        if (!row.parentName) topInFile.set(row.name, item);
      }
      if (errors.length > 0) {
        errors.sort((a, b) => a.row - b.row);
        return { imported: false, tasks: 0, errors };
      }
      await db.transaction(async (tx) => {
        const [last] = await tx
          .select({ sort: sql<number>`coalesce(max(${goalTasks.sort}), 0)` })
          .from(goalTasks)
          .where(eq(goalTasks.yearTargetId, yearTargetId));
        const start = n(last?.sort);
        await tx.insert(goalTasks).values(
          planned.map((p, i) => ({
            id: p.id,
            yearTargetId,
            parentId: p.parentId,
            name: p.name,
            type: p.type,
            examType: p.examType,
            targetValue: p.targetValue,
            departmentId: p.departmentId,
            principalUserId: p.principalId,
            startDate: p.startDate,
            endDate: p.endDate,
            detail: p.detail,
            sort: start + i + 1,
            creatorUserId: actor.userId,
          })),
        );
        const links = planned.flatMap((p) =>
          p.collaboratorIds.map((departmentId) => ({ taskId: p.id, departmentId })),
        );
        if (links.length > 0) await tx.insert(goalTaskCollaborators).values(links);
      });
      return { imported: true, tasks: planned.length, errors: [] };
    },

    async exportTasks(actor: Actor, q: Omit<In<typeof S.TargetTaskListQuerySchema>, 'pageNum' | 'pageSize'>) {
      const on = today();
      const { records } = await repo.tasks({ where: taskWhere(actor, q), limit: 100_000, offset: 0 });
      return taskDetailWorkbook(records.map((r) => toTask(r, actor, on)));
    },

    // -----------------------------------------------------------------------------------------------
    // decomposition audit

    async audits(actor: Actor, taskId: string) {
      await readTask(actor, taskId);
      return (await repo.audits(taskId)).map(toAudit);
    },

    async submitAudit(actor: Actor, taskId: string): Promise<TaskAudit> {
      const task = await readTask(actor, taskId);
      requireDecompose(actor, task);
      const nodeCount = (await repo.nodeStates(taskId)).length;
      const next = check(taskAuditTransition(task.audit_state, 'submit', { nodeCount }));
      const id = newId();
      await db.transaction(async (tx) => {
        await tx
          .insert(goalTaskAudits)
          .values({ id, taskId, auditState: next, submitterUserId: actor.userId });
        changedOnce(
          await tx
            .update(goalTasks)
            .set({ auditState: next, updatedAt: now() })
            .where(and(eq(goalTasks.id, taskId), sameAudit(task.audit_state)))
            .returning({ id: goalTasks.id }),
        );
        await refreshTaskState(tx, taskId);
      });
      return (await repo.audits(taskId)).map(toAudit).find((a) => a.id === id)!;
    },

    async decideAudit(actor: Actor, body: In<typeof S.TaskAuditDecisionBodySchema>): Promise<TaskAudit> {
      const task = await readTask(actor, body.taskId);
      if (task.creator_user_id !== actor.userId) throw forbid(M.needCreatorAudit);
      const next = check(taskAuditTransition(task.audit_state, body.auditState === 1 ? 'pass' : 'fail'));
      const [pending] = await db
        .select({ id: goalTaskAudits.id })
        .from(goalTaskAudits)
        .where(and(eq(goalTaskAudits.taskId, body.taskId), eq(goalTaskAudits.auditState, 0)))
        .limit(1);
      await db.transaction(async (tx) => {
        if (pending) {
          await tx
            .update(goalTaskAudits)
            .set({
              auditState: next,
              opinion: body.opinion ?? '',
              auditorUserId: actor.userId,
              auditedAt: now(),
            })
            .where(eq(goalTaskAudits.id, pending.id));
        }
        changedOnce(
          await tx
            .update(goalTasks)
            .set({ auditState: next, updatedAt: now() })
            .where(and(eq(goalTasks.id, body.taskId), sameAudit(task.audit_state)))
            .returning({ id: goalTasks.id }),
        );
        await refreshTaskState(tx, body.taskId);
      });
      const audits = (await repo.audits(body.taskId)).map(toAudit);
      return audits.find((a) => a.id === pending?.id) ?? audits[0]!;
    },

    // -----------------------------------------------------------------------------------------------
    // nodes

    async nodes(actor: Actor, taskId: string) {
      await readTask(actor, taskId);
      const on = today();
      return (await repo.nodes(sql`n.task_id = ${taskId}`)).map((r) => toNode(r, on));
    },

    async insertNode(actor: Actor, body: In<typeof S.NodeBodySchema>) {
      const task = await readTask(actor, body.taskId);
      requireDecompose(actor, task);
      check(canEditTask(task.state as YearTaskState));
      if (body.startDate < task.start_date || body.endDate > task.end_date) throw refuse(M.nodeDates);
      const principal = body.principalId ?? task.principal_user_id;
      if (!(await repo.exists('users', [principal])).has(principal)) throw refuse(M.nodePrincipalNotFound);
      const id = newId();
      await db.transaction(async (tx) => {
        await tx.insert(goalNodes).values({
          id,
          taskId: body.taskId,
          name: body.name,
          description: body.description ?? '',
          principalUserId: principal,
          startDate: body.startDate,
          endDate: body.endDate,
        });
        await refreshTaskState(tx, body.taskId);
      });
      const [row] = await repo.nodes(sql`n.id = ${id}`);
      return toNode(row!, today());
    },

    async updateNode(actor: Actor, body: In<typeof S.NodeUpdateBodySchema>) {
      const { node, task } = await loadNode(actor, body.id);
      requireDecompose(actor, task);
      if (!isNodeEditable(node.state)) throw refuse(NODE_LOCKED_MESSAGE);
      if (body.startDate < task.start_date || body.endDate > task.end_date) throw refuse(M.nodeDates);
      const principal = body.principalId ?? node.principal_user_id;
      if (!(await repo.exists('users', [principal])).has(principal)) throw refuse(M.nodePrincipalNotFound);
      await db
        .update(goalNodes)
        .set({
          name: body.name,
          description: body.description ?? '',
          principalUserId: principal,
          startDate: body.startDate,
          endDate: body.endDate,
        })
        .where(eq(goalNodes.id, body.id));
      const [row] = await repo.nodes(sql`n.id = ${body.id}`);
      return toNode(row!, today());
    },

    async deleteNodes(actor: Actor, ids: string[]) {
      const taskIds = new Set<string>();
      for (const id of ids) {
        const { node, task } = await loadNode(actor, id);
        requireDecompose(actor, task);
        if (!isNodeEditable(node.state)) throw refuse(NODE_LOCKED_MESSAGE);
        taskIds.add(task.id);
      }
      await db.transaction(async (tx) => {
        await tx.delete(goalNodes).where(inArray(goalNodes.id, ids));
        for (const taskId of taskIds) await refreshTaskState(tx, taskId);
      });
    },

    async transitionNode(actor: Actor, body: In<typeof S.NodeTransitionBodySchema>) {
      const { node, task } = await loadNode(actor, body.id);
      const event: NodeEvent = body.event;
      if (NODE_EVENT_ACTORS[event] === 'taskPrincipal') requireDecompose(actor, task);
      else if (node.principal_user_id !== actor.userId) throw forbid(M.needNodePrincipal);
      const next = check(nodeTransition(node.state, event));
      if (event === 'push' && !canPushNodes(task.audit_state)) throw refuse(PUSH_NEEDS_AUDIT_MESSAGE);
      const keepsReason = event === 'goBack' || event === 'resolve' || event === 'redefine';
      await db.transaction(async (tx) => {
        changedOnce(
          await tx
            .update(goalNodes)
            .set({ state: next, ...(keepsReason ? { reason: body.reason ?? '' } : {}) })
            .where(and(eq(goalNodes.id, node.id), eq(goalNodes.state, node.state)))
            .returning({ id: goalNodes.id }),
        );
        await refreshTaskState(tx, task.id);
      });
      const [row] = await repo.nodes(sql`n.id = ${node.id}`);
      return toNode(row!, today());
    },

    // -----------------------------------------------------------------------------------------------
    // progress

    async progress(actor: Actor, q: In<typeof S.ProgressListQuerySchema>) {
      await readTask(actor, q.taskId);
      const files = (await repo.files(sql`gf.task_id = ${q.taskId} and gf.owner_type = 'TaskProgress'`)).map(
        toFile,
      );
      const where = q.nodeId
        ? sql`p.task_id = ${q.taskId} and p.node_id = ${q.nodeId}`
        : sql`p.task_id = ${q.taskId}`;
      return (await repo.progress(where)).map((r) => toProgress(r, files));
    },

    async reportProgress(actor: Actor, body: In<typeof S.ProgressBodySchema>): Promise<ProgressReport> {
      const { node, task } = await loadNode(actor, body.nodeId);
      if (node.principal_user_id !== actor.userId && !canDecompose(actor, task)) throw forbid(M.needReporter);
      const [open] = await db
        .select({ id: goalProgress.id, state: goalProgress.auditState })
        .from(goalProgress)
        .where(
          and(eq(goalProgress.nodeId, node.id), inArray(goalProgress.auditState, ['reviewing', 'childPass'])),
        )
        .limit(1);
      const state = check(canReportProgress({ nodeState: node.state, hasOpenReport: Boolean(open) }));
      const id = newId();
      await db.transaction(async (tx) => {
        await tx.insert(goalProgress).values({
          id,
          taskId: task.id,
          nodeId: node.id,
          type: body.type,
          content: body.content,
          completion: body.completion ?? null,
          auditState: state,
          reporterUserId: actor.userId,
          reportedAt: now(),
        });
        await attachFiles(tx, {
          actor,
          taskId: task.id,
          ownerType: 'TaskProgress',
          ownerId: id,
          fileType: body.type === 'final' ? 'finalResultDocument' : 'processDocument',
          fileIds: body.fileIds ?? [],
        });
      });
      return oneProgress(id);
    },

    async auditProgress(actor: Actor, body: In<typeof S.ProgressAuditBodySchema>): Promise<ProgressReport> {
      const [report] = await repo.progress(sql`p.id = ${body.id}`);
      if (!report) throw notFound(M.progressNotFound);
      const task = await repo.taskRight(actor, report.task_id);
      if (!task) throw notFound(M.progressNotFound);
      const isCreator = task.creator_user_id === actor.userId;
      const from = report.audit_state as ProgressAuditState;
      // childPass is the department's; pass is the creator's; the department may reject only what it reviews.
      if (body.decision === 'childPass' && !task.is_dept_manager) throw forbid(M.needDepartAudit);
      if (body.decision === 'pass' && !isCreator) throw forbid(M.needCreatorAudit);
      if (body.decision === 'reject' && !isCreator && !(task.is_dept_manager && from === 'reviewing')) {
        throw forbid(task.is_dept_manager ? M.needCreatorAudit : M.needDepartAudit);
      }
      const next = check(progressAuditTransition(from, body.decision));
      const nodeEvent = nodeEventOfProgressAudit(report.type as ProgressType, next);
      const [node] = await db
        .select({ state: goalNodes.state })
        .from(goalNodes)
        .where(eq(goalNodes.id, report.node_id));
      const nodeNext = nodeEvent ? check(nodeTransition(node!.state as NodeState, nodeEvent)) : null;
      await db.transaction(async (tx) => {
        await tx
          .update(goalProgress)
          .set({
            auditState: next,
            opinion: body.opinion ?? '',
            auditorUserId: actor.userId,
            auditedAt: now(),
          })
          .where(and(eq(goalProgress.id, report.id), eq(goalProgress.auditState, from)))
          .returning({ id: goalProgress.id })
          .then(changedOnce);
        if (nodeNext) {
          changedOnce(
            await tx
              .update(goalNodes)
              .set({ state: nodeNext })
              .where(and(eq(goalNodes.id, report.node_id), eq(goalNodes.state, node!.state)))
              .returning({ id: goalNodes.id }),
          );
          await refreshTaskState(tx, report.task_id);
        }
      });
      return oneProgress(report.id);
    },

    // -----------------------------------------------------------------------------------------------
    // delays

    async delays(actor: Actor, taskId: string) {
      await readTask(actor, taskId);
      return (await repo.delays(sql`dl.task_id = ${taskId}`)).map(toDelay);
    },

    async requestDelay(actor: Actor, body: In<typeof S.DelayBodySchema>): Promise<DelayRequest> {
      const { node, task } = await loadNode(actor, body.nodeId);
      if (node.principal_user_id !== actor.userId && !canDecompose(actor, task)) throw forbid(M.needReporter);
      const [pending] = await db
        .select({ id: goalDelays.id })
        .from(goalDelays)
        .where(and(eq(goalDelays.nodeId, node.id), eq(goalDelays.auditState, 0)))
        .limit(1);
      check(
        canRequestDelay({
          nodeState: node.state,
          hasPendingDelay: Boolean(pending),
          currentEndDate: node.end_date,
          requestedEndDate: body.requestedEndDate,
        }),
      );
      const id = newId();
      await db.transaction(async (tx) => {
        await tx.insert(goalDelays).values({
          id,
          taskId: task.id,
          nodeId: node.id,
          originalEndDate: node.end_date,
          requestedEndDate: body.requestedEndDate,
          reason: body.reason,
          requesterUserId: actor.userId,
          requestedAt: now(),
        });
        await attachFiles(tx, {
          actor,
          taskId: task.id,
          ownerType: 'TaskEndTime',
          ownerId: id,
          fileType: 'processDocument',
          fileIds: body.fileIds ?? [],
        });
      });
      const [row] = await repo.delays(sql`dl.id = ${id}`);
      return toDelay(row!);
    },

    /** A passed delay moves the node's end (and the task's, when later) and marks the node delayed. */
    async auditDelay(actor: Actor, body: In<typeof S.DelayAuditBodySchema>): Promise<DelayRequest> {
      const [delay] = await repo.delays(sql`dl.id = ${body.id}`);
      if (!delay) throw notFound(M.delayNotFound);
      const task = await repo.taskRight(actor, delay.task_id);
      if (!task) throw notFound(M.delayNotFound);
      if (task.creator_user_id !== actor.userId) throw forbid(M.needCreatorAudit);
      const next = check(delayAuditTransition(n(delay.audit_state) as AuditNumber, body.auditState));
      const [node] = await db
        .select({ state: goalNodes.state })
        .from(goalNodes)
        .where(eq(goalNodes.id, delay.node_id));
      const nodeNext = next === 1 ? check(nodeTransition(node!.state as NodeState, 'delay')) : null;
      await db.transaction(async (tx) => {
        await tx
          .update(goalDelays)
          .set({
            auditState: next,
            opinion: body.opinion ?? '',
            auditorUserId: actor.userId,
            auditedAt: now(),
          })
          .where(and(eq(goalDelays.id, delay.id), eq(goalDelays.auditState, 0)))
          .returning({ id: goalDelays.id })
          .then(changedOnce);
        if (nodeNext) {
          await tx
            .update(goalNodes)
            .set({ state: nodeNext, endDate: delay.requested_end_date })
            .where(eq(goalNodes.id, delay.node_id));
          await tx
            .update(goalTasks)
            .set({
              endDate: sql`greatest(${goalTasks.endDate}, ${delay.requested_end_date}::date)`,
              updatedAt: now(),
            })
            .where(eq(goalTasks.id, delay.task_id));
          await refreshTaskState(tx, delay.task_id);
        }
      });
      const [row] = await repo.delays(sql`dl.id = ${delay.id}`);
      return toDelay(row!);
    },

    // -----------------------------------------------------------------------------------------------
    // files

    /** The file belongs to its uploader until it is attached; the extension and size rules of spec 2 §5. */
    async upload(actor: Actor, file: { name: string; bytes: Uint8Array } | undefined) {
      if (!file) throw new AppError('VALIDATION', '请先选取文件!');
      const name = cleanFileName(file.name);
      const extension = checkAttachment(name, file.bytes.length);
      const fileId = await deps.files.save({
        name,
        mime: mimeOf(name),
        bytes: file.bytes,
        ownerUserId: actor.userId,
      });
      return { fileId, fileName: name, extension, size: file.bytes.length };
    },

    async files(actor: Actor, q: In<typeof S.GoalFileListQuerySchema>) {
      const taskId = await ownerTask(q.ownerType, q.ownerId);
      if (!taskId) throw notFound(M.fileOwnerNotFound);
      await readTask(actor, taskId).catch(() => {
        throw notFound(M.fileOwnerNotFound);
      });
      return (await repo.files(sql`gf.owner_type = ${q.ownerType} and gf.owner_id = ${q.ownerId}`)).map(
        toFile,
      );
    },

    async attach(actor: Actor, body: In<typeof S.GoalFileBodySchema>) {
      const taskId = await ownerTask(body.ownerType, body.ownerId);
      const task = taskId ? await repo.taskRight(actor, taskId) : null;
      if (!taskId || !task) throw notFound(M.fileOwnerNotFound);
      const ownerAllowed =
        body.ownerType === 'YearTask'
          ? task.creator_user_id === actor.userId || canDecompose(actor, task)
          : body.ownerType === 'NodeTask'
            ? canDecompose(actor, task) || (await isNodePrincipal(actor, body.ownerId))
            : await isOwnerAuthor(actor, body.ownerType, body.ownerId);
      if (!ownerAllowed) throw forbid('只有任务的创建人、负责人或该记录的提交人可以上传附件');
      await db.transaction((tx) =>
        attachFiles(tx, {
          actor,
          taskId,
          ownerType: body.ownerType,
          ownerId: body.ownerId,
          fileType: body.fileType,
          fileIds: body.fileIds,
        }),
      );
      return (await repo.files(sql`gf.owner_type = ${body.ownerType} and gf.owner_id = ${body.ownerId}`)).map(
        toFile,
      );
    },

    /** Removes links: the uploader or the task's creator. */
    async detach(actor: Actor, ids: string[]) {
      const found = await repo.files(sql`gf.id in (${sqlList(ids)})`);
      if (found.length !== new Set(ids).size) throw notFound(M.fileNotFound);
      for (const file of found) {
        const task = await repo.taskRight(actor, file.task_id);
        if (!task) throw notFound(M.fileNotFound);
        if (file.uploader_user_id !== actor.userId && task.creator_user_id !== actor.userId) {
          throw forbid('只有上传人或任务创建人可以移除附件');
        }
      }
      await db.delete(goalFiles).where(inArray(goalFiles.id, ids));
    },

    async openFile(actor: Actor, id: string) {
      const [file] = await repo.files(sql`gf.id = ${id}`);
      if (!file || !(await repo.taskRight(actor, file.task_id))) throw notFound(M.fileNotFound);
      const [stored] = await db
        .execute(sql`select mime, storage_key from files where id = ${file.file_id}`)
        .then((r) => (r as unknown as { rows: { mime: string; storage_key: string }[] }).rows);
      if (!stored) throw notFound(M.fileNotFound);
      return { name: file.file_name, mime: stored.mime, bytes: await storage.get(stored.storage_key) };
    },

    // -----------------------------------------------------------------------------------------------
    // warnings

    async warningCount(actor: Actor, q: In<typeof S.WarningCountQuerySchema>): Promise<WarningCountMap> {
      const found = await repo.warningCounts(warningScope(actor, q), today());
      const result: WarningCountMap = { delayMap: {}, processMap: {} };
      for (const row of found) {
        const counts = {
          processWarningCount: n(row.process_count),
          expiredWarningCount: n(row.expired_count),
          totalWarningCount: n(row.process_count) + n(row.expired_count),
        };
        if (counts.expiredWarningCount > 0) result.delayMap[row.task_id] = counts;
        if (counts.processWarningCount > 0) result.processMap[row.task_id] = counts;
      }
      return result;
    },

    async warningTasks(actor: Actor, q: In<typeof S.WarningTaskQuerySchema>): Promise<Paged<WarningTask>> {
      const parts: SQL[] = [visibleTask(actor), sql`not t.is_withdrawn`, viewCondition(actor.userId, q.view)];
      if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
      if (q.keyword) parts.push(sql`t.name ilike ${like(q.keyword)}`);
      const { counts, total } = await repo.warningTasks({
        where: and_(parts),
        today: today(),
        type: q.warningType,
        ...pageOf(q),
      });
      const tasks = new Map(
        (
          await taskRows(
            actor,
            counts.map((c) => c.task_id),
          )
        ).map((t) => [t.id, t]),
      );
      const records = counts.flatMap((c) => {
        const task = tasks.get(c.task_id);
        if (!task) return [];
        const processWarningCount = n(c.process_count);
        const expiredWarningCount = n(c.expired_count);
        return [
          {
            ...task,
            processWarningCount,
            expiredWarningCount,
            totalWarningCount: processWarningCount + expiredWarningCount,
          },
        ];
      });
      return { records, total };
    },

    warningConditions: currentConditions,

    async configureWarnings(actor: Actor, list: In<typeof S.WarningConditionBodySchema>[]) {
      requirePublisher(actor);
      const types = new Set(list.map((c) => c.taskType));
      if (types.size !== list.length) throw new AppError('VALIDATION', '同一任务类型只能设置一次');
      const at = now().getTime();
      await db.insert(goalWarningConditions).values(
        list.map((c, i) => ({
          id: newId(),
          taskType: c.taskType,
          days: c.days,
          configuredByUserId: actor.userId,
          configuredAt: new Date(at + i),
        })),
      );
      const current = await currentConditions();
      return current.filter((c) => types.has(c.taskType));
    },

    async warningConditionHistory(
      q: In<typeof S.WarningConditionHistoryQuerySchema>,
    ): Promise<Paged<GoalWarningCondition>> {
      const { records, total } = await repo.warningConditionHistory({ taskType: q.taskType, ...pageOf(q) });
      return {
        records: records.map((r) => ({
          id: r.id,
          taskType: r.task_type as TaskType,
          days: n(r.days),
          configuredBy: r.configured_by,
          configuredAt: time(r.configured_at),
        })),
        total,
      };
    },

    // -----------------------------------------------------------------------------------------------
    // urges

    async urges(actor: Actor, q: In<typeof S.UrgeListQuerySchema>): Promise<Paged<Urge>> {
      const parts: SQL[] = [
        isPublisher(actor) || actor.roleIds.includes('schoolLeader')
          ? sql`true`
          : sql`g.department_id in ${myDepartments(actor.userId)}`,
      ];
      if (q.yearTargetId) parts.push(sql`g.year_target_id = ${q.yearTargetId}`);
      if (q.urgeType !== undefined) parts.push(sql`g.urge_type = ${q.urgeType}`);
      if (q.departmentId) parts.push(sql`g.department_id = ${q.departmentId}`);
      const { records, total } = await repo.urges({ where: and_(parts), ...pageOf(q) });
      return { records: records.map(toUrge), total };
    },

    async insertUrges(actor: Actor, list: In<typeof S.UrgeBodySchema>[]): Promise<Urge[]> {
      requirePublisher(actor);
      const targetIds = [...new Set(list.map((u) => u.yearTargetId))];
      const targets = await db
        .select({ id: goalYearTargets.id })
        .from(goalYearTargets)
        .where(inArray(goalYearTargets.id, targetIds));
      if (targets.length !== targetIds.length) throw notFound(M.yearTargetNotFound);
      const departmentIds = [...new Set(list.map((u) => u.departmentId))];
      if ((await repo.exists('departments', departmentIds)).size !== departmentIds.length) {
        throw refuse(M.urgeDepartmentNotFound);
      }
      const at = now().getTime();
      const ids = list.map(() => newId());
      await db.insert(goalUrges).values(
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
      const { records } = await repo.urges({
        where: sql`g.id in (${sqlList(ids)})`,
        limit: ids.length,
        offset: 0,
      });
      const byId = new Map(records.map((r) => [r.id, toUrge(r)]));
      return ids.map((id) => byId.get(id)!);
    },

    async acceptUrge(actor: Actor, id: string): Promise<Urge> {
      const { records } = await repo.urges({ where: sql`g.id = ${id}`, limit: 1, offset: 0 });
      const urge = records[0];
      if (!urge) throw notFound(M.urgeNotFound);
      const { records: mine } = await repo.urges({
        where: sql`g.id = ${id} and g.department_id in ${myDepartments(actor.userId)}`,
        limit: 1,
        offset: 0,
      });
      if (mine.length === 0) {
        if (isPublisher(actor)) throw forbid(M.departmentNotYours);
        throw notFound(M.urgeNotFound);
      }
      const next = check(urgeAcceptTransition(n(urge.urge_type) as 0 | 1));
      changedOnce(
        await db
          .update(goalUrges)
          .set({ urgeType: next, acceptorUserId: actor.userId, acceptedAt: now() })
          .where(and(eq(goalUrges.id, id), eq(goalUrges.urgeType, 0)))
          .returning({ id: goalUrges.id }),
      );
      const { records: after } = await repo.urges({ where: sql`g.id = ${id}`, limit: 1, offset: 0 });
      return toUrge(after[0]!);
    },

    // -----------------------------------------------------------------------------------------------
    // departments

    async departManage(actor: Actor, q: In<typeof S.DepartManageQuerySchema>) {
      const taskParts: SQL[] = [visibleTask(actor), sql`not t.is_withdrawn`];
      const urgeParts: SQL[] = [sql`true`];
      if (q.yearTargetId) {
        taskParts.push(sql`t.year_target_id = ${q.yearTargetId}`);
        urgeParts.push(sql`g.year_target_id = ${q.yearTargetId}`);
      }
      const departmentWhere =
        isPublisher(actor) || actor.roleIds.includes('schoolLeader')
          ? sql`true`
          : sql`d.id in ${myDepartments(actor.userId)}`;
      const found = await repo.departmentSummaries({
        departmentWhere,
        taskWhere: and_(taskParts),
        urgeWhere: and_(urgeParts),
        today: today(),
      });
      return found.map((r) => ({
        departmentId: r.department_id,
        departmentName: r.department_name,
        headId: r.head_id,
        headName: r.head_name,
        taskCount: n(r.task_count),
        doneCount: n(r.done_count),
        collaborationCount: n(r.collaboration_count),
        processWarningCount: n(r.process_count),
        expiredWarningCount: n(r.expired_count),
        pendingUrgeCount: n(r.pending_urge_count),
      }));
    },
  };

  // -------------------------------------------------------------------------------------------------
  // helpers that need the closure

  async function ownerTask(ownerType: GoalFileOwnerType, ownerId: string): Promise<string | null> {
    const table = {
      YearTask: null,
      NodeTask: goalNodes,
      TaskEndTime: goalDelays,
      TaskProgress: goalProgress,
    }[ownerType];
    if (!table) {
      const [row] = await db.select({ id: goalTasks.id }).from(goalTasks).where(eq(goalTasks.id, ownerId));
      return row?.id ?? null;
    }
    const [row] = await db.select({ taskId: table.taskId }).from(table).where(eq(table.id, ownerId));
    return row?.taskId ?? null;
  }
  async function isNodePrincipal(actor: Actor, nodeId: string) {
    const [row] = await db
      .select({ p: goalNodes.principalUserId })
      .from(goalNodes)
      .where(eq(goalNodes.id, nodeId));
    return row?.p === actor.userId;
  }
  async function isOwnerAuthor(actor: Actor, ownerType: GoalFileOwnerType, ownerId: string) {
    if (ownerType === 'TaskEndTime') {
      const [row] = await db
        .select({ u: goalDelays.requesterUserId })
        .from(goalDelays)
        .where(eq(goalDelays.id, ownerId));
      return row?.u === actor.userId;
    }
    const [row] = await db
      .select({ u: goalProgress.reporterUserId })
      .from(goalProgress)
      .where(eq(goalProgress.id, ownerId));
    return row?.u === actor.userId;
  }
}

function toAudit(row: {
  id: string;
  task_id: string;
  audit_state: AuditNumber;
  opinion: string;
  submitter_name: string;
  submitted_at: Date | string;
  auditor_name: string | null;
  audited_at: Date | string | null;
}): TaskAudit {
  return {
    id: row.id,
    taskId: row.task_id,
    auditState: Number(row.audit_state) as AuditNumber,
    opinion: row.opinion,
    submitterName: row.submitter_name,
    submittedAt: time(row.submitted_at)!,
    auditorName: row.auditor_name,
    auditedAt: time(row.audited_at),
  };
}

function toUrge(row: Awaited<ReturnType<GoalsRepo['urges']>>['records'][number]): Urge {
  return {
    id: row.id,
    yearTargetId: row.year_target_id,
    yearTargetName: row.year_target_name,
    departmentId: row.department_id,
    departmentName: row.department_name,
    currentStatus: Number(row.current_status) as 1 | 2,
    urgeType: Number(row.urge_type) as 0 | 1,
    content: row.content,
    urgerName: row.urger_name,
    urgedAt: time(row.urged_at)!,
    acceptorName: row.acceptor_name,
    acceptedAt: time(row.accepted_at),
  };
}

export type GoalsService = ReturnType<typeof createGoalsService>;
