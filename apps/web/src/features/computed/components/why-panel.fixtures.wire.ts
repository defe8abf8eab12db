import type { ComputedWhyWire, SampleLineageWire } from '@eduqa/contract';

/** A sample's lineage and a point's explanation as the server sends them, for the why panel's tests. */
export const lineage = (patch: Partial<SampleLineageWire>): SampleLineageWire => ({
  sampleId: 's1',
  sampledAt: '2026-02-28T04:00:00.000Z',
  value: '78',
  cycleKey: '2026-02',
  method: 'algorithm',
  groupId: 'g1',
  groupName: '科研得分',
  version: 2,
  sqlHash: 'abc',
  params: { objectCode: 'T01' },
  dataSourceName: '内置数据库',
  endpointUrl: null,
  inputRows: 3,
  runId: 'r1',
  jobId: 'j1',
  collectedAt: '2026-03-01T00:00:00.000Z',
  appliedBy: '王老师',
  ...patch,
});

export const why = (patch: Partial<ComputedWhyWire>): ComputedWhyWire => ({
  zgzkdid: 'ap1',
  result: '78',
  grade: 'B',
  collectionMethod: 'algorithm',
  lineage: [lineage({})],
  algorithm: { groupId: 'g1', groupName: '科研得分', currentVersion: 3, changedBy: '李老师', changedAt: 'x' },
  note: '当前结果由版本 2 计算；算法当前为版本 3，重新采集后才会生效',
  ...patch,
});
