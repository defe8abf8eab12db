import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { auditFilterOf, isSameFilter, loginFilterOf, operationFilterOf } from './audit-filter.ts';

describe('auditFilterOf', () => {
  it('trims the text, leaves the empties out and sends the days of the range', () => {
    expect(
      auditFilterOf({
        range: [dayjs('2026-03-01'), dayjs('2026-03-16')],
        person: '  admin ',
        departmentId: 'd1',
        module: '   ',
        result: 'failure',
      }),
    ).toEqual({
      from: '2026-03-01',
      to: '2026-03-16',
      person: 'admin',
      departmentId: 'd1',
      result: 'failure',
    });
  });

  it('takes an open end of the range, and an empty form as no filter', () => {
    expect(auditFilterOf({ range: [dayjs('2026-03-01'), null] })).toEqual({ from: '2026-03-01' });
    expect(auditFilterOf({ range: null })).toEqual({});
    expect(auditFilterOf({})).toEqual({});
  });
});

describe('each log’s part of the filter', () => {
  const filter = { person: 'a', module: '系统管理', operation: '修改', event: 'signIn' as const };

  it('sends the operation log no event and the login log no module or operation', () => {
    expect(operationFilterOf(filter)).toEqual({ person: 'a', module: '系统管理', operation: '修改' });
    expect(loginFilterOf(filter)).toEqual({ person: 'a', event: 'signIn' });
  });

  it('compares filters by their values', () => {
    expect(isSameFilter({ person: 'a' }, { person: 'a' })).toBe(true);
    expect(isSameFilter({ person: 'a' }, { person: 'a', result: 'success' })).toBe(false);
    expect(isSameFilter({}, {})).toBe(true);
  });
});
