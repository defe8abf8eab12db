import { type AuditState, noticeLinks } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { sqlList } from '../../platform/sql.ts';
import { type NoticeInput, notify } from '../notices/notices.writer.ts';

/**
 * The diagnosis messages (消息中心, issue 29), written by the change's own transaction. An object task's
 * charger hears of what is theirs to do (the object task handed to them, an audit's outcome, a warning);
 * the auditors (diagnosis.audit), who read every object task (diagnosis.scopes.ts `seesAll`), hear of
 * points awaiting them. Points are told per object task — 「课程合格率等3项」 — so that a batch of
 * hundreds of points is a message per object task and recipient, not per point.
 */

/** An object task as its messages name it. */
export interface ObjectTaskNoticeRow {
  id: string;
  chargerUserId: string | null;
  objectName: string;
  taskName: string;
}

/** An object task with work for its charger, and the name of who paused or resumed its task. */
interface ObjectTaskWorkRow extends ObjectTaskNoticeRow {
  actorName: string;
}

/** The points of one object task that moved together: how many, and the first in the points list's order. */
interface MovedPointsRow extends ObjectTaskNoticeRow {
  firstPoint: string;
  count: number;
}

/** The reads of the messages: one statement each, over sets. */
export function createNoticeQueries(db: Db) {
  return {
    async objectTasksForNotice(ids: readonly string[]): Promise<ObjectTaskNoticeRow[]> {
      if (ids.length === 0) return [];
      return queryRows<ObjectTaskNoticeRow>(
        db,
        sql`select ot.id, ot.charger_user_id as "chargerUserId", o.name as "objectName", t.name as "taskName"
            from object_tasks ot join diagnosis_objects o on o.id = ot.object_id
              join diagnosis_tasks t on t.id = ot.task_id
            where ot.id in (${sqlList(ids)})`,
      );
    },

    async movedPointsForNotice(pointIds: readonly string[]): Promise<MovedPointsRow[]> {
      if (pointIds.length === 0) return [];
      return queryRows<MovedPointsRow>(
        db,
        sql`select ot.id, ot.charger_user_id as "chargerUserId", o.name as "objectName", t.name as "taskName",
                   (array_agg(qp.name order by qp.sort, qp.name, ap.id))[1] as "firstPoint", count(*)::int as count
            from assigned_points ap join quality_points qp on qp.id = ap.quality_point_id
              join object_tasks ot on ot.id = ap.object_task_id
              join diagnosis_objects o on o.id = ot.object_id
              join diagnosis_tasks t on t.id = ot.task_id
            where ap.id in (${sqlList(pointIds)})
            group by ot.id, o.name, t.name`,
      );
    },

    /**
     * The object tasks of a task that hold work for their charger — a point to fill (draft) or to correct
     * (refused), the 待办 of diagnosis.scopes.ts `chargedPointToDo` — with the name of who acted.
     */
    async objectTasksWithWork(taskId: string, actorId: string): Promise<ObjectTaskWorkRow[]> {
      return queryRows<ObjectTaskWorkRow>(
        db,
        sql`select ot.id, ot.charger_user_id as "chargerUserId", o.name as "objectName", t.name as "taskName",
                   coalesce((select u.name from users u where u.id = ${actorId}), '') as "actorName"
            from object_tasks ot join diagnosis_objects o on o.id = ot.object_id
              join diagnosis_tasks t on t.id = ot.task_id
            where ot.task_id = ${taskId} and ot.charger_user_id is not null
              and exists (select 1 from assigned_points ap where ap.object_task_id = ot.id
                            and ap.audit_state in ('draft', 'refused'))`,
      );
    },

    /** Everyone a role grants 质控点审核 (diagnosis.audit), but those whose account is disabled. */
    async auditorIds(): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select distinct ur.user_id as id from user_roles ur join roles r on r.id = ur.role_id
              join users u on u.id = ur.user_id
            where r.actions @> ${JSON.stringify(['diagnosis.audit'])}::jsonb and not u.disabled`,
      );
      return rows.map((r) => r.id);
    },
  };
}

type NoticeQueries = ReturnType<typeof createNoticeQueries>;
type Tx = NoticeQueries & { notify(inputs: readonly NoticeInput[]): Promise<number> };

/** Object tasks handed to their chargers (added to a task, or given a new charger): one write for all. */
export async function notifyObjectTasksAssigned(tx: Tx, actorId: string, objectTaskIds: readonly string[]) {
  const rows = await tx.objectTasksForNotice(objectTaskIds);
  await tx.notify(
    rows.flatMap((ot) =>
      ot.chargerUserId
        ? [
            {
              recipientIds: [ot.chargerUserId],
              category: 'task' as const,
              kind: 'diagnosis.objectTaskAssigned',
              title: `诊断任务下达：${ot.objectName}`,
              body: ot.taskName,
              link: noticeLinks.objectTask(ot.id),
              objectId: ot.id,
              actorId,
            },
          ]
        : [],
    ),
  );
}

/**
 * A task paused (暂停) or resumed (恢复): each object task that holds work tells its charger, whose points
 * leave or come back to their 待办. One write for the task.
 */
export async function notifyTaskPausedOrResumed(
  tx: Tx,
  input: { taskId: string; to: 'pause' | 'normal'; actorId: string },
) {
  const paused = input.to === 'pause';
  const rows = await tx.objectTasksWithWork(input.taskId, input.actorId);
  await tx.notify(
    rows.map((ot) => ({
      recipientIds: [ot.chargerUserId!],
      category: 'task' as const,
      kind: paused ? 'diagnosis.taskPaused' : 'diagnosis.taskResumed',
      title: `${paused ? '诊断任务已暂停' : '诊断任务已恢复'}：${ot.taskName}`,
      body: `${ot.objectName} · 操作人：${ot.actorName}`,
      link: noticeLinks.objectTask(ot.id),
      objectId: ot.id,
      actorId: input.actorId,
    })),
  );
}

const pointsLabel = (row: MovedPointsRow) =>
  row.count > 1 ? `${row.firstPoint}等${row.count}项` : row.firstPoint;

/**
 * An audit step's messages, per object task: a submission to the auditors, a pass or a refusal (with its
 * reason) to the charger.
 */
export async function notifyAuditStep(
  tx: Tx,
  input: { ids: readonly string[]; to: AuditState; reason: string | null; actorUserId: string },
) {
  if (input.to === 'draft') return;
  const moved = await tx.movedPointsForNotice(input.ids);
  const auditors = input.to === 'submitted' && moved.length > 0 ? await tx.auditorIds() : [];
  const messages = moved.map((row): NoticeInput => {
    const common = { objectId: row.id, actorId: input.actorUserId };
    if (input.to === 'submitted') {
      return {
        ...common,
        recipientIds: auditors,
        category: 'request',
        kind: 'diagnosis.pointSubmitted',
        title: `质控点待审核：${pointsLabel(row)}`,
        body: `${row.objectName} · ${row.taskName}`,
        link: noticeLinks.pointAudits(),
      };
    }
    const passed = input.to === 'passed';
    return {
      ...common,
      recipientIds: row.chargerUserId ? [row.chargerUserId] : [],
      category: 'audit',
      kind: passed ? 'diagnosis.pointPassed' : 'diagnosis.pointRefused',
      title: `${passed ? '质控点审核通过' : '质控点审核退回'}：${pointsLabel(row)}`,
      body: passed
        ? `${row.objectName} · ${row.taskName}`
        : `${row.objectName} · 退回原因：${input.reason ?? ''}`,
      link: noticeLinks.objectTask(row.id),
    };
  });
  await tx.notify(messages);
}

/** A warning just raised on a point, as the recompute's insert returns it with its point's facts. */
export interface RaisedWarningRow {
  pointId: string;
  chargerUserId: string | null;
  pointName: string;
  objectName: string;
  warningValue: string;
  monitoredValue: string;
}

/**
 * The warnings a recompute raised, to each point's charger, on the recompute's transaction: one message
 * per point however many cycles fired (the latest named), with no actor (the system raised them).
 */
export async function notifyWarningsRaised(db: Db, raised: readonly RaisedWarningRow[]) {
  const byPoint = new Map<string, RaisedWarningRow>();
  for (const row of raised) if (row.chargerUserId) byPoint.set(row.pointId, row);
  await notify(
    db,
    [...byPoint.values()].map((row) => ({
      recipientIds: [row.chargerUserId!],
      category: 'warning' as const,
      kind: 'diagnosis.pointWarned',
      title: `质控点预警：${row.pointName}`,
      body: `${row.objectName} · 监测值 ${row.monitoredValue}，预警值 ${row.warningValue}`,
      link: noticeLinks.warnings(),
      objectId: row.pointId,
      actorId: null,
    })),
  );
}
