import { TODO_KINDS } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { todoLink } from './todo-links.ts';

const query = (kind: Parameters<typeof todoLink>[0]) =>
  Object.fromEntries(new URL(todoLink(kind), 'http://x').searchParams);

describe('todoLink', () => {
  it('sends every kind into the area that acts on it', () => {
    for (const kind of TODO_KINDS) {
      expect(todoLink(kind)).toMatch(
        /^\/(improvement|targetTaskManagement|dataCollection|report)\/[\w-]+(\?|$)/,
      );
    }
    expect(todoLink('pointsToAudit')).toBe('/improvement/review');
    expect(todoLink('qualityReportsToReview')).toBe('/report/todo');
  });

  it('carries the filter that keeps the counted rows, so two counts never open the same list', () => {
    expect(todoLink('pointsToFill')).toBe('/improvement/myTask?points=draft');
    expect(todoLink('pointsRefused')).toBe('/improvement/myTask?points=refused');
    expect(query('warningsToHandle')).toEqual({ state: 'pending', mine: 'true' });
    expect(query('fillsRolledBack')).toEqual({ state: 'rollback' });
    expect(query('fillsToFill')).toEqual({ state: 'uncommitted' });
    expect(query('allocationsToMake')).toEqual({ state: 'unallocated' });
    expect(query('urgesReceived')).toEqual({ urgeType: '0', mine: 'true' });
    for (const kind of [
      'nodesToAccept',
      'progressToAudit',
      'delaysToDecide',
      'decompositionsToAudit',
    ] as const) {
      expect(todoLink(kind)).toBe(`/targetTaskManagement/myTask?todo=${kind}`);
    }
    const links = TODO_KINDS.map((kind) => todoLink(kind));
    expect(new Set(links).size).toBe(links.length);
  });
});
