import type { ImportRowError } from '@eduqa/contract';
import { DEFAULT_EXCEL_LIMITS } from './limits.ts';

/** Row errors as an import collects them: the first `max` listed, every one counted. */
export class RowErrors {
  readonly listed: ImportRowError[] = [];
  count = 0;

  constructor(readonly max: number = DEFAULT_EXCEL_LIMITS.listedErrors) {}

  add(error: ImportRowError) {
    this.count++;
    if (this.listed.length < this.max) this.listed.push(error);
  }
}

/**
 * The errors of an import's answer: in row order (stable, so a row's errors keep their order), the first
 * `max` of them, and `errorCount` with the total (`counted`, when some were dropped before) only when
 * there are any, so a clean import answers `errors: []` alone.
 */
export function importErrors(
  errors: readonly ImportRowError[],
  counted: number = errors.length,
  max: number = DEFAULT_EXCEL_LIMITS.listedErrors,
): { errors: ImportRowError[]; errorCount?: number } {
  const sorted = [...errors].sort((a, b) => a.row - b.row).slice(0, max);
  const total = Math.max(counted, errors.length);
  return total > 0 ? { errors: sorted, errorCount: total } : { errors: sorted };
}
