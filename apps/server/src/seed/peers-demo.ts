import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import {
  type CatalogueIndicator,
  ensurePeerCatalogue,
  PEER_CATALOGUE,
} from '../modules/analysis/peers.catalogue.ts';
import { ensureReferenceData } from '../modules/analysis/reference-data.loader.ts';
import { seededRandom } from './diagnosis-demo.ts';
import { DEMO_OWN_SCHOOL_CODE, seedOwnSchoolDemo } from './schools-demo.ts';

/** The years of the demo's 质量年报 values. */
export const PEER_DEMO_YEARS = { first: 2017, last: 2026 } as const;
/** How many 浙江 公办 专科 schools, and 双高 A 档 schools of other provinces, the sample holds. */
const ZHEJIANG_SCHOOLS = 25;
const DOUBLE_HIGH_SCHOOLS = 5;

/**
 * How one indicator's demo values are drawn: a 2017 level between `lo` and `hi` by the school's strength
 * (its size for counts), a yearly change (`growth` a factor, `step` an amount), `digits` decimals and a
 * ceiling (percentages stop at 100).
 */
interface ValueSpec {
  lo: number;
  hi: number;
  growth?: number;
  step?: number;
  digits: number;
  bySize?: boolean;
  max?: number;
}

const pct = (lo: number, hi: number, step = 0.3): ValueSpec => ({ lo, hi, step, digits: 2, max: 100 });
const money = (lo: number, hi: number, growth = 0.05, digits = 2): ValueSpec => ({ lo, hi, growth, digits });
const count = (lo: number, hi: number, growth = 0.02): ValueSpec => ({
  lo,
  hi,
  growth,
  digits: 0,
  bySize: true,
});

/** Plausible ranges of the national reports' figures, by catalogue id. */
const SPECS: Record<string, ValueSpec> = {
  'scorecard-01': pct(86, 97, 0.2),
  'scorecard-02': money(2900, 4300, 0.045, 0),
  'scorecard-03': pct(55, 80),
  'scorecard-04': pct(88, 98, 0.2),
  'scorecard-05': pct(0.8, 4.5, 0.05),
  'scorecard-06': pct(88, 99, 0.2),
  'scorecard-07': pct(40, 70),
  'resource-01': { lo: 14, hi: 20, step: -0.15, digits: 2 },
  'resource-02': pct(50, 85, 1.2),
  'resource-03': pct(22, 42, 0.5),
  'resource-04': money(7000, 16000, 0.06, 0),
  'resource-05': { lo: 0.5, hi: 1.1, growth: 0.02, digits: 2 },
  'resource-06': { lo: 11, hi: 19, growth: 0.01, digits: 2 },
  'resource-07': { lo: 0.5, hi: 1.0, growth: 0.03, digits: 2 },
  'resource-08': count(180000, 520000, 0.02),
  'service-01': count(7000, 16000, 0.025),
  'service-02': count(2200, 5200, 0.025),
  'service-03': count(2000, 5000, 0.025),
  'service-04': pct(62, 90, 0.1),
  'service-05': money(150, 2600, 0.12),
  'service-06': money(80, 1200, 0.1),
  'service-07': money(10, 420, 0.12),
  'service-08': count(20, 160, 0.05),
  'service-09': money(300, 2800, 0.08),
  'service-10': count(6000, 42000, 0.06),
  'policy-01': money(12000, 24000, 0.04, 0),
  'policy-02': money(1800, 7000, 0.05, 0),
  'policy-03': count(420, 1100, 0.01),
  'policy-04': money(150, 2400, 0.08),
  'policy-05': { lo: 14, hi: 40, step: 0.6, digits: 1 },
  'policy-06': money(90, 700, 0.06),
  'international-01': count(0, 160, 0.12),
  'international-02': count(0, 4200, 0.1),
  'international-03': count(0, 2600, 0.1),
  'international-04': count(0, 1300, 0.1),
  'international-05': count(0, 14, 0.06),
  'international-06': count(0, 8, 0.1),
  'international-07': count(0, 24, 0.1),
  'international-08': count(0, 9, 0.08),
};

/**
 * Catalogue indicators linked to the demo's school-level quality points (the own school's values of the
 * years with a diagnosis then come from its results).
 */
const POINT_LINKS: Record<string, string> = {
  'scorecard-01': '毕业生初次就业率',
  'scorecard-06': '用人单位满意度',
  'resource-01': '生师比',
  'resource-02': '双师型教师比例',
  'service-05': '技术服务到款额（万元）',
  'international-01': '来华留学生人数',
};

/**
 * Where the demo school's own series of the linked indicators stands around 2023, near its points' standard
 * values, so that the years its diagnosis results take over continue the line instead of jumping.
 */
const OWN_ANCHORS: Record<string, number> = {
  'scorecard-01': 94.5,
  'scorecard-06': 90.5,
  'resource-01': 18.2,
  'resource-02': 59,
  'service-05': 285,
  'international-01': 27,
};

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
const rng = (...keys: string[]) => seededRandom(hash(`peers-demo|${keys.join('|')}`));
const gaussian = (random: () => number) =>
  Math.sqrt(-2 * Math.log(Math.max(random(), 1e-9))) * Math.cos(2 * Math.PI * random());
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * One school's values of one indicator, 2017–2026: a level by its strength (better in the indicator's
 * direction) or size, a steady trend, and a little noise each year. Deterministic: keyed by school and indicator.
 */
export function demoSeries(input: {
  schoolCode: string;
  indicator: CatalogueIndicator;
  strength: number;
  size: number;
}): Array<{ year: number; value: number }> {
  const { schoolCode, indicator, strength, size } = input;
  const spec = SPECS[indicator.id] ?? { lo: 0, hi: 100, digits: 2 };
  const random = rng(schoolCode, indicator.id);
  const standing = indicator.direction === '>' ? strength : 1 - strength;
  const share = spec.bySize
    ? clamp(0.15 + 0.55 * size + 0.25 * strength + 0.08 * gaussian(random), 0, 1)
    : clamp(0.12 + 0.72 * standing + 0.1 * gaussian(random), 0, 1);
  const start = spec.lo + (spec.hi - spec.lo) * share;
  const pace = 0.6 + 0.8 * random();
  const factor = 10 ** spec.digits;
  const series: Array<{ year: number; value: number }> = [];
  for (let year = PEER_DEMO_YEARS.first; year <= PEER_DEMO_YEARS.last; year += 1) {
    const t = year - PEER_DEMO_YEARS.first;
    let value =
      spec.growth !== undefined ? start * (1 + spec.growth * pace) ** t : start + (spec.step ?? 0) * pace * t;
    // Amounts wobble by a share of themselves, rates and ratios by a share of their range.
    if (spec.growth !== undefined) value *= 1 + 0.015 * gaussian(random);
    else value += 0.025 * (spec.hi - spec.lo) * gaussian(random);
    value = clamp(value, 0, spec.max ?? Number.POSITIVE_INFINITY);
    series.push({ year, value: Math.round(value * factor) / factor });
  }
  return series;
}

/**
 * 演示数据 of 对标分析: about 30 real schools of the national list — the first 浙江省 公办 专科 schools by
 * 学校标识码, then 双高 A 档 高水平学校 of other provinces — and the demo school itself, with a value of every
 * catalogue indicator for 2017–2026, all `is_demo`; and a few indicators linked to the demo's school-level
 * points. Needs the national list: loaded here when the start has not loaded it yet (tests).
 */
export async function seedPeersDemo(tx: Db): Promise<{ schools: number; values: number }> {
  await ensurePeerCatalogue(tx);
  await ensureReferenceData(tx);
  await seedOwnSchoolDemo(tx);
  const schools = await queryRows<{ code: string; doubleHigh: boolean }>(
    tx,
    sql`(select code, false as "doubleHigh" from peer_schools
          where province = '浙江省' and level = '专科' and nature = '公办' and source = 'moe'
          order by code limit ${ZHEJIANG_SCHOOLS})
        union all
        (select distinct s.code, true from peer_schools s join double_high_units u on u.school_code = s.code
          where u.category = '学校' and u.grade = 'A' and s.province <> '浙江省'
          order by s.code limit ${DOUBLE_HIGH_SCHOOLS})`,
  );
  const doubleHigh = new Set(
    (
      await queryRows<{ code: string }>(
        tx,
        sql`select distinct school_code as code from double_high_units where school_code is not null`,
      )
    ).map((r) => r.code),
  );
  const all = [...schools.map((s) => s.code), DEMO_OWN_SCHOOL_CODE];
  const rows = all.flatMap((code) => {
    const random = rng(code, 'school');
    // 双高 schools stand higher; the demo school sits in the middle of its peers.
    const strength =
      code === DEMO_OWN_SCHOOL_CODE
        ? 0.5
        : clamp((doubleHigh.has(code) ? 0.62 : 0.38) + 0.28 * random(), 0.05, 0.95);
    const size = clamp(random() * 0.8 + (doubleHigh.has(code) ? 0.3 : 0), 0, 1);
    return PEER_CATALOGUE.flatMap((indicator) => {
      const series = demoSeries({ schoolCode: code, indicator, strength, size });
      const anchor = code === DEMO_OWN_SCHOOL_CODE ? OWN_ANCHORS[indicator.id] : undefined;
      // Anchored on the mean of 2021–2025, so that one noisy year does not shift the whole line.
      const recent = series.filter((p) => p.year >= 2021 && p.year <= 2025).map((p) => p.value);
      const mean = recent.reduce((sum, v) => sum + v, 0) / recent.length;
      const scale = anchor !== undefined && mean > 0 ? anchor / mean : 1;
      const digits = 10 ** (SPECS[indicator.id]?.digits ?? 2);
      return series.map(({ year, value }) => ({
        schoolCode: code,
        indicatorId: indicator.id,
        year,
        value: Math.round(value * scale * digits) / digits,
      }));
    });
  });
  for (let i = 0; i < rows.length; i += 5000) {
    await tx.execute(sql`
      insert into peer_indicator_values (school_code, indicator_id, year, value, is_demo)
      select x."schoolCode", x."indicatorId", x.year, x.value, true
      from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::jsonb)
        as x("schoolCode" text, "indicatorId" text, year int, value double precision)
      on conflict (school_code, indicator_id, year) do nothing`);
  }
  for (const [indicatorId, pointName] of Object.entries(POINT_LINKS)) {
    await tx.execute(sql`
      update peer_indicators set point_id = (
        select id from quality_points where name = ${pointName} and level = 'school' order by id limit 1)
      where id = ${indicatorId} and point_id is null`);
  }
  return { schools: schools.length, values: rows.length };
}
