import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { OBJECT_LEVELS, pointConfigProblems } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { queryRows } from '../db/client.ts';
import { qualityPoints } from '../modules/standards/standards.table.ts';
import { createLocalFileStorage } from '../platform/file-storage.ts';
import { detectImage } from '../platform/image-type.ts';
import { seedDemoAttachments } from './diagnosis-demo.ts';
import { seedIfEmpty } from './seed.ts';

let t: TestApp;
let seedMs = 0;

beforeAll(async () => {
  const started = performance.now();
  t = await createTestApp({ demo: true });
  seedMs = performance.now() - started;
  // Reported, not asserted: the figure depends on the machine's load (about 6 s when idle).
  process.stdout.write(`createTestApp({ demo: true }) took ${Math.round(seedMs)} ms\n`);
}, 180_000);

afterAll(() => t?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

describe('the demo target standards and diagnosis', () => {
  it('has about 60 consistently configured quality points over the five levels', async () => {
    const points = await t.db.select().from(qualityPoints);
    expect(points.length).toBeGreaterThanOrEqual(55);
    expect(points.length).toBeLessThanOrEqual(65);
    for (const level of OBJECT_LEVELS)
      expect(points.filter((p) => p.level === level).length).toBeGreaterThan(5);
    for (const p of points) {
      const problems = pointConfigProblems({
        dataType: p.dataType as never,
        calcMode: p.calcMode as never,
        direction: p.direction as never,
        standardValue: p.standardValue,
        warningMode: p.warningMode as never,
        warningCondition: p.warningCondition as never,
        warningValue: p.warningValue,
        grades: p.grades as never,
        calRule: p.calRule,
      });
      expect(problems, p.name).toEqual([]);
      expect(p.connotation, p.name).not.toBe('');
      expect(p.diagnosticStandard, p.name).not.toBe('');
    }
    const types = new Set(points.map((p) => p.dataType));
    expect([...types].sort()).toEqual(['float', 'have', 'integer', 'percent', 'whether']);
    expect(points.some((p) => p.calcMode === 'level')).toBe(true);
    expect(points.some((p) => p.direction === '<')).toBe(true);
    expect(points.some((p) => p.warningMode === 'level')).toBe(true);
    expect(points.some((p) => p.collectionMethod === 'algorithm')).toBe(true);
    const depth = await one<{ max: number }>(sql`select max(depth)::int as max from indicators`);
    expect(depth.max).toBe(3);
    const cycles = await rows<{ name: string; defaults: number }>(
      sql`select t.name, count(*) filter (where c.is_default)::int as defaults
          from cycle_types t join cycles c on c.type_id = t.id group by t.name order by t.name`,
    );
    expect(cycles.map((c) => c.name).sort()).toEqual(['学年', '学期', '自然年'].sort());
    expect(cycles.every((c) => c.defaults === 1)).toBe(true);
    const dimensions = await rows<{ name: string }>(sql`select name from dimension_types order by sort`);
    expect(dimensions.length).toBeGreaterThan(5);
    // Named in Chinese, not by the English keys of the contract (issue 11: 维度管理 showed `school`).
    expect(dimensions.map((d) => d.name)).toContain('学校');
    expect(dimensions.every((d) => /^[\u4e00-\u9fa5]+$/.test(d.name))).toBe(true);
  });

  it('has a current and a finished task per level, with object tasks and chargers', async () => {
    const tasks = await rows<{
      level: string;
      state: string;
      future: boolean;
      objects: number;
      points: number;
      charged: number;
    }>(
      sql`select t.level, t.state, t.end_date > current_date as future,
                 count(distinct ot.id)::int as objects, count(ap.id)::int as points,
                 count(distinct ot.id) filter (where ot.charger_user_id is not null)::int as charged
          from diagnosis_tasks t
          join object_tasks ot on ot.task_id = t.id
          join assigned_points ap on ap.object_task_id = ot.id
          group by t.id, t.level, t.state, t.end_date`,
    );
    for (const level of OBJECT_LEVELS) {
      const current = tasks.filter((x) => x.level === level && x.state === 'normal');
      expect(current, level).toHaveLength(1);
      expect(current[0]!.future).toBe(true);
      expect(current[0]!.objects).toBeGreaterThan(0);
      expect(current[0]!.charged).toBe(current[0]!.objects);
      expect(tasks.filter((x) => x.level === level && x.state === 'finished')).toHaveLength(1);
    }
    const objects = await rows<{ level: string; n: number }>(
      sql`select level, count(*)::int as n from diagnosis_objects group by level`,
    );
    const count = Object.fromEntries(objects.map((o) => [o.level, o.n]));
    expect(count).toEqual({ school: 1, major: 8, course: 20, teacher: 30, student: 60 });

    const school = await one<{ charger: string; sharers: string }>(
      sql`select u.account as charger,
                 (select string_agg(su.account, ',' order by su.account) from object_task_sharers s
                  join users su on su.id = s.user_id where s.object_task_id = ot.id) as sharers
          from object_tasks ot join diagnosis_tasks t on t.id = ot.task_id
          join users u on u.id = ot.charger_user_id
          where t.level = 'school' and t.state = 'normal'`,
    );
    expect(school).toEqual({ charger: 'yangguang', sharers: 'fenglei,wangfang' });
  });

  it('has graded results, some below standard and some unfinished, in every audit state', async () => {
    const stats = await one<{
      graded: number;
      ungraded: number;
      below: number;
      unfinishedOpen: number;
      unfinishedClosed: number;
      previous: number;
      diagnosed: number;
      revised: number;
    }>(
      sql`select
            count(*) filter (where ap.result is not null and ap.grade is not null)::int as graded,
            count(*) filter (where ap.result is not null and ap.grade is null)::int as ungraded,
            count(*) filter (where ap.below and t.state = 'normal')::int as below,
            count(*) filter (where ap.unfinished and t.state = 'normal')::int as "unfinishedOpen",
            count(*) filter (where ap.unfinished and t.state = 'finished')::int as "unfinishedClosed",
            count(*) filter (where ap.previous_result is not null and t.state = 'normal')::int as previous,
            count(*) filter (where ap.below and ap.cause <> '' and ap.measure <> '')::int as diagnosed,
            count(*) filter (where ap.revised_target is not null)::int as revised
          from assigned_points ap
          join object_tasks ot on ot.id = ap.object_task_id
          join diagnosis_tasks t on t.id = ot.task_id`,
    );
    expect(stats.graded).toBeGreaterThan(1000);
    expect(stats.ungraded).toBe(0);
    expect(stats.below).toBeGreaterThan(50);
    expect(stats.unfinishedOpen).toBe(0);
    expect(stats.unfinishedClosed).toBeGreaterThan(5);
    expect(stats.previous).toBeGreaterThan(500);
    expect(stats.diagnosed).toBeGreaterThan(20);
    expect(stats.revised).toBeGreaterThan(10);
    const states = await rows<{ audit_state: string; reasons: number }>(
      sql`select audit_state, count(audit_reason)::int as reasons from assigned_points group by audit_state`,
    );
    expect(states.map((s) => s.audit_state).sort()).toEqual(['draft', 'passed', 'refused', 'submitted']);
    expect(states.find((s) => s.audit_state === 'refused')!.reasons).toBeGreaterThan(0);
  });

  it('has three years of monthly samples and warnings, about half of them handled by the charger', async () => {
    const samples = await one<{ n: number; months: number }>(
      sql`select count(*)::int as n,
                 count(distinct to_char(sampled_at at time zone 'Asia/Shanghai', 'YYYY-MM'))::int as months
          from point_samples`,
    );
    expect(samples.months).toBeGreaterThanOrEqual(36);
    expect(samples.n).toBeGreaterThan(10_000);
    const warnings = await one<{ total: number; handled: number; bad: number; byCharger: number }>(
      sql`select count(*)::int as total, count(w.handled_at)::int as handled,
                 count(*) filter (where w.handled_at <= w.warned_at or w.handled_at > now())::int as bad,
                 count(*) filter (where w.handler_user_id = ot.charger_user_id and w.cause <> '' and w.measure <> '')::int
                   as "byCharger"
          from point_warnings w
          join assigned_points ap on ap.id = w.assigned_point_id
          join object_tasks ot on ot.id = ap.object_task_id`,
    );
    expect(warnings.total).toBeGreaterThan(50);
    expect(warnings.handled / warnings.total).toBeGreaterThan(0.3);
    expect(warnings.handled / warnings.total).toBeLessThan(0.7);
    expect(warnings.bad).toBe(0);
    expect(warnings.byCharger).toBe(warnings.handled);
  });

  it('weighs the school level-1 indicators and scores the current school task', async () => {
    const weights = await one<{ n: number; total: number }>(
      sql`select count(*)::int as n, sum(i.weight) as total from indicators i
          join indicator_categories c on c.id = i.category_id
          where c.level = 'school' and i.depth = 1 and i.weight is not null`,
    );
    expect(weights.n).toBe(6);
    expect(Number(weights.total)).toBeCloseTo(1);
    const scored = await rows<{ score: number | null; graded_points: number | null; graded: number }>(
      sql`select s.score, s.graded_points,
                 (select count(*)::int from assigned_points ap where ap.object_task_id = ot.id and ap.grade is not null)
                   as graded
          from object_tasks ot
          join diagnosis_tasks t on t.id = ot.task_id
          left join object_task_scores s on s.object_task_id = ot.id
          where t.level = 'school' and t.state = 'normal'`,
    );
    expect(scored.length).toBeGreaterThan(0);
    for (const row of scored) {
      expect(Number(row.score)).toBeGreaterThan(0);
      expect(Number(row.score)).toBeLessThanOrEqual(100);
      expect(Math.round(Number(row.score) * 100) / 100).toBe(Number(row.score));
      expect(Number(row.graded_points)).toBe(row.graded);
    }
  });

  it('seeds only once', async () => {
    const before = await one<{ points: number; assigned: number; samples: number; warnings: number }>(
      sql`select (select count(*)::int from quality_points) as points,
                 (select count(*)::int from assigned_points) as assigned,
                 (select count(*)::int from point_samples) as samples,
                 (select count(*)::int from point_warnings) as warnings`,
    );
    expect(await seedIfEmpty({ db: t.db, demo: true })).toEqual({ kind: 'skipped' });
    const after = await one<typeof before>(
      sql`select (select count(*)::int from quality_points) as points,
                 (select count(*)::int from assigned_points) as assigned,
                 (select count(*)::int from point_samples) as samples,
                 (select count(*)::int from point_warnings) as warnings`,
    );
    expect(after).toEqual(before);
  });

  it('attaches demo files in every stage group when given a file storage', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-demo-files-'));
    try {
      const storage = createLocalFileStorage(dir);
      // The test app's own seed attached files into its storage; check only this storage's.
      await t.db.execute(sql`delete from point_files`);
      expect(await t.db.transaction((tx) => seedDemoAttachments(tx, storage))).toBe(5 + 8 + 20);
      const stages = await rows<{ stage: string; n: number }>(
        sql`select stage, count(*)::int as n from point_files group by stage order by stage`,
      );
      expect(stages.map((s) => s.stage)).toEqual(['diagnosis', 'disqualified', 'standard', 'warning']);
      const stored = await rows<{
        name: string;
        mime: string;
        size: number;
        storage_key: string;
        owner: boolean;
      }>(
        sql`select f.name, f.mime, f.size, f.storage_key,
                   f.owner_user_id = ot.charger_user_id as owner
            from point_files pf join files f on f.id = pf.file_id
            join assigned_points ap on ap.id = pf.assigned_point_id
            join object_tasks ot on ot.id = ap.object_task_id`,
      );
      for (const f of stored) {
        const bytes = await storage.get(f.storage_key);
        expect(bytes.length, f.name).toBe(f.size);
        expect(f.owner, f.name).toBe(true);
        if (f.mime === 'image/png') {
          expect(detectImage(bytes)).toBe('png');
          // IHDR 240×140 RGB, and the pixel data inflates to height × (1 + width × 3) bytes.
          expect(bytes.readUInt32BE(16)).toBe(240);
          const idat = bytes.indexOf('IDAT');
          const length = bytes.readUInt32BE(idat - 4);
          expect(inflateSync(bytes.subarray(idat + 4, idat + 4 + length)).length).toBe(140 * (1 + 240 * 3));
        } else if (f.mime === 'application/pdf') {
          const text = bytes.toString('latin1');
          expect(text.startsWith('%PDF-1.4')).toBe(true);
          const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
          expect(text.slice(xref, xref + 4)).toBe('xref');
        } else {
          expect(bytes.toString('utf8')).toContain(f.name.replace(/\.txt$/, '').slice(0, 4));
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
