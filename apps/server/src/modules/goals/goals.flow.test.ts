import {
  auditEndpoints,
  type DelayRequestWire,
  type ProgressReportWire,
  type TargetTaskWire,
  type TaskAuditWire,
  type TaskDetailWire,
  type TaskNodeWire,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, multipart, postMultipart, type Session, signIn } from '../../../test/app.ts';
import type { AuditChange } from '../../platform/audit-trail.ts';
import {
  API,
  createTask,
  createYearTarget,
  day,
  failed,
  forbidden,
  type GoalWorld,
  notFound,
  ok,
  refused,
  startGoalWorld,
} from './goals.fixtures.ts';

let w: GoalWorld;
beforeAll(async () => {
  w = await startGoalWorld();
});
afterAll(() => w.t.close());

const nodeBody = (taskId: string, over: Record<string, unknown> = {}) => ({
  taskId,
  name: '调研与方案',
  startDate: day(-20),
  endDate: day(20),
  ...over,
});
const move = (session: Session, id: string, event: string, reason?: string) =>
  session.post(`${API}/targetTaskNode/transition`, { id, event, ...(reason ? { reason } : {}) });
const detail = async (session: Session, id: string) =>
  ok<TaskDetailWire>(await session.get(`${API}/getTargetTaskVo`, { id }));

/** A task whose decomposition passed and whose one node executes. */
async function executingTask() {
  const target = await createYearTarget(w);
  const task = await createTask(w, target.id);
  const node = ok<TaskNodeWire>(await w.principal.post(`${API}/targetTaskNode`, nodeBody(task.id)));
  ok(await w.principal.post(`${API}/targetTaskAudit`, { taskId: task.id }));
  ok(await w.creator.post(`${API}/targetTaskAudit/update`, { taskId: task.id, auditState: 1 }));
  for (const [session, event] of [
    [w.principal, 'push'],
    [w.principal, 'accept'],
    [w.principal, 'resolve'],
    [w.head, 'define'],
  ] as const) {
    ok(await move(session, node.id, event));
  }
  return { task, node };
}

describe('decomposition and nodes', () => {
  it('walks a node from unpushed to executing and refuses every illegal step in Chinese', async () => {
    const target = await createYearTarget(w);
    const task = await createTask(w, target.id);
    forbidden(
      await w.collaborator.post(`${API}/targetTaskNode`, nodeBody(task.id)),
      '只有任务负责人或责任部门负责人',
    );
    notFound(await w.outsider.post(`${API}/targetTaskNode`, nodeBody(task.id)));
    refused(
      await w.principal.post(`${API}/targetTaskNode`, nodeBody(task.id, { endDate: day(61) })),
      '节点的起止日期须在任务的起止日期之内',
    );
    failed(
      await w.principal.post(`${API}/targetTaskNode`, nodeBody(task.id, { name: '' })),
      400,
      '请输入节点名称',
    );
    refused(
      await w.principal.post(`${API}/targetTaskAudit`, { taskId: task.id }),
      '请先分解任务节点再提交审核',
    );

    const node = ok<TaskNodeWire>(await w.principal.post(`${API}/targetTaskNode`, nodeBody(task.id)));
    expect(node).toMatchObject({ state: 'notPushed', stateName: '未推送', principalId: w.principal.userId });
    refused(await move(w.principal, node.id, 'push'), '任务分解审核通过后才能推送节点');

    const submitted = ok<TaskAuditWire>(
      await w.principal.post(`${API}/targetTaskAudit`, { taskId: task.id }),
    );
    expect(submitted.auditState).toBe(0);
    refused(
      await w.principal.post(`${API}/targetTaskAudit`, { taskId: task.id }),
      '任务分解当前为“待审核”，不能提交审核',
    );
    forbidden(
      await w.head.post(`${API}/targetTaskAudit/update`, { taskId: task.id, auditState: 1 }),
      '只有任务创建人',
    );
    const failedAudit = ok<TaskAuditWire>(
      await w.creator.post(`${API}/targetTaskAudit/update`, {
        taskId: task.id,
        auditState: 2,
        opinion: '节点太粗',
      }),
    );
    expect(failedAudit).toMatchObject({ auditState: 2, opinion: '节点太粗' });
    refused(
      await w.creator.post(`${API}/targetTaskAudit/update`, { taskId: task.id, auditState: 1 }),
      '不能审核通过',
    );
    ok(await w.principal.post(`${API}/targetTaskAudit`, { taskId: task.id }));
    ok(
      await w.creator.post(
        `${API}/targetTaskAudit/update`,
        { taskId: task.id, auditState: '1' },
        { form: true },
      ),
    );
    expect((await detail(w.creator, task.id)).task.state).toBe('hasResolved');
    expect(ok<TaskAuditWire[]>(await w.head.get(`${API}/targetTaskAudit`, { taskId: task.id }))).toHaveLength(
      2,
    );

    ok(await move(w.principal, node.id, 'push'));
    refused(await move(w.principal, node.id, 'push'), '节点当前状态为“待接收”，不能推送');
    refused(
      await w.principal.post(`${API}/targetTaskNode/update`, {
        id: node.id,
        name: '改',
        startDate: day(-1),
        endDate: day(1),
      }),
      '节点已推送',
    );
    forbidden(await move(w.head, node.id, 'accept'), '只有节点负责人');
    const back = ok<TaskNodeWire>(await move(w.principal, node.id, 'goBack', '时间太紧'));
    expect(back).toMatchObject({ state: 'goBack', reason: '时间太紧' });
    ok(
      await w.principal.post(`${API}/targetTaskNode/update`, {
        id: node.id,
        name: '调研',
        startDate: day(-20),
        endDate: day(30),
      }),
    );
    ok(await move(w.principal, node.id, 'push'));
    ok(await move(w.principal, node.id, 'accept'));
    refused(await move(w.principal, node.id, 'define'), '节点当前状态为“待落实”，不能确认落实方案');
    ok(await move(w.principal, node.id, 'resolve', '三步走'));
    ok(await move(w.head, node.id, 'redefine', '再细化'));
    ok(await move(w.principal, node.id, 'resolve', '四步走'));
    const executing = ok<TaskNodeWire>(await move(w.head, node.id, 'define'));
    expect(executing.state).toBe('executeing');
    refused(await move(w.principal, node.id, 'accept'), '节点当前状态为“执行中”，不能接收');
    failed(await move(w.principal, node.id, 'finish'), 400);
    refused(await w.principal.post(`${API}/targetTaskNode/delete`, { ids: [node.id] }), '节点已推送');
    const after = await detail(w.head, task.id);
    expect(after.task).toMatchObject({
      state: 'doing',
      scheduleStatus: 'normal',
      scheduleStatusColor: 'blue',
    });
  });
});

describe('progress and its audit', () => {
  it('passes through the department and the creator, and a passed final report finishes the node', async () => {
    const { task, node } = await executingTask();
    forbidden(
      await w.collaborator.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'process',
        content: '进展',
      }),
      '只有节点负责人或任务负责人',
    );
    failed(
      await w.principal.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'process',
        content: '进'.repeat(1001),
      }),
      400,
      '进度内容最多只能输入1000个字符',
    );
    failed(
      await w.principal.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'process',
        content: '进展',
        completion: 120,
      }),
      400,
      '完成度应在0到100之间',
    );
    const report = ok<ProgressReportWire>(
      await w.principal.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'process',
        content: '完成问卷',
        completion: 40,
      }),
    );
    expect(report.auditState).toBe('reviewing');
    refused(
      await w.principal.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'final',
        content: '完成',
      }),
      '该节点已有审核中的进度',
    );
    forbidden(
      await w.collaborator.post(`${API}/targetTaskProgress/audit`, { id: report.id, decision: 'childPass' }),
      '部门',
    );
    forbidden(
      await w.head.post(`${API}/targetTaskProgress/audit`, { id: report.id, decision: 'pass' }),
      '只有任务创建人',
    );
    expect(
      ok<ProgressReportWire>(
        await w.auditor.post(`${API}/targetTaskProgress/audit`, { id: report.id, decision: 'childPass' }),
      ).auditState,
    ).toBe('childPass');
    refused(
      await w.head.post(`${API}/targetTaskProgress/audit`, { id: report.id, decision: 'childPass' }),
      '不能部门审核通过',
    );
    forbidden(await w.head.post(`${API}/targetTaskProgress/audit`, { id: report.id, decision: 'reject' }));
    ok(
      await w.creator.post(`${API}/targetTaskProgress/audit`, {
        id: report.id,
        decision: 'pass',
        opinion: '好',
      }),
    );
    refused(
      await w.creator.post(`${API}/targetTaskProgress/audit`, { id: report.id, decision: 'reject' }),
      '进度当前为“审核通过”',
    );

    const final = ok<ProgressReportWire>(
      await w.principal.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'final',
        content: '全部完成',
        completion: 100,
      }),
    );
    ok(
      await w.head.post(`${API}/targetTaskProgress/audit`, {
        id: final.id,
        decision: 'reject',
        opinion: '缺附件',
      }),
    );
    const again = ok<ProgressReportWire>(
      await w.principal.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'final',
        content: '补齐附件',
      }),
    );
    ok(await w.creator.post(`${API}/targetTaskProgress/audit`, { id: again.id, decision: 'pass' }));
    const done = await detail(w.principal, task.id);
    expect(done.nodes[0]?.state).toBe('hasDone');
    expect(done.task).toMatchObject({ state: 'done', scheduleStatus: 'finish', progress: 100 });
    expect(done.progress).toHaveLength(3);
    refused(
      await w.principal.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'process',
        content: '再报',
      }),
      '节点当前状态为“已完成”，不能上报进度',
    );
    refused(
      await w.creator.post(`${API}/targetTask/update`, {
        id: task.id,
        name: task.rwmc,
        type: 'A',
        examType: 'score',
        departmentId: w.departmentId,
        principalId: w.principal.userId,
        startDate: task.startDate,
        endDate: task.endDate,
      }),
      '任务已完成，不能修改',
    );
  });
});

describe('delays', () => {
  it('moves the end dates only when the creator passes the request, once', async () => {
    const { task, node } = await executingTask();
    failed(
      await w.principal.post(`${API}/targetTaskDelay`, { nodeId: node.id, requestedEndDate: day(90) }),
      400,
      '请输入延期原因',
    );
    refused(
      await w.principal.post(`${API}/targetTaskDelay`, {
        nodeId: node.id,
        requestedEndDate: day(10),
        reason: '人手不足',
      }),
      '延期后的结束日期必须晚于当前结束日期',
    );
    const delay = ok<DelayRequestWire>(
      await w.principal.post(`${API}/targetTaskDelay`, {
        nodeId: node.id,
        requestedEndDate: day(90),
        reason: '人手不足',
      }),
    );
    expect(delay).toMatchObject({ auditState: 0, originalEndDate: day(20), requestedEndDate: day(90) });
    refused(
      await w.principal.post(`${API}/targetTaskDelay`, {
        nodeId: node.id,
        requestedEndDate: day(100),
        reason: '再延',
      }),
      '该节点已有待审核的延期申请',
    );
    forbidden(
      await w.head.post(`${API}/targetTaskDelay/audit`, { id: delay.id, auditState: 1 }),
      '只有任务创建人',
    );
    notFound(await w.outsider.post(`${API}/targetTaskDelay/audit`, { id: delay.id, auditState: 1 }));
    failed(
      await w.creator.post(`${API}/targetTaskDelay/audit`, { id: delay.id, auditState: 3 }),
      400,
      '审核结果不正确',
    );
    ok(await w.creator.post(`${API}/targetTaskDelay/audit`, { id: delay.id, auditState: 1 }));
    refused(
      await w.creator.post(`${API}/targetTaskDelay/audit`, { id: delay.id, auditState: 2 }),
      '延期申请已审核通过，不能重复审核',
    );
    const after = await detail(w.principal, task.id);
    expect(after.nodes[0]).toMatchObject({ state: 'delayNotDone', endDate: day(90) });
    expect(after.task.endDate).toBe(day(90));
    const final = ok<ProgressReportWire>(
      await w.principal.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'final',
        content: '延期后完成',
      }),
    );
    ok(await w.creator.post(`${API}/targetTaskProgress/audit`, { id: final.id, decision: 'pass' }));
    expect((await detail(w.principal, task.id)).nodes[0]?.state).toBe('delayDone');
  });
});

describe('files', () => {
  const upload = (session: Session, name: string, bytes: Uint8Array) =>
    postMultipart(w.t, session, `${API}/targetTaskFile/upload`, multipart({ name, bytes }));

  it('attaches uploads to progress and tasks, and serves them only to readers of the task', async () => {
    const { task, node } = await executingTask();
    failed(await upload(w.principal, 'virus.exe', new Uint8Array([1, 2])), 400, '只能上传');
    const { fileId } = ok<{ fileId: string }>(
      await upload(w.principal, '进度.docx', new TextEncoder().encode('进度说明')),
    );
    const other = ok<{ fileId: string }>(
      await upload(w.outsider, '别人的.pdf', new TextEncoder().encode('x')),
    );
    notFound(
      await w.principal.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'process',
        content: '附件',
        fileIds: [other.fileId],
      }),
      '只能关联自己上传的附件',
    );
    const report = ok<ProgressReportWire>(
      await w.principal.post(`${API}/targetTaskProgress`, {
        nodeId: node.id,
        type: 'process',
        content: '附件',
        fileIds: [fileId],
      }),
    );
    expect(report.files).toHaveLength(1);
    expect(report.files[0]).toMatchObject({
      fileName: '进度.docx',
      fileType: 'processDocument',
      fileTypeName: '过程文件',
      ownerType: 'TaskProgress',
    });
    const url = report.files[0]!.url;
    const read = await w.t.app.inject({ method: 'GET', url, headers: { cookie: w.collaborator.cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe('进度说明');
    notFound(await w.t.app.inject({ method: 'GET', url, headers: { cookie: w.outsider.cookie } }));

    const support = ok<{ fileId: string }>(
      await upload(w.creator, '方案.pdf', new TextEncoder().encode('方案')),
    );
    const attached = ok<{ id: string; fileType: string }[]>(
      await w.creator.post(`${API}/targetTaskFile`, {
        ownerType: 'YearTask',
        ownerId: task.id,
        fileType: 'targetSupportDocument',
        fileIds: [support.fileId],
      }),
    );
    expect(attached.map((f) => f.fileType)).toEqual(['targetSupportDocument']);
    forbidden(
      await w.collaborator.post(`${API}/targetTaskFile`, {
        ownerType: 'YearTask',
        ownerId: task.id,
        fileType: 'targetSupportDocument',
        fileIds: [support.fileId],
      }),
    );
    expect((await detail(w.head, task.id)).files).toHaveLength(1);
    // The name comes from 文件类型, where a data manager may rename a built-in type.
    await w.t.db.execute(
      sql`update file_types set name = '目标依据文件' where code = 'targetSupportDocument'`,
    );
    expect((await detail(w.head, task.id)).files[0]).toMatchObject({ fileTypeName: '目标依据文件' });
    await w.t.db.execute(
      sql`update file_types set name = '目标支撑文件' where code = 'targetSupportDocument'`,
    );
    forbidden(await w.principal.post(`${API}/targetTaskFile/delete`, { ids: [attached[0]!.id] }));
    ok(await w.creator.post(`${API}/targetTaskFile/delete`, { ids: [attached[0]!.id] }));
    expect(
      ok<unknown[]>(await w.head.get(`${API}/targetTaskFile`, { ownerType: 'YearTask', ownerId: task.id })),
    ).toEqual([]);
  });
});

describe('withdrawn tasks', () => {
  it('cannot be decomposed until published again', async () => {
    const target = await createYearTarget(w);
    const task = ok<TargetTaskWire>(
      await w.creator.post(`${API}/targetTask/withdraw`, { id: (await createTask(w, target.id)).id }),
    );
    notFound(await w.principal.post(`${API}/targetTaskNode`, nodeBody(task.id)));
    ok(await w.creator.post(`${API}/targetTask/republish`, { id: task.id }));
    ok(await w.principal.post(`${API}/targetTaskNode`, nodeBody(task.id)));
  });
});

describe('operation log', () => {
  /** Per entry that changed an object, newest first, its changes of that object. */
  async function changesOf(id: string): Promise<AuditChange[][]> {
    const admin = await signIn(w.t, 'admin', ADMIN_PASSWORD);
    const log = await admin.call(auditEndpoints.operationLog, { query: { pageSize: 100 } });
    return log.records
      .map((e) => ((e.changes ?? []) as AuditChange[]).filter((c) => c.id === id))
      .filter((changes) => changes.length > 0);
  }
  const fields = (changes: AuditChange[][]) => changes.map(([c]) => [c?.before, c?.after]);

  it('keeps a task’s states and its node’s moves: 下发, 接收, 提交, 审核通过, 延期', async () => {
    const { task, node } = await executingTask();
    const delay = ok<DelayRequestWire>(
      await w.principal.post(`${API}/targetTaskDelay`, {
        nodeId: node.id,
        requestedEndDate: day(90),
        reason: '人手不足',
      }),
    );
    ok(
      await w.creator.post(`${API}/targetTaskDelay/audit`, { id: delay.id, auditState: 1, opinion: '同意' }),
    );

    expect(fields(await changesOf(node.id))).toEqual([
      [
        { 节点状态: '执行中', 结束日期: day(20) },
        { 节点状态: '延期未完成', 结束日期: day(90) },
      ],
      [{ 节点状态: '待确认' }, { 节点状态: '执行中' }],
      [{ 节点状态: '待落实' }, { 节点状态: '待确认' }],
      [{ 节点状态: '待接收' }, { 节点状态: '待落实' }],
      [{ 节点状态: '未推送' }, { 节点状态: '待接收' }],
    ]);
    const taskChanges = await changesOf(task.id);
    expect(taskChanges[0]?.[0]).toMatchObject({ object: '目标任务', name: task.rwmc });
    expect(fields(taskChanges)).toEqual([
      [{ 结束日期: day(60) }, { 结束日期: day(90) }],
      [{ 任务状态: '已分解' }, { 任务状态: '进行中' }],
      [
        { 任务状态: '待分解', 分解审核: '待审核' },
        { 任务状态: '已分解', 分解审核: '审核通过' },
      ],
      [{ 分解审核: '未提交' }, { 分解审核: '待审核' }],
    ]);
    expect(fields(await changesOf(delay.id))).toEqual([
      [
        { 审核状态: '待审核', 审核意见: '', 审核人: null },
        { 审核状态: '审核通过', 审核意见: '同意', 审核人: expect.any(String) },
      ],
    ]);
  });

  it('keeps a year target’s fields before and after', async () => {
    const target = await createYearTarget(w, '审计目标');
    ok(
      await w.creator.post(`${API}/yearTarget/update`, {
        id: target.id,
        name: '审计目标改',
        cycleYear: 2027,
      }),
    );
    expect(fields(await changesOf(target.id))).toEqual([
      [
        { 名称: '审计目标', 年度: 2026 },
        { 名称: '审计目标改', 年度: 2027 },
      ],
      [null, { 名称: '审计目标', 年度: 2026, 目标说明: '' }],
    ]);
  });
});
