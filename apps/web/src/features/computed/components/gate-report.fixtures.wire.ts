import type { ComputedRunValueWire, ComputedRunWire } from '@eduqa/contract';

/** A run and its values as the server sends them (wire names), for the gate report's tests. */
export const run: ComputedRunWire = {
  id: 'r1',
  rwid: 't1',
  jobId: 'j1',
  state: 'gate',
  actorName: '王老师',
  objectCount: 3,
  valueCount: 3,
  flaggedCount: 2,
  appliedCount: 0,
  heldCount: 0,
  unmappedCodes: [],
  message: '',
  startTime: '2026-03-01T00:00:00.000Z',
  endTime: '2026-03-01T00:01:00.000Z',
  applyTime: null,
};

export const value = (id: string, patch: Partial<ComputedRunValueWire>): ComputedRunValueWire => ({
  id,
  zgzkdid: `p-${id}`,
  objectName: `对象${id}`,
  objectCode: `C${id}`,
  pointName: '学生投诉次数',
  cycleKey: '2026-02',
  value: '3',
  flags: [],
  reasons: [],
  held: false,
  version: null,
  ...patch,
});
