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

/** Values keyed `school|indicator|year` for lookups while building an answer. */
export function valueIndex(values: readonly EffectiveValue[]) {
  const map = new Map<string, EffectiveValue>();
  for (const v of values) map.set(`${v.schoolCode}|${v.indicatorId}|${v.year}`, v);
  return {
    get: (school: string, indicator: string, year: number) =>
      map.get(`${school}|${indicator}|${year}`)?.value ?? null,
    isDemo: values.some((v) => v.isDemo),
  };
}

export const yearsBetween = (start: number, end: number) =>
  Array.from({ length: end - start + 1 }, (_, i) => start + i);
