import { targetBandEndpoints as E, ROLE_IDS, type TargetBand } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, refused, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import {
  assignedPoints,
  diagnosisObjects,
  diagnosisTasks,
  objectTasks,
  pointWarnings,
} from '../diagnosis/diagnosis.table.ts';
import { roles } from '../org/org.table.ts';
import { indicatorCategories, indicators, qualityPoints } from '../standards/standards.table.ts';
import { analysisSettings, peerIndicators, peerIndicatorValues, peerSchools } from './analysis.table.ts';

let t: TestApp;
let publisher: Session;
let reader: Session;
let stranger: Session;
const P = {} as Record<'rate' | 'complaints' | 'certified' | 'level' | 'unlinked', string>;

type PointInsert = Partial<typeof qualityPoints.$inferInsert> & { name: string; dataType: string };

/**
 * A school-level standard with points of every kind, three cycles (2024 and 2025 finished, 2026 open) of
 * the school, and a peer directory: the own school and five peers in 浙江 专科, three in 江苏 专科 (one
 * value demo), one 本科 school that never counts.
 */
beforeAll(async () => {
  t = await createTestApp();
  const mk = async (roleIds: string[]) => {
    const user = await createUser(t, { roles: roleIds });
    return signIn(t, user.account, user.password);
  };
  await t.db
    .insert(roles)
    .values({ id: 'targetReader', name: '目标查看', menuKeys: ['index', 'target'], actions: [] });
  publisher = await mk([ROLE_IDS.diagnosisPublisher]);
  reader = await mk(['targetReader']);
  stranger = await mk([ROLE_IDS.diagnosisObject]);

  const categoryId = newId();
  const indicatorId = newId();
  await t.db
    .insert(indicatorCategories)
    .values({ id: categoryId, name: '目标定位测试', icon: 'school', level: 'school' });
  await t.db.insert(indicators).values({ id: indicatorId, categoryId, name: '人才培养', depth: 1, sort: 1 });
  const point = async (p: PointInsert) => {
    const id = newId();
    await t.db
      .insert(qualityPoints)
      .values({ id, indicatorId, level: 'school', dimension: 'school', period: 'year', ...p });
    return id;
  };
  P.rate = await point({
    name: '毕业生就业率',
    dataType: 'percent',
    direction: '>',
    standardValue: '80',
    calRule: [
      { value: '90', dxLevel: 'A' },
      { value: '80', dxLevel: 'B' },
      { value: '60', dxLevel: 'C' },
    ],
    warningMode: 'result',
    warningCondition: '<',
    warningValue: '60',
  });
  P.complaints = await point({ name: '投诉次数', dataType: 'integer', direction: '<', standardValue: '5' });
  P.certified = await point({ name: '是否通过认证', dataType: 'whether', standardValue: '是' });
  P.level = await point({ name: '综合评价', dataType: 'integer', calcMode: 'level', standardValue: 'B' });
  P.unlinked = await point({ name: '生均经费', dataType: 'float', standardValue: '1.5' });

  const objectId = newId();
  await t.db.insert(diagnosisObjects).values({ id: objectId, level: 'school', code: 'TB-S', name: '本校' });
  const task = async (year: number, state: string, endDate: string) => {
    const id = newId();
    await t.db.insert(diagnosisTasks).values({
      id,
      name: `${year}年度学校质量诊断`,
      level: 'school',
      period: String(year),
      startDate: `${year}-01-01`,
      endDate,
      state,
      publisherUserId: publisher.userId,
    });
    const objectTaskId = newId();
    await t.db.insert(objectTasks).values({ id: objectTaskId, taskId: id, objectId });
    return objectTaskId;
  };
  const ot2024 = await task(2024, 'finished', '2024-12-31');
  const ot2025 = await task(2025, 'finished', '2025-12-31');
  const ot2026 = await task(2026, 'normal', '2999-12-31');
  const assign = async (
    objectTaskId: string,
    qualityPointId: string,
    values: Partial<typeof assignedPoints.$inferInsert>,
    warnings = 0,
  ) => {
    const id = newId();
    await t.db.insert(assignedPoints).values({ id, objectTaskId, qualityPointId, ...values });
    for (let i = 0; i < warnings; i++) {
      await t.db.insert(pointWarnings).values({
        id: newId(),
        assignedPointId: id,
        cycleKey: `2024-0${i + 1}`,
        warnedAt: new Date(`2024-0${i + 1}-15T00:00:00Z`),
        warningValue: '60',
        monitoredValue: '55',
      });
    }
  };
  await assign(ot2024, P.rate, { targetValue: '80', result: '78', grade: 'C', below: true }, 2);
  await assign(ot2025, P.rate, { targetValue: '80', revisedTarget: '85', result: '88', grade: 'B' });
  await assign(ot2026, P.rate, { targetValue: '80', result: '91', grade: 'A' }, 1);
  await assign(ot2025, P.complaints, { targetValue: '5', result: '4', grade: 'B' });
  await assign(ot2025, P.certified, { targetValue: '是', result: '否', grade: 'N', below: true });
  await assign(ot2025, P.level, { targetValue: 'B', result: 'B', grade: 'B' });

  const school = (code: string, province: string, level = '专科') => ({
    code,
    name: `${code}学院`,
    province,
    level,
    nature: '公办',
    source: 'import',
  });
  await t.db
    .insert(peerSchools)
    .values([
      school('TB-OWN', '浙江省'),
      ...['TB-Z1', 'TB-Z2', 'TB-Z3', 'TB-Z4', 'TB-Z5'].map((c) => school(c, '浙江省')),
      ...['TB-J1', 'TB-J2', 'TB-J3'].map((c) => school(c, '江苏省')),
      school('TB-B1', '浙江省', '本科'),
    ])
    .onConflictDoNothing();
  await t.db.delete(analysisSettings);
  await t.db.insert(analysisSettings).values({ id: 'own', ownSchoolCode: 'TB-OWN' });
  const rateIndicator = newId();
  await t.db.insert(peerIndicators).values([
    { id: rateIndicator, tableKind: 'scorecard', name: '毕业去向落实率', unit: '%', pointId: P.rate },
    { id: newId(), tableKind: 'scorecard', name: '投诉件数', direction: '<', pointId: P.complaints },
  ]);
  const value = (schoolCode: string, year: number, v: number, isDemo = false) => ({
    schoolCode,
    indicatorId: rateIndicator,
    year,
    value: v,
    isDemo,
  });
  await t.db
    .insert(peerIndicatorValues)
    .values([
      value('TB-OWN', 2023, 58),
      value('TB-Z1', 2023, 50),
      value('TB-Z2', 2023, 60),
      value('TB-OWN', 2024, 85),
      value('TB-Z1', 2024, 60),
      value('TB-Z2', 2024, 70),
      value('TB-Z3', 2024, 80),
      value('TB-Z4', 2024, 90),
      value('TB-Z5', 2024, 100),
      value('TB-J1', 2024, 65),
      value('TB-J2', 2024, 75),
      value('TB-J3', 2024, 85, true),
      value('TB-B1', 2024, 99),
      value('TB-Z1', 2025, 62),
      value('TB-Z2', 2025, 72),
      value('TB-Z3', 2025, 82),
      value('TB-Z4', 2025, 92),
    ]);
});
afterAll(() => t.close());

const query = (session: Session, q: { pointId: string; target?: string; scope?: 'level' | 'province' }) =>
  session.call(E.query, { query: q });

const cyclesOf = (answer: TargetBand) =>
  answer.simulation.cycles.map((c) => [
    c.period,
    c.result,
    c.actualTargets.join(','),
    c.actualBelowCount,
    c.simulatedBelowCount,
    c.warningCount,
    c.simulatedWarningCount,
    c.closed,
  ]);

describe('targetBand/query', () => {
  it("draws the peers' bands of the point's indicator in the province, with the own school placed", async () => {
    const answer = await query(publisher, { pointId: P.rate, scope: 'province' });
    expect(answer.band).toMatchObject({
      scope: 'province',
      indicator: { name: '毕业去向落实率', unit: '%', direction: '>', tableKind: 'scorecard' },
      ownSchool: { code: 'TB-OWN', province: '浙江省', level: '专科' },
      isDemo: false,
      emptyReason: null,
    });
    // 2023: 50 60 → 52.5 / 55 / 57.5 / 59; no cycle that year: the published 58 sits in P75–P90.
    // 2024: 60 70 80 90 100 → 70 / 80 / 90 / 96; the school's own result 78 (not the published 85): P25–P50.
    // 2025: 62 72 82 92 → 69.5 / 77 / 84.5 / 89; its result 88 → P75–P90.
    expect(answer.band.years).toEqual([
      {
        year: 2023,
        p25: 52.5,
        p50: 55,
        p75: 57.5,
        p90: 59,
        count: 2,
        ownValue: 58,
        ownSource: 'published',
        ownPosition: 'p75to90',
      },
      {
        year: 2024,
        p25: 70,
        p50: 80,
        p75: 90,
        p90: 96,
        count: 5,
        ownValue: 78,
        ownSource: 'result',
        ownPosition: 'p25to50',
      },
      {
        year: 2025,
        p25: 69.5,
        p50: 77,
        p75: 84.5,
        p90: 89,
        count: 4,
        ownValue: 88,
        ownSource: 'result',
        ownPosition: 'p75to90',
      },
    ]);
    // No target given: the standard value 80, in 2025's P50–P75; the school stands in P75–P90, so aim higher.
    expect(answer.proposedTarget).toBe('80');
    expect(answer.proposedValue).toBe(80);
    expect(answer.band.reading).toEqual({
      year: 2025,
      targetPosition: 'p50to75',
      suggested: 'aboveP90',
      suggestedFrom: 89,
      suggestedTo: null,
      text: '拟定目标值位于2025年同类院校 P50–P75 区间；建议目标值落在同类院校 高于 P90 区间（不低于 89）。',
    });
  });

  it('draws them over every school of the level, 本科 excluded, and says when demo values are in', async () => {
    const answer = await query(reader, { pointId: P.rate });
    expect(answer.band.scope).toBe('level');
    expect(answer.band.isDemo).toBe(true);
    // 2024: 60 65 70 75 80 85 90 100 → 68.75 / 77.5 / 86.25 / 93; the result 78 is in P50–P75.
    expect(answer.band.years[1]).toMatchObject({ p25: 68.75, p50: 77.5, p75: 86.25, p90: 93, count: 8 });
    expect(answer.band.years[1]?.ownPosition).toBe('p50to75');
  });

  it('judges the past cycles against the standard value, next to what happened', async () => {
    const answer = await query(publisher, { pointId: P.rate });
    expect(answer.simulation.warningsFollowTarget).toBe(false);
    expect(answer.simulation.note).toContain('与目标值无关');
    expect(cyclesOf(answer)).toEqual([
      ['2024', '78', '80', 1, 1, 2, 2, true],
      ['2025', '88', '85', 0, 0, 0, 0, true],
      ['2026', '91', '80', 0, 0, 1, 1, false],
    ]);
  });

  it('judges them against a proposed target: at 90, 78 and 88 miss it, 91 meets it', async () => {
    const answer = await query(publisher, { pointId: P.rate, target: '90%' });
    expect(answer.proposedTarget).toBe('90%');
    expect(answer.proposedValue).toBe(90);
    expect(answer.simulation.cycles.map((c) => c.simulatedBelowCount)).toEqual([1, 1, 0]);
    expect(answer.band.reading?.targetPosition).toBe('aboveP90');
  });

  it("judges smaller-is-better, whether and level points by judgement's rules", async () => {
    const complaints = await query(publisher, { pointId: P.complaints, target: '3' });
    expect(complaints.simulation.cycles.map((c) => [c.actualBelowCount, c.simulatedBelowCount])).toEqual([
      [0, 1],
    ]);
    expect(complaints.band.emptyReason).toBe('暂无同类院校数据');
    const certified = await query(publisher, { pointId: P.certified, target: '否' });
    expect(certified.proposedValue).toBeNull();
    expect(certified.simulation.cycles.map((c) => [c.actualBelowCount, c.simulatedBelowCount])).toEqual([
      [1, 0],
    ]);
    const level = await query(publisher, { pointId: P.level, target: 'A' });
    expect(level.simulation.cycles.map((c) => [c.result, c.simulatedBelowCount])).toEqual([['B', 1]]);
  });

  it('answers an empty band with its reason for a point without a linked indicator', async () => {
    const answer = await query(publisher, { pointId: P.unlinked });
    expect(answer.band).toMatchObject({ indicator: null, years: [], reading: null, isDemo: false });
    expect(answer.band.emptyReason).toBe('该质控点尚未关联同类院校指标');
    expect(answer.simulation.cycles).toEqual([]);
  });

  it('refuses bad input in Chinese, naming the field', async () => {
    await refused(query(publisher, { pointId: 'no-such-point' }), 404, /质控点不存在/);
    await refused(query(publisher, { pointId: '' }), 400, /请选择质控点/);
    await refused(query(publisher, { pointId: P.rate, target: '120' }), 400, /拟定目标值.*0到100之间/);
    await refused(query(publisher, { pointId: P.rate, target: 'abc' }), 400, /拟定目标值/);
    await refused(query(publisher, { pointId: P.complaints, target: '2.5' }), 400, /拟定目标值.*整数/);
    await refused(query(publisher, { pointId: P.unlinked, target: '1.x' }), 400, /拟定目标值.*数字/);
    await refused(query(publisher, { pointId: P.certified, target: '有' }), 400, /拟定目标值.*是或否/);
    await refused(query(publisher, { pointId: P.level, target: 'E' }), 400, /拟定目标值.*等级/);
    const badScope = await publisher.send(E.query, {
      query: { pointId: P.rate, scope: 'city' as 'level' },
    });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json().meta.message).toContain('同类院校范围不正确');
  });

  it('is for the target authority only: the 目标标准 menu or its maintenance', async () => {
    await refused(query(stranger, { pointId: P.rate }), 403, /无权/);
    expect((await query(reader, { pointId: P.rate })).point.name).toBe('毕业生就业率');
  });

  it('says so when no own school is set', async () => {
    await t.db.delete(analysisSettings);
    const answer = await query(publisher, { pointId: P.rate });
    expect(answer.band.emptyReason).toBe('尚未设置本校，无法确定同类院校');
    expect(answer.simulation.cycles).toHaveLength(3);
  });
});
