import { describe, expect, it } from 'vitest';
import { answeringDepartmentIds } from './use-goal-user.ts';

describe('answeringDepartmentIds', () => {
  it('counts the headed departments', () => {
    expect(answeringDepartmentIds({ headedIds: ['d02'], ownDepartmentId: 'd02', roleIds: [] })).toEqual([
      'd02',
    ]);
  });
  it('adds the own department for a department auditor or principal, once', () => {
    expect(
      answeringDepartmentIds({ headedIds: [], ownDepartmentId: 'd03', roleIds: ['targetTaskDepartAuditor'] }),
    ).toEqual(['d03']);
    expect(
      answeringDepartmentIds({
        headedIds: ['d02'],
        ownDepartmentId: 'd02',
        roleIds: ['targetTaskDepartPrincipal'],
      }),
    ).toEqual(['d02']);
  });
  it('leaves out the own department of a plain task principal', () => {
    expect(
      answeringDepartmentIds({ headedIds: [], ownDepartmentId: 'd02', roleIds: ['targetTaskPrincipal'] }),
    ).toEqual([]);
  });
});
