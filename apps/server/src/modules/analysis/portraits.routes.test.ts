import {
  authorityEndpoints as A,
  type BodyOf,
  portraitEndpoints as E,
  NO_PERMISSION_MESSAGE,
  PORTRAIT_MESSAGES,
  type PortraitSubject,
  ROLE_IDS,
} from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  refused,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import { diagnosisObjects, diagnosisTasks, objectTasks } from '../diagnosis/diagnosis.table.ts';

let t: TestApp;
let admin: Session;
let leader: Session;
let publisher: Session;
let teacher: Session;
let head: Session;
let stranger: Session;
const objects = { school: '', teacher: '', otherTeacher: '', course: '', major: '', otherMajor: '' };
const entries: Record<string, string> = {};
const entry = (key: string) => entries[key] ?? '';

async function object(
  level: PortraitSubject,
  name: string,
  extra: { userId?: string; departmentId?: string | null } = {},
) {
  const id = newId();
  await t.db
    .insert(diagnosisObjects)
    .values({ id, level, code: `${level}-${id.slice(0, 6)}`, name, ...extra });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const mk = async (roles: string[], heads = false) => {
    const user = await createUser(t, { roles, heads });
    return { user, session: await signIn(t, user.account, user.password) };
  };
  leader = (await mk([ROLE_IDS.schoolLeader])).session;
  const pub = await mk([ROLE_IDS.diagnosisPublisher]);
  publisher = pub.session;
  const tea = await mk([ROLE_IDS.diagnosisObject]);
  teacher = tea.session;
  const hd = await mk([ROLE_IDS.diagnosisObject], true);
  head = hd.session;
  stranger = (await mk(['dataCollector'])).session;

  objects.school = await object('school', '示范职业技术学院');
  objects.teacher = await object('teacher', '王老师', { userId: tea.user.id });
  objects.otherTeacher = await object('teacher', '赵老师');
  objects.course = await object('course', '电工基础');
  objects.major = await object('major', '机电一体化技术', { departmentId: hd.user.departmentId });
  objects.otherMajor = await object('major', '会计');
  // The teacher charges the course's object task: "his courses".
  const taskId = newId();
  await t.db.insert(diagnosisTasks).values({
    id: taskId,
    name: '2026课程诊断',
    level: 'course',
    period: '2026',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    publisherUserId: pub.user.id,
  });
  await t.db
    .insert(objectTasks)
    .values({ id: newId(), taskId, objectId: objects.course, chargerUserId: tea.user.id });

  const add = async (key: string, body: BodyOf<typeof E.add>) => {
    entries[key] = (await admin.call(E.add, { body })).id;
  };
  await add('schoolMenu', {
    type: 'menu',
    level: 'school',
    name: '学校画像',
    roleIds: [ROLE_IDS.schoolLeader, ROLE_IDS.admin],
  });
  await add('teacherMenu', {
    type: 'menu',
    level: 'teacher',
    name: '教师画像',
    roleIds: [ROLE_IDS.schoolLeader, ROLE_IDS.diagnosisObject],
  });
  await add('courseMenu', {
    type: 'menu',
    level: 'course',
    name: '课程画像',
    roleIds: [ROLE_IDS.diagnosisObject],
  });
  await add('majorMenu', {
    type: 'menu',
    level: 'major',
    name: '专业画像',
    roleIds: [ROLE_IDS.diagnosisObject],
  });
  await add('schoolCard', {
    type: 'card',
    level: 'school',
    name: '学校概况',
    parentId: entries.schoolMenu,
    config: { measures: ['pointCount', 'gradeDistribution'] },
    roleIds: [ROLE_IDS.schoolLeader],
  });
  await add('screen', {
    type: 'screen',
    level: 'school',
    name: '学校质量总览',
    config: { layout: 'schoolOverview' },
    roleIds: [ROLE_IDS.schoolLeader, ROLE_IDS.diagnosisPublisher],
  });
});
afterAll(() => t.close());

describe('画像配置', () => {
  it('lists every entry of a kind to the maintainer, grants aggregated, and refuses the rest', async () => {
    const menus = await admin.call(E.queryMenu);
    expect(menus.map((m) => m.name)).toEqual(['学校画像', '专业画像', '课程画像', '教师画像']);
    expect(menus[0]!.roleNames.sort()).toEqual(['校领导', '系统管理员'].sort());
    const cards = await admin.call(E.queryCard, { query: { level: 'school' } });
    expect(cards.map((c) => [c.name, c.parentId, c.config.measures])).toEqual([
      ['学校概况', entries.schoolMenu, ['pointCount', 'gradeDistribution']],
    ]);
    expect((await admin.call(E.queryScreen)).map((s) => s.config.layout)).toEqual(['schoolOverview']);
    for (const s of [leader, teacher, stranger]) {
      const answer = await s.send(E.queryCard);
      expect(answer.json().meta).toMatchObject({ success: false, message: NO_PERMISSION_MESSAGE });
      await refused(s.call(E.add, { body: { type: 'menu', level: 'school', name: '不该有' } }), 403);
    }
  });

  it('answers bad input with a Chinese 4xx naming the problem', async () => {
    const card = { type: 'card' as const, level: 'school' as const, name: '卡片' };
    await refused(
      admin.call(E.add, { body: { ...card, name: 'x'.repeat(61), config: { measures: ['pointCount'] } } }),
      400,
      /60/,
    );
    await refused(
      admin.call(E.add, { body: { ...card, config: { measures: [] } } }),
      400,
      /请选择卡片展示的指标/,
    );
    await refused(
      admin.call(E.add, { body: { ...card, config: { measures: ['warehouseCount'] } } }),
      400,
      /数据仓库表/,
    );
    await refused(
      admin.call(E.add, { body: { type: 'screen', level: 'school', name: '大屏', config: {} } }),
      400,
      /大屏布局/,
    );
    await refused(
      admin.call(E.add, { body: { ...card, config: { measures: ['nonsense' as 'pointCount'] } } }),
      400,
      /卡片指标不正确/,
    );
    await refused(
      admin.call(E.add, {
        body: { ...card, level: 'campus' as 'school', config: { measures: ['pointCount'] } },
      }),
      400,
    );
    await refused(
      admin.call(E.add, {
        body: { ...card, parentId: entries.teacherMenu, config: { measures: ['pointCount'] } },
      }),
      422,
      new RegExp(PORTRAIT_MESSAGES.parent),
    );
    await refused(
      admin.call(E.add, { body: { ...card, config: { measures: ['pointCount'] }, roleIds: ['noSuchRole'] } }),
      422,
      new RegExp(PORTRAIT_MESSAGES.roles),
    );
    await refused(
      admin.call(E.update, { body: { ...card, id: 'missing', config: { measures: ['pointCount'] } } }),
      404,
    );
    await refused(admin.call(E.delete, { body: { id: 'missing' } }), 404);
  });

  it('accepts a form-encoded body, replaces grants on update, and deletes a menu only once it is empty', async () => {
    const created = await admin.post(
      E.add.path,
      {
        type: 'card',
        level: 'school',
        name: '临时卡片',
        config: '{"measures":["warnings"]}',
        roleIds: ROLE_IDS.schoolLeader,
        parentId: entries.schoolMenu,
      },
      { form: true },
    );
    const id = (created.json() as { data: { id: string; roleIds: string[] } }).data.id;
    expect(created.json().data.roleIds).toEqual([ROLE_IDS.schoolLeader]);
    const updated = await admin.call(E.update, {
      body: {
        id,
        type: 'card',
        level: 'school',
        name: '临时卡片2',
        parentId: entries.schoolMenu,
        config: { measures: ['pointTable'] },
        roleIds: [ROLE_IDS.diagnosisPublisher],
      },
    });
    expect([updated.name, updated.roleIds, updated.config.measures]).toEqual([
      '临时卡片2',
      [ROLE_IDS.diagnosisPublisher],
      ['pointTable'],
    ]);
    await refused(
      admin.call(E.delete, { body: { id: entry('schoolMenu') } }),
      422,
      new RegExp(PORTRAIT_MESSAGES.hasChildren),
    );
    await admin.call(E.delete, { body: { id } });
    expect((await admin.call(E.queryCard)).map((c) => c.id)).toEqual([entries.schoolCard]);
  });
});

describe('按权限查询与分析权限', () => {
  const names = async (s: Session) => ({
    menus: (await s.call(E.queryPortrayalByAuth)).map((m) => m.name),
    cards: (await s.call(E.queryCardByAuth)).map((c) => c.name),
    screens: (await s.call(E.queryScreenByAuth)).map((c) => c.name),
    subjects: (await s.call(A.analysis)).subjects,
  });

  it('shows each caller only what is granted to one of his roles, the administrator everything', async () => {
    expect(await names(admin)).toEqual({
      menus: ['学校画像', '专业画像', '课程画像', '教师画像'],
      cards: ['学校概况'],
      screens: ['学校质量总览'],
      subjects: ['school', 'major', 'course', 'teacher'],
    });
    expect(await names(leader)).toEqual({
      menus: ['学校画像', '教师画像'],
      cards: ['学校概况'],
      screens: ['学校质量总览'],
      subjects: ['school', 'teacher'],
    });
    expect(await names(teacher)).toEqual({
      menus: ['专业画像', '课程画像', '教师画像'],
      cards: [],
      screens: [],
      subjects: ['major', 'course', 'teacher'],
    });
    expect(await names(stranger)).toEqual({ menus: [], cards: [], screens: [], subjects: [] });
    expect((await admin.call(A.analysis)).canManage).toBe(true);
    expect((await leader.call(A.analysis)).canManage).toBe(false);
    expect(
      (await teacher.call(E.queryPortrayalByAuth, { query: { level: 'teacher' } })).map((m) => m.name),
    ).toEqual(['教师画像']);
  });
});

describe('大屏、目标与对象权限', () => {
  it('checks a screen for admin, leader, teacher and stranger', async () => {
    const check = (s: Session, id = entry('screen')) => s.call(A.screenCheck, { query: { id } });
    expect(await Promise.all([admin, leader, publisher, teacher, stranger].map((s) => check(s)))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    // A menu is not a screen, and an unknown id is no screen at all.
    expect(await check(admin, entry('schoolMenu'))).toBe(false);
    expect(await check(admin, 'missing')).toBe(false);
    await refused(admin.call(A.screenCheck, { query: { id: '' } }), 400);
  });

  it('answers target authority from standards.manage and the 目标标准 menu', async () => {
    expect(await admin.call(A.target)).toEqual({ canSeeBand: true, canSetTargets: true });
    expect(await publisher.call(A.target)).toEqual({ canSeeBand: true, canSetTargets: true });
    expect(await leader.call(A.target)).toEqual({ canSeeBand: false, canSetTargets: false });
    expect(await teacher.call(A.target)).toEqual({ canSeeBand: false, canSetTargets: false });
    expect(await stranger.call(A.target)).toEqual({ canSeeBand: false, canSetTargets: false });
  });

  it('lets each caller see the portraits of the objects diagnosis lets him see, in the subjects granted', async () => {
    const sees = (s: Session, subject: PortraitSubject, objectId: string) =>
      s.call(A.object, { query: { subject, objectId } });
    // The administrator: every object.
    for (const [subject, id] of [
      ['school', objects.school],
      ['teacher', objects.otherTeacher],
      ['major', objects.otherMajor],
      ['course', objects.course],
    ] as const)
      expect(await sees(admin, subject, id)).toBe(true);
    // The leader: every object of the subjects granted to him (school, teacher), none of the others.
    expect(await sees(leader, 'school', objects.school)).toBe(true);
    expect(await sees(leader, 'teacher', objects.otherTeacher)).toBe(true);
    expect(await sees(leader, 'major', objects.major)).toBe(false);
    // The teacher: his own portrait and his course, not a colleague, not the school (not granted).
    expect(await sees(teacher, 'teacher', objects.teacher)).toBe(true);
    expect(await sees(teacher, 'course', objects.course)).toBe(true);
    expect(await sees(teacher, 'teacher', objects.otherTeacher)).toBe(false);
    expect(await sees(teacher, 'school', objects.school)).toBe(false);
    expect(await sees(teacher, 'major', objects.major)).toBe(false);
    // The department head: his department's major only.
    expect(await sees(head, 'major', objects.major)).toBe(true);
    expect(await sees(head, 'major', objects.otherMajor)).toBe(false);
    // The stranger: nothing; a wrong level or unknown object is no portrait.
    expect(await sees(stranger, 'teacher', objects.teacher)).toBe(false);
    expect(await sees(admin, 'major', objects.teacher)).toBe(false);
    expect(await sees(admin, 'teacher', 'missing')).toBe(false);
    await refused(
      admin.call(A.object, { query: { subject: 'campus' as 'school', objectId: objects.school } }),
      400,
    );
  });

  it('needs a session', async () => {
    const answer = await t.app.inject({ method: 'GET', url: A.analysis.path });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().meta.statusCode).toBe(302);
  });
});
