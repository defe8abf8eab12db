import { computedEndpoints as E } from '@eduqa/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectedBodies, taskPoints } from './api.fixtures.wire.ts';
import { compareVersions, saveBinding, startRun, taskPointOptions } from './api.ts';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../shared/api/client.ts')>()),
  call: api.call,
}));

afterEach(() => vi.clearAllMocks());

describe('computed requests', () => {
  it('send the point, the task and the versions under the wire names', async () => {
    await saveBinding('p1', { resultGroupId: 'g1' });
    expect(api.call).toHaveBeenLastCalledWith(E.saveBinding, {
      body: expectedBodies.saveBinding,
      json: true,
    });
    await startRun('t1', true);
    expect(api.call).toHaveBeenLastCalledWith(E.run, { body: expectedBodies.startRun, json: true });
    api.call.mockResolvedValue({
      fromVersion: 1,
      toVersion: 2,
      cycleKeys: [],
      objectCount: 0,
      comparedCount: 0,
      emptyCount: 0,
      changes: [],
    });
    // 全部周期 (an empty cycle) sends no cycle at all.
    await compareVersions('t1', { pointId: 'p1', fromVersion: 1, toVersion: 2, cycleKey: '' });
    expect(api.call).toHaveBeenLastCalledWith(E.compare, { body: expectedBodies.compare, json: true });
    await compareVersions('t1', { pointId: 'p1', fromVersion: 1, toVersion: 2, cycleKey: '2025-10' });
    expect(api.call).toHaveBeenLastCalledWith(E.compare, {
      body: expectedBodies.compareOneCycle,
      json: true,
    });
  });

  it('offer the task points by point, labelled with their names', () => {
    expect(taskPointOptions(taskPoints)).toEqual([{ value: 'p1', label: '就业率' }]);
  });
});
