import { type ReportRights, type ReportSummaryWire, type ReportViewWire, ROLE_IDS } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Session, signIn, type TestApp } from '../../../test/app.ts';
import {
  API,
  failed,
  forbidden,
  notFound,
  ok,
  startTaskWorld,
  type TaskSetup,
  type World,
} from '../diagnosis/diagnosis.fixtures.ts';

/**
 * Who may do what with a quality report, at its routes: the `rights` each reader is answered (the buttons
 * the screen shows) and the refusal of what they leave out, through every state of the review, the todo
 * queues of experts and school reviewers, and reading through a department share.
 */
let t: TestApp;
let w: World;
let s: TaskSetup;
let leader: Session;
let expert: Session;
let secondExpert: Session;

const R = `${API}/report`;

async function user(roles: string[]) {
  const u = await createUser(t, { roles });
  return signIn(t, u.account, u.password);
}

beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
  leader = await user([ROLE_IDS.schoolLeader]);
  expert = await user([ROLE_IDS.inSchoolExpert]);
  secondExpert = await user([ROLE_IDS.outsideExpert]);
});
afterAll(() => t.close());

const view = async (who: Session, id: string) =>
  ok<ReportViewWire>(await who.get(`${R}/selectbybgid`, { bgid: id }));

/** The rights a reader is answered, as the names of those granted. */
const granted = async (who: Session, id: string) =>
  Object.entries((await view(who, id)).rights as ReportRights)
    .filter(([, allowed]) => allowed)
    .map(([right]) => right)
    .sort();

const objectReport = async (who: Session = w.charger) =>
  ok<ReportSummaryWire>(
    await who.post(`${R}/insert`, { rwid: s.taskId, scope: 'objectTask', dxrwid: s.objectTaskId }),
  ).bgid;

const todo = async (who: Session) =>
  ok<{ records: ReportSummaryWire[] }>(
    await who.get(`${R}/selectpage`, { view: 'todo', pageSize: 100 }),
  ).records.map((r) => r.bgid);

/** Submits the report and assigns the experts (the publisher manages diagnoses). */
async function toExperts(id: string, experts: Session[], by: Session = w.charger) {
  ok(await by.post(`${R}/submit`, { bgid: id }));
  ok(await w.publisher.post(`${R}/experts/update`, { bgid: id, userIds: experts.map((e) => e.userId) }));
}

const review = (who: Session, id: string) =>
  who.post(`${R}/review/expertreview`, { bgid: id, fhjg: 'qualified', score: 80, opinion: '结构完整' });

describe('the rights of a report’s editors', () => {
  it('gives the charger who made a draft the editor’s rights and none of the review', async () => {
    const id = await objectReport();
    expect(await granted(w.charger, id)).toEqual([
      'canDelete',
      'canDiscuss',
      'canEdit',
      'canShare',
      'canSubmit',
    ]);
    ok(await w.charger.post(`${R}/submit`, { bgid: id }));
    expect(await granted(w.charger, id)).toEqual(['canDiscuss', 'canShare']);
  });

  it('lets the principal edit and submit what a publisher made for him, but not delete it', async () => {
    const id = await objectReport(w.publisher);
    expect((await view(w.charger, id)).rights).toMatchObject({
      canEdit: true,
      canSubmit: true,
      canDelete: false,
    });
    forbidden(await w.charger.post(`${R}/ids/delete`, { ids: [id] }));
    const renamed = ok<ReportSummaryWire>(
      await w.charger.post(`${R}/update`, { bgid: id, reportName: '张老师报告' }),
    );
    expect(renamed.reportName).toBe('张老师报告');
    expect(ok<ReportSummaryWire>(await w.charger.post(`${R}/submit`, { bgid: id })).state).toBe('submitted');
  });
});

describe('the review queues', () => {
  it('hides a draft from school reviewers, and brings a report to their todo at school review only', async () => {
    const id = await objectReport();
    notFound(await leader.get(`${R}/selectbybgid`, { bgid: id }));
    await toExperts(id, [expert]);
    expect(await granted(leader, id)).toEqual(['canDiscuss']);
    expect(await todo(leader)).not.toContain(id);
    ok(await review(expert, id));
    expect(await todo(leader)).toContain(id);
    expect(await granted(leader, id)).toEqual(['canDiscuss', 'canReject', 'canSchoolReview']);
  });

  it('keeps a report in each assigned expert’s todo until he has reviewed it', async () => {
    const id = await objectReport();
    await toExperts(id, [expert, secondExpert]);
    expect(await todo(expert)).toContain(id);
    expect(await granted(expert, id)).toEqual(['canDiscuss', 'canExpertReview', 'canReject']);
    ok(await review(expert, id));
    expect(await todo(expert)).not.toContain(id);
    expect(await granted(expert, id)).toEqual(['canDiscuss']);
    expect(await todo(secondExpert)).toContain(id);
  });

  it('keeps the experts once one of them has reviewed', async () => {
    const id = await objectReport();
    await toExperts(id, [expert, secondExpert]);
    ok(await review(expert, id));
    failed(
      await w.publisher.post(`${R}/experts/update`, { bgid: id, userIds: [secondExpert.userId] }),
      422,
      '报告不在专家评审阶段',
    );
    expect((await view(w.publisher, id)).experts.map((e) => e.userId).sort()).toEqual(
      [expert.userId, secondExpert.userId].sort(),
    );
  });

  it('lets an expert reject at his turn, which ends the expert review and reopens the report', async () => {
    const id = await objectReport();
    await toExperts(id, [expert]);
    failed(await expert.post(`${R}/reject`, { bgid: id, reason: '  ' }), 400);
    const rejected = ok<ReportSummaryWire>(
      await expert.post(`${R}/reject`, { bgid: id, reason: '缺少佐证材料' }),
    );
    expect(rejected.state).toBe('rejected');
    failed(await review(expert, id), 422, '报告不在专家评审阶段');
    expect((await view(w.charger, id)).rejectReason).toBe('缺少佐证材料');
    expect(await granted(w.charger, id)).toEqual([
      'canDelete',
      'canDiscuss',
      'canEdit',
      'canShare',
      'canSubmit',
    ]);
  });
});

describe('a finished review', () => {
  it('closes the report to changes, rejection and discussion, in Chinese', async () => {
    const id = await objectReport();
    await toExperts(id, [expert]);
    ok(await review(expert, id));
    const done = ok<ReportSummaryWire>(
      await leader.post(`${R}/review/schoolreview`, { bgid: id, fhjg: 'excellent', opinion: '' }),
    );
    expect(done.state).toBe('done');
    expect(await granted(w.charger, id)).toEqual(['canShare']);
    failed(
      await w.charger.post(`${R}/update`, { bgid: id, reportName: '改名' }),
      422,
      '报告已完成评审，不能修改',
    );
    failed(await w.charger.post(`${R}/discuss/insert`, { bgid: id, content: '补充' }), 422, '讨论已关闭');
    failed(
      await w.publisher.post(`${R}/reject`, { bgid: id, reason: '重审' }),
      422,
      '只有评审中的报告可以驳回',
    );
    failed(
      await leader.post(`${R}/review/schoolreview`, { bgid: id, fhjg: 'qualified' }),
      422,
      '报告不在学校审核阶段',
    );
  });
});

describe('reading through a department', () => {
  it('lets a department head make and read his department’s report, and hides it from its teachers', async () => {
    const made = ok<ReportSummaryWire>(
      await w.head.post(`${R}/insert`, { rwid: s.taskId, scope: 'department', bmid: w.headDepartmentId }),
    );
    expect(made.state).toBe('draft');
    expect(await granted(w.head, made.bgid)).toContain('canSubmit');
    notFound(await w.charger.get(`${R}/selectbybgid`, { bgid: made.bgid }));
    notFound(await w.stranger.get(`${R}/selectbybgid`, { bgid: made.bgid }));
  });

  it('shares a report with a department read-only, and with no one outside it', async () => {
    const id = await objectReport();
    notFound(await w.head.get(`${R}/selectbybgid`, { bgid: id }));
    ok(await w.charger.post(`${R}/share`, { bgid: id, departmentIds: [w.headDepartmentId] }));
    const shared = await view(w.head, id);
    expect(shared.isShared).toBe(true);
    expect(await granted(w.head, id)).toEqual([]);
    forbidden(await w.head.post(`${R}/share`, { bgid: id, userIds: [w.stranger.userId] }));
    notFound(await w.stranger.get(`${R}/selectbybgid`, { bgid: id }));
    // The lists chosen replace the earlier ones: an empty share takes the department's reading back.
    ok(await w.charger.post(`${R}/share`, { bgid: id, departmentIds: [], userIds: [] }));
    notFound(await w.head.get(`${R}/selectbybgid`, { bgid: id }));
  });
});

describe('the report list', () => {
  it('filters by state, name and task, each within what the caller may read', async () => {
    const draft = await objectReport();
    ok(await w.charger.post(`${R}/update`, { bgid: draft, reportName: '筛选用草稿' }));
    const submitted = await objectReport();
    ok(await w.charger.post(`${R}/update`, { bgid: submitted, reportName: '筛选用已提交' }));
    ok(await w.charger.post(`${R}/submit`, { bgid: submitted }));
    const ids = async (who: Session, query: Record<string, string | number>) =>
      ok<{ records: ReportSummaryWire[] }>(
        await who.get(`${R}/selectpage`, { pageSize: 100, ...query }),
      ).records.map((r) => r.bgid);
    expect(await ids(w.charger, { keyword: '筛选用' })).toEqual(expect.arrayContaining([draft, submitted]));
    expect(await ids(w.charger, { keyword: '筛选用', state: 'submitted' })).toEqual([submitted]);
    expect(await ids(w.charger, { keyword: '筛选用', rwid: 'nope' })).toEqual([]);
    expect(await ids(w.charger, { keyword: '筛选用', rwid: s.taskId })).toHaveLength(2);
    expect(await ids(w.stranger, { keyword: '筛选用' })).toEqual([]);
    expect(await ids(leader, { keyword: '筛选用' })).toEqual([submitted]);
  });
});
