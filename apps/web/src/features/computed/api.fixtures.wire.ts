/** The request bodies api.ts should send for the English arguments of its tests (wire names). */
export const expectedBodies = {
  saveBinding: { resultGroupId: 'g1', zkdid: 'p1' },
  startRun: { rwid: 't1', autoApply: true },
  compare: { rwid: 't1', zkdid: 'p1', fromVersion: 1, toVersion: 2 },
  compareOneCycle: { rwid: 't1', zkdid: 'p1', fromVersion: 1, toVersion: 2, cycleKey: '2025-10' },
};

/** The task points as mapped from the answer, for `taskPointOptions`. */
export const taskPoints = [{ pointId: 'p1', pointName: '就业率' }];
