/**
 * The overview of a summary analysis report (spec 2 §2.7, §3 "Overview data"), computed from the facts of
 * the points in the report's scope, and the narrative sentences built on it. Pure: the server computes the
 * overview for the API and the Word document, the screen and the document render the same narrative.
 *
 * The figures (points, evaluated, reached, below, unfinished, the three rates, warnings, handled) are the
 * catalogue's (figures/figures.ts), computed by its one function; each count is the total of the table its
 * link opens: points — 目标监测统计, below — 未达标指标统计, unfinished — 未完成目标统计, warned points (points
 * with at least one warning) — 预警记录 (a row per warned point). The attainment pie shows reached vs below,
 * which together are the evaluated points, the denominator of 达标率.
 */
import {
  computeTaskFigures,
  type RateFigure,
  rate,
  ratePhrase,
  rateWithBase,
  type TaskFigures,
} from '../figures/figures.ts';
import { LEVEL_GRADES } from '../standards/standards.enums.ts';
import {
  PIE_LEGEND_MAX,
  REPORT_SECTION_LABELS,
  REPORT_SECTIONS,
  type ReportSection,
  type ReportTable,
} from './reports.enums.ts';

/** What the overview needs of one assigned point. */
export interface ReportPointFact {
  pointName: string;
  /** Level-1 indicator name. */
  level1: string;
  /** Level-2 indicator name; the level-1 name when the point hangs directly under level 1. */
  level2: string;
  grade: string | null;
  hasResult: boolean;
  below: boolean;
  warnings: number;
  handledWarnings: number;
}

export interface NamedShare {
  name: string;
  value: number;
  /** Percentage of the pie, two decimals. */
  share: number;
}

export interface ReportOverview extends TaskFigures {
  /** 达标率 / 未达标率 pie (zkdhglList). */
  attainment: NamedShare[];
  /** Per level-1 indicator (zkddbqkList). */
  attainmentByIndicator: Array<{ name: string; reached: number; below: number }>;
  /** Grades A–D (zgQualitiesRankList). */
  grades: NamedShare[];
  /** Distinct names of the below-standard points, most frequent first (at most NAMES_LISTED). */
  belowNames: string[];
  belowIndicators: string[];
  /** 已完成 / 未完成 pie (zkdwcqkList). */
  completion: NamedShare[];
  unfinishedNames: string[];
  unfinishedIndicators: string[];
  warnedPointCount: number;
  /** 已处理 / 未处理 pie (yjqkList). */
  warningShare: NamedShare[];
  /** The most warned points, most first, at most WARNED_POINTS_SHOWN (zkdmcs, zkdyjcs). */
  warnedPoints: Array<{ name: string; count: number }>;
}

export const WARNED_POINTS_SHOWN = 10;

function shares(items: Array<{ name: string; value: number }>): NamedShare[] {
  const total = items.reduce((s, i) => s + i.value, 0);
  return items.map((i) => ({ ...i, share: rate(i.value, total) }));
}

const distinct = (names: string[]) => [...new Set(names)];
/**
 * Point names listed in the overview: each name once (a task over many objects repeats every point per
 * object), the most frequent first, at most NAMES_LISTED — the narrative shows the first few.
 */
export const NAMES_LISTED = 50;
function listedNames(names: string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, NAMES_LISTED)
    .map(([name]) => name);
}

export function computeOverview(facts: readonly ReportPointFact[]): ReportOverview {
  const figures = computeTaskFigures(facts);
  // The lists and pies split the same points the figures count: below is evaluated and flagged below.
  const below = facts.filter((f) => f.hasResult && f.below);
  const unfinished = facts.filter((f) => !f.hasResult);
  const byIndicator = new Map<string, { reached: number; below: number }>();
  for (const f of facts) {
    const entry = byIndicator.get(f.level1) ?? { reached: 0, below: 0 };
    if (f.hasResult && f.below) entry.below += 1;
    else if (f.hasResult) entry.reached += 1;
    byIndicator.set(f.level1, entry);
  }
  const warned = facts.filter((f) => f.warnings > 0);
  return {
    ...figures,
    attainment: shares([
      { name: '达标率', value: figures.reachedCount },
      { name: '未达标率', value: figures.belowCount },
    ]),
    attainmentByIndicator: [...byIndicator].map(([name, v]) => ({ name, ...v })),
    grades: shares(
      LEVEL_GRADES.map((g) => ({ name: g, value: facts.filter((f) => f.grade?.toUpperCase() === g).length })),
    ),
    belowNames: listedNames(below.map((f) => f.pointName)),
    belowIndicators: distinct(below.map((f) => f.level2)),
    completion: shares([
      { name: '已完成', value: figures.evaluatedCount },
      { name: '未完成', value: figures.unfinishedCount },
    ]),
    unfinishedNames: listedNames(unfinished.map((f) => f.pointName)),
    unfinishedIndicators: distinct(unfinished.map((f) => f.level2)),
    warnedPointCount: warned.length,
    warningShare: shares([
      { name: '已处理', value: figures.handledCount },
      { name: '未处理', value: figures.warningCount - figures.handledCount },
    ]),
    warnedPoints: [...warned]
      .sort((a, b) => b.warnings - a.warnings || a.pointName.localeCompare(b.pointName, 'zh-CN'))
      .slice(0, WARNED_POINTS_SHOWN)
      .map((f) => ({ name: f.pointName, count: f.warnings })),
  };
}

// ------------------------------------------------------------------------------------------ narrative

/** A piece of a narrative sentence: plain text, or a count that opens its table. */
export type NarrativeSegment = { text: string; table?: ReportTable };

/** Shown names are cut to this many, then 等. */
export const NARRATIVE_NAMES_SHOWN = 5;

function names(list: readonly string[]): string {
  if (list.length === 0) return '无';
  const shown = list.slice(0, NARRATIVE_NAMES_SHOWN).join('、');
  return list.length > NARRATIVE_NAMES_SHOWN ? `${shown}等` : shown;
}

/**
 * The placeholder each overview figure is written as in a narrative (`{zkdzsl}` for pointCount). Their
 * names are the spec's overview fields, so a template written against the spec reads naturally.
 */
export const NARRATIVE_PLACEHOLDER_NAMES = {
  pointCount: 'zkdzsl',
  evaluatedCount: 'ycjgsl',
  reachedCount: 'dbsl',
  reachedRate: 'dbl',
  reachedPhrase: 'dbqk',
  belowCount: 'wdbzkdsl',
  belowNames: 'wdbzkdmcs',
  belowIndicators: 'wdbzkdejzbs',
  belowPhrase: 'wdbqk',
  completionRate: 'wcl',
  completionPhrase: 'wcqk',
  unfinishedCount: 'wwczkdsl',
  unfinishedNames: 'wwczkdmcs',
  unfinishedIndicators: 'wwczkdejzbs',
  unfinishedPhrase: 'wwcqk',
  warningCount: 'yjcs',
  warnedPointCount: 'yjzkdsl',
  handledCount: 'yjclsl',
  handledRate: 'yjcll',
  handledPhrase: 'yjclqk',
  warnedPointNames: 'zkdmcs',
} as const;
export type NarrativeFigure = keyof typeof NARRATIVE_PLACEHOLDER_NAMES;

/** A figure as a template writes it: `{zkdzsl}` for pointCount. */
export const narrativePlaceholder = (figure: NarrativeFigure) => `{${NARRATIVE_PLACEHOLDER_NAMES[figure]}}`;

/**
 * The below-standard points as one phrase that reads true at 0 too: a sentence written around the count
 * (「未达标{wdbzkdsl}个，主要集中在{wdbzkdejzbs}」) said 「未达标0个，主要集中在无」 when every point reached its
 * target. A segment opens its table as a whole, so the phrase is the link, and only when there is a row to see.
 */
function belowPhrase(o: ReportOverview): NarrativeSegment {
  if (o.belowCount === 0) return { text: '无未达标质控点' };
  return { text: `未达标${o.belowCount}个，主要集中在${names(o.belowIndicators)}`, table: 'below' };
}

/**
 * The unfinished points (no effective result yet, the catalogue's 未完成) as one phrase, for the same reason:
 * 「尚有0个质控点未完成（无）」 when every point has its result.
 */
function unfinishedPhrase(o: ReportOverview): NarrativeSegment {
  if (o.unfinishedCount === 0) return { text: '质控点均已出结果' };
  return {
    text: `尚有${o.unfinishedCount}个质控点未完成（${names(o.unfinishedNames)}）`,
    table: 'unfinished',
  };
}

/**
 * The placeholders a narrative may use, by name, with what each shows and the table its count opens. A rate
 * never stands alone: `{dbl}` shows its denominator beside it (「69.61%（按已出结果的102个质控点计）」) and the
 * phrases (`{dbqk}`, `{wcqk}`, `{yjclqk}`) say the whole 「已出结果的102个质控点中达标71个，达标率69.61%」, so
 * whatever a template writes around them, the numbers of the sentence add up. `{wdbqk}` and `{wwcqk}` say
 * the below and unfinished points in words that hold at 0 (「无未达标质控点」, 「质控点均已出结果」).
 */
export function narrativeValues(o: ReportOverview): Record<string, NarrativeSegment> {
  const withBase = (figure: RateFigure) => ({ text: rateWithBase(figure, o) });
  const phrase = (figure: RateFigure) => ({ text: ratePhrase(figure, o) });
  const figures: Record<NarrativeFigure, NarrativeSegment> = {
    pointCount: { text: String(o.pointCount), table: 'points' },
    evaluatedCount: { text: String(o.evaluatedCount) },
    reachedCount: { text: String(o.reachedCount) },
    reachedRate: withBase('reachedRate'),
    reachedPhrase: phrase('reachedRate'),
    belowCount: { text: String(o.belowCount), table: 'below' },
    belowNames: { text: names(o.belowNames) },
    belowIndicators: { text: names(o.belowIndicators) },
    belowPhrase: belowPhrase(o),
    completionRate: withBase('completionRate'),
    completionPhrase: phrase('completionRate'),
    unfinishedCount: { text: String(o.unfinishedCount), table: 'unfinished' },
    unfinishedNames: { text: names(o.unfinishedNames) },
    unfinishedIndicators: { text: names(o.unfinishedIndicators) },
    unfinishedPhrase: unfinishedPhrase(o),
    warningCount: { text: String(o.warningCount) },
    warnedPointCount: { text: String(o.warnedPointCount), table: 'warnings' },
    handledCount: { text: String(o.handledCount) },
    handledRate: withBase('handledRate'),
    handledPhrase: phrase('handledRate'),
    warnedPointNames: { text: names(o.warnedPoints.map((p) => p.name)) },
  };
  return Object.fromEntries(
    Object.entries(figures).map(([figure, segment]) => [
      NARRATIVE_PLACEHOLDER_NAMES[figure as NarrativeFigure],
      segment,
    ]),
  );
}

/** The narrative of each section when the template gives none. */
export const DEFAULT_NARRATIVES: Record<ReportSection, string> = {
  points: '本次诊断共监测质控点{zkdzsl}个，{dbqk}；{wdbqk}。',
  completion: '{wcqk}；{wwcqk}。',
  warnings: '诊断期内共触发预警{yjcs}次，涉及质控点{yjzkdsl}个，{yjclqk}；预警较多的质控点有{zkdmcs}。',
  improvement: '上一周期未达标或预警并制定了改进措施的质控点，本周期的变化如下表。',
  explain: '',
};

/**
 * Renders a narrative: `{name}` placeholders become their values (counts keep their table); an unknown
 * placeholder stays as written, so a typo shows in the report rather than vanishing.
 */
export function renderNarrative(
  template: string,
  values: Record<string, NarrativeSegment>,
): NarrativeSegment[] {
  const out: NarrativeSegment[] = [];
  const push = (segment: NarrativeSegment) => {
    const last = out[out.length - 1];
    if (last && !last.table && !segment.table) last.text += segment.text;
    else if (segment.text !== '') out.push({ ...segment });
  };
  let at = 0;
  for (const m of template.matchAll(/\{([A-Za-z]+)\}/g)) {
    push({ text: template.slice(at, m.index) });
    push(values[m[1]!] ?? { text: m[0] });
    at = m.index + m[0].length;
  }
  push({ text: template.slice(at) });
  return out;
}

/** A pie legend name: cut at PIE_LEGEND_MAX characters, with its share to two decimals. */
export function pieLegend(item: Pick<NamedShare, 'name' | 'share'>): string {
  const chars = [...item.name];
  const name = chars.length > PIE_LEGEND_MAX ? `${chars.slice(0, PIE_LEGEND_MAX).join('')}…` : item.name;
  return `${name} ${item.share.toFixed(2)}%`;
}

/** Whether a checked section has anything to show. */
export function sectionHasContent(
  section: ReportSection,
  input: { overview: ReportOverview; improvements: number; explains: number },
): boolean {
  switch (section) {
    case 'points':
    case 'completion':
      return input.overview.pointCount > 0;
    case 'warnings':
      return input.overview.warningCount > 0;
    case 'improvement':
      return input.improvements > 0;
    case 'explain':
      return input.explains > 0;
  }
}

/** The sections of a report without a template (and of a new template): every section, checked, in order. */
export function defaultTemplateSections(): Array<{
  key: ReportSection;
  title: string;
  enabled: boolean;
  narrative: string;
}> {
  return REPORT_SECTIONS.map((key) => ({
    key,
    title: REPORT_SECTION_LABELS[key],
    enabled: true,
    narrative: '',
  }));
}
