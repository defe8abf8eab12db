import type {
  AuditNumber,
  GoalFileOwnerType,
  GoalFileType,
  NodeState,
  ProgressAuditState,
  ProgressType,
} from '@eduqa/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { sqlList } from '../../platform/sql.ts';
import { warningDays } from './goal-warnings.repo.ts';
import { goalDelays, goalFiles, goalNodes, goalProgress, goalTaskAudits, goalTasks } from './goals.table.ts';

/** Rows of the work under a task — nodes, progress, delays, audits, files — named as the contract names them. */
export interface NodeRow {
  id: string;
  taskId: string;
  name: string;
  description: string;
  principalId: string;
  principalName: string;
  startDate: string;
  endDate: string;
  state: NodeState;
  reason: string;
  createdAt: Date | string;
  warningDays: number;
}

export interface FileRow {
  id: string;
  taskId: string;
  fileId: string;
  fileName: string;
  size: number;
  fileType: GoalFileType;
  /** The type's current name in 文件类型 (a data manager may rename it). */
  fileTypeName: string;
  ownerType: GoalFileOwnerType;
  ownerId: string;
  uploaderId: string;
  uploaderName: string;
  createdAt: Date | string;
}

export interface ProgressRow {
  id: string;
  taskId: string;
  nodeId: string;
  nodeName: string;
  type: ProgressType;
  content: string;
  completion: number | null;
  auditState: ProgressAuditState;
  opinion: string;
  reporterId: string;
  reporterName: string;
  reportedAt: Date | string;
  auditorName: string | null;
  auditedAt: Date | string | null;
}

export interface DelayRow {
  id: string;
  taskId: string;
  nodeId: string;
  nodeName: string;
  originalEndDate: string;
  requestedEndDate: string;
  reason: string;
  auditState: AuditNumber;
  opinion: string;
  requesterName: string;
  requestedAt: Date | string;
  auditorName: string | null;
  auditedAt: Date | string | null;
}

export interface AuditRow {
  id: string;
  taskId: string;
  auditState: AuditNumber;
  opinion: string;
  submitterName: string;
  submittedAt: Date | string;
  auditorName: string | null;
  auditedAt: Date | string | null;
}

type Decision<S> = { from: S; to: S; opinion: string; auditorUserId: string; auditedAt: Date };

/** Which progress reports a read takes: by id, or a task's (of one node). */
export type ProgressFilter = { ids: readonly string[] } | { taskId: string; nodeId?: string | undefined };

/** Which attachments a read takes: by id, by owner, or a task's (of one owner type). */
export type FileFilter =
  | { ids: readonly string[] }
  | { ownerType: GoalFileOwnerType; ownerIds: readonly string[] }
  | { taskId: string; ownerType?: GoalFileOwnerType };

function progressWhere(of: ProgressFilter): SQL {
  if ('ids' in of) return sql`p.id in (${sqlList(of.ids)})`;
  return of.nodeId
    ? sql`p.task_id = ${of.taskId} and p.node_id = ${of.nodeId}`
    : sql`p.task_id = ${of.taskId}`;
}

function fileWhere(of: FileFilter): SQL {
  if ('ids' in of) return sql`gf.id in (${sqlList(of.ids)})`;
  if ('ownerIds' in of)
    return sql`gf.owner_type = ${of.ownerType} and gf.owner_id in (${sqlList(of.ownerIds)})`;
  return of.ownerType
    ? sql`gf.task_id = ${of.taskId} and gf.owner_type = ${of.ownerType}`
    : sql`gf.task_id = ${of.taskId}`;
}

export function createGoalWorkRepo(db: Db) {
  const context = { db, rows: <T>(query: SQL) => queryRows<T>(db, query) };
  return queryGroups(
    nodeQueries(context),
    taskStateQueries(context),
    auditQueries(context),
    progressQueries(context),
    delayQueries(context),
    fileQueries(context),
  );
}
type WorkContext = { db: Db; rows<T>(query: SQL): Promise<T[]> };

function nodeQueries({ db, rows }: WorkContext) {
  return {
    /** One node by id, or every node of a task. */
    nodes(of: { id: string } | { taskId: string }) {
      const where = 'id' in of ? sql`n.id = ${of.id}` : sql`n.task_id = ${of.taskId}`;
      return rows<NodeRow>(
        sql`select n.id, n.task_id as "taskId", n.name, n.description, n.principal_user_id as "principalId",
              u.name as "principalName", to_char(n.start_date, 'YYYY-MM-DD') as "startDate",
              to_char(n.end_date, 'YYYY-MM-DD') as "endDate", n.state, n.reason, n.created_at as "createdAt",
              ${warningDays}::int as "warningDays"
            from goal_nodes n join users u on u.id = n.principal_user_id join goal_tasks t on t.id = n.task_id
            where ${where} order by n.start_date, n.created_at, n.id`,
      );
    },
    async nodeStates(taskId: string) {
      return (
        await rows<{ state: NodeState }>(
          sql`select state from goal_nodes where task_id = ${taskId} order by id`,
        )
      ).map((r) => r.state);
    },
    async insertNode(values: typeof goalNodes.$inferInsert) {
      await db.insert(goalNodes).values(values);
    },
    async updateNode(id: string, values: Partial<typeof goalNodes.$inferInsert>) {
      await db.update(goalNodes).set(values).where(eq(goalNodes.id, id));
    },
    async deleteNodes(nodeIds: readonly string[]) {
      await db.delete(goalNodes).where(inArray(goalNodes.id, [...nodeIds]));
    },
    /** Moves a node on from `from`; no row when another request moved it first. */
    moveNode(id: string, from: NodeState, values: { state: NodeState; reason?: string; endDate?: string }) {
      return db
        .update(goalNodes)
        .set(values)
        .where(and(eq(goalNodes.id, id), eq(goalNodes.state, from)))
        .returning({ id: goalNodes.id });
    },
  };
}

function taskStateQueries({ db }: WorkContext) {
  return {
    async taskAuditState(taskId: string) {
      const [task] = await db
        .select({ auditState: goalTasks.auditState })
        .from(goalTasks)
        .where(eq(goalTasks.id, taskId));
      return task ? { auditState: task.auditState as AuditNumber | null } : null;
    },
    async setTaskState(taskId: string, values: { state: string; updatedAt: Date }) {
      await db.update(goalTasks).set(values).where(eq(goalTasks.id, taskId));
    },
    /** Moves a task's decomposition audit on from `from`; no row when another request moved it first. */
    moveTaskAudit(taskId: string, from: AuditNumber | null, to: AuditNumber, at: Date) {
      const same = from === null ? sql`${goalTasks.auditState} is null` : eq(goalTasks.auditState, from);
      return db
        .update(goalTasks)
        .set({ auditState: to, updatedAt: at })
        .where(and(eq(goalTasks.id, taskId), same))
        .returning({ id: goalTasks.id });
    },
    /** A passed delay: the task ends no earlier than the node's new end. */
    async extendTaskEnd(taskId: string, endDate: string, at: Date) {
      await db
        .update(goalTasks)
        .set({ endDate: sql`greatest(${goalTasks.endDate}, ${endDate}::date)`, updatedAt: at })
        .where(eq(goalTasks.id, taskId));
    },
  };
}

function auditQueries({ db, rows }: WorkContext) {
  return {
    audits(taskId: string) {
      return rows<AuditRow>(
        sql`select a.id, a.task_id as "taskId", a.audit_state as "auditState", a.opinion,
              su.name as "submitterName", a.submitted_at as "submittedAt", au.name as "auditorName",
              a.audited_at as "auditedAt"
            from goal_task_audits a join users su on su.id = a.submitter_user_id
            left join users au on au.id = a.auditor_user_id
            where a.task_id = ${taskId} order by a.submitted_at desc, a.id`,
      );
    },
    async insertAudit(values: typeof goalTaskAudits.$inferInsert) {
      await db.insert(goalTaskAudits).values(values);
    },
    async pendingAudit(taskId: string) {
      const [row] = await db
        .select({ id: goalTaskAudits.id })
        .from(goalTaskAudits)
        .where(and(eq(goalTaskAudits.taskId, taskId), eq(goalTaskAudits.auditState, 0)))
        .limit(1);
      return row?.id ?? null;
    },
    async decideAudit(id: string, values: Omit<Decision<AuditNumber>, 'from'>) {
      const { to, ...rest } = values;
      await db
        .update(goalTaskAudits)
        .set({ auditState: to, ...rest })
        .where(eq(goalTaskAudits.id, id));
    },
  };
}

function progressQueries({ db, rows }: WorkContext) {
  return {
    progress(of: ProgressFilter) {
      return rows<ProgressRow>(
        sql`select p.id, p.task_id as "taskId", p.node_id as "nodeId", n.name as "nodeName", p.type, p.content,
              p.completion, p.audit_state as "auditState", p.opinion, p.reporter_user_id as "reporterId",
              ru.name as "reporterName", p.reported_at as "reportedAt", au.name as "auditorName",
              p.audited_at as "auditedAt"
            from goal_progress p join goal_nodes n on n.id = p.node_id join users ru on ru.id = p.reporter_user_id
            left join users au on au.id = p.auditor_user_id
            where ${progressWhere(of)} order by p.reported_at desc, p.id`,
      );
    },
    async hasOpenReport(nodeId: string) {
      const [open] = await db
        .select({ id: goalProgress.id })
        .from(goalProgress)
        .where(
          and(eq(goalProgress.nodeId, nodeId), inArray(goalProgress.auditState, ['reviewing', 'childPass'])),
        )
        .limit(1);
      return Boolean(open);
    },
    async insertProgress(values: typeof goalProgress.$inferInsert) {
      await db.insert(goalProgress).values(values);
    },
    decideProgress(id: string, values: Decision<ProgressAuditState>) {
      const { from, to, ...rest } = values;
      return db
        .update(goalProgress)
        .set({ auditState: to, ...rest })
        .where(and(eq(goalProgress.id, id), eq(goalProgress.auditState, from)))
        .returning({ id: goalProgress.id });
    },
  };
}

function delayQueries({ db, rows }: WorkContext) {
  return {
    /** Delay requests by id, or every one of a task. */
    delays(of: { ids: readonly string[] } | { taskId: string }) {
      const where = 'ids' in of ? sql`dl.id in (${sqlList(of.ids)})` : sql`dl.task_id = ${of.taskId}`;
      return rows<DelayRow>(
        sql`select dl.id, dl.task_id as "taskId", dl.node_id as "nodeId", n.name as "nodeName",
              to_char(dl.original_end_date, 'YYYY-MM-DD') as "originalEndDate",
              to_char(dl.requested_end_date, 'YYYY-MM-DD') as "requestedEndDate", dl.reason,
              dl.audit_state as "auditState", dl.opinion, ru.name as "requesterName",
              dl.requested_at as "requestedAt", au.name as "auditorName", dl.audited_at as "auditedAt"
            from goal_delays dl join goal_nodes n on n.id = dl.node_id join users ru on ru.id = dl.requester_user_id
            left join users au on au.id = dl.auditor_user_id
            where ${where} order by dl.requested_at desc, dl.id`,
      );
    },
    async hasPendingDelay(nodeId: string) {
      const [pending] = await db
        .select({ id: goalDelays.id })
        .from(goalDelays)
        .where(and(eq(goalDelays.nodeId, nodeId), eq(goalDelays.auditState, 0)))
        .limit(1);
      return Boolean(pending);
    },
    async insertDelay(values: typeof goalDelays.$inferInsert) {
      await db.insert(goalDelays).values(values);
    },
    decideDelay(id: string, values: Decision<AuditNumber>) {
      const { from, to, ...rest } = values;
      return db
        .update(goalDelays)
        .set({ auditState: to, ...rest })
        .where(and(eq(goalDelays.id, id), eq(goalDelays.auditState, from)))
        .returning({ id: goalDelays.id });
    },
  };
}

function fileQueries({ db, rows }: WorkContext) {
  return {
    files(of: FileFilter) {
      return rows<FileRow>(
        sql`select gf.id, gf.task_id as "taskId", gf.file_id as "fileId", f.name as "fileName", f.size::int as size,
              gf.file_type as "fileType", coalesce(ft.name, gf.file_type) as "fileTypeName", gf.owner_type as "ownerType", gf.owner_id as "ownerId",
              gf.uploader_user_id as "uploaderId", u.name as "uploaderName", gf.created_at as "createdAt"
            from goal_files gf join files f on f.id = gf.file_id join users u on u.id = gf.uploader_user_id
              left join file_types ft on ft.code = gf.file_type
            where ${fileWhere(of)} order by gf.created_at, gf.id`,
      );
    },
    /** Of `fileIds`, those already linked to the owner. */
    async linkedFiles(ownerType: GoalFileOwnerType, ownerId: string, fileIds: readonly string[]) {
      const found = await db
        .select({ fileId: goalFiles.fileId })
        .from(goalFiles)
        .where(
          and(
            eq(goalFiles.ownerType, ownerType),
            eq(goalFiles.ownerId, ownerId),
            inArray(goalFiles.fileId, [...fileIds]),
          ),
        );
      return new Set(found.map((r) => r.fileId));
    },
    /** The files among `fileIds` the user uploaded (files.owner_user_id). */
    async ownFiles(userId: string, fileIds: readonly string[]) {
      if (fileIds.length === 0) return new Set<string>();
      const found = await rows<{ id: string }>(
        sql`select id from files where id in (${sqlList(fileIds)}) and owner_user_id = ${userId}`,
      );
      return new Set(found.map((r) => r.id));
    },
    async insertFiles(values: (typeof goalFiles.$inferInsert)[]) {
      await db.insert(goalFiles).values(values);
    },
    async deleteFiles(fileIds: readonly string[]) {
      await db.delete(goalFiles).where(inArray(goalFiles.id, [...fileIds]));
    },
    async storedFile(fileId: string) {
      const [stored] = await rows<{ mime: string; storageKey: string }>(
        sql`select mime, storage_key as "storageKey" from files where id = ${fileId}`,
      );
      return stored ?? null;
    },
    /** The task an attachment owner (a task, node, delay or progress report) belongs to, and its author. */
    async fileOwner(ownerType: GoalFileOwnerType, ownerId: string) {
      const source = {
        YearTask: sql`select id as "taskId", creator_user_id as "authorId" from goal_tasks`,
        NodeTask: sql`select task_id as "taskId", principal_user_id as "authorId" from goal_nodes`,
        TaskEndTime: sql`select task_id as "taskId", requester_user_id as "authorId" from goal_delays`,
        TaskProgress: sql`select task_id as "taskId", reporter_user_id as "authorId" from goal_progress`,
      }[ownerType];
      const [row] = await rows<{ taskId: string; authorId: string }>(sql`${source} where id = ${ownerId}`);
      return row ?? null;
    },
  };
}

export type GoalWorkRepo = ReturnType<typeof createGoalWorkRepo>;
