import { diagnosisEndpoints as DE, computedEndpoints as E, KEPT_TYPED_NOTE } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { algorithmFolders, algorithmGroups } from '../algorithms/algorithms.table.ts';
import {
  addOtherObject,
  buildWorld,
  setupTask,
  type TaskSetup,
  type World,
} from '../diagnosis/diagnosis.fixtures.ts';
import { createTestRunner, waitForJob } from './computed.fixtures.ts';

/**
 * Issue 26: a collection over a point someone typed a value into. October is collected (75 from 20 input
 * rows), November's algorithm answers a null (空值). Object A's value was typed into October, after the
 * collected sample's time: the collection replaces it (75, B). Object B's was typed into November: it
 * stays (82.7, A) and says why. Either way the stored result, its grade and 为什么是这个值 tell the same.
 */
const RESULT_V1 = `select avg(score) as value, count(*) as input_rows from dw.lineage_scores
  where teacher_code = :objectCode and day between cast(:cycleStart as date) and cast(:cycleEnd as date)
  having count(*) > 0`;

let t: TestApp;
let w: World;
let s: TaskSetup;
let bPointId: string;
let runId: string;
let publisherName: string;

/** 结果来源 as the point lists (fill table, report tables, portrait) read it: stored with the result. */
const listedSource = async (id: string) =>
  (await w.publisher.call(DE.point, { query: { zgzkkid: id } })).jgly;

const stored = async (id: string) =>
  (
    await queryRows<{ result: string | null; grade: string | null }>(
      t.db,
      sql`select result, grade from assigned_points where id = ${id}`,
    )
  )[0]!;

beforeAll(async () => {
  let tools: ReturnType<typeof createTestRunner> | undefined;
  t = await createTestApp({
    algorithmRunner: (database) => {
      tools = createTestRunner(database.db);
      return tools.runner;
    },
  });
  w = await buildWorld(t);
  s = await setupTask(w, { name: '2025年秋季教师诊断', startDate: '2025-10-01', endDate: '2025-11-30' });
  const bObjectTaskId = await addOtherObject(w, s);
  const [b] = await queryRows<{ id: string }>(
    t.db,
    sql`select id from assigned_points where object_task_id = ${bObjectTaskId} and quality_point_id = ${w.points.score}`,
  );
  bPointId = b!.id;
  const [me] = await queryRows<{ name: string }>(
    t.db,
    sql`select name from users where id = ${w.publisher.userId}`,
  );
  publisherName = me!.name;

  // October: 20 scores averaging 75 for both teachers; November: one score, null.
  await t.db.execute(sql`create schema if not exists dw`);
  await t.db.execute(
    sql`create table dw.lineage_scores (teacher_code text not null, day date not null, score numeric)`,
  );
  await t.db.execute(sql`
    insert into dw.lineage_scores
    select o.code, date '2025-10-01' + (i % 28), 70 + (i % 2) * 10
    from diagnosis_objects o cross join generate_series(0, 19) i where o.id in (${w.objectId}, ${w.otherObjectId})
    union all
    select o.code, date '2025-11-10', null from diagnosis_objects o where o.id in (${w.objectId}, ${w.otherObjectId})`);
  await t.db.insert(algorithmFolders).values({ id: 'f-lineage', name: '科研' });
  await t.db.insert(algorithmGroups).values({ id: 'g-lineage', folderId: 'f-lineage', name: '科研得分' });
  tools!.publish({ groupId: 'g-lineage', name: '科研得分', type: 'result', version: 1, sql: RESULT_V1 });
  // The binding as 采集配置 saves it (its own test is in computed.routes.test.ts).
  await t.db.execute(
    sql`insert into point_collection_bindings (point_id, result_group_id) values (${w.points.score}, 'g-lineage')`,
  );

  // Typed by hand before any collection: A into October (after the collected sample's noon), B into November.
  for (const [id, at] of [
    [s.pointIds.score, '2025-10-31T20:00:00'],
    [bPointId, '2025-11-20T09:00:00'],
  ] as const)
    await w.publisher.call(DE.sampleInsert, { body: { zgzkdid: id, cjz: '82.7', sj: at } });
  expect(await stored(s.pointIds.score)).toEqual({ result: '82.7', grade: 'A' });

  const started = await w.publisher.call(E.run, { body: { rwid: s.taskId } });
  const job = await waitForJob(w.publisher, started.taskId);
  expect(job.state, job.message).toBe('finished');
  runId = started.runId;
  await w.publisher.call(E.accept, { body: { runId } });
});
afterAll(async () => t?.close());

describe('collecting over a typed point: result, grade and lineage agree', () => {
  it('replaces a value typed into a cycle the collection has a value for', async () => {
    expect(await stored(s.pointIds.score)).toEqual({ result: '75', grade: 'B' });
    const why = await w.charger.call(E.why, { query: { zgzkdid: s.pointIds.score } });
    expect(why).toMatchObject({ result: '75', grade: 'B' });
    expect(why.source).toMatchObject({ kind: 'collected', value: '75', cycleKey: '2025-10' });
    expect(why.source.lineage).toMatchObject({ groupId: 'g-lineage', version: 1, runId, inputRows: 20 });
    // The run is named for the reader by who started it when, never by its id.
    expect(why.source.lineage?.runLabel).toMatch(/^.+ 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 发起的采集$/);
    expect(why.note).toContain('版本 1');
    expect(why.note).toContain('替换');
    const typed = why.samples.find((x) => x.source === 'typed')!;
    expect(typed).toMatchObject({ value: '82.7', enteredBy: publisherName, replaced: true, used: false });
    expect(why.samples.find((x) => x.used)).toMatchObject({ source: 'collected', value: '75' });
    expect(await listedSource(s.pointIds.score)).toBe('collected');
  });

  it('keeps a value typed into a cycle the collection has none for, and says so', async () => {
    expect(await stored(bPointId)).toEqual({ result: '82.7', grade: 'A' });
    const why = await w.publisher.call(E.why, { query: { zgzkdid: bPointId } });
    expect(why).toMatchObject({ result: '82.7', grade: 'A' });
    expect(why.source).toMatchObject({
      kind: 'typed',
      value: '82.7',
      cycleKey: '2025-11',
      enteredBy: publisherName,
    });
    expect(why.source.enteredAt).toBeTruthy();
    expect(why.source.lineage).toBeNull();
    expect(why.note).toContain(KEPT_TYPED_NOTE);
    expect(why.note).not.toContain('计算');
    expect(await listedSource(bPointId)).toBe('typed');
  });

  it('marks each sample of the point as typed or computed', async () => {
    const samples = await w.charger.call(DE.samples, { query: { zgzkdid: s.pointIds.score } });
    const bySource = Object.fromEntries(samples.map((x) => [x.cjz, x]));
    expect(bySource['82.7']).toMatchObject({ source: 'typed', enteredBy: publisherName });
    expect(bySource['75']).toMatchObject({ source: 'collected', enteredBy: null });
  });

  it('names the revised value as the source once the charger revises the result', async () => {
    await w.charger.call(DE.resultUpdate, { body: { zgzkdid: s.pointIds.score, xzjgz: '90' } });
    const why = await w.charger.call(E.why, { query: { zgzkdid: s.pointIds.score } });
    expect(why.grade).toBe('A');
    expect(why.source).toMatchObject({ kind: 'revised', value: '90' });
    expect(why.note).toContain('修正');
    expect(await listedSource(s.pointIds.score)).toBe('revised');
  });
});
