import { computedEndpoints as E, ROLE_IDS } from '@eduqa/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { algorithmFolders, algorithmGroups } from '../algorithms/algorithms.table.ts';
import {
  addOtherObject,
  buildWorld,
  setupTask,
  type TaskSetup,
  type World,
} from '../diagnosis/diagnosis.fixtures.ts';
import { qualityPoints } from '../standards/standards.table.ts';
import { createTestRunner, startFixtureServer, waitForJob } from './computed.fixtures.ts';
import { computedRuns } from './computed.table.ts';

/**
 * Computed results end to end on a teacher task of 2025-01 … 2025-07 (monthly sampling), against a real
 * `dw` table of research scores: object A has a clean history, object B one of every flag.
 */
const RESULT_V1 = `select avg(score) as value, count(*) as input_rows from dw.research_scores
  where teacher_code = :objectCode and day between cast(:cycleStart as date) and cast(:cycleEnd as date)
  having count(*) > 0`;
const RESULT_V2 = RESULT_V1.replace('avg(score)', 'avg(score) * 1.2');
const DETAIL_V1 = `select day::text as day, score::float8 as score from dw.research_scores
  where teacher_code = :objectCode and day between cast(:cycleStart as date) and cast(:cycleEnd as date) order by day`;

const A_SCORES = [60, 75, 68, 85, 70, 82, 78];
const MONTHS = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07'];
/** B: Jan–Mar steady, Apr far off, May out of range, Jun a null score, Jul nothing. */
const B_SCORES: Array<number | null | 'none'> = [50, 52, 51, 5, 120, null, 'none'];

let t: TestApp;
let w: World;
let s: TaskSetup;
let tools: ReturnType<typeof createTestRunner>;
let dataManager: Session;
let admin: Session;
let codes: { a: string; b: string };

async function collect(session: Session, body: { rwid: string; autoApply?: boolean }) {
  const started = await session.call(E.run, { body });
  const job = await waitForJob(session, started.taskId);
  expect(job.state, job.message).toBe('finished');
  return session.call(E.runDetail, { query: { runId: started.runId } });
}

const valuesOf = async (runId: string) =>
  (await w.publisher.call(E.runValues, { query: { runId, pageNum: 1, pageSize: 100 } })).records;

beforeAll(async () => {
  t = await createTestApp({
    algorithmRunner: (database) => {
      tools = createTestRunner(database.db);
      return tools.runner;
    },
    interfaceLimits: { timeoutMs: 300, maxBytes: 64 * 1024 },
  });
  w = await buildWorld(t);
  s = await setupTask(w, { name: '2025年教师诊断', startDate: '2025-01-01', endDate: '2025-07-31' });
  await addOtherObject(w, s);
  const [a] = await queryRows<{ code: string }>(
    t.db,
    sql`select code from diagnosis_objects where id = ${w.objectId}`,
  );
  const [b] = await queryRows<{ code: string }>(
    t.db,
    sql`select code from diagnosis_objects where id = ${w.otherObjectId}`,
  );
  codes = { a: a!.code, b: b!.code };

  await t.db.execute(sql`create schema if not exists dw`);
  await t.db.execute(
    sql`create table dw.research_scores (teacher_code text not null, day date not null, score numeric)`,
  );
  const rows: ReturnType<typeof sql>[] = [];
  for (const [m, score] of A_SCORES.entries())
    rows.push(sql`(${codes.a}, ${`2025-0${m + 1}-15`}::date, ${score})`);
  B_SCORES.forEach((score, m) => {
    if (score !== 'none') rows.push(sql`(${codes.b}, ${`2025-0${m + 1}-15`}::date, ${score})`);
  });
  await t.db.execute(sql`insert into dw.research_scores values ${sql.join(rows, sql`, `)}`);

  // The runner is the test's own (versions and their times under the test's control); the group it
  // names exists, as the binding's foreign key asks.
  await t.db.insert(algorithmFolders).values({ id: 'f-research', name: '科研' });
  await t.db.insert(algorithmGroups).values({ id: 'g-research', folderId: 'f-research', name: '科研得分' });
  tools.publish({ groupId: 'g-research', name: '科研得分', type: 'result', version: 1, sql: RESULT_V1 });
  tools.publish({ groupId: 'g-research', type: 'detail', version: 1, sql: DETAIL_V1 });
  const dm = await createUser(t, { roles: ['dataManager'] });
  dataManager = await signIn(t, dm.account, dm.password);
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => t?.close());

describe('binding a quality point to its source', () => {
  it('saves an algorithm binding with a plausible range, for the data manager only', async () => {
    const saved = await dataManager.call(E.saveBinding, {
      body: {
        zkdid: w.points.score,
        resultGroupId: 'g-research',
        detailGroupId: 'g-research',
        plausibleMin: 0,
        plausibleMax: 100,
      },
    });
    expect(saved).toMatchObject({
      bound: true,
      collectionMethod: 'algorithm',
      resultGroupId: 'g-research',
      plausibleMax: 100,
    });
    const page = await dataManager.call(E.bindingPage, {
      query: { pageNum: 1, pageSize: 10, keyword: '科研' },
    });
    expect(page.records.map((r) => r.zkdid)).toContain(w.points.score);
    const refused = await w.publisher.send(E.saveBinding, {
      body: { zkdid: w.points.score, resultGroupId: 'x' },
    });
    expect(refused.json().meta.statusCode).toBe(403);
  });

  it('answers Chinese 4xx for bad input', async () => {
    const noGroup = await dataManager.send(E.saveBinding, { body: { zkdid: w.points.score } });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().meta.message).toContain('请选择结果算法组');
    const unknown = await dataManager.send(E.saveBinding, {
      body: { zkdid: w.points.score, resultGroupId: 'no-such-group' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().meta.message).toBe('所选算法组不存在');
    const report = await dataManager.send(E.saveBinding, {
      body: { zkdid: w.points.rate, resultGroupId: 'g' },
    });
    expect(report.statusCode).toBe(422);
    expect(report.json().meta.message).toContain('填报方式');
    const badUrl = await dataManager.send(E.saveBinding, {
      body: { zkdid: w.points.score, endpointUrl: 'ftp://x', plausibleMin: 5, plausibleMax: 1 },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().meta.message).toMatch(/合理范围下限|接口地址/);
    const missing = await dataManager.send(E.binding, { query: { zkdid: 'nope' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('collecting a task through the data-quality gate', () => {
  let runId: string;

  it('refuses anyone but the task publisher or an administrator, and bad input in Chinese', async () => {
    for (const who of [w.charger, w.stranger, w.auditor]) {
      const answer = await who.send(E.run, { body: { rwid: s.taskId } });
      expect(answer.json().meta.statusCode).toBe(403);
    }
    const other = await createUser(t, { roles: [ROLE_IDS.diagnosisPublisher] });
    const otherPublisher = await signIn(t, other.account, other.password);
    expect((await otherPublisher.send(E.run, { body: { rwid: s.taskId } })).json().meta.statusCode).toBe(403);
    const empty = await w.publisher.send(E.run, { body: { rwid: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toContain('请选择诊断任务');
    const foreign = await w.publisher.send(E.run, { body: { rwid: s.taskId, dxrwids: ['nope'] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().meta.message).toContain('不属于该诊断任务');
  });

  it('stages one value per object and month, flagging missing, null, out-of-range and outlying values', async () => {
    const run = await collect(w.publisher, { rwid: s.taskId, autoApply: true });
    runId = run.id;
    expect(run).toMatchObject({ state: 'gate', objectCount: 2, valueCount: 14, flaggedCount: 4 });
    const values = await valuesOf(runId);
    const b = Object.fromEntries(values.filter((v) => v.objectCode === codes.b).map((v) => [v.cycleKey, v]));
    expect(b['2025-04']!.flags).toEqual(['outlier']);
    expect(b['2025-04']!.reasons[0]).toContain('中位数');
    expect(b['2025-05']!.flags).toContain('range');
    expect(b['2025-06']).toMatchObject({ flags: ['null'], value: null });
    expect(b['2025-07']).toMatchObject({ flags: ['missing'], value: null });
    expect(values.filter((v) => v.objectCode === codes.a).every((v) => v.flags.length === 0)).toBe(true);
    // Nothing is graded before the gate: no sample yet.
    const [samples] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from point_samples`);
    expect(samples!.n).toBe(0);
  });

  it('lists the runs and the flagged values to the publisher, and refuses a held id of another run', async () => {
    const flagged = (
      await w.publisher.call(E.runValues, { query: { runId, flaggedOnly: true, pageNum: 1, pageSize: 100 } })
    ).records;
    expect(flagged).toHaveLength(4);
    expect(flagged.every((v) => v.flags.length > 0 && v.objectCode === codes.b)).toBe(true);
    const runs = await w.publisher.call(E.runs, { query: { rwid: s.taskId, pageNum: 1, pageSize: 5 } });
    expect(runs.records[0]).toMatchObject({ id: runId, rwid: s.taskId, state: 'gate', flaggedCount: 4 });
    for (const refused of [
      await w.charger.send(E.runs, { query: { rwid: s.taskId, pageNum: 1, pageSize: 5 } }),
      await w.charger.send(E.runDetail, { query: { runId } }),
      await w.charger.send(E.runValues, { query: { runId, pageNum: 1, pageSize: 5 } }),
      await w.charger.send(E.accept, { body: { runId } }),
    ])
      expect(refused.json().meta.statusCode).toBe(403);
    const unknown = await w.publisher.send(E.runDetail, { query: { runId: 'no-such-run' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().meta.message).toBe('采集批次不存在');
    const foreignHeld = await w.publisher.send(E.accept, { body: { runId, heldIds: ['not-in-run'] } });
    expect(foreignHeld.statusCode).toBe(400);
    expect(foreignHeld.json().meta.message).toBe('暂缓的数据不属于该采集批次');
  });

  it('applies all but the held rows, then grades from the samples', async () => {
    const values = await valuesOf(runId);
    const held = values.filter(
      (v) => v.objectCode === codes.b && ['2025-04', '2025-05'].includes(v.cycleKey),
    );
    const applied = await w.publisher.call(E.accept, { body: { runId, heldIds: held.map((v) => v.id) } });
    expect(applied).toMatchObject({ state: 'applied', appliedCount: 10, heldCount: 2 });
    const rows = await queryRows<{ id: string; result: string; grade: string }>(
      t.db,
      sql`select ap.id, ap.result, ap.grade from assigned_points ap where ap.quality_point_id = ${w.points.score} order by ap.id`,
    );
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[s.pointIds.score]).toMatchObject({ result: '78', grade: 'B' });
    const bPoint = rows.find((r) => r.id !== s.pointIds.score)!;
    // The held April value (5) would have fired the warning below 50 and made the result: it did neither.
    expect(bPoint).toMatchObject({ result: '51', grade: 'D' });
    const heldSamples = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from point_samples where assigned_point_id = ${bPoint.id} and value in ('5', '120')`,
    );
    expect(heldSamples[0]!.n).toBe(0);
    const warnings = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from point_warnings where assigned_point_id = ${bPoint.id}`,
    );
    expect(warnings[0]!.n).toBe(0);
    const again = await w.publisher.send(E.accept, { body: { runId } });
    expect(again.statusCode).toBe(422);
    expect(again.json().meta.message).toContain('待确认');
  });

  it('records the lineage of every applied sample and explains the value', async () => {
    tools.publish({
      groupId: 'g-research',
      type: 'result',
      version: 1,
      sql: RESULT_V1,
      changedBy: w.publisher.userId,
    });
    const why = await w.charger.call(E.why, { query: { zgzkdid: s.pointIds.score } });
    expect(why).toMatchObject({ result: '78', grade: 'B', collectionMethod: 'algorithm' });
    expect(why.lineage).toHaveLength(7);
    expect(why.lineage[0]).toMatchObject({
      cycleKey: '2025-07',
      value: '78',
      groupId: 'g-research',
      groupName: '科研得分',
      version: 1,
      dataSourceName: '内置数据库',
      inputRows: 1,
      runId,
      params: { objectCode: codes.a, cycleStart: '2025-07-01', cycleEnd: '2025-07-31', year: 2025 },
    });
    expect(why.lineage[0]!.sqlHash).toMatch(/^[0-9a-f]{64}$/);
    expect(why.lineage[0]!.jobId).toBeTruthy();
    expect(why.algorithm).toMatchObject({ currentVersion: 1, changedAt: '2025-08-01T00:00:00.000Z' });
    expect(why.algorithm!.changedBy).toMatch(/测试用户/);
    const hidden = await w.stranger.send(E.why, { query: { zgzkdid: s.pointIds.score } });
    expect(hidden.statusCode).toBe(404);
  });

  it('shows the detail rows of the object and cycle in the point display mode', async () => {
    const detail = await w.charger.call(E.detail, { query: { zgzkdid: s.pointIds.score } });
    expect(detail).toMatchObject({
      displayMode: 'table',
      cycleKey: '2025-07',
      version: 1,
      columns: ['day', 'score'],
    });
    expect(detail.rows).toEqual([{ day: '2025-07-15', score: 78 }]);
    const march = await w.charger.call(E.detail, {
      query: { zgzkdid: s.pointIds.score, cycleKey: '2025-03' },
    });
    expect(march.rows).toEqual([{ day: '2025-03-15', score: 68 }]);
    const bad = await w.charger.send(E.detail, { query: { zgzkdid: s.pointIds.score, cycleKey: '2030-01' } });
    expect(bad.statusCode).toBe(400);
  });

  it('compares two versions without changing anything stored, until the publisher re-runs', async () => {
    tools.publish({ groupId: 'g-research', type: 'result', version: 2, sql: RESULT_V2, current: false });
    const points = await w.publisher.call(E.taskPoints, { query: { rwid: s.taskId } });
    expect(points).toEqual([
      {
        zkdid: w.points.score,
        pointName: '科研得分',
        collectionMethod: 'algorithm',
        resultGroupId: 'g-research',
        // What the compare form picks from: the group's versions and the task's cycles so far.
        versions: [
          { version: 2, published: true, current: false, remark: '' },
          { version: 1, published: true, current: true, remark: '' },
        ],
        cycleKeys: MONTHS,
      },
    ]);
    expect((await w.charger.send(E.taskPoints, { query: { rwid: s.taskId } })).json().meta.statusCode).toBe(
      403,
    );
    const compared = await w.publisher.call(E.compare, {
      body: { rwid: s.taskId, zkdid: w.points.score, fromVersion: 1, toVersion: 2 },
    });
    expect(compared).toMatchObject({ cycleKeys: MONTHS, objectCount: 2, comparedCount: 14, emptyCount: 2 });
    // ×1.2 moves every value: A in all seven months, B in the five it has a number for.
    expect(compared.changes).toHaveLength(12);
    expect(compared.changes.filter((c) => c.cycleKey === '2025-07')).toEqual([
      expect.objectContaining({
        objectCode: codes.a,
        fromValue: '78',
        toValue: '93.6',
        fromGrade: 'B',
        toGrade: 'A',
        gradeChanged: true,
      }),
    ]);
    const same = await w.publisher.send(E.compare, {
      body: { rwid: s.taskId, zkdid: w.points.score, fromVersion: 2, toVersion: 2 },
    });
    expect(same.statusCode).toBe(400);
    expect(
      (
        await w.charger.send(E.compare, {
          body: { rwid: s.taskId, zkdid: w.points.score, fromVersion: 1, toVersion: 2 },
        })
      ).json().meta.statusCode,
    ).toBe(403);

    // Switching (the algorithms module's job) alone changes nothing stored …
    tools.publish({ groupId: 'g-research', type: 'result', version: 2, sql: RESULT_V2 });
    const why = await w.charger.call(E.why, { query: { zgzkdid: s.pointIds.score } });
    expect(why).toMatchObject({ result: '78', grade: 'B' });
    expect(why.note).toContain('重新采集后才会生效');
    // … until the administrator re-runs and accepts.
    const rerun = await collect(admin, { rwid: s.taskId });
    await admin.call(E.accept, { body: { runId: rerun.id, heldIds: [] } });
    const after = await w.charger.call(E.why, { query: { zgzkdid: s.pointIds.score } });
    expect(after).toMatchObject({ result: '93.6', grade: 'A' });
    expect(after.lineage[0]).toMatchObject({ version: 2, value: '93.6' });
    expect(after.lineage).toHaveLength(7);
  });

  it('compares every cycle: a version that changes only earlier months is found, and 无数据 is counted', async () => {
    // Halves the scores before April only: July, the latest cycle, is the same under both versions.
    const halvedEarly = RESULT_V1.replace(
      'avg(score)',
      `avg(case when day < date '2025-04-01' then score / 2 else score end)`,
    );
    tools.publish({ groupId: 'g-research', type: 'result', version: 3, sql: halvedEarly, current: false });
    const body = { rwid: s.taskId, zkdid: w.points.score, fromVersion: 1, toVersion: 3 };
    const compared = await w.publisher.call(E.compare, { body });
    expect(compared).toMatchObject({ cycleKeys: MONTHS, objectCount: 2, comparedCount: 14, emptyCount: 2 });
    const seen = compared.changes.map((c) => [c.objectCode, c.cycleKey, c.fromValue, c.toValue]);
    expect(seen).toEqual([
      [codes.a, '2025-01', '60', '30'],
      [codes.a, '2025-02', '75', '37.5'],
      [codes.a, '2025-03', '68', '34'],
      [codes.b, '2025-01', '50', '25'],
      [codes.b, '2025-02', '52', '26'],
      [codes.b, '2025-03', '51', '25.5'],
    ]);
    expect(compared.changes[0]).toMatchObject({ fromGrade: expect.any(String), toGrade: expect.any(String) });

    const february = await w.publisher.call(E.compare, { body: { ...body, cycleKey: '2025-02' } });
    expect(february).toMatchObject({ cycleKeys: ['2025-02'], comparedCount: 2, emptyCount: 0 });
    expect(february.changes.map((c) => c.cycleKey)).toEqual(['2025-02', '2025-02']);
    const july = await w.publisher.call(E.compare, { body: { ...body, cycleKey: '2025-07' } });
    expect(july).toMatchObject({ comparedCount: 2, emptyCount: 1, changes: [] });
    const outside = await w.publisher.send(E.compare, { body: { ...body, cycleKey: '2030-01' } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().meta.message).toBe('采样周期不在任务期间内');
  });

  it('discards a run at the gate once, leaving the samples as they were', async () => {
    const [before] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from point_samples`);
    const run = await collect(w.publisher, { rwid: s.taskId });
    expect(run.state).toBe('gate');
    expect((await w.charger.send(E.discard, { body: { runId: run.id } })).json().meta.statusCode).toBe(403);
    const discarded = await w.publisher.call(E.discard, { body: { runId: run.id } });
    expect(discarded).toMatchObject({ id: run.id, state: 'discarded', appliedCount: 0 });
    const again = await w.publisher.send(E.discard, { body: { runId: run.id } });
    expect(again.statusCode).toBe(422);
    expect(again.json().meta.message).toBe('该采集批次不在待确认状态');
    const [after] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from point_samples`);
    expect(after!.n).toBe(before!.n);
  });
});

it('answers a run whose job is gone as failed, not as running forever', async () => {
  await t.db.insert(computedRuns).values({
    id: 'lost-run',
    taskId: s.taskId,
    jobId: 'no-such-job',
    actorUserId: w.publisher.userId,
  });
  const lost = await w.publisher.call(E.runDetail, { query: { runId: 'lost-run' } });
  expect(lost).toMatchObject({ state: 'failed', message: '采集任务已中断，请重新采集' });
});

describe('collecting from another system (interface)', () => {
  let fixture: Awaited<ReturnType<typeof startFixtureServer>>;
  let task: TaskSetup;

  beforeAll(async () => {
    fixture = await startFixtureServer({
      '/ok': {
        data: {
          list: [
            { teacher: codes.a, count: 3, date: '2025-01-20' },
            { teacher: codes.a, count: 4, date: '2025-02-10' },
            { teacher: 'NOBODY', count: 1, date: '2025-02-10' },
          ],
        },
      },
      '/bad': 'this is not json',
      '/slow': 'hang',
      '/big': { data: { list: [], padding: 'x'.repeat(70 * 1024) } },
    });
    await t.db
      .update(qualityPoints)
      .set({ collectionMethod: 'interface' })
      .where(eq(qualityPoints.id, w.points.complaints));
    task = await setupTask(w, { name: '2025年上学期', startDate: '2025-01-01', endDate: '2025-02-28' });
  });
  afterAll(async () => fixture?.close());

  const bind = (path: string) =>
    dataManager.call(E.saveBinding, {
      body: {
        zkdid: w.points.complaints,
        endpointUrl: fixture.url(path),
        listPath: 'data.list',
        codeField: 'teacher',
        valueField: 'count',
        dateField: 'date',
      },
    });
  const complaintsOf = async (runId: string) =>
    (await valuesOf(runId)).filter((v) => v.zgzkdid === task.pointIds.complaints);

  it('maps the rows to objects by code and reports the codes that match none', async () => {
    await bind('/ok');
    const run = await collect(w.publisher, { rwid: task.taskId });
    expect(run.unmappedCodes).toEqual(['NOBODY']);
    expect(run.message).toContain('未匹配');
    const values = await complaintsOf(run.id);
    expect(values.map((v) => [v.cycleKey, v.value, v.flags])).toEqual([
      ['2025-01', '3', []],
      ['2025-02', '4', []],
    ]);
    await w.publisher.call(E.accept, { body: { runId: run.id } });
    const why = await w.charger.call(E.why, { query: { zgzkdid: task.pointIds.complaints } });
    expect(why.lineage[0]).toMatchObject({
      method: 'interface',
      endpointUrl: fixture.url('/ok'),
      value: '4',
      inputRows: 1,
    });
  });

  it('flags every value in Chinese when the answer is not JSON, too large or late', async () => {
    await bind('/bad');
    const bad = await collect(w.publisher, { rwid: task.taskId });
    expect(
      (await complaintsOf(bad.id)).every(
        (v) => v.flags[0] === 'error' && v.reasons[0] === '返回内容不是 JSON',
      ),
    ).toBe(true);
    await bind('/slow');
    const slow = await collect(w.publisher, { rwid: task.taskId });
    const reasons = (await complaintsOf(slow.id)).map((v) => v.reasons[0]);
    expect(reasons).toEqual(['请求超时（0.3 秒）', '请求超时（0.3 秒）']);
    await bind('/big');
    const big = await collect(w.publisher, { rwid: task.taskId });
    expect((await complaintsOf(big.id)).map((v) => v.reasons[0])).toEqual([
      '返回内容过大（超过 64 KB）',
      '返回内容过大（超过 64 KB）',
    ]);
    const discarded = await w.publisher.call(E.discard, { body: { runId: slow.id } });
    expect(discarded.state).toBe('discarded');
  });
});
