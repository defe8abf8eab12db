import { COMMON_TIME_ZONES } from '@eduqa/contract';

export interface TimeZoneOptionGroup {
  label: string;
  options: Array<{ value: string; label: string }>;
}

/** Every zone this browser knows (none on an engine without `Intl.supportedValuesOf`). */
const knownZones = (): readonly string[] =>
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/**
 * The 时区 choices: the common ones first (北京时间 at the top), then every other zone by its IANA name,
 * and the saved zone even when this browser does not know it, so the select never shows a bare value.
 */
export function timeZoneOptions(
  saved: string,
  known: readonly string[] = knownZones(),
): TimeZoneOptionGroup[] {
  const common = new Set(COMMON_TIME_ZONES.map((zone) => zone.value));
  const others = known.filter((zone) => !common.has(zone));
  if (!common.has(saved) && !others.includes(saved)) others.unshift(saved);
  return [
    { label: '常用时区', options: COMMON_TIME_ZONES.map((zone) => ({ ...zone })) },
    { label: '其他时区', options: others.map((zone) => ({ value: zone, label: zone })) },
  ];
}
