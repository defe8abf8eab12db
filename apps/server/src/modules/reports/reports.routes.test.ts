import {
  auditEndpoints,
  type QualityRowWire,
  type ReportSummaryWire,
  type ReportViewWire,
  ROLE_IDS,
} from '@eduqa/contract';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createUser, type Session, signIn, type TestApp } from '../../../test/app.ts';
import type { AuditChange } from '../../platform/audit-trail.ts';
import {
  API,
  failed,
  forbidden,
  notFound,
  ok,
  setupTask,
  startTaskWorld,
  type TaskSetup,
  type World,
} from '../diagnosis/diagnosis.fixtures.ts';

/**
 * The summary analysis report of a hand-computed teacher task: four points (课程合格率 70 against 80 → C,
 * below; 学生投诉次数 3 against 5 → B; 是否双师型 是 → Y; 科研得分 sampled 40 in March and 45 in April,
 * both under the warning line 50 → D, below, two warnings of which one is handled), and last year's task
 * where 课程合格率 was 50 with an improvement measure.
 */
let t: TestApp;
let w: World;
let s: TaskSetup;
let expertA: Session;
let expertB: Session;
let leader: Session;
let reportId: string;
let lastYear: TaskSetup;

const R = `${API}/report`;

async function user(roles: string[]) {
  const u = await createUser(t, { roles });
  return signIn(t, u.account, u.password);
}

beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
  const last = await setupTask(w, {
    name: '2025年度教师诊断',
    startDate: '2025-01-01',
    endDate: '2025-12-31',
  });
  ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: last.pointIds.rate, jgz: '50' }));
  ok(
    await w.charger.post(`${API}/disqualified/update`, {
      id: last.pointIds.rate,
      yyfx: '实训条件不足',
      gjcs: '增开实训课并安排助教辅导',
    }),
  );
  lastYear = last;
  const p = s.pointIds;
  ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: p.rate, jgz: '70' }));
  ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: p.complaints, jgz: '3' }));
  ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: p.certified, jgz: '是' }));
  ok(
    await w.charger.post(`${API}/quality/sample/insert`, {
      zgzkdid: p.score,
      cjz: '40',
      sj: '2026-03-03T09:00:00',
    }),
  );
  ok(
    await w.charger.post(`${API}/quality/sample/insert`, {
      zgzkdid: p.score,
      cjz: '45',
      sj: '2026-04-05T09:00:00',
    }),
  );
  const history = ok<Array<{ id: string }>>(
    await w.charger.get(`${API}/warningflow/queryWarnList`, { zgzkdid: p.score }),
  );
  ok(
    await w.charger.post(`${API}/warningflow/dispose`, {
      id: history[0]!.id,
      yyfx: '项目延期',
      clcs: '督促结题',
    }),
  );
  expertA = await user([ROLE_IDS.inSchoolExpert]);
  expertB = await user([ROLE_IDS.outsideExpert]);
  leader = await user([ROLE_IDS.schoolLeader]);
  reportId = ok<ReportSummaryWire>(
    await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'task' }),
  ).bgid;
});
afterAll(() => t.close());

const view = (who: Session = w.publisher, id = reportId) =>
  who.get(`${R}/selectbybgid`, { bgid: id }).then((r) => ok<ReportViewWire>(r));

describe('the summary analysis report', () => {
  it('computes the overview of the hand-computed task', async () => {
    const v = await view();
    expect(v.reportName).toBe('2026年度教师诊断汇总分析报告');
    expect(v.overview).toMatchObject({
      zkdzsl: 4,
      ycjgsl: 4,
      dbsl: 2,
      dbl: 50,
      wdbzkdsl: 2,
      wcl: 100,
      wwczkdsl: 0,
      yjcs: 2,
      yjclsl: 1,
      yjcll: 50,
      yjzkdsl: 1,
      zkdmcs: ['科研得分'],
      zkdyjcs: [2],
    });
    expect(v.overview.wdbzkdmcs.sort()).toEqual(['科研得分', '课程合格率'].sort());
    expect(v.overview.wdbzkdejzbs.sort()).toEqual(['教学能力', '科研能力'].sort());
    expect(v.overview.zgQualitiesRankList.map((g) => [g.name, g.value, g.zb])).toEqual([
      ['A', 0, 0],
      ['B', 1, 33.33],
      ['C', 1, 33.33],
      ['D', 1, 33.33],
    ]);
    expect(v.overview.zkdhglList).toEqual([
      { name: '达标率', value: 2, zb: 50 },
      { name: '未达标率', value: 2, zb: 50 },
    ]);
    expect(v.reportHeaderVos).toEqual([
      { cjmc: '张老师', cjname: expect.any(String), cjdmid: s.objectTaskId },
    ]);
  });

  it('numbers and links its narrative, and leaves out checked sections with nothing to show', async () => {
    const v = await view();
    expect(v.sections.map((x) => [x.number, x.key])).toEqual([
      [1, 'points'],
      [2, 'completion'],
      [3, 'warnings'],
      [4, 'improvement'],
    ]);
    const points = v.sections[0]!.narrative;
    expect(points.map((x) => x.text).join('')).toContain('本次诊断共监测质控点4个');
    // The below phrase is the link; its indicators come in the order of the points, hence the pattern.
    expect(points.find((x) => x.table === 'below')?.text).toMatch(
      /^未达标2个，主要集中在(教学能力|科研能力)、/,
    );
    // Every point has its result: the sentence says so, with nothing to open.
    const completion = v.sections[1]!.narrative;
    expect(completion.map((x) => x.text).join('')).toContain('质控点均已出结果');
    expect(completion.some((x) => x.table)).toBe(false);
    expect(v.sections[2]!.narrative.find((x) => x.table === 'warnings')?.text).toBe('1');
  });

  it('counts exactly the rows of the task’s own tables and of the tables its counts open', async () => {
    const v = await view();
    const points = ok<unknown[]>(await w.publisher.get(`${API}/quality/select`, { dxrwid: s.objectTaskId }));
    const below = ok<{ total: number }>(
      await w.publisher.get(`${API}/quality/disqualified`, { rwid: s.taskId }),
    );
    const warned = ok<{ total: number }>(
      await w.publisher.get(`${API}/warningflow/queryWarnGrid`, { rwid: s.taskId }),
    );
    const counts = ok<{ allNum: number; disposeNum: number }>(
      await w.publisher.get(`${API}/warningflow/queryWarnCount`, { rwid: s.taskId }),
    );
    expect(v.overview.zkdzsl).toBe(points.length);
    expect(v.overview.wdbzkdsl).toBe(below.total);
    expect(v.overview.yjzkdsl).toBe(warned.total);
    expect([v.overview.yjcs, v.overview.yjclsl]).toEqual([counts.allNum, counts.disposeNum]);
    for (const [table, expected] of [
      ['points', v.overview.zkdzsl],
      ['below', v.overview.wdbzkdsl],
      ['unfinished', v.overview.wwczkdsl],
    ] as const) {
      const page = ok<{ total: number; records: unknown[] }>(
        await w.publisher.get(`${R}/table/points`, { bgid: reportId, table, pageNum: 1, pageSize: 10 }),
      );
      expect([table, page.total]).toEqual([table, expected]);
    }
    const warnings = ok<{ total: number }>(await w.publisher.get(`${R}/table/warnings`, { bgid: reportId }));
    expect(warnings.total).toBe(v.overview.yjzkdsl);
  });

  it('counts 未完成 the rows the diagnosis table flags 未完成, while the task is open (issue 26)', async () => {
    const open = await setupTask(w, { name: '2026年度教师诊断（进行中）' });
    ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: open.pointIds.rate, jgz: '85' }));
    const bgid = ok<ReportSummaryWire>(
      await w.publisher.post(`${R}/insert`, { rwid: open.taskId, scope: 'task' }),
    ).bgid;
    const rows = ok<QualityRowWire[]>(
      await w.publisher.get(`${API}/quality/select`, { dxrwid: open.objectTaskId }),
    );
    const { overview } = await view(w.publisher, bgid);
    expect(overview.wwczkdsl).toBe(3);
    expect(rows.filter((r) => r.unfin)).toHaveLength(overview.wwczkdsl);
  });

  it('shows last cycle’s measure beside this cycle’s value (改进成效)', async () => {
    const v = await view();
    expect(v.improvements).toEqual([
      expect.objectContaining({
        pointName: '课程合格率',
        lastTaskName: '2025年度教师诊断',
        lastValue: '50',
        currentValue: '70',
        measure: '增开实训课并安排助教辅导',
        reason: 'below',
        trend: 'improved',
      }),
    ]);
  });

  it('takes the self-diagnosis summary from its editors, while a draft', async () => {
    const items = [{ name: '主要成效', text: '课程合格率提高20个百分点' }];
    expect(ok(await w.publisher.post(`${R}/explain/save`, { bgid: reportId, items }))).toEqual(items);
    const v = await view();
    expect(v.explains).toEqual(items);
    expect(v.sections.map((x) => x.key)).toContain('explain');
    failed(
      await w.publisher.post(`${R}/explain/save`, {
        bgid: reportId,
        items: Array.from({ length: 21 }, (_, i) => ({ name: `项${i}`, text: '内容' })),
      }),
      400,
      '最多20项',
    );
  });
});

describe('who reads a report', () => {
  it('hides it from strangers and from experts not assigned to it', async () => {
    notFound(await w.stranger.get(`${R}/selectbybgid`, { bgid: reportId }));
    notFound(await expertA.get(`${R}/selectbybgid`, { bgid: reportId }));
    const page = ok<{ total: number }>(await expertA.get(`${R}/selectpage`, {}));
    expect(page.total).toBe(0);
  });

  it('lets a department head it is shared with read it, and change nothing', async () => {
    ok(await w.publisher.post(`${R}/share`, { bgid: reportId, userIds: [w.head.userId] }));
    const v = await view(w.head);
    expect(v.isShared).toBe(true);
    expect(Object.values(v.rights).every((x) => x === false)).toBe(true);
    forbidden(await w.head.post(`${R}/update`, { bgid: reportId, reportName: '改名' }));
    forbidden(await w.head.post(`${R}/submit`, { bgid: reportId }));
    forbidden(await w.head.post(`${R}/discuss/insert`, { bgid: reportId, content: '我来说两句' }));
    const shared = ok<{ records: ReportSummaryWire[] }>(
      await w.head.get(`${R}/selectpage`, { view: 'shared' }),
    );
    expect(shared.records.map((r) => r.bgid)).toEqual([reportId]);
  });

  it('answers hostile input in Chinese with a 4xx', async () => {
    failed(
      await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'everything' }),
      400,
      '请选择报告范围',
    );
    failed(
      await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'objectTask' }),
      400,
      '请选择对象任务',
    );
    notFound(await w.publisher.post(`${R}/insert`, { rwid: 'nope', scope: 'task' }));
    failed(
      await w.publisher.get(`${R}/table/points`, { bgid: reportId, table: 'secrets' }),
      400,
      '统计表不正确',
    );
    forbidden(await w.charger.post(`${R}/insert`, { rwid: s.taskId, scope: 'task' }));
  });
});

describe('review', () => {
  it('goes draft → submitted → expert review → school review → done, with seals by result', async () => {
    failed(
      await w.publisher.post(`${R}/experts/update`, { bgid: reportId, userIds: [expertA.userId] }),
      422,
      '尚未提交',
    );
    ok(await w.publisher.post(`${R}/submit`, { bgid: reportId }));
    failed(await w.publisher.post(`${R}/update`, { bgid: reportId, reportName: '改名' }), 422, '不能修改');
    failed(
      await w.publisher.post(`${R}/experts/update`, { bgid: reportId, userIds: [w.stranger.userId] }),
      400,
      '不是评审专家',
    );
    // The picker says which expert is the school's own and which comes from outside.
    const candidates = ok<{ id: string; kind: string }[]>(await w.publisher.get(`${R}/experts/candidates`));
    expect(candidates.find((c) => c.id === expertA.userId)?.kind).toBe('inSchool');
    expect(candidates.find((c) => c.id === expertB.userId)?.kind).toBe('outside');
    expect(candidates.some((c) => c.id === w.stranger.userId)).toBe(false);
    const assigned = ok<ReportSummaryWire>(
      await w.publisher.post(`${R}/experts/update`, {
        bgid: reportId,
        userIds: [expertA.userId, expertB.userId],
      }),
    );
    expect(assigned.state).toBe('expertReview');

    const todo = ok<{ records: ReportSummaryWire[] }>(await expertA.get(`${R}/selectpage`, { view: 'todo' }));
    expect(todo.records.map((r) => r.bgid)).toEqual([reportId]);
    const toReview = async (who: Session) =>
      ok<{ todos: Array<{ kind: string; count: number }> }>(await who.get('/api/home/workbench')).todos.find(
        (x) => x.kind === 'qualityReportsToReview',
      )?.count;
    // The home workbench counts what 待我评审 lists.
    expect(await toReview(expertA)).toBe(1);
    expect(await toReview(leader)).toBe(0);
    failed(
      await expertA.post(`${R}/review/expertreview`, {
        bgid: reportId,
        fhjg: 'excellent',
        score: '101',
        opinion: '好',
      }),
      400,
      '评分须在0到100之间',
    );
    ok(
      await expertA.post(`${R}/review/expertreview`, {
        bgid: reportId,
        fhjg: 'excellent',
        score: '90',
        opinion: '数据翔实',
      }),
    );
    failed(
      await expertA.post(`${R}/review/expertreview`, {
        bgid: reportId,
        fhjg: 'excellent',
        score: '90',
        opinion: '再评',
      }),
      422,
      '已评审过',
    );
    const reply = ok<{ id: string }>(
      await expertB.post(`${R}/discuss/insert`, { bgid: reportId, content: '预警处理率偏低' }),
    );
    ok(await expertA.post(`${R}/discuss/insert`, { bgid: reportId, content: '同意', replyToId: reply.id }));
    const thread = ok<Array<{ content: string; replyToName: string | null }>>(
      await w.publisher.get(`${R}/discuss/select`, { bgid: reportId }),
    );
    expect(thread.map((m) => m.content)).toEqual(['预警处理率偏低', '同意']);
    expect(thread[1]!.replyToName).not.toBeNull();

    // Not yet at the school: the leader sees the report but the step is refused.
    failed(
      await leader.post(`${R}/review/schoolreview`, { bgid: reportId, fhjg: 'excellent' }),
      422,
      '不在学校审核阶段',
    );
    const last = ok<ReportSummaryWire>(
      await expertB.post(`${R}/review/expertreview`, {
        bgid: reportId,
        fhjg: 'qualified',
        score: 80,
        opinion: '可改进',
      }),
    );
    expect(last).toMatchObject({ state: 'schoolReview', zjfhjg: 'excellent' });
    expect([await toReview(expertA), await toReview(leader)]).toEqual([0, 1]);
    forbidden(await w.publisher.post(`${R}/review/schoolreview`, { bgid: reportId, fhjg: 'qualified' }));
    const done = ok<ReportSummaryWire>(
      await leader.post(`${R}/review/schoolreview`, { bgid: reportId, fhjg: 'qualified', opinion: '同意' }),
    );
    expect(done).toMatchObject({ state: 'done', fhjg: 'qualified' });
    const reviews = ok<Array<{ kind: string; score: number | null }>>(
      await w.publisher.get(`${R}/review/select`, { bgid: reportId }),
    );
    expect(reviews.map((r) => [r.kind, r.score])).toEqual([
      ['expert', 90],
      ['expert', 80],
      ['school', null],
    ]);
    failed(await expertA.post(`${R}/discuss/insert`, { bgid: reportId, content: '晚了' }), 422, '讨论已关闭');

    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const log = await admin.call(auditEndpoints.operationLog, { query: { pageSize: 100 } });
    const [school, lastExpert, firstExpert] = log.records
      .map((e) =>
        ((e.changes ?? []) as AuditChange[]).filter((c) => c.object === '质量报告' && c.id === reportId),
      )
      .filter((changes) => changes.length > 0);
    expect(firstExpert).toEqual([
      expect.objectContaining({ before: { 审核意见: null }, after: { 审核意见: '数据翔实' } }),
    ]);
    expect(lastExpert?.[0]).toMatchObject({
      before: { 状态: '专家评审中', 专家评审结论: null, 印章: [], 审核意见: null },
      after: { 状态: '学校审核中', 专家评审结论: '优秀', 印章: ['专家评审章（优秀）'], 审核意见: '可改进' },
    });
    expect(school).toEqual([
      expect.objectContaining({
        before: { 状态: '学校审核中', 学校审核结论: null, 印章: ['专家评审章（优秀）'], 审核意见: null },
        after: {
          状态: '已完成',
          学校审核结论: '合格',
          印章: ['专家评审章（优秀）', '学校审核章（合格）'],
          审核意见: '同意',
        },
      }),
    ]);
  });

  it('rejects with a reason at a review step, and a resubmission starts a new round', async () => {
    const other = ok<ReportSummaryWire>(
      await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'objectTask', dxrwid: s.objectTaskId }),
    );
    // The object task's charger leads an object report.
    ok(await w.charger.post(`${R}/submit`, { bgid: other.bgid }));
    ok(await w.publisher.post(`${R}/experts/update`, { bgid: other.bgid, userIds: [expertA.userId] }));
    failed(await expertA.post(`${R}/reject`, { bgid: other.bgid, reason: '  ' }), 400, '请输入驳回原因');
    // An expert not assigned to it does not see it.
    notFound(await expertB.post(`${R}/reject`, { bgid: other.bgid, reason: '我不是专家' }));
    const rejected = ok<ReportSummaryWire>(
      await expertA.post(`${R}/reject`, { bgid: other.bgid, reason: '缺少自评' }),
    );
    expect(rejected.state).toBe('rejected');
    expect((await view(w.charger, other.bgid)).rejectReason).toBe('缺少自评');
    ok(await w.charger.post(`${R}/submit`, { bgid: other.bgid }));
    ok(await w.publisher.post(`${R}/experts/update`, { bgid: other.bgid, userIds: [expertA.userId] }));
    // A new round: the expert reviews again.
    ok(
      await expertA.post(`${R}/review/expertreview`, {
        bgid: other.bgid,
        fhjg: 'qualified',
        score: 70,
        opinion: '已补充',
      }),
    );
    expect((await view(w.publisher, other.bgid)).state).toBe('schoolReview');
  });
});

describe('Word', () => {
  it('generates the report as a job and serves the .docx with its narrative, tables and chart images', async () => {
    const started = ok<{ taskId: string }>(await w.publisher.post(`${R}/downloadword`, { bgid: reportId }));
    let job = { state: 'waiting', progress: 0 };
    for (let i = 0; i < 120 && (job.state === 'waiting' || job.state === 'running'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = ok(await w.publisher.get(`${R}/getFutureTaskResult`, { taskId: started.taskId }));
    }
    expect(job).toMatchObject({ state: 'finished', progress: 100 });
    // Another user cannot poll the publisher's job.
    notFound(await expertA.get(`${R}/getFutureTaskResult`, { taskId: started.taskId }));

    const file = await w.publisher.get(`${R}/word`, { bgid: reportId });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('wordprocessingml');
    const zip = await JSZip.loadAsync(file.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    const v = await view();
    expect(xml).toContain(v.sections[0]!.narrative.map((x) => x.text).join(''));
    for (const title of ['目标监测统计', '未达标指标统计', '预警记录']) expect(xml).toContain(title);
    const images = Object.keys(zip.files).filter((name) => name.startsWith('word/media/'));
    expect(images.length).toBeGreaterThan(0);
    const first = await zip.file(images[0]!)!.async('uint8array');
    expect([...first.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // The shared head reads the document (the web's 下载Word) but may not generate a new one.
    expect((await view(w.head)).isShared).toBe(true);
    const shared = await w.head.get(`${R}/word`, { bgid: reportId });
    expect(shared.statusCode).toBe(200);
    expect(Buffer.compare(shared.rawPayload, file.rawPayload)).toBe(0);
    forbidden(await w.head.post(`${R}/downloadword`, { bgid: reportId }));
    // Nobody else: the document is the report's, and a stranger is told it does not exist.
    notFound(await w.stranger.get(`${R}/word`, { bgid: reportId }));
  });
});

describe('where a number came from', () => {
  it('shows an assigned expert the lineage of a point of the report, and nothing outside it', async () => {
    const why = ok<{ collectionMethod: string; note: string }>(
      await expertA.get(`${R}/why`, { bgid: reportId, zgzkdid: s.pointIds.rate }),
    );
    expect(why).toMatchObject({ collectionMethod: 'report' });
    expect(why.note).toContain('手工填报');
    // The expert has no 诊断改进 menu: the point is his to read only through the report.
    forbidden(await expertA.get('/api/herm-sjgl/collection/why', { zgzkdid: s.pointIds.rate }));
    notFound(await expertA.get(`${R}/why`, { bgid: reportId, zgzkdid: lastYear.pointIds.rate }));
    notFound(await w.stranger.get(`${R}/why`, { bgid: reportId, zgzkdid: s.pointIds.rate }));
  });
});
