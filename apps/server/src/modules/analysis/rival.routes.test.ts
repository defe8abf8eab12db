import { peersEndpoints, rivalEndpoints as R } from '@eduqa/contract';
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
import {
  assignedPoints,
  diagnosisObjects,
  diagnosisTasks,
  objectTasks,
} from '../diagnosis/diagnosis.table.ts';
import { indicatorCategories, indicators, qualityPoints } from '../standards/standards.table.ts';
import { doubleHighUnits } from './analysis.table.ts';
import { ANALYSIS_ROLES, insertSchools, insertValues } from './peers.fixtures.ts';

/**
 * The analyses against a small hand-computed fixture. 就业率 (scorecard-01, bigger is better) and 生师比
 * (resource-01, smaller is better); OWN is the own school (浙江 专科); A, B, C are 浙江 专科, D 江苏 专科,
 * U 浙江 本科.
 */
const RATE = 'scorecard-01';
const RATIO = 'resource-01';

let t: TestApp;
let admin: Session;
let reader: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  await insertSchools(
    t.db,
    [
      { code: 'OWN', name: '本校职业技术学院', province: '浙江省', level: '专科' },
      { code: 'A', name: '甲职业技术学院', province: '浙江省', level: '专科' },
      { code: 'B', name: '乙职业技术学院', province: '浙江省', level: '专科' },
      { code: 'C', name: '丙职业技术学院', province: '浙江省', level: '专科' },
      { code: 'D', name: '丁职业技术学院', province: '江苏省', level: '专科' },
      { code: 'U', name: '戊大学', province: '浙江省', level: '本科' },
    ],
    'OWN',
  );
  await insertValues(t.db, [
    ['OWN', RATE, 2024, 92],
    ['A', RATE, 2024, 95],
    ['B', RATE, 2024, 90],
    ['C', RATE, 2024, 92],
    ['D', RATE, 2024, 97],
    ['U', RATE, 2024, 80],
    ['OWN', RATIO, 2024, 17],
    ['A', RATIO, 2024, 15],
    ['B', RATIO, 2024, 20],
    ['D', RATIO, 2024, 16],
    ['OWN', RATE, 2023, 90],
    ['A', RATE, 2023, 93],
  ]);
  await insertValues(t.db, [['B', RATE, 2023, 91]], true);
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const r = await createUser(t, { roles: [ANALYSIS_ROLES.reader] });
  reader = await signIn(t, r.account, r.password);
  const o = await createUser(t, { roles: [ANALYSIS_ROLES.outsider] });
  outsider = await signIn(t, o.account, o.password);
});

afterAll(async () => {
  await t?.close();
});

describe('竞争对手分析 querySchoolRival', () => {
  it('ranks each indicator in its direction among the schools, own school first, and averages the others', async () => {
    const table = await reader.call(R.schoolRival, {
      query: { year: 2024 },
      body: { schoolCodes: 'A,B,C', indicatorIds: `${RATE},${RATIO}` },
    });
    expect(table.schools.map((s) => [s.schoolCode, s.isOwn])).toEqual([
      ['OWN', true],
      ['A', false],
      ['B', false],
      ['C', false],
    ]);
    const cells = Object.fromEntries(
      table.rows.map((r) => [r.schoolCode, r.cells.map((c) => [c.value, c.rank])]),
    );
    // 就业率: A 95 first, OWN and C tie at 92 (both 2nd), B 90 4th. 生师比: smaller first, C has none.
    expect(cells).toEqual({
      OWN: [
        [92, 2],
        [17, 2],
      ],
      A: [
        [95, 1],
        [15, 1],
      ],
      B: [
        [90, 4],
        [20, 3],
      ],
      C: [
        [92, 2],
        [null, null],
      ],
    });
    expect(table.average[0]!.value).toBeCloseTo((95 + 90 + 92) / 3, 10);
    expect(table.average.map((a) => a.count)).toEqual([3, 2]);
    expect(table.average[1]!.value).toBe(17.5);
    expect(table.isDemo).toBe(false);
  });

  it('refuses unknown schools or indicators and bad years in Chinese', async () => {
    await refused(
      reader.call(R.schoolRival, {
        query: { year: 2024 },
        body: { schoolCodes: 'A,ZZZ', indicatorIds: RATE },
      }),
      400,
      /未找到学校：ZZZ/,
    );
    await refused(
      reader.call(R.schoolRival, { query: { year: 2024 }, body: { schoolCodes: 'A', indicatorIds: 'nope' } }),
      400,
      /未找到指标：nope/,
    );
    await refused(
      reader.call(R.schoolRival, { query: { year: 1999 }, body: { schoolCodes: 'A', indicatorIds: RATE } }),
      400,
      /2000–2100/,
    );
    const many = Array.from({ length: 31 }, (_, i) => `S${i}`).join(',');
    await refused(
      reader.call(R.schoolRival, { query: { year: 2024 }, body: { schoolCodes: many, indicatorIds: RATE } }),
      400,
      /最多选择30个学校/,
    );
  });
});

describe('趋势、排名、均值', () => {
  it('gives a series per school and indicator over the years, demo values flagged', async () => {
    const trend = await reader.call(R.trend, {
      query: { schoolCodes: 'A,B', indicatorIds: RATE, startYear: 2023, endYear: 2024 },
    });
    expect(trend.years).toEqual([2023, 2024]);
    const series = Object.fromEntries(trend.series.map((s) => [s.schoolCode, s.values]));
    expect(series).toEqual({ OWN: [90, 92], A: [93, 95], B: [91, 90] });
    expect(trend.isDemo).toBe(true);
    await refused(
      reader.call(R.trend, { query: { indicatorIds: RATE, startYear: 2025, endYear: 2024 } }),
      400,
      /起始年份不能晚于结束年份/,
    );
  });

  it('orders the chosen by rank and places the own school among its whole level (第 3 / 5)', async () => {
    const rank = await reader.call(R.rank, {
      query: { schoolCodes: 'A,B,C', indicatorId: RATE, year: 2024 },
    });
    expect(rank.ranks).toEqual([
      { schoolCode: 'A', value: 95, rank: 1 },
      { schoolCode: 'OWN', value: 92, rank: 2 },
      { schoolCode: 'C', value: 92, rank: 2 },
      { schoolCode: 'B', value: 90, rank: 4 },
    ]);
    // 专科 with values: D 97, A 95, OWN 92, C 92, B 90 (U is 本科).
    expect(rank.levelRank).toEqual({ level: '专科', rank: 3, count: 5, total: 5 });
  });

  it('says of how many schools of the level in the directory the ranked ones with data are', async () => {
    await insertSchools(t.db, [
      { code: 'N1', name: '无数据职业学院一', province: '浙江省', level: '专科' },
      { code: 'N2', name: '无数据职业学院二', province: '江苏省', level: '专科' },
    ]);
    const rank = await reader.call(R.rank, { query: { schoolCodes: 'A', indicatorId: RATE, year: 2024 } });
    // 5 专科 with a 2024 value, of the 7 专科 of the directory.
    expect(rank.levelRank).toEqual({ level: '专科', rank: 3, count: 5, total: 7 });
  });

  it('sets the own school against the average of the chosen ones per year', async () => {
    const avg = await reader.call(R.average, {
      query: { schoolCodes: 'A,B', indicatorIds: RATE, startYear: 2023, endYear: 2024 },
    });
    expect(avg.items[0]!.points).toEqual([
      { year: 2023, own: 90, average: 92, count: 2 },
      { year: 2024, own: 92, average: 92.5, count: 2 },
    ]);
  });
});

describe('运行监测 and 目标定位', () => {
  it('compares this year with last year and with the P50 of the own level and province', async () => {
    const monitoring = await reader.call(R.operation, { query: { year: 2024, indicatorIds: RATE } });
    expect(monitoring.peerScope).toBe('levelProvince');
    // 浙江 专科 peers with 2024 values: A 95, B 90, C 92 → P50 92; OWN 92 reaches P50 but not P75 (93.5).
    expect(monitoring.items[0]).toMatchObject({
      value: 92,
      previous: 90,
      change: 2,
      trend: 'better',
      p50: 92,
      position: 'p50to75',
    });
    expect(monitoring.peerCount).toBe(3);
  });

  it('draws the band of the chosen peers per year with the own value and position', async () => {
    const band = await reader.call(peersEndpoints.targetBand, {
      query: { indicatorId: RATIO, schoolCodes: 'A,B,D', startYear: 2024, endYear: 2024 },
    });
    // 生师比 (smaller is better) of A 15, B 20, D 16: the "P90" a school beats only 10 % of peers is the raw 10th percentile.
    const [point] = band.points;
    expect(point).toMatchObject({ year: 2024, count: 3, own: 17, p50: 16 });
    expect(point!.p90).toBeCloseTo(15.2, 10);
    expect(point!.p25).toBeCloseTo(18, 10);
    expect(point!.position).toBe('p25to50');
    expect(band.peerScope).toBe('chosen');
  });
});

describe('双高对标', () => {
  it('takes the schools of the range (A 档 学校 by default) beside the own school', async () => {
    const unit = (id: string, grade: string, schoolCode: string, majorGroup: string) => ({
      id,
      round: 2019,
      category: '学校',
      grade,
      schoolName: schoolCode,
      schoolCode,
      majorGroup,
    });
    await t.db
      .insert(doubleHighUnits)
      .values([unit('u1', 'A', 'A', '群一'), unit('u2', 'A', 'A', '群二'), unit('u3', 'B', 'B', '群三')]);
    const table = await reader.call(R.doubleHigh, { query: { indicatorIds: RATE, year: 2024 } });
    expect(table.range).toBe('highSchoolConstructionLevelA');
    expect(table.schools.map((s) => s.schoolCode)).toEqual(['OWN', 'A']);
    expect(table.rows.map((r) => r.cells[0]!.rank)).toEqual([2, 1]);
    const byB = await reader.call(R.doubleHigh, {
      query: { indicatorIds: RATE, year: 2024, range: 'highSchoolConstructionLevelB' },
    });
    expect(byB.schools.map((s) => s.schoolCode)).toEqual(['OWN', 'B']);
  });
});

describe('the own school from its quality point results', () => {
  it('takes the effective school-level result of the linked point over an imported value', async () => {
    const categoryId = newId();
    const indicatorId = newId();
    const pointId = newId();
    await t.db
      .insert(indicatorCategories)
      .values({ id: categoryId, name: '对标测试', icon: 'school', level: 'school' });
    await t.db.insert(indicators).values({ id: indicatorId, categoryId, name: '就业', depth: 1, sort: 1 });
    await t.db.insert(qualityPoints).values({
      id: pointId,
      indicatorId,
      name: '毕业生就业率',
      level: 'school',
      dimension: 'school',
      period: 'year',
      dataType: 'percent',
      direction: '>',
    });
    const objectId = newId();
    await t.db.insert(diagnosisObjects).values({ id: objectId, level: 'school', code: 'S', name: '本校' });
    for (const [year, result, revised] of [
      [2024, '93.5', '94'],
      [2022, '88', null],
    ] as const) {
      const taskId = newId();
      const objectTaskId = newId();
      await t.db.insert(diagnosisTasks).values({
        id: taskId,
        name: `${year}年度学校质量诊断`,
        level: 'school',
        period: String(year),
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        state: 'finished',
        publisherUserId: admin.userId,
      });
      await t.db.insert(objectTasks).values({ id: objectTaskId, taskId, objectId });
      await t.db
        .insert(assignedPoints)
        .values({ id: newId(), objectTaskId, qualityPointId: pointId, result, revisedResult: revised });
    }
    await refused(outsider.call(peersEndpoints.indicatorUpdate, { body: { id: RATE, pointId } }), 403);
    await refused(reader.call(peersEndpoints.indicatorUpdate, { body: { id: RATE, pointId } }), 403);
    const linked = await admin.call(peersEndpoints.indicatorUpdate, { body: { id: RATE, pointId } });
    expect(linked).toMatchObject({ id: RATE, zkdid: pointId, zkdmc: '毕业生就业率' });

    const trend = await reader.call(R.trend, {
      query: { indicatorIds: RATE, startYear: 2022, endYear: 2024 },
    });
    // 2024: the revised result 94 replaces the imported 92; 2022 from the result alone; 2023 stays imported.
    expect(trend.series).toEqual([{ indicatorId: RATE, schoolCode: 'OWN', values: [88, 90, 94] }]);
    const years = await reader.call(peersEndpoints.years);
    expect(years).toEqual([2022, 2023, 2024]);

    await admin.call(peersEndpoints.indicatorUpdate, { body: { id: RATE, pointId: '' } });
    const unlinked = await reader.call(R.trend, {
      query: { indicatorIds: RATE, startYear: 2022, endYear: 2024 },
    });
    expect(unlinked.series[0]!.values).toEqual([null, 90, 92]);
  });
});

describe('access', () => {
  it('answers only holders of the 智能分析 menu', async () => {
    await refused(outsider.call(R.trend, { query: { indicatorIds: RATE } }), 403);
    await refused(
      outsider.call(R.schoolRival, { query: { year: 2024 }, body: { schoolCodes: 'A', indicatorIds: RATE } }),
      403,
    );
    await refused(outsider.call(peersEndpoints.indicatorList), 403);
    const list = await reader.call(peersEndpoints.indicatorList);
    expect(list.length).toBeGreaterThanOrEqual(38);
    expect(list.find((i) => i.id === RATIO)).toMatchObject({ name: '生师比', direction: '<' });
  });
});
