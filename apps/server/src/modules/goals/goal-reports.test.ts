import { inflateRawSync } from 'node:zlib';
import {
  type Page,
  REPORT_MESSAGES,
  type ReportCover,
  type ReportJob,
  type ReportTemplate,
  ROLE_IDS,
  type TargetReport,
  type TargetTaskWire,
} from '@eduqa/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Session, signIn } from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import { jobs } from '../../platform/jobs/jobs.table.ts';
import { GOAL_REPORT_JOB } from './goal-reports.service.ts';
import {
  API,
  createTask,
  createYearTarget,
  failed,
  forbidden,
  type GoalWorld,
  notFound,
  ok,
  refused,
  startGoalWorld,
} from './goals.fixtures.ts';

/** The text entries of a zip archive (stored or deflated), enough to open a .docx. */
function unzip(bytes: Buffer): Map<string, string> {
  let end = bytes.length - 22;
  while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip archive');
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < entries; i += 1) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    out.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + skip;
  }
  return out;
}

const R = `${API}/targetReport`;
let w: GoalWorld;
let leader: Session;
let yearTarget: { id: string; name: string };
let tasks: TargetTaskWire[];

beforeAll(async () => {
  w = await startGoalWorld();
  const user = await createUser(w.t, { roles: [ROLE_IDS.schoolLeader] });
  leader = await signIn(w.t, user.account, user.password);
  yearTarget = await createYearTarget(w, '2026年度人才培养质量目标');
  const first = await createTask(w, yearTarget.id, { name: '提升毕业生就业质量' });
  const second = await createTask(w, yearTarget.id, {
    name: '建设省级精品在线课程',
    type: 'B',
    principalId: w.head.userId,
    collaboratingDepartmentIds: [],
  });
  const sub = await createTask(w, yearTarget.id, { name: '开展校企合作就业招聘会', parentId: first.id });
  tasks = [first, second, sub];
  ok(
    await w.principal.post(`${API}/targetTaskNode`, {
      taskId: first.id,
      name: '走访合作企业',
      startDate: first.startDate,
      endDate: first.endDate,
    }),
  );
});
afterAll(() => w.t.close());

const report = (session: Session, taskId: string) => session.get(`${R}/getReportByTask`, { taskId });
const page = async (session: Session, query: Record<string, string | number> = {}) =>
  ok<Page<TargetReport>>(await session.get(`${R}/getReportPage`, { yearTargetId: yearTarget.id, ...query }));

/** Polls the generation job until it ends, as the web page does, and returns its last answer. */
async function finish(session: Session, job: ReportJob): Promise<ReportJob> {
  let current = job;
  const seen: number[] = [current.progress];
  for (let i = 0; i < 200 && current.state === 'running'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    current = ok<ReportJob>(await session.get(`${R}/getFutureTaskResult`, { id: job.id }));
    seen.push(current.progress);
  }
  expect(current.state).toBe('done');
  expect(current.progress).toBe(100);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  return current;
}

function documentText(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(200);
  const xml = unzip(response.rawPayload).get('word/document.xml');
  expect(xml).toBeDefined();
  return xml!;
}

describe('report templates', () => {
  it('lets a publisher create, search, update and delete templates; others may only read them', async () => {
    const T = `${API}/targetReportTemplate`;
    const created = ok<ReportTemplate>(
      await w.creator.post(`${T}/insert`, {
        name: '年度总结模板',
        outline: '总体情况\n任务完成情况\n存在问题',
      }),
    );
    expect(created).toMatchObject({ name: '年度总结模板', creatorId: w.creator.userId });
    expect(created.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    failed(await w.creator.post(`${T}/insert`, { name: ' ', outline: 'x' }), 400, '请输入模板名称');
    failed(
      await w.creator.post(`${T}/insert`, { name: '年度总结模板', outline: 'x' }),
      409,
      '已有同名报告模板',
    );
    forbidden(await w.head.post(`${T}/insert`, { name: '部门模板', outline: 'x' }), '只有年度目标发布者');

    const other = ok<ReportTemplate>(
      await w.otherPublisher.post(`${T}/insert`, { name: '专项模板', outline: '专项概述' }, { form: true }),
    );
    const updated = ok<ReportTemplate>(
      await w.creator.post(`${T}/update`, { id: other.id, name: '专项报告模板', outline: '专项概述\n成效' }),
    );
    expect(updated.outline).toBe('专项概述\n成效');
    notFound(await w.creator.post(`${T}/update`, { id: 'nope', name: 'x', outline: 'x' }), '报告模板不存在');

    const found = ok<Page<ReportTemplate>>(await w.head.get(`${T}/selectPage`, { keyword: '专项' }));
    expect(found.records.map((t) => t.name)).toEqual(['专项报告模板']);
    expect(ok<Page<ReportTemplate>>(await w.head.get(`${T}/selectPage`)).total).toBe(2);

    ok(await w.creator.post(`${T}/ids/delete`, { ids: [other.id] }));
    notFound(await w.creator.post(`${T}/ids/delete`, { ids: [other.id] }), '报告模板不存在');
    failed(await w.creator.post(`${T}/ids/delete`, { ids: [] }), 400, '请选择记录');
    expect(ok<Page<ReportTemplate>>(await w.head.get(`${T}/selectPage`)).records.map((t) => t.name)).toEqual([
      '年度总结模板',
    ]);
  });
});

describe('report covers', () => {
  const C = `${API}/targetReportCover`;
  const defaults = async () =>
    ok<Page<ReportCover>>(await w.head.get(`${C}/selectpage`)).records.filter((c) => c.isDefault);

  it('keeps exactly one default cover through insert, default and delete', async () => {
    const first = ok<ReportCover>(
      await w.creator.post(`${C}/insert`, {
        title: '目标任务完成情况报告',
        subtitle: '内部资料',
        schoolName: '示范职业技术学院',
      }),
    );
    expect(first.isDefault).toBe(true);
    const second = ok<ReportCover>(
      await w.creator.post(`${C}/insert`, { title: '年度目标报告', schoolName: '示范职业技术学院' }),
    );
    expect(second).toMatchObject({ isDefault: false, subtitle: '' });
    failed(await w.creator.post(`${C}/insert`, { title: '无学校' }), 400, '请输入学校名称');
    forbidden(await w.head.post(`${C}/insert`, { title: 'x', schoolName: 'y' }));

    expect(ok<ReportCover>(await w.creator.post(`${C}/default`, { id: second.id })).isDefault).toBe(true);
    expect((await defaults()).map((c) => c.id)).toEqual([second.id]);
    notFound(await w.creator.post(`${C}/default`, { id: 'nope' }), '报告封面不存在');

    ok(await w.creator.post(`${C}/delete`, { ids: [second.id] }));
    expect((await defaults()).map((c) => c.id)).toEqual([first.id]);
    expect(ok<Page<ReportCover>>(await w.head.get(`${C}/selectpage`)).total).toBe(1);
  });
});

describe('report visibility and permissions', () => {
  it("lists the year target's report for publishers and leaders, and tasks for their people", async () => {
    const mine = await page(w.creator);
    expect(mine.records.map((r) => r.scope)).toEqual(['yearTarget', 'task', 'task', 'task']);
    expect(mine.records[0]).toMatchObject({
      id: null,
      state: 'draft',
      stateName: '草稿',
      canEdit: true,
      canAudit: false,
      yearTargetName: yearTarget.name,
    });
    expect(mine.records.filter((r) => r.scope === 'task').every((r) => r.canAudit && !r.canEdit)).toBe(true);

    expect((await page(w.otherPublisher)).records[0]).toMatchObject({ scope: 'yearTarget', canEdit: false });
    expect((await page(leader)).records[0]).toMatchObject({ scope: 'yearTarget', canAudit: true });

    const principal = await page(w.principal);
    expect(principal.records.map((r) => r.taskName).sort()).toEqual(
      ['开展校企合作就业招聘会', '提升毕业生就业质量'].sort(),
    );
    expect(principal.records.every((r) => r.canEdit)).toBe(true);
    // The head manages the responsible department: every task of it, the one they lead included.
    expect((await page(w.head)).total).toBe(3);
    expect((await page(w.head, { keyword: '精品' })).records.map((r) => r.taskName)).toEqual([
      '建设省级精品在线课程',
    ]);
    expect((await page(w.creator, { scope: 'yearTarget' })).total).toBe(1);
    expect((await page(w.outsider)).total).toBe(0);
    expect((await page(w.collaborator)).total).toBe(0);
  });

  it('answers not-found to those who cannot see a report and refuses those who may only read it', async () => {
    const taskId = tasks[0]!.id;
    for (const stranger of [w.outsider, w.collaborator]) {
      notFound(await report(stranger, taskId), '目标报告不存在');
      notFound(await stranger.post(`${R}/updateLevelSelf`, { taskId, levelSelf: 'A' }));
      notFound(await stranger.post(`${R}/generateReport`, { taskId }));
    }
    notFound(await w.head.post(`${R}/generateReport`, { yearTargetId: yearTarget.id }));
    notFound(await report(w.creator, yearTarget.id));
    forbidden(
      await w.otherPublisher.post(`${R}/updateLevelSelf`, { taskId, levelSelf: 'A' }),
      '只有年度目标的发布者',
    );
    forbidden(await w.creator.post(`${R}/generateReport`, { taskId }), '只有年度目标的发布者');
    forbidden(await w.otherPublisher.post(`${R}/generateReport`, { yearTargetId: yearTarget.id }));
    failed(
      await w.principal.post(`${R}/updateLevelSelf`, { levelSelf: 'A' }),
      400,
      '请选择年度目标或目标任务',
    );
    failed(await w.principal.post(`${R}/updateLevelSelf`, { taskId, levelSelf: 'E' }), 400, '请选择自评等级');
  });
});

describe('report audit', () => {
  it('moves a task report draft → submitted → rejected → submitted → passed, refusing the rest in Chinese', async () => {
    const taskId = tasks[0]!.id;
    const leveled = ok<TargetReport>(
      await w.principal.post(`${R}/updateLevelSelf`, { taskId, levelSelf: 'B' }, { form: true }),
    );
    expect(leveled).toMatchObject({ levelSelf: 'B', levelSelfName: '良好', state: 'draft', scope: 'task' });
    expect(leveled.createDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    refused(await w.principal.post(`${R}/submitAudit`, { taskId }), REPORT_MESSAGES.needDocument);
    refused(await w.creator.post(`${R}/audit`, { taskId, decision: 'pass' }), REPORT_MESSAGES.notSubmitted);

    await finish(w.principal, ok<ReportJob>(await w.principal.post(`${R}/generateReport`, { taskId })));
    const submitted = ok<TargetReport>(await w.principal.post(`${R}/submitAudit`, { taskId }));
    expect(submitted).toMatchObject({ state: 'submitted', stateName: '待审核', canAudit: false });
    expect(submitted.submitTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    refused(await w.principal.post(`${R}/submitAudit`, { taskId }), REPORT_MESSAGES.alreadySubmitted);
    refused(
      await w.principal.post(`${R}/updateLevelSelf`, { taskId, levelSelf: 'A' }),
      REPORT_MESSAGES.submittedLocked,
    );
    refused(await w.principal.post(`${R}/generateReport`, { taskId }), REPORT_MESSAGES.submittedLocked);

    forbidden(await w.principal.post(`${R}/audit`, { taskId, decision: 'pass' }), '只有任务创建人');
    forbidden(await w.otherPublisher.post(`${R}/audit`, { taskId, decision: 'pass' }), '只有任务创建人');
    refused(await w.creator.post(`${R}/audit`, { taskId, decision: 'reject' }), REPORT_MESSAGES.needOpinion);
    failed(await w.creator.post(`${R}/audit`, { taskId, decision: 'maybe' }), 400, '请选择审核结果');
    const rejected = ok<TargetReport>(
      await w.creator.post(`${R}/audit`, { taskId, decision: 'reject', opinion: '请补充招聘会数据' }),
    );
    expect(rejected).toMatchObject({ state: 'rejected', stateName: '已驳回', opinion: '请补充招聘会数据' });
    refused(await w.creator.post(`${R}/audit`, { taskId, decision: 'pass' }), REPORT_MESSAGES.alreadyAudited);

    // A changed level outdates the document, which must be generated again before submitting.
    const relevelled = ok<TargetReport>(
      await w.principal.post(`${R}/updateLevelSelf`, { taskId, levelSelf: 'A' }),
    );
    expect(relevelled).toMatchObject({ levelSelf: 'A', fileId: null, generateTime: null });
    refused(await w.principal.post(`${R}/submitAudit`, { taskId }), REPORT_MESSAGES.needDocument);
    await finish(w.principal, ok<ReportJob>(await w.principal.post(`${R}/generateReport`, { taskId })));
    ok(await w.principal.post(`${R}/submitAudit`, { taskId }));
    const passed = ok<TargetReport>(await w.creator.post(`${R}/audit`, { taskId, decision: 'pass' }));
    expect(passed).toMatchObject({ state: 'passed', stateName: '审核通过', levelSelf: 'A' });
    expect(passed.auditTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    refused(
      await w.principal.post(`${R}/updateLevelSelf`, { taskId, levelSelf: 'C' }),
      REPORT_MESSAGES.passedLocked,
    );
    refused(await w.principal.post(`${R}/submitAudit`, { taskId }), REPORT_MESSAGES.passedLocked);
    expect(ok<TargetReport>(await report(w.head, taskId))).toMatchObject({ state: 'passed', levelSelf: 'A' });
    expect((await page(w.creator, { state: 'passed' })).records.map((r) => r.taskId)).toEqual([taskId]);
  });
});

describe('report generation', () => {
  it('generates the year target report as a job, polled from another session, then downloads the .docx', async () => {
    const template = ok<Page<ReportTemplate>>(await w.creator.get(`${API}/targetReportTemplate/selectPage`))
      .records[0]!;
    ok(await w.creator.post(`${R}/updateLevelSelf`, { yearTargetId: yearTarget.id, levelSelf: 'B' }));
    const started = ok<ReportJob>(
      await w.creator.post(`${R}/generateReport`, { yearTargetId: yearTarget.id, templateId: template.id }),
    );
    expect(started).toMatchObject({ state: 'running', fileId: null });
    expect(started.progress).toBeLessThan(100);
    // Asking again while it runs answers the same job.
    const again = ok<ReportJob>(await w.creator.post(`${R}/generateReport`, { yearTargetId: yearTarget.id }));
    notFound(await w.outsider.get(`${R}/getFutureTaskResult`, { id: started.id }), '报告生成任务不存在');
    const first = await finish(leader, started);
    // Unless the first had already finished, asking again while it ran answered the same job.
    const done = again.id === started.id ? first : await finish(w.creator, again);
    expect(done.fileId).toEqual(expect.any(String));

    const row = (await page(w.creator, { scope: 'yearTarget' })).records[0]!;
    expect(row).toMatchObject({ fileId: done.fileId, fileName: `${yearTarget.name}目标报告.docx` });
    expect(row.job).toMatchObject({ id: done.id, state: 'done', progress: 100 });

    const response = await w.creator.get(`${R}/download`, { id: row.id! });
    expect(response.headers['content-type']).toContain('wordprocessingml');
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent(`${yearTarget.name}目标报告.docx`),
    );
    const xml = documentText(response);
    for (const task of tasks) expect(xml).toContain(task.rwmc);
    for (const text of [
      '目标任务完成情况报告',
      '示范职业技术学院',
      '任务完成情况',
      '走访合作企业',
      'B（良好）',
      'A（优秀）',
    ]) {
      expect(xml).toContain(text);
    }

    notFound(await w.outsider.get(`${R}/download`, { id: row.id! }));
    notFound(await w.principal.get(`${R}/download`, { id: row.id! }));
    expect(documentText(await leader.get(`${R}/download`, { id: row.id! }))).toContain(tasks[1]!.rwmc);
  });

  it("generates a task's report with its sub-tasks only, named after the task", async () => {
    const taskId = tasks[1]!.id;
    notFound(await w.head.get(`${R}/download`, { id: 'nope' }), '目标报告不存在');
    await finish(w.head, ok<ReportJob>(await w.head.post(`${R}/generateReport`, { taskId })));
    const mine = ok<TargetReport>(await report(w.head, taskId));
    expect(mine.fileName).toBe('建设省级精品在线课程目标报告.docx');
    const xml = documentText(await w.head.get(`${R}/download`, { id: mine.id! }));
    expect(xml).toContain('建设省级精品在线课程');
    expect(xml).not.toContain('提升毕业生就业质量');
  });

  it('answers a generation whose server stopped as failed, and lets a new one start', async () => {
    const taskId = tasks[2]!.id;
    await finish(w.principal, ok<ReportJob>(await w.principal.post(`${R}/generateReport`, { taskId })));
    const reportId = ok<TargetReport>(await report(w.principal, taskId)).id!;
    const lost = newId();
    await w.t.db.insert(jobs).values({
      id: lost,
      kind: GOAL_REPORT_JOB,
      subjectKey: reportId,
      state: 'running',
      actorUserId: w.principal.userId,
      progress: 40,
      heartbeatAt: new Date(Date.now() - 10 * 60_000),
    });
    expect(ok<ReportJob>(await w.principal.get(`${R}/getFutureTaskResult`, { id: lost }))).toMatchObject({
      state: 'failed',
      message: '报告生成已中断，请重新生成',
    });
    expect(ok<TargetReport>(await report(w.principal, taskId)).job).toMatchObject({
      id: lost,
      state: 'failed',
    });
    const next = ok<ReportJob>(await w.principal.post(`${R}/generateReport`, { taskId }));
    expect(next.id).not.toBe(lost);
    await finish(w.principal, next);
  });

  it('lets a school leader audit the year target report', async () => {
    ok(await w.creator.post(`${R}/submitAudit`, { yearTargetId: yearTarget.id }));
    forbidden(
      await w.creator.post(`${R}/audit`, { yearTargetId: yearTarget.id, decision: 'pass' }),
      '校领导',
    );
    const passed = ok<TargetReport>(
      await leader.post(`${R}/audit`, { yearTargetId: yearTarget.id, decision: 'pass', opinion: '同意' }),
    );
    expect(passed).toMatchObject({ state: 'passed', opinion: '同意', scope: 'yearTarget' });
    refused(
      await w.creator.post(`${R}/generateReport`, { yearTargetId: yearTarget.id }),
      REPORT_MESSAGES.passedLocked,
    );
  });
});
