import {
  type DelayRequestWire,
  noticeEndpoints as N,
  noticeLinks,
  type ProgressReportWire,
  type ReportJob,
  ROLE_IDS,
  type TargetReport,
  type TaskAuditWire,
  type TaskNodeWire,
} from '@eduqa/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createUser, type Session, signIn } from '../../../test/app.ts';
import { deliveredBy, expectOnly } from '../../../test/inbox.ts';
import { notices } from '../notices/notices.table.ts';
import { users } from '../org/org.table.ts';
import {
  API,
  createTask,
  createYearTarget,
  day,
  forbidden,
  type GoalWorld,
  notFound,
  ok,
  startGoalWorld,
  taskBody,
} from './goals.fixtures.ts';

/**
 * The goal area's messages: for each change, exactly the people who act next (or learn the outcome) get
 * one message, with its title, body and link; no one else of the world, and never the actor.
 */
let w: GoalWorld;
let everyone: Session[];
beforeAll(async () => {
  w = await startGoalWorld();
  everyone = [w.creator, w.otherPublisher, w.head, w.auditor, w.principal, w.collaborator, w.outsider];
}, 120_000);
afterAll(() => w?.t.close());

const move = (session: Session, id: string, event: string, reason?: string) =>
  session.post(`${API}/targetTaskNode/transition`, { id, event, ...(reason ? { reason } : {}) });

/** The one message of `kind` about `objectId` reaches exactly `to`, once each, and says `what`. */
async function expectSent(
  kind: string,
  objectId: string,
  to: Session[],
  what: { category: string; title: string; body: string; link: string },
) {
  const rows = await w.t.db
    .select()
    .from(notices)
    .where(and(eq(notices.kind, kind), eq(notices.objectId, objectId)));
  const names = new Map(everyone.map((s, i) => [s.userId, i]));
  const received = rows.map((r) => names.get(r.recipientId) ?? r.recipientId).sort();
  expect(received).toEqual(to.map((s) => names.get(s.userId)!).sort());
  for (const row of rows) expect(row).toMatchObject({ ...what, kind });
}

let target: { id: string; name: string };
let taskId: string;
let taskName: string;
let departmentName: string;
let creatorName: string;
let nodeId: string;

describe('a task handed down', () => {
  it('tells the principal and those who answer for the responsible department', async () => {
    target = await createYearTarget(w, '提升人才培养质量');
    const task = await createTask(w, target.id, { name: '提升毕业生就业质量' });
    ({ id: taskId, rwmc: taskName, departmentName } = task);
    expect(departmentName).toBeTruthy();
    await expectSent('goal.taskIssued', taskId, [w.principal, w.head, w.auditor], {
      category: 'task',
      title: '任务下达：提升毕业生就业质量',
      body: `提升人才培养质量 · 责任部门：${departmentName}`,
      link: noticeLinks.goalTask(taskId),
    });
    const bell = await w.principal.call(N.bell);
    expect(bell.latest.map((m) => m.title)).toContain('任务下达：提升毕业生就业质量');
    // The collaborating department's head hears of it as a collaboration, naming who issued it.
    const [creator] = await w.t.db.select().from(users).where(eq(users.id, w.creator.userId));
    creatorName = creator!.name;
    await expectSent('goal.collaborationIssued', taskId, [w.collaborator], {
      category: 'task',
      title: '协办任务：提升毕业生就业质量',
      body: `提升人才培养质量 · 下达人：${creatorName} · 责任部门：${departmentName}`,
      link: noticeLinks.goalTask(taskId),
    });
    expect((await w.collaborator.call(N.bell)).unread).toBe(1);
    for (const other of [w.creator, w.otherPublisher, w.outsider]) {
      expect((await other.call(N.bell)).unread).toBe(0);
    }
  });

  it('tells only the new principal when the task is given to another', async () => {
    const other = await createTask(w, target.id, { name: '建设就业服务平台' });
    ok(
      await w.creator.post(`${API}/targetTask/update`, {
        ...taskBody(w, target.id, { name: '建设就业服务平台' }),
        id: other.id,
        principalId: w.otherPublisher.userId,
      }),
    );
    await expectSent('goal.taskIssued', other.id, [w.principal, w.head, w.auditor, w.otherPublisher], {
      category: 'task',
      title: '任务下达：建设就业服务平台',
      body: `提升人才培养质量 · 责任部门：${departmentName}`,
      link: noticeLinks.goalTask(other.id),
    });
    // The collaborating departments stayed: their head is not told again.
    await expectSent('goal.collaborationIssued', other.id, [w.collaborator], {
      category: 'task',
      title: '协办任务：建设就业服务平台',
      body: `提升人才培养质量 · 下达人：${creatorName} · 责任部门：${departmentName}`,
      link: noticeLinks.goalTask(other.id),
    });
  });

  it('tells only those who answer for a collaborating department added to the task', async () => {
    const body = taskBody(w, target.id, { name: '拓展校企合作' });
    const task = await createTask(w, target.id, body);
    const people = {
      creator: w.creator,
      otherPublisher: w.otherPublisher,
      head: w.head,
      auditor: w.auditor,
      principal: w.principal,
      collaborator: w.collaborator,
      outsider: w.outsider,
    };
    const update = (collaboratingDepartmentIds: string[]) =>
      w.creator.post(`${API}/targetTask/update`, { ...body, id: task.id, collaboratingDepartmentIds });
    const added = await deliveredBy(people, async () =>
      ok(await update([w.collaboratingDepartmentId, w.outsiderDepartmentId])),
    );
    expectOnly(added, {
      outsider: [
        {
          category: 'task',
          kind: 'goal.collaborationIssued',
          title: '协办任务：拓展校企合作',
          body: `提升人才培养质量 · 下达人：${creatorName} · 责任部门：${departmentName}`,
          link: noticeLinks.goalTask(task.id),
        },
      ],
    });
    // Dropping one, or keeping them, tells no one.
    expectOnly(await deliveredBy(people, async () => ok(await update([w.outsiderDepartmentId]))), {});
    expectOnly(await deliveredBy(people, async () => ok(await update([w.outsiderDepartmentId]))), {});
  });
});

describe('催办', () => {
  it('the department head presses the principal alone, with what he wrote; the message opens the task', async () => {
    ok(await w.head.post(`${API}/targetTask/urge`, { id: taskId, content: '请本周内提交分解方案' }));
    await expectSent('goal.taskUrged', taskId, [w.principal], {
      category: 'urge',
      title: `催办：${taskName}`,
      body: '提升人才培养质量 · 催办内容：请本周内提交分解方案',
      link: noticeLinks.goalTask(taskId),
    });
  });

  it('is for the head and the creator: the auditor and the principal are refused, an outsider sees no task', async () => {
    forbidden(
      await w.auditor.post(`${API}/targetTask/urge`, { id: taskId }),
      '只有责任部门负责人或任务创建人可以催办任务负责人',
    );
    forbidden(await w.principal.post(`${API}/targetTask/urge`, { id: taskId }));
    notFound(await w.outsider.post(`${API}/targetTask/urge`, { id: taskId }));
    ok(await w.creator.post(`${API}/targetTask/urge`, { id: taskId }));
    const rows = await w.t.db
      .select()
      .from(notices)
      .where(and(eq(notices.kind, 'goal.taskUrged'), eq(notices.objectId, taskId)));
    expect(rows.map((r) => r.body)).toContain('提升人才培养质量');
    expect(rows.every((r) => r.recipientId === w.principal.userId)).toBe(true);
  });
});

describe('the decomposition audit', () => {
  it('asks the creator, and tells the submitter the decision with its reason', async () => {
    const node = ok<TaskNodeWire>(
      await w.principal.post(`${API}/targetTaskNode`, {
        taskId,
        name: '走访用人单位',
        principalId: w.collaborator.userId,
        startDate: day(-20),
        endDate: day(20),
      }),
    );
    nodeId = node.id;
    const first = ok<TaskAuditWire>(await w.principal.post(`${API}/targetTaskAudit`, { taskId }));
    await expectSent('goal.decompositionSubmitted', first.id, [w.creator], {
      category: 'request',
      title: '任务分解待审核：提升毕业生就业质量',
      body: '提升人才培养质量 · 共 1 个节点',
      link: noticeLinks.goalTask(taskId),
    });
    ok(await w.creator.post(`${API}/targetTaskAudit/update`, { taskId, auditState: 2, opinion: '节点太粗' }));
    await expectSent('goal.decompositionRefused', first.id, [w.principal], {
      category: 'audit',
      title: '任务分解审核不通过：提升毕业生就业质量',
      body: '提升人才培养质量 · 原因：节点太粗',
      link: noticeLinks.goalTask(taskId),
    });
    const second = ok<TaskAuditWire>(await w.head.post(`${API}/targetTaskAudit`, { taskId }));
    ok(await w.creator.post(`${API}/targetTaskAudit/update`, { taskId, auditState: 1 }));
    await expectSent('goal.decompositionPassed', second.id, [w.head], {
      category: 'audit',
      title: '任务分解审核通过：提升毕业生就业质量',
      body: '提升人才培养质量',
      link: noticeLinks.goalTask(taskId),
    });
  });
});

describe('a node handed down', () => {
  const link = () => noticeLinks.goalTask(taskId);

  it('reaches the node’s principal when pushed, and those who decompose when sent back', async () => {
    ok(await move(w.principal, nodeId, 'push'));
    await expectSent('goal.nodePushed', nodeId, [w.collaborator], {
      category: 'task',
      title: '节点待接收：走访用人单位',
      body: `${taskName} · 截止 ${day(20)}`,
      link: link(),
    });
    ok(await move(w.collaborator, nodeId, 'goBack', '时间太紧'));
    await expectSent('goal.nodeReturned', nodeId, [w.principal, w.head], {
      category: 'task',
      title: '节点被退回：走访用人单位',
      body: `${taskName} · 退回原因：时间太紧`,
      link: link(),
    });
  });

  it('asks for the plan’s confirmation and tells the node’s principal the answer', async () => {
    ok(await move(w.head, nodeId, 'push'));
    ok(await move(w.collaborator, nodeId, 'accept'));
    ok(await move(w.collaborator, nodeId, 'resolve'));
    await expectSent('goal.planSubmitted', nodeId, [w.principal, w.head], {
      category: 'request',
      title: '落实方案待确认：走访用人单位',
      body: `${taskName} · 截止 ${day(20)}`,
      link: link(),
    });
    ok(await move(w.head, nodeId, 'redefine', '再细化'));
    await expectSent('goal.planReturned', nodeId, [w.collaborator], {
      category: 'audit',
      title: '落实方案被退回：走访用人单位',
      body: `${taskName} · 退回原因：再细化`,
      link: link(),
    });
    ok(await move(w.collaborator, nodeId, 'resolve'));
    ok(await move(w.principal, nodeId, 'define'));
    await expectSent('goal.planConfirmed', nodeId, [w.collaborator], {
      category: 'audit',
      title: '落实方案已确认：走访用人单位',
      body: `${taskName} · 截止 ${day(20)}`,
      link: link(),
    });
  });
});

describe('progress and delays', () => {
  const link = () => noticeLinks.goalTask(taskId);
  const report = (type: 'process' | 'final') =>
    w.collaborator.post(`${API}/targetTaskProgress`, { nodeId, type, content: '已走访十家单位' });

  it('asks the department and the creator to audit a report, and tells the reporter each decision', async () => {
    const first = ok<ProgressReportWire>(await report('process'));
    await expectSent('goal.progressReported', first.id, [w.creator, w.head, w.auditor], {
      category: 'request',
      title: '进度待审核：走访用人单位',
      body: `${taskName} · 过程进度`,
      link: link(),
    });
    ok(await w.auditor.post(`${API}/targetTaskProgress/audit`, { id: first.id, decision: 'childPass' }));
    await expectSent('goal.progressDepartmentPassed', first.id, [w.collaborator], {
      category: 'audit',
      title: '进度部门审核通过：走访用人单位',
      body: taskName,
      link: link(),
    });
    ok(
      await w.creator.post(`${API}/targetTaskProgress/audit`, {
        id: first.id,
        decision: 'reject',
        opinion: '缺少走访记录',
      }),
    );
    await expectSent('goal.progressRejected', first.id, [w.collaborator], {
      category: 'audit',
      title: '进度审核驳回：走访用人单位',
      body: `${taskName} · 驳回原因：缺少走访记录`,
      link: link(),
    });
    const second = ok<ProgressReportWire>(await report('process'));
    ok(await w.creator.post(`${API}/targetTaskProgress/audit`, { id: second.id, decision: 'pass' }));
    await expectSent('goal.progressPassed', second.id, [w.collaborator], {
      category: 'audit',
      title: '进度审核通过：走访用人单位',
      body: taskName,
      link: link(),
    });
  });

  it('asks the creator for a delay and tells the asker the decision', async () => {
    const ask = (requestedEndDate: string) =>
      w.collaborator.post(`${API}/targetTaskDelay`, { nodeId, requestedEndDate, reason: '单位放假' });
    const refusedDelay = ok<DelayRequestWire>(await ask(day(40)));
    await expectSent('goal.delayRequested', refusedDelay.id, [w.creator], {
      category: 'request',
      title: '延期申请待审核：走访用人单位',
      body: `${taskName} · 申请延期至 ${day(40)} · 原因：单位放假`,
      link: link(),
    });
    ok(
      await w.creator.post(`${API}/targetTaskDelay/audit`, {
        id: refusedDelay.id,
        auditState: 2,
        opinion: '请按期完成',
      }),
    );
    await expectSent('goal.delayRefused', refusedDelay.id, [w.collaborator], {
      category: 'audit',
      title: '延期申请未通过：走访用人单位',
      body: `${taskName} · 原因：请按期完成`,
      link: link(),
    });
    const passedDelay = ok<DelayRequestWire>(await ask(day(50)));
    ok(await w.creator.post(`${API}/targetTaskDelay/audit`, { id: passedDelay.id, auditState: 1 }));
    await expectSent('goal.delayPassed', passedDelay.id, [w.collaborator], {
      category: 'audit',
      title: '延期申请已通过：走访用人单位',
      body: `${taskName} · 延期至 ${day(50)}`,
      link: link(),
    });
  });
});

describe('target reports', () => {
  const R = `${API}/targetReport`;
  /** Sets the level, generates the document (polling the job) and submits: the report as submitted. */
  async function submit(session: Session, subject: { taskId: string } | { yearTargetId: string }) {
    ok(await session.post(`${R}/updateLevelSelf`, { ...subject, levelSelf: 'B' }));
    let job = ok<ReportJob>(await session.post(`${R}/generateReport`, subject));
    for (let i = 0; i < 200 && job.state === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = ok<ReportJob>(await session.get(`${R}/getFutureTaskResult`, { id: job.id }));
    }
    expect(job.state).toBe('done');
    return ok<TargetReport>(await session.post(`${R}/submitAudit`, subject));
  }

  it('asks the task’s creator to audit a task report, and tells the submitter the rejection', async () => {
    const report = await submit(w.principal, { taskId });
    await expectSent('goal.reportSubmitted', report.id!, [w.creator], {
      category: 'request',
      title: `目标报告待审核：${taskName}`,
      body: '提升人才培养质量',
      link: noticeLinks.goalTask(taskId),
    });
    ok(await w.creator.post(`${R}/audit`, { taskId, decision: 'reject', opinion: '请补充招聘会数据' }));
    await expectSent('goal.reportRejected', report.id!, [w.principal], {
      category: 'audit',
      title: `目标报告被驳回：${taskName}`,
      body: '提升人才培养质量 · 驳回原因：请补充招聘会数据',
      link: noticeLinks.goalTask(taskId),
    });
  });

  it('asks the school leaders and administrators to audit a year target’s report', async () => {
    const user = await createUser(w.t, { roles: [ROLE_IDS.schoolLeader] });
    const leader = await signIn(w.t, user.account, user.password);
    const admin = await signIn(w.t, 'admin', ADMIN_PASSWORD);
    everyone.push(leader, admin);
    const report = await submit(w.creator, { yearTargetId: target.id });
    await expectSent('goal.reportSubmitted', report.id!, [leader, admin], {
      category: 'request',
      title: '目标报告待审核：提升人才培养质量',
      body: '2026年度目标',
      link: '/targetTaskManagement/targetReport?toAudit=true',
    });
    ok(await leader.post(`${R}/audit`, { yearTargetId: target.id, decision: 'pass' }));
    await expectSent('goal.reportPassed', report.id!, [w.creator], {
      category: 'audit',
      title: '目标报告审核通过：提升人才培养质量',
      body: '2026年度目标',
      link: '/targetTaskManagement/targetReport',
    });
  });
});
