import type { AuditResultFilter, LoginEvent } from '@eduqa/contract';
import type { Dayjs } from 'dayjs';
import type { LoginLogExportQuery, OperationLogExportQuery } from './api.ts';

/** The filter bar's form as antd hands it over. */
export interface AuditFilterForm {
  range?: [Dayjs | null, Dayjs | null] | null;
  person?: string;
  departmentId?: string;
  module?: string;
  operation?: string;
  event?: LoginEvent;
  result?: AuditResultFilter;
}

/** The filter a list and its export were asked for: trimmed, empties left out. */
export interface AuditFilter {
  /** yyyy-MM-dd: the server reads `from` from the day's start and `to` to its end, on the school's clock. */
  from?: string;
  to?: string;
  person?: string;
  departmentId?: string;
  module?: string;
  operation?: string;
  event?: LoginEvent;
  result?: AuditResultFilter;
}

const DAY = 'YYYY-MM-DD';

const filled = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : undefined;
};

export function auditFilterOf(form: AuditFilterForm): AuditFilter {
  const [start, end] = form.range ?? [];
  const entries: Array<[keyof AuditFilter, string | undefined]> = [
    ['from', start?.format(DAY)],
    ['to', end?.format(DAY)],
    ['person', filled(form.person)],
    ['departmentId', form.departmentId],
    ['module', filled(form.module)],
    ['operation', filled(form.operation)],
    ['event', form.event],
    ['result', form.result],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as AuditFilter;
}

/** The operation log's part of a filter (it has no event). */
export function operationFilterOf({ event: _event, ...filter }: AuditFilter): OperationLogExportQuery {
  return filter;
}

/** The login log's part of a filter (it has no module or operation). */
export function loginFilterOf({
  module: _module,
  operation: _operation,
  ...filter
}: AuditFilter): LoginLogExportQuery {
  return filter;
}

export const isSameFilter = (a: AuditFilter, b: AuditFilter) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof AuditFilter>);
  return [...keys].every((key) => a[key] === b[key]);
};
