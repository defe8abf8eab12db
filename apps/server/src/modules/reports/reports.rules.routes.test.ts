import { type ReportSummaryWire, ROLE_IDS } from '@eduqa/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Session, signIn, type TestApp } from '../../../test/app.ts';
import {
  API,
  failed,
  notFound,
  ok,
  startTaskWorld,
  type TaskSetup,
  type World,
} from '../diagnosis/diagnosis.fixtures.ts';

/**
 * The rules of quality reports at their routes, one refusal at a time: who may create a report of each
 * scope, what each step refuses in which state, and the Chinese answer to every bad input.
 */
let t: TestApp;
let w: World;
let s: TaskSetup;
let outsider: Session;
let leader: Session;
let expert: Session;
let secondExpert: Session;

const R = `${API}/report`;
const TASK_NAME = '2026年度教师诊断';

/** The route-level refusal: HTTP 200 with the envelope's 403 and its Chinese message. */
function refused403(response: LightMyRequestResponse) {
  failed(response, 200);
  expect(response.json().meta).toMatchObject({ statusCode: 403, message: '用户无权访问该资源' });
}

async function user(roles: string[]) {
  const u = await createUser(t, { roles });
  return signIn(t, u.account, u.password);
}

const insertTaskReport = async () =>
  ok<ReportSummaryWire>(await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'task' }));

beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
  outsider = await user([ROLE_IDS.yearTargetPublisher]);
  leader = await user([ROLE_IDS.schoolLeader]);
  expert = await user([ROLE_IDS.inSchoolExpert]);
  secondExpert = await user([ROLE_IDS.outsideExpert]);
});
afterAll(() => t.close());

describe('who may reach the report routes', () => {
  it('refuses every report route to a user without the report menu, in Chinese', async () => {
    const report = await insertTaskReport();
    refused403(await outsider.get(`${R}/selectpage`, {}));
    refused403(await outsider.get(`${R}/selectbybgid`, { bgid: report.bgid }));
    refused403(await outsider.post(`${R}/insert`, { rwid: s.taskId, scope: 'task' }));
    refused403(await outsider.get(`${R}/template/selectpage`, {}));
  });

  it('lets only the publisher or a diagnosis manager create the whole task’s report', async () => {
    refused403(await w.charger.post(`${R}/insert`, { rwid: s.taskId, scope: 'task' }));
    refused403(await leader.post(`${R}/insert`, { rwid: s.taskId, scope: 'task' }));
    const made = await insertTaskReport();
    expect(made.reportName).toBe(`${TASK_NAME}汇总分析报告`);
    expect(made.state).toBe('draft');
  });
});

describe('creating a report of an object task', () => {
  it('names it after the object and the task when its charger creates it', async () => {
    const made = ok<ReportSummaryWire>(
      await w.charger.post(`${R}/insert`, { rwid: s.taskId, scope: 'objectTask', dxrwid: s.objectTaskId }),
    );
    expect(made.reportName).toMatch(new RegExp(`^.+（${TASK_NAME}）分析报告$`));
    expect(made.state).toBe('draft');
  });

  it('hides an object task from a teacher who does not charge it, and one of another task', async () => {
    failed(
      await w.stranger.post(`${R}/insert`, { rwid: s.taskId, scope: 'objectTask', dxrwid: s.objectTaskId }),
      404,
      '对象任务不存在',
    );
    failed(
      await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'objectTask', dxrwid: 'nope' }),
      404,
      '对象任务不存在',
    );
    failed(await w.publisher.post(`${R}/insert`, { rwid: 'nope', scope: 'task' }), 404, '诊断任务不存在');
  });
});

describe('creating a department report', () => {
  it('asks for the department, and names an unknown one', async () => {
    failed(await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'department' }), 400, '请选择部门');
    failed(
      await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'department', bmid: 'nope' }),
      404,
      '部门不存在',
    );
  });

  it('refuses a department report to a teacher who does not head the department', async () => {
    refused403(
      await w.charger.post(`${R}/insert`, { rwid: s.taskId, scope: 'department', bmid: w.headDepartmentId }),
    );
  });
});

describe('the library a report points to', () => {
  it('refuses an unknown template or cover by name', async () => {
    failed(
      await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'task', templateId: 'nope' }),
      404,
      '报告模板不存在',
    );
    failed(
      await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'task', coverId: 'nope' }),
      404,
      '报告封面不存在',
    );
    const report = await insertTaskReport();
    failed(
      await w.publisher.post(`${R}/update`, { bgid: report.bgid, reportName: '改名', templateId: 'nope' }),
      404,
      '报告模板不存在',
    );
  });
});

describe('editing and deleting a draft', () => {
  it('renames a draft with the name trimmed, and refuses an empty or overlong name', async () => {
    const report = await insertTaskReport();
    const renamed = ok<ReportSummaryWire>(
      await w.publisher.post(`${R}/update`, { bgid: report.bgid, reportName: '  期中报告 ' }),
    );
    expect(renamed.reportName).toBe('期中报告');
    failed(
      await w.publisher.post(`${R}/update`, { bgid: report.bgid, reportName: '   ' }),
      400,
      '请输入报告名称',
    );
    failed(
      await w.publisher.post(`${R}/update`, { bgid: report.bgid, reportName: '长'.repeat(61) }),
      400,
      '报告名称最多只能输入60个字符',
    );
    failed(await w.publisher.post(`${R}/update`, { reportName: '无编号' }), 400, '请选择报告');
  });

  it('deletes a draft, after which it is gone; an empty list is refused', async () => {
    const report = await insertTaskReport();
    failed(await w.publisher.post(`${R}/ids/delete`, { ids: [] }), 400, '请选择报告');
    ok(await w.publisher.post(`${R}/ids/delete`, { ids: [report.bgid] }));
    failed(await w.publisher.get(`${R}/selectbybgid`, { bgid: report.bgid }), 404, '报告不存在');
    failed(await w.publisher.post(`${R}/ids/delete`, { ids: [report.bgid] }), 404, '报告不存在');
  });

  it('locks a submitted report: no second submission, no change, no deletion', async () => {
    const report = await insertTaskReport();
    const submitted = ok<ReportSummaryWire>(await w.publisher.post(`${R}/submit`, { bgid: report.bgid }));
    expect(submitted.state).toBe('submitted');
    failed(await w.publisher.post(`${R}/submit`, { bgid: report.bgid }), 422, '报告已提交，请勿重复提交');
    failed(
      await w.publisher.post(`${R}/update`, { bgid: report.bgid, reportName: '改名' }),
      422,
      '报告已提交评审，不能修改',
    );
    failed(
      await w.publisher.post(`${R}/ids/delete`, { ids: [report.bgid] }),
      422,
      '报告已提交评审，不能修改',
    );
    failed(
      await w.publisher.post(`${R}/explain/save`, { bgid: report.bgid, items: [] }),
      422,
      '报告已提交评审，不能修改',
    );
  });
});

describe('review input', () => {
  it('asks for at least one expert and lets only a diagnosis manager assign them', async () => {
    const report = await insertTaskReport();
    ok(await w.publisher.post(`${R}/submit`, { bgid: report.bgid }));
    failed(
      await w.publisher.post(`${R}/experts/update`, { bgid: report.bgid, userIds: [] }),
      400,
      '请至少选择一位评审专家',
    );
    refused403(await leader.post(`${R}/experts/update`, { bgid: report.bgid, userIds: [expert.userId] }));
  });

  it('refuses a score outside 0–100 or with more than two decimals, and a review without an opinion', async () => {
    const report = await insertTaskReport();
    ok(await w.publisher.post(`${R}/submit`, { bgid: report.bgid }));
    ok(await w.publisher.post(`${R}/experts/update`, { bgid: report.bgid, userIds: [expert.userId] }));
    const review = (body: Record<string, unknown>) =>
      expert.post(`${R}/review/expertreview`, {
        bgid: report.bgid,
        fhjg: 'qualified',
        score: 80,
        opinion: '结构完整',
        ...body,
      });
    for (const score of [101, -1, 80.125, 'abc', '', '  ']) {
      failed(await review({ score }), 400, '评分须在0到100之间，最多两位小数');
    }
    failed(await review({ opinion: '  ' }), 400, '请输入评审意见');
    failed(await review({ fhjg: 'perfect' }), 400, '请选择复核结果');
    const reviewed = ok<ReportSummaryWire>(await review({ score: '99.5' }));
    expect(reviewed.state).toBe('schoolReview');
    failed(await review({}), 422, '报告不在专家评审阶段');
  });

  it('takes one review per assigned expert and waits for every one of them', async () => {
    const report = await insertTaskReport();
    ok(await w.publisher.post(`${R}/submit`, { bgid: report.bgid }));
    ok(await w.publisher.post(`${R}/experts/update`, { bgid: report.bgid, userIds: [expert.userId] }));
    const review = (who: Session) =>
      who.post(`${R}/review/expertreview`, {
        bgid: report.bgid,
        fhjg: 'qualified',
        score: 75,
        opinion: '可以',
      });
    // An expert not assigned does not see the report at all.
    failed(await review(secondExpert), 404, '报告不存在');
    ok(
      await w.publisher.post(`${R}/experts/update`, {
        bgid: report.bgid,
        userIds: [expert.userId, secondExpert.userId],
      }),
    );
    expect(ok<ReportSummaryWire>(await review(expert)).state).toBe('expertReview');
    failed(await review(expert), 422, '您已评审过该报告');
    expect(ok<ReportSummaryWire>(await review(secondExpert)).state).toBe('schoolReview');
  });

  it('reopens a rejected report for editing and a new submission', async () => {
    const report = await insertTaskReport();
    failed(
      await w.publisher.post(`${R}/reject`, { bgid: report.bgid, reason: '数据不全' }),
      422,
      '只有评审中的报告可以驳回',
    );
    ok(await w.publisher.post(`${R}/submit`, { bgid: report.bgid }));
    const rejected = ok<ReportSummaryWire>(
      await w.publisher.post(`${R}/reject`, { bgid: report.bgid, reason: ' 数据不全 ' }),
    );
    expect(rejected.state).toBe('rejected');
    const renamed = ok<ReportSummaryWire>(
      await w.publisher.post(`${R}/update`, { bgid: report.bgid, reportName: '补充后的报告' }),
    );
    expect(renamed).toMatchObject({ reportName: '补充后的报告', state: 'rejected' });
    expect(ok<ReportSummaryWire>(await w.publisher.post(`${R}/submit`, { bgid: report.bgid })).state).toBe(
      'submitted',
    );
  });

  it('keeps the school review to school reviewers, and in its own stage', async () => {
    const report = await insertTaskReport();
    ok(await w.publisher.post(`${R}/submit`, { bgid: report.bgid }));
    refused403(await w.publisher.post(`${R}/review/schoolreview`, { bgid: report.bgid, fhjg: 'qualified' }));
    failed(
      await leader.post(`${R}/review/schoolreview`, { bgid: report.bgid, fhjg: 'qualified' }),
      422,
      '报告不在学校审核阶段',
    );
    failed(await leader.post(`${R}/reject`, { bgid: report.bgid, reason: '' }), 400, '请输入驳回原因');
  });
});

describe('discussion, shares and the self-diagnosis summary', () => {
  it('asks for the discussion’s content and refuses a reply to a discussion not in the report', async () => {
    const report = await insertTaskReport();
    failed(
      await w.publisher.post(`${R}/discuss/insert`, { bgid: report.bgid, content: ' ' }),
      400,
      '请输入讨论内容',
    );
    failed(
      await w.publisher.post(`${R}/discuss/insert`, {
        bgid: report.bgid,
        content: '同意',
        replyToId: 'nope',
      }),
      404,
      '回复的讨论不存在',
    );
    const said = ok<{ content: string; isMine: boolean; replyToId: string | null }>(
      await w.publisher.post(`${R}/discuss/insert`, { bgid: report.bgid, content: ' 同意 ' }),
    );
    expect(said).toMatchObject({ content: '同意', isMine: true, replyToId: null });
  });

  it('shares only with users and departments that exist, and only by those who may share', async () => {
    const report = await insertTaskReport();
    failed(
      await w.publisher.post(`${R}/share`, { bgid: report.bgid, userIds: ['nope'] }),
      404,
      '分享的用户不存在',
    );
    failed(
      await w.publisher.post(`${R}/share`, { bgid: report.bgid, departmentIds: ['nope'] }),
      404,
      '分享的部门不存在',
    );
    ok(await w.publisher.post(`${R}/share`, { bgid: report.bgid, userIds: [w.stranger.userId] }));
    refused403(await w.stranger.post(`${R}/share`, { bgid: report.bgid, userIds: [w.charger.userId] }));
  });

  it('refuses a summary of the wrong shape or with too many items', async () => {
    const report = await insertTaskReport();
    failed(
      await w.publisher.post(`${R}/explain/save`, { bgid: report.bgid, items: 'text' }),
      400,
      '自我诊断总结格式不正确',
    );
    const item = { name: '总结', text: '内容' };
    failed(
      await w.publisher.post(`${R}/explain/save`, { bgid: report.bgid, items: Array(21).fill(item) }),
      400,
      '自我诊断总结最多20项',
    );
    failed(
      await w.publisher.post(`${R}/explain/save`, { bgid: report.bgid, items: [{ name: '', text: '内容' }] }),
      400,
      '请输入总结项名称',
    );
  });
});

describe('the list and the lineage', () => {
  it('refuses an unknown state or view of the list in Chinese', async () => {
    failed(await w.publisher.get(`${R}/selectpage`, { state: 'lost' }), 400, '报告状态不正确');
    failed(await w.publisher.get(`${R}/selectpage`, { view: 'everything' }), 400, '列表类型不正确');
  });

  it('names a point outside the report, and a Word file not generated yet', async () => {
    const report = await insertTaskReport();
    failed(await w.publisher.get(`${R}/why`, { bgid: report.bgid, zgzkdid: 'nope' }), 404, '质控点不存在');
    notFound(await w.publisher.get(`${R}/word`, { bgid: report.bgid }));
    failed(await w.publisher.get(`${R}/word`, { bgid: report.bgid }), 404, '请先生成 Word 报告');
  });
});
