import type { AnalysisSchool, PeerIndicator } from '@eduqa/contract';
import { AppError } from '../../platform/errors.ts';
import type { EffectiveValue, PeersRepo } from './peers.repo.ts';

/** The schools and indicators an analysis was asked about, checked against the directory and catalogue. */
export interface Selection {
  own: AnalysisSchool | null;
  /** The chosen schools other than the own school, in the order given. */
  chosen: AnalysisSchool[];
  /** The own school first, then the chosen ones. */
  schools: AnalysisSchool[];
  /** The indicators in the order given. */
  indicators: PeerIndicator[];
}

const listed = (items: readonly string[]) =>
  items.length > 3 ? `${items.slice(0, 3).join('、')} 等 ${items.length} 个` : items.join('、');

/** Unknown codes answer a Chinese 400 naming them. */
export async function resolveSchools(
  repo: PeersRepo,
  codes: readonly string[],
): Promise<{ own: AnalysisSchool | null; chosen: AnalysisSchool[]; schools: AnalysisSchool[] }> {
  const [own, found] = await Promise.all([repo.ownSchool(), repo.schools(codes)]);
  const byCode = new Map(found.map((s) => [s.code, s]));
  const unknown = codes.filter((c) => !byCode.has(c));
  if (unknown.length) throw new AppError('VALIDATION', `未找到学校：${listed(unknown)}`);
  const chosen = codes.filter((c) => c !== own?.code).map((c) => byCode.get(c)!);
  return { own, chosen, schools: own ? [own, ...chosen] : chosen };
}

export async function resolveIndicators(repo: PeersRepo, ids: readonly string[]): Promise<PeerIndicator[]> {
  const found = await repo.indicators(ids);
  const byId = new Map(found.map((i) => [i.id, i]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length) throw new AppError('VALIDATION', `未找到指标：${listed(unknown)}`);
  return ids.map((id) => byId.get(id)!);
}

export async function resolveSelection(
  repo: PeersRepo,
  input: { schoolCodes: readonly string[]; indicatorIds: readonly string[] },
): Promise<Selection> {
  const [schools, indicators] = await Promise.all([
    resolveSchools(repo, input.schoolCodes),
    resolveIndicators(repo, input.indicatorIds),
  ]);
  return { ...schools, indicators };
}

/**
 * Values by school, indicator and year for lookups while building an answer. Nested maps rather than one
 * keyed `school|indicator|year`: building and hashing that key for each of the trend's 12,000 values and
 * again for each lookup cost more than the statement that read them.
 */
export function valueIndex(values: readonly EffectiveValue[]) {
  const bySchool = new Map<string, Map<string, Map<number, number>>>();
  for (const v of values) {
    let byIndicator = bySchool.get(v.schoolCode);
    if (!byIndicator) {
      byIndicator = new Map();
      bySchool.set(v.schoolCode, byIndicator);
    }
    let byYear = byIndicator.get(v.indicatorId);
    if (!byYear) {
      byYear = new Map();
      byIndicator.set(v.indicatorId, byYear);
    }
    byYear.set(v.year, v.value);
  }
  const yearsOf = (school: string, indicator: string) => bySchool.get(school)?.get(indicator);
  return {
    get: (school: string, indicator: string, year: number) => yearsOf(school, indicator)?.get(year) ?? null,
    /** One school's values of one indicator over these years (null where it has none). */
    series(school: string, indicator: string, years: readonly number[]) {
      const byYear = yearsOf(school, indicator);
      return years.map((year) => byYear?.get(year) ?? null);
    },
    isDemo: values.some((v) => v.isDemo),
  };
}

export const yearsBetween = (start: number, end: number) =>
  Array.from({ length: end - start + 1 }, (_, i) => start + i);
