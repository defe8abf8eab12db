import type pg from 'pg';

/**
 * The scale generator of the diagnosis benchmark: a large college with its indicator system, one
 * diagnosis task per level for this year (and last year's for every level but students, so that the
 * previous result and grade mean something), object tasks for every object, assigned points with
 * targets and results, and twelve months of samples for every point of the school, majors, courses
 * and teachers. Everything is set-based (`INSERT … SELECT generate_series`), deterministic (values come
 * from `hashtext` of the row's id) and marked: codes start with `BENCH-`, tasks with '规模测试'.
 *
 * The data is consistent as a running system would leave it: an algorithm point's result is its latest
 * sample in the task period. About 4 % of results miss their target and about 4 % of samples cross
 * the warning value; 1.5 % of results are missing (unfinished once last year's tasks are closed).
 */

export interface LevelPlan {
  level: 'school' | 'major' | 'course' | 'teacher' | 'student';
  label: string;
  objects: number;
  /** Indicator tree: l1 first-level indicators × l2 second-level indicators × per points. */
  l1: number;
  l2: number;
  per: number;
  /** Twelve months of samples, and last year's task. */
  history: boolean;
}

export function plan(scale: number): LevelPlan[] {
  const n = (base: number) => Math.max(1, Math.round(base * scale));
  return [
    { level: 'school', label: '学校', objects: 1, l1: 5, l2: 6, per: 10, history: true },
    { level: 'major', label: '专业', objects: n(60), l1: 3, l2: 2, per: 5, history: true },
    { level: 'course', label: '课程', objects: n(2000), l1: 3, l2: 1, per: 5, history: true },
    { level: 'teacher', label: '教师', objects: n(1000), l1: 2, l2: 2, per: 5, history: true },
    { level: 'student', label: '学生', objects: n(20000), l1: 3, l2: 1, per: 5, history: false },
  ];
}

/** The year of the current tasks; last year's tasks are closed (finished). */
export const YEAR = 2026;
/** The fixed "now" of every recompute in the benchmark: late in the current year, in Shanghai. */
export const NOW = new Date(`${YEAR}-12-20T04:00:00Z`);

type PointSpec = {
  dataType: 'integer' | 'float' | 'percent' | 'whether' | 'have';
  direction: '>' | '<';
  calcMode: 'result' | 'level';
  calRule: Array<{ value: string; dxLevel: string }>;
  standardValue: string;
  warningMode: 'result' | 'level' | null;
  warningCondition: string | null;
  warningValue: string | null;
  warningPeriod: 'month' | 'week' | 'day' | 'no';
  collectionMethod: 'report' | 'algorithm';
};

const RULES: Record<string, Array<{ value: string; dxLevel: string }>> = {
  'percent>': [
    { value: '90%', dxLevel: 'A' },
    { value: '80', dxLevel: 'B' },
    { value: '60', dxLevel: 'C' },
  ],
  'percent<': [
    { value: '5', dxLevel: 'A' },
    { value: '10%', dxLevel: 'B' },
    { value: '20', dxLevel: 'C' },
  ],
  'integer>': [
    { value: '50', dxLevel: 'A' },
    { value: '40', dxLevel: 'B' },
    { value: '30', dxLevel: 'C' },
  ],
  'integer<': [
    { value: '3', dxLevel: 'A' },
    { value: '6', dxLevel: 'B' },
    { value: '10', dxLevel: 'C' },
  ],
  'float>': [
    { value: '4.5', dxLevel: 'A' },
    { value: '4.0', dxLevel: 'B' },
    { value: '3.0', dxLevel: 'C' },
  ],
  'float<': [
    { value: '1.5', dxLevel: 'A' },
    { value: '2.5', dxLevel: 'B' },
    { value: '4.0', dxLevel: 'C' },
  ],
};
const STANDARD: Record<string, string> = {
  'percent>': '85%',
  'percent<': '8',
  'integer>': '40',
  'integer<': '6',
  'float>': '4.00',
  'float<': '2.50',
};
/** Result-comparison warnings: crossed by the "bad" values of `valueSql`, never by the good ones. */
const WARN: Record<string, [string, string]> = {
  'percent>': ['<', '70'],
  'percent<': ['>', '15'],
  'integer>': ['<', '30'],
  'integer<': ['>=', '9'],
  'float>': ['<', '3.2'],
  'float<': ['>', '3.5'],
  whether: ['=', '否'],
  have: ['=', '无'],
};

/** The configuration of the p-th point (1-based) of a level: a deterministic mix of every option. */
export function pointSpec(p: number, withSamples: boolean): PointSpec {
  const types = [
    'percent',
    'percent',
    'percent',
    'percent',
    'integer',
    'integer',
    'float',
    'float',
    'whether',
    'have',
  ] as const;
  const calcMode = p % 13 === 0 ? 'level' : 'result';
  const dataType = types[p % 10]!;
  const numeric = dataType === 'integer' || dataType === 'float' || dataType === 'percent';
  const direction = numeric && p % 4 === 3 ? '<' : '>';
  const key = numeric ? `${dataType}${direction}` : dataType;
  let calRule = numeric && calcMode === 'result' ? [...RULES[key]!] : [];
  // The stored order must not matter: every third rule is stored shuffled.
  if (p % 3 === 0 && calRule.length === 3) calRule = [calRule[2]!, calRule[0]!, calRule[1]!];
  const standardValue =
    calcMode === 'level' ? 'B' : numeric ? STANDARD[key]! : dataType === 'whether' ? '是' : '有';
  let warningMode: PointSpec['warningMode'] = p % 5 <= 1 ? 'result' : p % 5 === 2 ? 'level' : null;
  if (calcMode === 'level' && warningMode) warningMode = 'level';
  let warningCondition: string | null = null;
  let warningValue: string | null = null;
  if (warningMode === 'result') {
    [warningCondition, warningValue] = WARN[key]!;
    if (key === 'percent>' && p % 2 === 0) [warningCondition, warningValue] = ['<=', '69%'];
  } else if (warningMode === 'level') {
    warningValue = dataType === 'whether' || dataType === 'have' ? 'D' : 'C';
  }
  const warningPeriod = p % 17 === 0 ? 'no' : p % 11 === 0 ? 'day' : p % 7 === 0 ? 'week' : 'month';
  const collectionMethod = withSamples && p % 2 === 0 ? 'algorithm' : 'report';
  return {
    dataType,
    direction,
    calcMode,
    calRule,
    standardValue,
    warningMode,
    warningCondition,
    warningValue,
    warningPeriod,
    collectionMethod,
  };
}

/**
 * A value of the point `q` as SQL: `u` an integer 0–999, `bad` a boolean. Good values reach the target
 * and grade A or B; bad values miss the target, grade C or D and cross the warning value.
 */
function valueSql(u: string, bad: string): string {
  return `case
    when q.calc_mode = 'level' then case when ${bad} then (array['C','D'])[1 + ${u} % 2] else (array['A','B'])[1 + ${u} % 2] end
    when q.data_type = 'whether' then case when ${bad} then '否' else '是' end
    when q.data_type = 'have' then case when ${bad} then '无' else '有' end
    when q.data_type = 'percent' and q.direction = '>' then case when ${bad} then (55 + ${u} % 15)::text
      else (85 + ${u} % 16)::text || case when ${u} % 2 = 0 then '%' else '' end end
    when q.data_type = 'percent' then case when ${bad} then (16 + ${u} % 10)::text else (${u} % 9)::text end
    when q.data_type = 'integer' and q.direction = '>' then case when ${bad} then (20 + ${u} % 10)::text else (40 + ${u} % 30)::text end
    when q.data_type = 'integer' then case when ${bad} then (9 + ${u} % 6)::text else (${u} % 7)::text end
    when q.direction = '>' then to_char(case when ${bad} then 2.5 + (${u} % 70) / 100.0 else 4 + (${u} % 100) / 100.0 end, 'FM990.00')
    else to_char(case when ${bad} then 3.51 + (${u} % 100) / 100.0 else 0.5 + (${u} % 200) / 100.0 end, 'FM990.00')
  end`;
}

/** A revised target, different from the standard value but of the same kind. */
const REVISED_TARGET_SQL = `case
    when q.calc_mode = 'level' then 'C'
    when q.data_type = 'whether' then '是'
    when q.data_type = 'have' then '有'
    when q.data_type = 'percent' and q.direction = '>' then '80%'
    when q.data_type = 'percent' then '10'
    when q.data_type = 'integer' and q.direction = '>' then '35'
    when q.data_type = 'integer' then '8'
    when q.direction = '>' then '3.50'
    else '3.00'
  end`;

const hash = (text: string) => `(hashtext(${text}) & 2147483647)`;

const CHARGER = 'wangfang';

export interface Generated {
  assignedPoints: number;
  samples: number;
  objectTasks: number;
  /** The school's object task of this year: 300 assigned points, charged by `charger`. */
  listObjectTaskId: string;
  charger: string;
}

export async function generate(
  client: pg.ClientBase,
  options: { scale: number; log: (line: string) => void },
): Promise<Generated> {
  const levels = plan(options.scale);
  const q = async (text: string, values: unknown[] = []) => client.query(text, values);
  const admin = (await q(`select id from users where account = 'admin'`)).rows[0] as
    | { id: string }
    | undefined;
  const charger = (await q(`select id from users where account = $1`, [CHARGER])).rows[0] as
    | { id: string }
    | undefined;
  if (!admin || !charger) throw new Error('the demo accounts admin and wangfang are missing');

  await q('begin');
  for (const [li, lv] of levels.entries()) {
    const t0 = Date.now();
    const cat = `bench-cat-${lv.level}`;
    await q(`insert into indicator_categories (id, name, icon, level, sort) values ($1, $2, $3, $4, $5)`, [
      cat,
      `规模测试${lv.label}指标`,
      'quality',
      lv.level,
      100 + li,
    ]);
    // Indicator tree: two levels, then the points under each leaf.
    await q(
      `insert into indicators (id, category_id, parent_id, code, name, depth, sort)
       select 'bench-ind-' || $1 || '-' || i, $2, null, 'BENCH-' || i, $3 || '一级指标' || i, 1, i
       from generate_series(1, $4::int) i`,
      [lv.level, cat, lv.label, lv.l1],
    );
    await q(
      `insert into indicators (id, category_id, parent_id, code, name, depth, sort)
       select 'bench-ind-' || $1 || '-' || i || '-' || j, $2, 'bench-ind-' || $1 || '-' || i,
              'BENCH-' || i || '.' || j, $3 || '二级指标' || i || '.' || j, 2, j
       from generate_series(1, $4::int) i, generate_series(1, $5::int) j`,
      [lv.level, cat, lv.label, lv.l1, lv.l2],
    );
    const points: unknown[][] = [];
    for (let i = 1; i <= lv.l1; i++) {
      for (let j = 1; j <= lv.l2; j++) {
        for (let k = 1; k <= lv.per; k++) {
          const p = ((i - 1) * lv.l2 + (j - 1)) * lv.per + k;
          const s = pointSpec(p, lv.history);
          points.push([
            `bench-qp-${lv.level}-${p}`,
            `bench-ind-${lv.level}-${i}-${j}`,
            `BENCH-${lv.level}-${p}`,
            `${lv.label}质控点${p}`,
            s.standardValue,
            lv.level,
            s.direction,
            s.dataType,
            s.calcMode,
            s.warningPeriod,
            s.warningMode,
            s.warningCondition,
            s.warningValue,
            JSON.stringify(s.calRule),
            s.collectionMethod,
            p,
          ]);
        }
      }
    }
    await q(
      `insert into quality_points (id, indicator_id, code, name, connotation, diagnostic_standard, standard_value,
         level, dimension, period, direction, data_type, calc_mode, sampling_period, warning_period,
         warning_mode, warning_condition, warning_value, grades, cal_rule, collection_method, sort)
       select v.id, v.indicator_id, v.code, v.name, v.name || '的内涵', v.name || '的诊断标准', v.standard_value,
         v.level, v.level, 'year', v.direction, v.data_type, v.calc_mode, 'month', v.warning_period,
         v.warning_mode, v.warning_condition, v.warning_value, '["A","B","C","D"]'::jsonb, v.cal_rule::jsonb,
         v.collection_method, v.sort
       from jsonb_to_recordset($1::jsonb) as v(id text, indicator_id text, code text, name text, standard_value text,
         level text, direction text, data_type text, calc_mode text, warning_period text, warning_mode text,
         warning_condition text, warning_value text, cal_rule text, collection_method text, sort int)`,
      [
        JSON.stringify(
          points.map((r) => ({
            id: r[0],
            indicator_id: r[1],
            code: r[2],
            name: r[3],
            standard_value: r[4],
            level: r[5],
            direction: r[6],
            data_type: r[7],
            calc_mode: r[8],
            warning_period: r[9],
            warning_mode: r[10],
            warning_condition: r[11],
            warning_value: r[12],
            cal_rule: r[13],
            collection_method: r[14],
            sort: r[15],
          })),
        ),
      ],
    );

    await q(
      `insert into diagnosis_objects (id, level, code, name)
       select 'bench-obj-' || $1 || '-' || n, $1, 'BENCH-' || $1 || '-' || n,
              case when $1 = 'school' then '规模测试学院' else $2 || n end
       from generate_series(1, $3::int) n`,
      [lv.level, `规模测试${lv.label}`, lv.objects],
    );
    const years = lv.history ? [YEAR - 1, YEAR] : [YEAR];
    for (const year of years) {
      const task = `bench-task-${lv.level}-${year}`;
      await q(
        `insert into diagnosis_tasks (id, name, level, period, start_date, end_date, state, publisher_user_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          task,
          `规模测试${year}年${lv.label}诊改`,
          lv.level,
          String(year),
          `${year}-01-01`,
          `${year}-12-31`,
          year < YEAR ? 'finished' : 'normal',
          admin.id,
        ],
      );
      await q(
        `insert into object_tasks (id, task_id, object_id, charger_user_id)
         select md5($1 || ':' || o.id), $1, o.id, case when $2 = 'school' then $3 end
         from diagnosis_objects o where o.level = $2 and o.id like 'bench-obj-%'`,
        [task, lv.level, charger.id],
      );
      // Targets, revised targets (1 %), results (1.5 % missing, 4 % below target), revised results (1 %).
      await q(
        `insert into assigned_points (id, object_task_id, quality_point_id, target_value, revised_target, result, revised_result)
         select x.id, ot.id, q.id, q.standard_value,
                case when h.t = 0 then ${REVISED_TARGET_SQL} end,
                case when h.u < 15 then null else ${valueSql('h.u', 'h.u < 55')} end,
                case when h.t = 1 then ${valueSql('h.v', 'false')} end
         from object_tasks ot
         join quality_points q on q.level = $2 and q.code like 'BENCH-%'
         cross join lateral (select md5(ot.id || ':' || q.id) as id) x
         cross join lateral (select ${hash(`x.id || ':r'`)} % 1000 as u, ${hash(`x.id || ':t'`)} % 100 as t,
                                    ${hash(`x.id || ':v'`)} % 1000 as v) h
         where ot.task_id = $1`,
        [task, lv.level],
      );
      if (lv.history && year === YEAR) {
        // Twelve monthly samples; one in 25 is taken at 16:30 UTC on the month's last day, which is
        // already the next month in Shanghai (December's then falls outside the task's year).
        await q(
          `insert into point_samples (id, assigned_point_id, sampled_at, value, numeric_value)
           select md5(ap.id || ':s' || m), ap.id, s.at, s.value,
                  case when q.calc_mode = 'result' and q.data_type in ('integer', 'float', 'percent')
                       then rtrim(s.value, '%')::float8 end
           from assigned_points ap
           join object_tasks ot on ot.id = ap.object_task_id
           join quality_points q on q.id = ap.quality_point_id
           cross join generate_series(1, 12) m
           cross join lateral (select ${hash(`ap.id || ':s' || m`)} % 1000 as u) h
           cross join lateral (select
               case when h.u % 25 = 0
                    then make_timestamptz(${year}, m, 1, 16, 30, 0, 'UTC') + interval '1 month' - interval '1 day'
                    else make_timestamptz(${year}, m, 10, 2, 0, 0, 'UTC') + (h.u % 48) * interval '1 hour' end as at,
               ${valueSql('h.u', 'h.u < 40')} as value) s
           where ot.task_id = $1`,
          [task],
        );
        // An algorithm point's result is its latest sample inside the task period (Shanghai days).
        await q(
          `update assigned_points ap set result = l.value
           from (
             select a.id, (select s.value from point_samples s
                           where s.assigned_point_id = a.id
                             and ((s.sampled_at at time zone 'UTC') + interval '8 hours')::date between t.start_date and t.end_date
                           order by s.sampled_at desc, s.id desc limit 1) as value
             from assigned_points a
             join object_tasks ot on ot.id = a.object_task_id
             join diagnosis_tasks t on t.id = ot.task_id
             join quality_points q on q.id = a.quality_point_id
             where ot.task_id = $1 and q.collection_method <> 'report'
           ) l
           where ap.id = l.id and l.value is not null`,
          [task],
        );
      }
    }
    options.log(
      `  ${lv.label}: ${lv.objects} objects × ${lv.l1 * lv.l2 * lv.per} points${lv.history ? ', last year too, 12 months of samples' : ''} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  const listObjectTaskId = (
    (await q(`select id from object_tasks where task_id = $1`, [`bench-task-school-${YEAR}`])).rows[0] as {
      id: string;
    }
  ).id;
  await q('commit');
  await q('analyze');
  const counts = (
    await q(`select (select count(*) from assigned_points)::int as ap, (select count(*) from point_samples)::int as s,
                    (select count(*) from object_tasks)::int as ot`)
  ).rows[0] as { ap: number; s: number; ot: number };
  return {
    assignedPoints: counts.ap,
    samples: counts.s,
    objectTasks: counts.ot,
    listObjectTaskId,
    charger: CHARGER,
  };
}
