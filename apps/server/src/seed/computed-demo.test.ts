import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { queryRows } from '../db/client.ts';
import { createAlgorithmRunner } from '../modules/algorithms/algorithm-runner.ts';
import { createAlgorithmsRepo } from '../modules/algorithms/algorithms.repo.ts';
import { valueText } from '../modules/computed/computed.gate.ts';
import { BUILTIN_ONLY, createDataSourceConnections } from '../modules/datasources/datasources.connections.ts';
import { createDataSourcesRepo } from '../modules/datasources/datasources.repo.ts';
import { DEMO_ALGORITHMS } from './algorithms-demo.ts';
import { DEMO_TABLES, DEMO_WAREHOUSE_NAME } from './warehouse-demo.ts';

let t: TestApp;

beforeAll(async () => {
  const started = performance.now();
  t = await createTestApp({ demo: true });
  process.stdout.write(`createTestApp({ demo: true }) took ${Math.round(performance.now() - started)} ms\n`);
}, 300_000);

afterAll(() => t?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.db, query);

/** Assigned points of the current tasks whose method is 算法, with their result and grade. */
const CURRENT_COMPUTED = sql`
  from assigned_points ap
  join object_tasks ot on ot.id = ap.object_task_id
  join diagnosis_tasks dt on dt.id = ot.task_id
  join diagnosis_objects o on o.id = ot.object_id
  join quality_points qp on qp.id = ap.quality_point_id
  where dt.state = 'normal' and qp.collection_method = 'algorithm'`;

describe('the demo warehouse and its computed points', () => {
  it('has the warehouse with its tables created and filled', async () => {
    const tables = await rows<{ name: string; physical: string; created: boolean }>(
      sql`select t.name, t.physical_name as physical, t.is_created as created
          from warehouse_tables t join warehouses w on w.id = t.warehouse_id
          where w.name = ${DEMO_WAREHOUSE_NAME} and t.deleted_at is null`,
    );
    expect(tables.map((x) => x.name).sort()).toEqual(DEMO_TABLES.map((x) => x.name).sort());
    for (const table of tables) {
      expect(table.created).toBe(true);
      const [n] = await rows<{ n: number }>(sql.raw(`select count(*)::int as n from dw.${table.physical}`));
      expect(n!.n, table.name).toBeGreaterThan(50);
    }
  });

  it('computes at least 20 points of this year with lineage to a published current version', async () => {
    const stats = await rows<{
      level: string;
      point: string;
      assigned: number;
      results: number;
      lineage: number;
    }>(sql`
      select qp.level, qp.name as point, count(distinct ap.id)::int as assigned,
             count(distinct ap.id) filter (where ap.result is not null)::int as results,
             (select count(*)::int from sample_lineage l join assigned_points a2 on a2.id = l.assigned_point_id
              join object_tasks o2 on o2.id = a2.object_task_id join diagnosis_tasks d2 on d2.id = o2.task_id
              where a2.quality_point_id = qp.id and d2.state = 'normal'
                and l.group_id is not null and l.version is not null) as lineage
      from quality_points qp
      join assigned_points ap on ap.quality_point_id = qp.id
      join object_tasks ot on ot.id = ap.object_task_id
      join diagnosis_tasks dt on dt.id = ot.task_id
      where dt.state = 'normal' and qp.collection_method = 'algorithm'
      group by qp.id, qp.level, qp.name`);
    expect(stats.length).toBeGreaterThanOrEqual(20);
    expect(stats.length).toBe(DEMO_ALGORITHMS.length);
    for (const s of stats) {
      expect(s.lineage, s.point).toBeGreaterThan(0);
      // Nearly every object has a value; a first-year student may have none yet.
      expect(s.results / s.assigned, `${s.level} ${s.point}`).toBeGreaterThan(0.9);
    }
    const samples = await rows<{ typed: number }>(sql`
      select count(*)::int as typed
      from point_samples s
      join assigned_points ap on ap.id = s.assigned_point_id
      join object_tasks ot on ot.id = ap.object_task_id
      join diagnosis_tasks dt on dt.id = ot.task_id
      join quality_points qp on qp.id = ap.quality_point_id
      left join sample_lineage l on l.sample_id = s.id
      where dt.state = 'normal' and qp.collection_method = 'algorithm' and l.sample_id is null`);
    expect(samples[0]!.typed).toBe(0);
    const groups = await rows<{ n: number; detail: number }>(sql`
      select count(*)::int as n, count(current_detail_version)::int as detail from algorithm_groups g
      where g.current_result_version is not null and exists (
        select 1 from algorithms a where a.group_id = g.id and a.type = 'result'
          and a.version = g.current_result_version and a.status = 'published')`);
    expect(groups[0]!.n).toBe(DEMO_ALGORITHMS.length);
    expect(groups[0]!.detail).toBeGreaterThan(0);
  });

  it('has results equal to running the current algorithm with the lineage parameters', async () => {
    const runner = createAlgorithmRunner({
      database: { db: t.db, driver: 'postgres' },
      repo: createAlgorithmsRepo(t.db),
      connections: createDataSourceConnections({
        repo: createDataSourcesRepo(t.db),
        key: Buffer.alloc(32),
        ...BUILTIN_ONLY,
      }),
    });
    // One object per point: the latest sample is the result, and the algorithm gives it again.
    const latest = await rows<{
      point: string;
      data_type: string;
      result: string;
      value: string;
      group_id: string;
      version: number;
      params: unknown;
    }>(sql`
      select distinct on (qp.id) qp.name as point, qp.data_type, ap.result, s.value, l.group_id, l.version, l.params
      from assigned_points ap
      join object_tasks ot on ot.id = ap.object_task_id
      join diagnosis_tasks dt on dt.id = ot.task_id
      join quality_points qp on qp.id = ap.quality_point_id
      join point_samples s on s.assigned_point_id = ap.id
      join sample_lineage l on l.sample_id = s.id
      where dt.state = 'normal' and qp.collection_method = 'algorithm'
      order by qp.id, ap.id, s.sampled_at desc`);
    expect(latest.length).toBe(DEMO_ALGORITHMS.length);
    for (const row of latest) {
      expect(row.result, row.point).toBe(row.value);
      const algorithm = await runner.resolve(row.group_id, 'result', Number(row.version));
      const params = typeof row.params === 'string' ? JSON.parse(row.params) : row.params;
      const run = await runner.run(algorithm, params);
      expect(valueText(run.rows[0]?.value, row.data_type as never), row.point).toBe(row.result);
    }
  });

  it('grades the computed points into a believable mix, with some below standard and some warnings', async () => {
    const [mix] = await rows<{ graded: number; below: number; grades: number; warned: number }>(sql`
      select count(ap.grade)::int as graded, count(*) filter (where ap.below)::int as below,
             count(distinct ap.grade)::int as grades,
             (select count(distinct w.assigned_point_id)::int from point_warnings w
              join assigned_points a2 on a2.id = w.assigned_point_id
              join object_tasks o2 on o2.id = a2.object_task_id join diagnosis_tasks d2 on d2.id = o2.task_id
              join quality_points q2 on q2.id = a2.quality_point_id
              where d2.state = 'normal' and q2.collection_method = 'algorithm') as warned
      ${CURRENT_COMPUTED}`);
    process.stdout.write(`computed points: ${JSON.stringify(mix)}\n`);
    expect(mix!.grades).toBeGreaterThanOrEqual(3);
    expect(mix!.below / mix!.graded).toBeGreaterThan(0.1);
    expect(mix!.below / mix!.graded).toBeLessThan(0.6);
    expect(mix!.warned).toBeGreaterThan(5);
  });
});

describe('the demo of 数据采集', () => {
  it('publishes its three forms, each backed by a warehouse table', async () => {
    const forms = await rows<{ name: string; state: string; physical: string | null }>(sql`
      select f.name, f.publish_state as state, t.physical_name as physical
      from forms f left join warehouse_tables t on t.id = f.warehouse_table_id order by f.name`);
    expect(forms.map((f) => f.name).sort()).toEqual(
      ['用人单位满意度调查', '科研项目登记', '教师基本信息'].sort(),
    );
    for (const form of forms) {
      expect(form.state, form.name).toBe('published');
      expect(form.physical, form.name).toMatch(/^t_[0-9a-f]{16}$/);
    }
  });

  it('has fill tasks in every state and a department still to allocate', async () => {
    const fills = await rows<{ state: string }>(sql`select distinct state from fill_tasks order by state`);
    expect(fills.map((f) => f.state)).toEqual(['finished', 'rollback', 'unaudited', 'uncommitted']);
    const allocations = await rows<{ state: string }>(sql`select state from task_allocations order by state`);
    expect(allocations.map((a) => a.state)).toEqual(['allocated', 'allocated', 'unallocated']);
    const rolledBack = await rows<{ reason: string }>(
      sql`select rollback_reason as reason from fill_tasks where state = 'rollback'`,
    );
    expect(rolledBack[0]?.reason).toContain('经费');
  });

  it('syncs the passed projects into the form table that the research algorithm reads', async () => {
    const [form] = await rows<{ physical: string }>(sql`
      select t.physical_name as physical from forms f join warehouse_tables t on t.id = f.warehouse_table_id
      where f.name = '科研项目登记'`);
    const synced = await rows<{ gh: string; record: string }>(
      sql`select c_gh as gh, c_record_id as record from ${sql.identifier('dw')}.${sql.identifier(form!.physical)}`,
    );
    // Only 张伟's passed list: 孔洁's was rolled back, so it is not synced.
    expect(synced.map((r) => r.gh)).toEqual(['T08003', 'T08003']);
    const [algorithm] = await rows<{ sql: string }>(sql`
      select a.sql from algorithms a join algorithm_groups g on g.id = a.group_id
      where g.name = '教师科研项目' and a.type = 'result'`);
    expect(algorithm!.sql).toContain(form!.physical);
    const [point] = await rows<{ result: string }>(sql`select ap.result ${CURRENT_COMPUTED}
      and qp.name = '主持或参与科研项目' and o.code = 'T08003'`);
    expect(point?.result).toBe('有');
  });

  it('answers the survey through its public link, which brings the options of its selects', async () => {
    const [link] = await rows<{ id: string; count: number; records: number }>(sql`
      select l.id, l.submission_count as count,
             (select count(*)::int from form_records r where r.public_link_id = l.id) as records
      from form_public_links l`);
    expect(link).toMatchObject({ count: 3, records: 3 });
    // Each answer reached the survey's warehouse table as it was accepted, for the algorithms to read.
    const [survey] = await rows<{ physical: string }>(sql`
      select t.physical_name as physical from forms f join warehouse_tables t on t.id = f.warehouse_table_id
      where f.name = '用人单位满意度调查'`);
    const mirrored = await rows<{ myd: string }>(
      sql`select c_myd as myd from ${sql.identifier('dw')}.${sql.identifier(survey!.physical)} order by c_myd`,
    );
    expect(mirrored.map((r) => r.myd).sort()).toEqual(['一般', '满意', '非常满意'].sort());
    const page = await t.app.inject({ method: 'GET', url: `/api/herm-sjcj/public/${link!.id}` });
    const options = page.json().data.options as Record<string, Array<{ value: string }>>;
    expect(options.myd?.map((o) => o.value)).toEqual(['非常满意', '满意', '一般', '不满意']);
  });
});
