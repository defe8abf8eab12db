/**
 * The figure catalogue (DESIGN §6 "Numbers", issue 26 "One number everywhere"): every figure of a diagnosis
 * task that the platform shows in more than one place — the quality report, its Word file and the school,
 * major, teacher and student portraits — defined once, with its Chinese name, its definition, what a rate
 * is taken over and the scope it is counted in, and computed by one pure function, `computeTaskFigures`.
 *
 * Two screens that need two different numbers give them two names: the portrait grade's share (met points
 * over all points, portrait-grade.ts) is not 达标率 and is never shown as one.
 */

/** A point of the scope, as the figures need it. */
export interface PointFigureFact {
  /** The point has a result (revised result first, blank counts as none). */
  hasResult: boolean;
  /** The diagnosis's below-standard flag: the result misses the target (judgement.ts `isBelow`). */
  below: boolean;
  /** Warning records raised on the point. */
  warnings: number;
  /** Of those, the handled ones. */
  handledWarnings: number;
}

export interface TaskFigures {
  pointCount: number;
  evaluatedCount: number;
  reachedCount: number;
  belowCount: number;
  unfinishedCount: number;
  reachedRate: number;
  completionRate: number;
  warningCount: number;
  handledCount: number;
  handledRate: number;
}

export type TaskFigure = keyof TaskFigures;
export type CountFigure = Exclude<TaskFigure, RateFigure>;
export type RateFigure = 'reachedRate' | 'completionRate' | 'handledRate';

/**
 * What every figure is counted in: the assigned points of one diagnosis task in a scope — the whole task,
 * one object task, or the object tasks of one department's objects. A report has its scope; a portrait
 * is one object's object task in the chosen task, the same as a report of that object task.
 */
export const FIGURE_SCOPE = '一个诊断任务的范围（整个任务、一个对象任务或一个部门的对象任务）内分配的质控点';

interface CountEntry {
  name: string;
  definition: string;
  /** What the count counts: 个 for points, 次 for warning records. */
  unit: '个' | '次';
  scope: string;
}

interface RateEntry {
  name: string;
  definition: string;
  numerator: CountFigure;
  /** What the rate is taken over: another figure of the catalogue. */
  denominator: CountFigure;
  scope: string;
}

export const COUNT_FIGURES: Record<CountFigure, CountEntry> = {
  pointCount: {
    name: '质控点数',
    definition: '范围内分配的质控点，一个对象任务的一个质控点算一个',
    unit: '个',
    scope: FIGURE_SCOPE,
  },
  evaluatedCount: {
    name: '已出结果',
    definition: '有结果值的质控点（有修正结果时取修正结果，空白不算）',
    unit: '个',
    scope: FIGURE_SCOPE,
  },
  reachedCount: {
    name: '达标',
    definition: '已出结果且结果未低于目标值的质控点',
    unit: '个',
    scope: FIGURE_SCOPE,
  },
  belowCount: {
    name: '未达标',
    definition: '已出结果且结果低于目标值的质控点（诊断的未达标标记）；达标 + 未达标 = 已出结果',
    unit: '个',
    scope: FIGURE_SCOPE,
  },
  unfinishedCount: {
    name: '未完成',
    definition:
      '尚无结果的质控点（有修正结果时取修正结果，空白不算有），无论任务是否已结束；未完成 = 质控点数 − 已出结果。诊断表、抽屉和报告统计表标为未完成的行就是这些点',
    unit: '个',
    scope: FIGURE_SCOPE,
  },
  warningCount: {
    name: '预警次数',
    definition: '范围内质控点触发的预警记录条数（同一质控点每个采样周期至多一条）',
    unit: '次',
    scope: FIGURE_SCOPE,
  },
  handledCount: {
    name: '已处理预警',
    definition: '预警记录中已处理（填写了处理结果）的条数',
    unit: '次',
    scope: FIGURE_SCOPE,
  },
};

export const RATE_FIGURES: Record<RateFigure, RateEntry> = {
  reachedRate: {
    name: '达标率',
    definition: '达标 ÷ 已出结果：没有结果的质控点不计入，它们是未完成',
    numerator: 'reachedCount',
    denominator: 'evaluatedCount',
    scope: FIGURE_SCOPE,
  },
  completionRate: {
    name: '完成率',
    definition: '已出结果 ÷ 质控点数',
    numerator: 'evaluatedCount',
    denominator: 'pointCount',
    scope: FIGURE_SCOPE,
  },
  handledRate: {
    name: '处理率',
    definition: '已处理预警 ÷ 预警次数',
    numerator: 'handledCount',
    denominator: 'warningCount',
    scope: FIGURE_SCOPE,
  },
};

/**
 * Figures that are not counts of points: each computed by one rule, named here so that every place shows
 * it under one name. 得分 is score.ts's (roundScore, formatScore); a report over a department or a whole
 * task shows the mean of its scored object tasks.
 */
export const SCORE_FIGURE = {
  name: '得分',
  definition:
    '对象任务中已评等级的质控点按指标权重折算的分数（满分100，保留两位小数）；部门或整个任务的报告取其中已计算得分的对象任务的平均值',
  scope: '一个对象任务；报告为部门或整个任务时是其中已计算得分的对象任务',
} as const;

/** n / d as a percentage with two decimals; 0 when d is 0. */
export function rate(n: number, d: number): number {
  return d > 0 ? Math.round((n / d) * 10_000) / 100 : 0;
}

/** The figures of the points of one scope: the one computation behind every screen that shows them. */
export function computeTaskFigures(facts: readonly PointFigureFact[]): TaskFigures {
  const tally: BaseCounts = {
    pointCount: facts.length,
    evaluatedCount: 0,
    belowCount: 0,
    warningCount: 0,
    handledCount: 0,
  };
  for (const f of facts) {
    if (f.hasResult) tally.evaluatedCount += 1;
    if (f.hasResult && f.below) tally.belowCount += 1;
    tally.warningCount += f.warnings;
    tally.handledCount += Math.min(f.handledWarnings, f.warnings);
  }
  return figuresFromCounts(tally);
}

/** The counts every other figure follows from; a statement that counts in SQL answers these. */
export type BaseCounts = Pick<
  TaskFigures,
  'pointCount' | 'evaluatedCount' | 'belowCount' | 'warningCount' | 'handledCount'
>;

/**
 * The catalogue's figures from counts taken elsewhere (a SQL count per group): below counts only points
 * with a result, reached and unfinished follow, and the rates are taken over their catalogue denominators.
 */
export function figuresFromCounts(base: BaseCounts): TaskFigures {
  const counts: Record<CountFigure, number> = {
    ...base,
    reachedCount: base.evaluatedCount - base.belowCount,
    unfinishedCount: base.pointCount - base.evaluatedCount,
  };
  const rateOf = (figure: RateFigure) =>
    rate(counts[RATE_FIGURES[figure].numerator], counts[RATE_FIGURES[figure].denominator]);
  return {
    ...counts,
    reachedRate: rateOf('reachedRate'),
    completionRate: rateOf('completionRate'),
    handledRate: rateOf('handledRate'),
  };
}

/** A percentage as shown: two decimals and %. */
export const formatPercent = (value: number) => `${value.toFixed(2)}%`;

/** How each rate says what it is taken over, in a sentence and beside the number. */
const RATE_PHRASES: Record<
  RateFigure,
  { sentence: (n: number, d: number) => string; base: (d: number) => string }
> = {
  reachedRate: {
    sentence: (n, d) => `已出结果的${d}个质控点中达标${n}个`,
    base: (d) => `按已出结果的${d}个质控点计`,
  },
  completionRate: {
    sentence: (n, d) => `${d}个质控点中已出结果${n}个`,
    base: (d) => `按全部${d}个质控点计`,
  },
  handledRate: {
    sentence: (n, d) => `${d}次预警中已处理${n}次`,
    base: (d) => `按${d}次预警计`,
  },
};

/** The counts a rate phrase reads; a report's or portrait's figures, or a measure's own counts. */
export type RateCounts = Partial<Record<CountFigure, number>>;

function parts(figure: RateFigure, counts: RateCounts) {
  const entry = RATE_FIGURES[figure];
  const n = counts[entry.numerator] ?? 0;
  const d = counts[entry.denominator] ?? 0;
  return { entry, n, d, value: rate(n, d) };
}

/**
 * A rate with what it is taken over, as one phrase: 「已出结果的102个质控点中达标71个，达标率69.61%」. Every
 * sentence that shows a rate uses it (or `rateWithBase`), so the numbers in it add up. The rate is computed
 * here from the same counts, the catalogue's way.
 */
export function ratePhrase(figure: RateFigure, counts: RateCounts): string {
  const { entry, n, d, value } = parts(figure, counts);
  return `${RATE_PHRASES[figure].sentence(n, d)}，${entry.name}${formatPercent(value)}`;
}

/** A rate's value with its denominator beside it: 「69.61%（按已出结果的102个质控点计）」. */
export function rateWithBase(figure: RateFigure, counts: RateCounts): string {
  const { d, value } = parts(figure, counts);
  return `${formatPercent(value)}（${RATE_PHRASES[figure].base(d)}）`;
}

/** A rate's label with its denominator, for a statistic card's title: 「达标率（已出结果 14 个）」. */
export function rateLabel(figure: RateFigure, counts: RateCounts): string {
  const { entry, d } = parts(figure, counts);
  const denominator = COUNT_FIGURES[entry.denominator];
  return `${entry.name}（${denominator.name} ${d} ${denominator.unit}）`;
}
