import { peersEndpoints, rivalEndpoints } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, signIn, type TestApp } from '../../test/app.ts';
import { queryRows } from '../db/client.ts';
import { PEER_CATALOGUE } from '../modules/analysis/peers.catalogue.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { demoSeries } from './peers-demo.ts';
import { DEMO_OWN_SCHOOL_CODE } from './schools-demo.ts';

let t: TestApp;
let leader: Session;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  leader = await signIn(t, 'zhaoming', DEMO_PASSWORD);
}, 180_000);
afterAll(() => t.close());

describe('the peers demo', () => {
  it('holds about 30 real schools (浙江 公办 专科 first, then 双高 A 档 of other provinces) and the demo school, every indicator 2017–2026, all demo', async () => {
    const [row] = await queryRows<{
      schools: number;
      zhejiang: number;
      values: number;
      demo: number;
      years: string;
    }>(
      t.db,
      sql`select count(distinct v.school_code)::int as schools,
            count(distinct v.school_code) filter (where s.province = '浙江省' and s.level = '专科'
              and s.nature = '公办' and s.source = 'moe')::int as zhejiang,
            count(*)::int as values, count(*) filter (where v.is_demo)::int as demo,
            min(v.year) || '–' || max(v.year) as years
          from peer_indicator_values v join peer_schools s on s.code = v.school_code`,
    );
    expect(row!.schools).toBe(31);
    expect(row!.zhejiang).toBe(25);
    expect(row!.values).toBe(31 * PEER_CATALOGUE.length * 10);
    expect(row!.demo).toBe(row!.values);
    expect(row!.years).toBe('2017–2026');
    const [others] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct s.code)::int as n from peer_indicator_values v
          join peer_schools s on s.code = v.school_code
          join double_high_units u on u.school_code = s.code and u.category = '学校' and u.grade = 'A'
          where s.province <> '浙江省'`,
    );
    expect(others!.n).toBe(5);
  });

  it('links indicators to the demo school-level points, whose results give the own values of their years', async () => {
    const list = await leader.call(peersEndpoints.indicatorList);
    const linked = list.filter((i) => i.zkdid);
    expect(linked.map((i) => i.name)).toEqual(
      expect.arrayContaining(['就业率', '生师比', '双师素质专任教师比例', '雇主满意度']),
    );
    const trend = await leader.call(rivalEndpoints.trend, {
      query: { indicatorIds: 'scorecard-01', startYear: 2017, endYear: 2026 },
    });
    expect(trend.schools[0]).toMatchObject({ schoolCode: DEMO_OWN_SCHOOL_CODE, isOwn: true });
    expect(trend.isDemo).toBe(true);
    expect(trend.series[0]!.values.every((v) => v !== null)).toBe(true);
    const [sources] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from peer_indicators i
          join assigned_points ap on ap.quality_point_id = i.point_id
          join object_tasks ot on ot.id = ap.object_task_id
          join diagnosis_tasks dt on dt.id = ot.task_id and dt.level = 'school'
          where i.id = 'scorecard-01' and coalesce(ap.revised_result, ap.result) is not null`,
    );
    expect(sources!.n).toBeGreaterThan(0);
  });

  it('draws the same series for the same school and indicator, within the ranges and in direction', () => {
    const indicator = PEER_CATALOGUE.find((i) => i.id === 'scorecard-01')!;
    const a = demoSeries({ schoolCode: 'X', indicator, strength: 0.5, size: 0.5 });
    expect(demoSeries({ schoolCode: 'X', indicator, strength: 0.5, size: 0.5 })).toEqual(a);
    expect(a.every((p) => p.value > 80 && p.value <= 100)).toBe(true);
    const ratio = PEER_CATALOGUE.find((i) => i.id === 'resource-01')!;
    const strong = demoSeries({ schoolCode: 'Y', indicator: ratio, strength: 0.95, size: 0.5 });
    const weak = demoSeries({ schoolCode: 'Y', indicator: ratio, strength: 0.05, size: 0.5 });
    // 生师比 is smaller-is-better: a strong school has fewer students per teacher.
    expect(strong[0]!.value).toBeLessThan(weak[0]!.value);
  });
});
