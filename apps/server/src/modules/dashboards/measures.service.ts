import {
  COLLECTION_METHOD_LABELS,
  COLLECTION_METHODS,
  type CollectionMethod,
  type Direction,
  MEASURE_KEYS,
  MEASURE_LABELS,
  type MeasureKey,
  type MeasureResult,
  OBJECT_LEVEL_LABELS,
  OBJECT_LEVELS,
  PEER_RANK_COLUMNS,
  percentOf,
  rankValues,
  rate,
  ratePhrase,
  type ScreenOverview,
  TODO_KIND_LABELS,
  WARNING_GRADES,
  WARNING_KIND_LABELS,
  zonedParts,
  zonedTimeToMs,
} from '@eduqa/contract';
import { type Actor, assertCan, can } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { formatDateTime, schoolTimeZone } from '../../platform/time.ts';
import type { GoalSummaryRepo } from '../goals/goal-summary.repo.ts';
import type { HomeService } from '../home/home.service.ts';
import type { MeasuresRepo, PeerValueRow } from './measures.repo.ts';

/**
 * 内置指标: the figures every dashboard card and the data screen draw. School-wide figures for holders of
 * 首页 (`index`) or 数据大屏 (`dataScreen`); 待办事项 is the caller's own. Each measure is one statement of
 * the repo (or of the module whose figure it reuses), shaped into a MeasureResult here.
 *
 * Rules, each the rule of the screen where the figure is also shown:
 * - pointAttainment (质控点达标率): the figure catalogue's 达标率 (figures.ts, the quality report's) over the
 *   current diagnosis tasks (per level, the open ones, else the level's latest): reached = with a result and
 *   not below standard, rate = reached / points with a result; by level as a series; the note says the rate
 *   with its denominator.
 * - warningsByLevel: the current tasks' graded warning records (等级比较) by grade A–G, over their own count.
 *   A result-comparison record has no grade: it is a kind, not a level, so it is left out here (the note
 *   names it) and counted by warningsByKind — one pie never mixes levels with kinds.
 * - warningsByKind: the current tasks' warning records by kind (等级预警, 结果值预警), over every record.
 * - warningsByMonth: the last 12 months (school clock), records raised in a month and records handled in it.
 * - goalCompletionByDepartment: the target tasks (withdrawn left out) of this year's year targets — or the
 *   latest year with tasks — per responsible department, the finished share as 汇总分析 counts it
 *   (goal-summary.repo's byDepartment, goal-summary.rates' percentOf).
 * - collectionRate (自动采集率): of the current tasks' assigned points, the share whose quality point is
 *   collected automatically — method algorithm, sql or interface — rather than filled in (report); every
 *   point has a method. A point's method, not how its latest sample arrived: the rate measures how much of
 *   the school's monitoring no one has to type.
 * - peerRank: the own school's standard competition rank (peer-stats rankValues, in each indicator's
 *   direction) among the schools of its level and province on the 计分卡 indicators, over the peers module's
 *   effective values (the own school's linked point results before what it published), in the latest year
 *   where it can be compared with another of them; isDemo when any value compared is 演示数据.
 * - openTodos: the caller's to-do counts of the home workbench.
 */
export interface MeasuresDeps {
  repo: MeasuresRepo;
  /** The goals module's summary, for the goal completion per department. */
  goals: GoalSummaryRepo;
  /** The home workbench, for the caller's to-do counts. */
  home: HomeService;
  now?: () => Date;
  /** The screen authority check (analysis/authority.service.ts): not-found unless the actor may open the screen. */
  assertScreen?: (actor: Actor, screenId: string) => Promise<void>;
}

export interface MeasureInput {
  actor: Actor;
  key: MeasureKey;
}

export function createMeasuresService(deps: MeasuresDeps) {
  const { repo, goals, home } = deps;
  const now = deps.now ?? (() => new Date());

  const compute: Record<MeasureKey, (actor: Actor, at: Date) => Promise<Omit<MeasureResult, 'asOf'>>> = {
    pointAttainment: () => pointAttainment(repo),
    warningsByLevel: () => warningsByLevel(repo),
    warningsByKind: () => warningsByKind(repo),
    warningsByMonth: (_actor, at) => warningsByMonth(repo, at),
    goalCompletionByDepartment: (_actor, at) => goalCompletion(repo, goals, at),
    collectionRate: () => collectionRate(repo),
    peerRank: () => peerRank(repo),
    openTodos: (actor) => openTodos(home, actor),
  };

  async function run(actor: Actor, key: MeasureKey, at: Date): Promise<MeasureResult> {
    const result = await compute[key](actor, at);
    return { ...result, asOf: at.toISOString() };
  }

  return {
    /** One measure. */
    async measure(input: MeasureInput): Promise<MeasureResult> {
      assertMayRead(input.actor);
      if (!(MEASURE_KEYS as readonly string[]).includes(input.key)) {
        throw new AppError('VALIDATION', '内置指标不正确');
      }
      return run(input.actor, input.key, now());
    },

    /** 数据大屏 学校概览: every measure, and the own school's name for the title bar. */
    async screenOverview(actor: Actor, screenId?: string): Promise<ScreenOverview> {
      assertCan(actor, { kind: 'menu', key: 'dataScreen' });
      if (screenId) {
        if (!deps.assertScreen) throw new AppError('NOT_FOUND', '大屏不存在或无权查看');
        await deps.assertScreen(actor, screenId);
      }
      const at = now();
      // One after another: PGlite is one connection, and on PostgreSQL seven small reads gain little in parallel.
      const measures: MeasureResult[] = [];
      for (const key of MEASURE_KEYS) measures.push(await run(actor, key, at));
      const own = await repo.ownSchool();
      return { schoolName: own?.name ?? null, asOf: at.toISOString(), measures };
    },
  };
}

export type MeasuresService = ReturnType<typeof createMeasuresService>;

/** The built-in measures are read by holders of 首页 or 数据大屏. */
function assertMayRead(actor: Actor) {
  if (!can(actor, { kind: 'menu', key: 'index' }) && !can(actor, { kind: 'menu', key: 'dataScreen' })) {
    throw new AppError('FORBIDDEN');
  }
}

const n = (v: string | number | null | undefined) => Number(v ?? 0);
const base = (key: MeasureKey) => ({ key, label: MEASURE_LABELS[key] });

async function pointAttainment(repo: MeasuresRepo): Promise<Omit<MeasureResult, 'asOf'>> {
  const found = await repo.attainmentByLevel();
  const byLevel = new Map(found.map((r) => [r.level, r]));
  const evaluated = found.reduce((s, r) => s + n(r.evaluated), 0);
  const reached = found.reduce((s, r) => s + n(r.reached), 0);
  const points = found.reduce((s, r) => s + n(r.points), 0);
  const tasks = found.reduce((s, r) => s + n(r.tasks), 0);
  return {
    ...base('pointAttainment'),
    shape: 'progress',
    value: rate(reached, evaluated),
    unit: '%',
    categories: OBJECT_LEVELS.map((level) => OBJECT_LEVEL_LABELS[level]),
    series: [
      {
        name: '达标率',
        data: OBJECT_LEVELS.map((level) => {
          const row = byLevel.get(level);
          return row && n(row.evaluated) > 0 ? rate(n(row.reached), n(row.evaluated)) : null;
        }),
      },
    ],
    note:
      tasks === 0
        ? '暂无诊断任务'
        : // The rate with what it is taken over, in the catalogue's words (the report says the same).
          `${tasks} 个诊断任务，质控点 ${points} 个，${ratePhrase('reachedRate', { evaluatedCount: evaluated, reachedCount: reached })}`,
  };
}

/** The current tasks' warning records: per grade A–G, the graded total and the ungraded (结果值) total. */
async function warningCounts(repo: MeasuresRepo) {
  const found = await repo.warningsByGrade();
  const countOf = (grade: string) => n(found.find((r) => r.grade === grade)?.n);
  const byGrade = WARNING_GRADES.map(countOf);
  const graded = byGrade.reduce((s, v) => s + v, 0);
  return { byGrade, graded, result: countOf('result') };
}

async function warningsByLevel(repo: MeasuresRepo): Promise<Omit<MeasureResult, 'asOf'>> {
  const { byGrade, graded, result } = await warningCounts(repo);
  return {
    ...base('warningsByLevel'),
    shape: 'series',
    value: graded,
    unit: '条',
    categories: WARNING_GRADES.map((g) => `${g}级`),
    series: [{ name: '预警数', data: byGrade }],
    // Short enough for half a column of the data screen; 预警类型分布 beside it names the rest.
    note: `${WARNING_KIND_LABELS.level} ${graded} 条 / 全部预警 ${graded + result} 条`,
  };
}

async function warningsByKind(repo: MeasuresRepo): Promise<Omit<MeasureResult, 'asOf'>> {
  const { graded, result } = await warningCounts(repo);
  return {
    ...base('warningsByKind'),
    shape: 'series',
    value: graded + result,
    unit: '条',
    categories: [WARNING_KIND_LABELS.level, WARNING_KIND_LABELS.result],
    series: [{ name: '预警数', data: [graded, result] }],
    note: `当前诊断任务的预警记录 ${graded + result} 条`,
  };
}

/**
 * The 12 months ending with `at`'s month on the school's clock (yyyy-MM, oldest first) and the instant the
 * first one starts.
 */
export function lastTwelveMonths(
  at: Date,
  zone: string = schoolTimeZone(),
): { months: string[]; since: Date } {
  const { year, month } = zonedParts(at.getTime(), zone);
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 12 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  return { months, since: new Date(zonedTimeToMs(`${months[0]}-01T00:00:00`, zone)) };
}

async function warningsByMonth(repo: MeasuresRepo, at: Date): Promise<Omit<MeasureResult, 'asOf'>> {
  const { months, since } = lastTwelveMonths(at);
  const found = await repo.warningsByMonth(since);
  const of = (month: string) => found.find((r) => r.month === month);
  const raised = months.map((m) => n(of(m)?.raised));
  return {
    ...base('warningsByMonth'),
    shape: 'series',
    value: raised.reduce((s, v) => s + v, 0),
    unit: '条',
    categories: months,
    series: [
      { name: '新增预警', data: raised },
      { name: '已处理', data: months.map((m) => n(of(m)?.handled)) },
    ],
    note: '近 12 个月',
  };
}

async function goalCompletion(
  repo: MeasuresRepo,
  goals: GoalSummaryRepo,
  at: Date,
): Promise<Omit<MeasureResult, 'asOf'>> {
  const today = formatDateTime(at)!.slice(0, 10);
  const year = await repo.goalYear(Number(today.slice(0, 4)));
  const found = year === null ? [] : await goals.byDepartmentOfYear({ cycleYear: year, today });
  const tasks = found.reduce((s, r) => s + n(r.taskCount), 0);
  const finished = found.reduce((s, r) => s + n(r.finishedCount), 0);
  return {
    ...base('goalCompletionByDepartment'),
    shape: 'series',
    value: percentOf(finished, tasks),
    unit: '%',
    categories: found.map((r) => r.departmentName),
    series: [
      { name: '完成率', data: found.map((r) => percentOf(n(r.finishedCount), n(r.taskCount))) },
      { name: '任务数', data: found.map((r) => n(r.taskCount)) },
      { name: '已完成', data: found.map((r) => n(r.finishedCount)) },
    ],
    note: year === null ? '暂无目标任务' : `${year} 年度目标任务 ${tasks} 项，已完成 ${finished} 项`,
  };
}

const AUTOMATIC_METHODS: readonly CollectionMethod[] = ['algorithm', 'sql', 'interface'];

async function collectionRate(repo: MeasuresRepo): Promise<Omit<MeasureResult, 'asOf'>> {
  const found = await repo.pointsByCollectionMethod();
  const countOf = (method: string) => n(found.find((r) => r.method === method)?.n);
  const total = found.reduce((s, r) => s + n(r.n), 0);
  const automatic = AUTOMATIC_METHODS.reduce((s, m) => s + countOf(m), 0);
  return {
    ...base('collectionRate'),
    shape: 'progress',
    value: percentOf(automatic, total),
    unit: '%',
    categories: COLLECTION_METHODS.map((m) => COLLECTION_METHOD_LABELS[m]),
    series: [{ name: '质控点数', data: COLLECTION_METHODS.map(countOf) }],
    note: `当前诊断任务的质控点 ${total} 个，自动采集（算法、SQL、接口）${automatic} 个`,
  };
}

async function peerRank(repo: MeasuresRepo): Promise<Omit<MeasureResult, 'asOf'>> {
  const columns = Object.values(PEER_RANK_COLUMNS);
  const own = await repo.ownSchool();
  if (!own) {
    return { ...base('peerRank'), shape: 'table', columns, rows: [], note: '尚未设置本校（智能分析设置）' };
  }
  const found = await repo.peerScorecard(own);
  const byIndicator = new Map<string, PeerValueRow[]>();
  for (const row of found)
    byIndicator.set(row.indicatorId, [...(byIndicator.get(row.indicatorId) ?? []), row]);
  const rows = [...byIndicator.values()].map((values) => {
    const first = values[0]!;
    const ranked = rankValues(
      values.map((v) => ({ key: v.schoolCode, value: Number(v.value) })),
      first.direction as Direction,
    );
    const mine = ranked.find((r) => r.key === own.code);
    return {
      [PEER_RANK_COLUMNS.indicator]: first.name,
      [PEER_RANK_COLUMNS.unit]: first.unit,
      [PEER_RANK_COLUMNS.value]: mine?.value ?? null,
      [PEER_RANK_COLUMNS.rank]: mine?.rank ?? null,
      [PEER_RANK_COLUMNS.of]: ranked.filter((r) => r.rank !== null).length,
    };
  });
  const year = found[0]?.year;
  const schools = new Set(found.map((r) => r.schoolCode)).size;
  // A rank says over how many: the schools with data, and how many of the category the list holds.
  const listed = await repo.listedSchools(own);
  return {
    ...base('peerRank'),
    shape: 'table',
    columns,
    rows,
    isDemo: found.some((r) => r.isDemo),
    note:
      year === undefined
        ? `${own.province}${own.level}院校暂无计分卡数据`
        : `${year} 年计分卡 · ${own.province}${own.level}院校中有数据的 ${schools} 所（名单中共 ${listed} 所）`,
  };
}

async function openTodos(home: HomeService, actor: Actor): Promise<Omit<MeasureResult, 'asOf'>> {
  const { todos } = await home.workbench(actor);
  return {
    ...base('openTodos'),
    shape: 'series',
    value: todos.reduce((s, t) => s + t.count, 0),
    unit: '件',
    categories: todos.map((t) => TODO_KIND_LABELS[t.kind]),
    series: [{ name: '待办数', data: todos.map((t) => t.count) }],
    note: '我的待办',
  };
}
