import type { ComputedCompare, ComputedVersionOption } from '@eduqa/contract';

/** What no value reads as in the comparison: the algorithm answered nothing for that object and cycle. */
export const NO_DATA = '无数据';

/** A value with its grade, or 无数据. */
export const resultText = (value: string | null, grade: string | null) =>
  value === null ? NO_DATA : grade ? `${value}（${grade}）` : value;

/** The cycles compared: one by its key, several as a range with their number. */
function cyclesText(keys: readonly string[]) {
  if (keys.length === 1) return `周期 ${keys[0]}`;
  return `${keys[0]} 至 ${keys.at(-1)} 共 ${keys.length} 个周期`;
}

/**
 * The sentence above the table. Pairs where neither version gives a value are told apart, so that "no
 * change" is not read as agreement when both versions found nothing.
 */
export function compareSummary(c: ComputedCompare): string {
  const scope = `版本 ${c.fromVersion} → ${c.toVersion}，${c.objectCount} 个对象，${cyclesText(c.cycleKeys)}`;
  const changed = c.changes.length ? `${c.changes.length} 处结果或等级会变化` : '结果和等级都没有变化';
  const empty = c.emptyCount ? `，${c.emptyCount} 处两个版本都${NO_DATA}` : '';
  return `${scope}：${changed}${empty}`;
}

/** A version as the picker names it: V3（当前）, V4（草稿）. */
export function versionLabel(v: ComputedVersionOption) {
  const marks = [v.current ? '当前' : '', v.published ? '' : '草稿'].filter(Boolean);
  return marks.length ? `V${v.version}（${marks.join('，')}）` : `V${v.version}`;
}

/**
 * What the form starts with for a point: the current version against the newest other one (a draft
 * being tried out, or the version just published).
 */
export function defaultVersions(versions: readonly ComputedVersionOption[]) {
  const current = versions.find((v) => v.current) ?? versions[1];
  const other = versions.find((v) => v !== current);
  return { fromVersion: current?.version, toVersion: other?.version };
}
