import {
  DEFAULT_TIME_ZONE,
  measuresEndpoints as E,
  homeEndpoints,
  type MeasureKey,
  type MeasureResult,
  PEER_RANK_COLUMNS,
  ROLE_IDS,
  TODO_KIND_LABELS,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, createUser, refused, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import { formatDateTime, setSchoolTimeZone } from '../../platform/time.ts';
import {
  analysisSettings,
  peerIndicators,
  peerIndicatorValues,
  peerSchools,
  portraitGrants,
  portraits,
} from '../analysis/analysis.table.ts';
import {
  assignedPoints,
  diagnosisObjects,
  diagnosisTasks,
  objectTasks,
  pointWarnings,
} from '../diagnosis/diagnosis.table.ts';
import { createGoalSummaryRepo } from '../goals/goal-summary.repo.ts';
import { goalTasks, goalYearTargets } from '../goals/goals.table.ts';
import { createHomeRepo } from '../home/home.repo.ts';
import { createHomeService } from '../home/home.service.ts';
import { departments } from '../org/org.table.ts';
import { indicatorCategories, indicators, qualityPoints } from '../standards/standards.table.ts';
import { createMeasuresRepo } from './measures.repo.ts';
import { createMeasuresService, lastTwelveMonths } from './measures.service.ts';

/**
 * The built-in measures against a small school built row by row, every expected figure counted by hand in
 * the comments beside the rows.
 */

let t: TestApp;
let leader: Session;
let teacher: Session;
let nobody: Session;
const thisYear = Number(formatDateTime(new Date())!.slice(0, 4));

beforeAll(async () => {
  t = await createTestApp();
  const mk = async (roles: string[]) => {
    const user = await createUser(t, { roles });
    return { id: user.id, session: await signIn(t, user.account, user.password) };
  };
  const leaderUser = await mk([ROLE_IDS.schoolLeader]);
  leader = leaderUser.session;
  const teacherUser = await mk([ROLE_IDS.diagnosisObject]);
  teacher = teacherUser.session;
  const none = await mk([]);
  nobody = none.session;

  await buildSchool(t, leaderUser.id, teacherUser.id);
});
afterAll(() => t?.close());

/** Diagnosis, goal and peer rows; the figures they give are in the tests below. */
async function buildSchool(app: TestApp, publisherId: string, chargerId: string) {
  const db = app.db;
  const categoryId = newId();
  await db
    .insert(indicatorCategories)
    .values({ id: categoryId, name: '度量测试', icon: 'data', level: 'school' });
  const indicatorId = newId();
  await db.insert(indicators).values({ id: indicatorId, categoryId, name: '度量指标', depth: 1 });
  const point = async (name: string, over: Partial<typeof qualityPoints.$inferInsert>) => {
    const id = newId();
    await db.insert(qualityPoints).values({
      id,
      indicatorId,
      name,
      level: 'school',
      dimension: 'school',
      period: 'year',
      dataType: 'integer',
      ...over,
    });
    return id;
  };
  const p1 = await point('填报点', { collectionMethod: 'report', warningMode: 'result', warningValue: '80' });
  const p2 = await point('算法点', { collectionMethod: 'algorithm' });
  const p3 = await point('SQL点', { collectionMethod: 'sql', calcMode: 'level', warningMode: 'level' });
  const p4 = await point('接口点', { collectionMethod: 'interface' });

  const object = async (level: string, code: string) => {
    const id = newId();
    await db.insert(diagnosisObjects).values({ id, level, code, name: `对象${code}` });
    return id;
  };
  const school = await object('school', 'S');
  const teacherA = await object('teacher', 'TA');
  const teacherB = await object('teacher', 'TB');

  const task = async (level: string, state: string, endDate: string) => {
    const id = newId();
    await db.insert(diagnosisTasks).values({
      id,
      name: `${level}-${state}-${endDate}`,
      level,
      period: endDate.slice(0, 4),
      startDate: `${endDate.slice(0, 4)}-01-01`,
      endDate,
      state,
      publisherUserId: publisherId,
    });
    return id;
  };
  // School level: an open task counts; the older finished one does not.
  const t1 = await task('school', 'normal', '2026-12-31');
  const t0 = await task('school', 'finished', '2025-12-31');
  // Teacher level: no open task, so the latest one (T2) counts and the older T3 does not.
  const t2 = await task('teacher', 'finished', '2025-12-31');
  const t3 = await task('teacher', 'finished', '2024-12-31');

  const objectTask = async (taskId: string, objectId: string, chargerUserId: string | null = null) => {
    const id = newId();
    await db.insert(objectTasks).values({ id, taskId, objectId, chargerUserId });
    return id;
  };
  // The teacher charges the open school task: its points to fill are his to-dos.
  const ot1 = await objectTask(t1, school, chargerId);
  const ot0 = await objectTask(t0, school);
  const ot2a = await objectTask(t2, teacherA);
  const ot2b = await objectTask(t2, teacherB);
  const ot3 = await objectTask(t3, teacherA);

  const assigned = async (
    objectTaskId: string,
    qualityPointId: string,
    over: Partial<typeof assignedPoints.$inferInsert>,
  ) => {
    const id = newId();
    await db.insert(assignedPoints).values({ id, objectTaskId, qualityPointId, ...over });
    return id;
  };
  // T1 (school): 4 points, 3 with a result, 2 reached → 66.67 %. Methods: report, algorithm, sql, interface.
  const a1 = await assigned(ot1, p1, { result: '90' });
  await assigned(ot1, p2, { result: '50', below: true });
  const a3 = await assigned(ot1, p3, { result: null, revisedResult: 'A' });
  await assigned(ot1, p4, { result: '  ' });
  // T0 (not current): reached, but must not count.
  const a6 = await assigned(ot0, p3, { result: 'A' });
  await assigned(ot0, p1, { result: '100' });
  // T2 (teacher): 4 points, 3 with a result, 1 reached → 33.33 %. Methods: report, algorithm ×2, sql.
  await assigned(ot2a, p1, { result: '1' });
  await assigned(ot2a, p2, { result: '2', below: true });
  await assigned(ot2b, p2, { result: null });
  const b4 = await assigned(ot2b, p3, { result: 'B', below: true });
  // T3 (not current).
  const c1 = await assigned(ot3, p1, { result: '5' });

  const warning = async (
    assignedPointId: string,
    cycleKey: string,
    warningValue: string,
    warnedAt: string,
    handledAt: string | null = null,
  ) => {
    await db.insert(pointWarnings).values({
      id: newId(),
      assignedPointId,
      cycleKey,
      warningValue,
      monitoredValue: '0',
      warnedAt: new Date(warnedAt),
      handledAt: handledAt ? new Date(handledAt) : null,
    });
  };
  // Current tasks: C ×2 (the second written in lower case with a space), E ×1, one result warning.
  await warning(a3, '2026-01', 'C', '2026-01-10T02:00:00Z', '2026-02-01T10:00:00Z');
  // 17:00 UTC on 31 January is 01:00 on 1 February in Shanghai.
  await warning(a3, '2026-02', 'c ', '2026-01-31T17:00:00Z');
  // 15:00 UTC on 31 March 2025 is still March in Shanghai: before the window; handled in April 2025.
  await warning(b4, '2025-03', 'E', '2025-03-31T15:00:00Z', '2025-04-02T01:00:00Z');
  await warning(a1, '2026-03', '80', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z');
  // Not current tasks: left out of the grades, counted by month.
  await warning(a6, '2025-12', 'A', '2025-12-05T00:00:00Z');
  await warning(c1, '2026-04', '3', '2026-04-01T00:00:00Z');

  // Goal tasks of this year: 二部 1 of 1 finished, 一部 1 of 2 (its withdrawn task left out); last year's not counted.
  const d1 = newId();
  const d2 = newId();
  await db.insert(departments).values([
    { id: d1, name: '度量一部', sort: 1 },
    { id: d2, name: '度量二部', sort: 2 },
  ]);
  const yearTarget = async (cycleYear: number) => {
    const id = newId();
    await db
      .insert(goalYearTargets)
      .values({ id, name: `${cycleYear}年度目标`, cycleYear, creatorUserId: publisherId });
    return id;
  };
  const current = await yearTarget(thisYear);
  const last = await yearTarget(thisYear - 1);
  const goalTask = async (yearTargetId: string, departmentId: string, state: string, isWithdrawn = false) => {
    await db.insert(goalTasks).values({
      id: newId(),
      yearTargetId,
      name: `任务${newId().slice(0, 6)}`,
      type: 'A',
      examType: 'score',
      departmentId,
      principalUserId: publisherId,
      startDate: `${thisYear}-01-01`,
      endDate: `${thisYear + 1}-12-31`,
      state,
      isWithdrawn,
      creatorUserId: publisherId,
    });
  };
  await goalTask(current, d1, 'done');
  await goalTask(current, d1, 'doing');
  await goalTask(current, d1, 'done', true);
  await goalTask(current, d2, 'done');
  await goalTask(last, d2, 'doing');

  // Peers: the own school and three more of 测试省 专科; one 本科 and one of another province left out.
  const school_ = (code: string, province: string, level: string) => ({
    code,
    name: `院校${code}`,
    province,
    level,
    nature: '公办',
    source: 'import',
  });
  await db
    .insert(peerSchools)
    .values([
      school_('M0', '测试省', '专科'),
      school_('M1', '测试省', '专科'),
      school_('M2', '测试省', '专科'),
      school_('M3', '测试省', '专科'),
      school_('M4', '测试省', '本科'),
      school_('M5', '他省', '专科'),
    ]);
  await db.execute(sql`delete from analysis_settings`);
  await db.insert(analysisSettings).values({ id: newId(), ownSchoolCode: 'M0' });
  await db.insert(peerIndicators).values([
    { id: 'i-employ', tableKind: 'scorecard', name: '测试就业率', unit: '%', direction: '>', sortOrder: 1 },
    { id: 'i-ratio', tableKind: 'scorecard', name: '测试生师比', unit: '', direction: '<', sortOrder: 2 },
    { id: 'i-books', tableKind: 'resource', name: '测试生均图书', unit: '册', direction: '>', sortOrder: 1 },
  ]);
  const value = (schoolCode: string, indicatorId: string, year: number, v: number, isDemo = false) => ({
    schoolCode,
    indicatorId,
    year,
    value: v,
    isDemo,
  });
  await db.insert(peerIndicatorValues).values([
    // 2024, the own school's latest year. 就业率 ('>'): M1 95 → 1, M0 90 and M2 90 → 2, M3 80 → 4; of 4.
    value('M0', 'i-employ', 2024, 90),
    value('M1', 'i-employ', 2024, 95),
    value('M2', 'i-employ', 2024, 90),
    value('M3', 'i-employ', 2024, 80, true),
    value('M4', 'i-employ', 2024, 99),
    value('M5', 'i-employ', 2024, 99),
    // 生师比 ('<'): M1 16 → 1, M0 18 → 2, M3 20 → 3; of 3 (M2 published none).
    value('M0', 'i-ratio', 2024, 18),
    value('M1', 'i-ratio', 2024, 16),
    value('M3', 'i-ratio', 2024, 20),
    // Not a 计分卡 indicator; a later year without the own school; an earlier year.
    value('M0', 'i-books', 2024, 1),
    value('M1', 'i-employ', 2025, 50),
    value('M0', 'i-employ', 2023, 10),
  ]);
}

const C = PEER_RANK_COLUMNS;
const measure = (session: Session, key: MeasureKey) => session.call(E.query, { query: { key } });

describe('built-in measures (measure/query)', () => {
  it('points attainment: reached / with a result over the open tasks, else each level’s latest, by level', async () => {
    const m = await measure(leader, 'pointAttainment');
    expect(m).toMatchObject({ key: 'pointAttainment', label: '质控点达标率', shape: 'progress', unit: '%' });
    // (2 + 1) reached of (3 + 3) with a result.
    expect(m.value).toBe(50);
    expect(m.categories).toEqual(['学校', '专业', '课程', '教师', '学生']);
    expect(m.series).toEqual([{ name: '达标率', data: [66.67, null, null, 33.33, null] }]);
    expect(m.note).toContain('2 个诊断任务，质控点 8 个，已出结果的6个质控点中达标3个，达标率50.00%');
  });

  it('warnings by grade A–G: only the graded (等级比较) records, over their own count', async () => {
    const m = await measure(leader, 'warningsByLevel');
    // A result-comparison record has no grade: it is a kind of warning, not a level, and stays out.
    expect(m.categories).toEqual(['A级', 'B级', 'C级', 'D级', 'E级', 'F级', 'G级']);
    expect(m.series).toEqual([{ name: '预警数', data: [0, 0, 2, 0, 1, 0, 0] }]);
    expect(m.value).toBe(3);
    expect(m.note).toBe('等级预警 3 条 / 全部预警 4 条');
  });

  it('warnings by kind: graded and result-comparison records, over every record', async () => {
    const m = await measure(leader, 'warningsByKind');
    expect(m).toMatchObject({ label: '预警类型分布', shape: 'series', unit: '条', value: 4 });
    expect(m.categories).toEqual(['等级预警', '结果值预警']);
    expect(m.series).toEqual([{ name: '预警数', data: [3, 1] }]);
    expect(m.note).toBe('当前诊断任务的预警记录 4 条');
  });

  it('goal-task completion of this year by responsible department, withdrawn tasks left out', async () => {
    const m = await measure(leader, 'goalCompletionByDepartment');
    expect(m.categories).toEqual(['度量二部', '度量一部']);
    expect(m.series).toEqual([
      { name: '完成率', data: [100, 50] },
      { name: '任务数', data: [1, 2] },
      { name: '已完成', data: [1, 1] },
    ]);
    expect(m.value).toBe(66.67);
    expect(m.note).toBe(`${thisYear} 年度目标任务 3 项，已完成 2 项`);
  });

  it('自动采集率: points collected by algorithm, SQL or interface among the current tasks’ points', async () => {
    const m = await measure(leader, 'collectionRate');
    expect(m).toMatchObject({ shape: 'progress', value: 75, unit: '%' });
    expect(m.categories).toEqual(['填报', '算法', 'SQL', '接口']);
    expect(m.series).toEqual([{ name: '质控点数', data: [2, 3, 2, 1] }]);
  });

  it('peer rank: the own school among its level and province on the 计分卡 of its latest year', async () => {
    const m = await measure(leader, 'peerRank');
    expect(m.columns).toEqual([C.indicator, C.unit, C.value, C.rank, C.of]);
    expect(m.rows).toEqual([
      { [C.indicator]: '测试就业率', [C.unit]: '%', [C.value]: 90, [C.rank]: 2, [C.of]: 4 },
      { [C.indicator]: '测试生师比', [C.unit]: '', [C.value]: 18, [C.rank]: 2, [C.of]: 3 },
    ]);
    expect(m.isDemo).toBe(true);
    expect(m.note).toBe('2024 年计分卡 · 测试省专科院校中有数据的 4 所（名单中共 4 所）');
  });

  it('peer rank: the own school’s linked point results are its values, compared in the latest year with a peer', async () => {
    // 就业率 now takes the own school's 填报点 results: 100 in 2025 (T0), 90 in 2026 (T1). 2026 has no other
    // school's value; 2025 has M1's 50, so 2025 it is: 100 ranks 1 of 2, and no demo value is compared.
    await t.db.execute(
      sql`update peer_indicators set point_id = (select id from quality_points where name = '填报点') where id = 'i-employ'`,
    );
    try {
      const m = await measure(leader, 'peerRank');
      expect(m.rows).toEqual([
        { [C.indicator]: '测试就业率', [C.unit]: '%', [C.value]: 100, [C.rank]: 1, [C.of]: 2 },
      ]);
      expect(m.isDemo).toBe(false);
      expect(m.note).toBe('2025 年计分卡 · 测试省专科院校中有数据的 2 所（名单中共 4 所）');
    } finally {
      await t.db.execute(sql`update peer_indicators set point_id = null where id = 'i-employ'`);
    }
  });

  it('open to-dos are the caller’s own, as the home workbench counts them', async () => {
    const workbench = await teacher.call(homeEndpoints.workbench);
    const m = await measure(teacher, 'openTodos');
    expect(m.categories).toEqual(workbench.todos.map((todo) => TODO_KIND_LABELS[todo.kind]));
    expect(m.series?.[0]?.data).toEqual(workbench.todos.map((todo) => todo.count));
    expect(m.value).toBe(workbench.todos.reduce((s, todo) => s + todo.count, 0));
    expect(m.value).toBeGreaterThan(0);
  });

  it('refuses an unknown or missing key in Chinese', async () => {
    const response = await leader.get('/api/herm-sjgl/measure/query', { key: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().meta.message).toContain('内置指标不正确');
    await refused(leader.call(E.query, { query: {} as { key: MeasureKey } }), 400);
  });

  it('refuses a caller without 首页 or 数据大屏 with the catalogue’s answer', async () => {
    const response = await nobody.send(E.query, { query: { key: 'openTodos' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toMatchObject({
      success: false,
      statusCode: 403,
      message: '用户无权访问该资源',
    });
  });
});

describe('data screen overview (screen/overview)', () => {
  it('answers every measure in MEASURE_KEYS order with the own school’s name', async () => {
    const overview = await leader.call(E.screenOverview);
    expect(overview.schoolName).toBe('院校M0');
    expect(overview.measures.map((m: MeasureResult) => m.key)).toEqual([
      'pointAttainment',
      'warningsByLevel',
      'warningsByKind',
      'warningsByMonth',
      'goalCompletionByDepartment',
      'collectionRate',
      'peerRank',
      'openTodos',
    ]);
    expect(overview.measures[0]?.value).toBe(50);
    expect(overview.measures.every((m: MeasureResult) => m.asOf === overview.asOf)).toBe(true);
  });

  it('opens a chosen screen only when the screen authority grants it to one of the caller’s roles', async () => {
    const screenId = newId();
    await t.db.insert(portraits).values({
      id: screenId,
      kind: 'screen',
      subject: 'school',
      name: '校领导大屏',
      config: { layout: 'schoolOverview' },
    });
    await refused(leader.call(E.screenOverview, { query: { screenId } }), 404, /大屏不存在或无权查看/);
    await t.db.insert(portraitGrants).values({ portraitId: screenId, roleId: ROLE_IDS.schoolLeader });
    const overview = await leader.call(E.screenOverview, { query: { screenId } });
    expect(overview.measures).toHaveLength(8);
    await refused(
      leader.call(E.screenOverview, { query: { screenId: newId() } }),
      404,
      /大屏不存在或无权查看/,
    );
  });

  it('needs 数据大屏: a diagnosis object (首页 only) is refused', async () => {
    await refused(teacher.call(E.screenOverview), 403, /用户无权访问该资源/);
    // …while a single measure stays open to 首页 holders.
    expect((await measure(teacher, 'collectionRate')).value).toBe(75);
  });
});

describe('warnings by month', () => {
  it('counts raised and handled per month of the school’s clock over the last 12 months', async () => {
    // 12:00 on 15 March 2026 in Shanghai.
    const service = createMeasuresService({
      repo: createMeasuresRepo(t.db),
      goals: createGoalSummaryRepo(t.db),
      home: createHomeService({ repo: createHomeRepo(t.db), notices: { latest: async () => [] } }),
      now: () => new Date('2026-03-15T04:00:00Z'),
    });
    const actor = {
      userId: 'x',
      sessionId: 'x',
      csrfSecret: 'x',
      roleIds: [],
      menuKeys: new Set(['index']),
      actions: new Set<string>(),
    };
    const m = await service.measure({ actor, key: 'warningsByMonth' });
    expect(m.categories?.[0]).toBe('2025-04');
    expect(m.categories?.[11]).toBe('2026-03');
    const at = (series: number, month: string) => m.series?.[series]?.data[m.categories!.indexOf(month)];
    // Raised: December (a not-current task's), January, February (Shanghai's 1 February), March; the
    // March 2025 and April 2026 warnings lie outside.
    expect(m.series?.[0]?.data).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
    expect(at(1, '2025-04')).toBe(1);
    expect(at(1, '2026-02')).toBe(1);
    expect(at(1, '2026-03')).toBe(1);
    expect(m.series?.[1]?.data.reduce((s, v) => s! + v!, 0)).toBe(3);
    expect(m.value).toBe(4);
  });

  it('counts the months on the zone the school has set', async () => {
    setSchoolTimeZone('UTC');
    onTestFinished(() => setSchoolTimeZone(DEFAULT_TIME_ZONE));
    const service = createMeasuresService({
      repo: createMeasuresRepo(t.db),
      goals: createGoalSummaryRepo(t.db),
      home: createHomeService({ repo: createHomeRepo(t.db), notices: { latest: async () => [] } }),
      now: () => new Date('2026-03-15T04:00:00Z'),
    });
    const actor = {
      userId: 'x',
      sessionId: 'x',
      csrfSecret: 'x',
      roleIds: [],
      menuKeys: new Set(['index']),
      actions: new Set<string>(),
    };
    const m = await service.measure({ actor, key: 'warningsByMonth' });
    // 17:00 UTC on 31 January is January on a UTC clock, not Shanghai's 1 February.
    expect(m.series?.[0]?.data).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 1]);
    expect(lastTwelveMonths(new Date('2025-12-31T20:00:00Z')).months[11]).toBe('2025-12');
  });

  it('lastTwelveMonths follows the school’s calendar across a year end', () => {
    // 20:00 UTC on 31 December 2025 is already January 2026 in Shanghai.
    const { months, since } = lastTwelveMonths(new Date('2025-12-31T20:00:00Z'));
    expect(months[0]).toBe('2025-02');
    expect(months[11]).toBe('2026-01');
    expect(since.toISOString()).toBe('2025-01-31T16:00:00.000Z');
  });
});
