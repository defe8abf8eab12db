import {
  type ComputedWhyWire,
  RESULT_SOURCE_RULE,
  type SampleLineageWire,
  type WhySample,
} from '@eduqa/contract';

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
  runLabel: '王老师 于 2026-03-01 08:00:00 发起的采集',
  jobId: 'j1',
  collectedAt: '2026-03-01T00:00:00.000Z',
  appliedBy: '王老师',
  ...patch,
});

/** A collected sample of the why's list, made from its lineage. */
export const collectedSample = (l: SampleLineageWire): WhySample => ({
  sampleId: l.sampleId,
  sampledAt: l.sampledAt,
  cycleKey: l.cycleKey,
  value: l.value,
  source: 'collected',
  enteredBy: null,
  enteredAt: l.collectedAt,
  used: false,
  replaced: false,
});

/** The explanation of a collected point; its samples are those of its lineage unless given. */
export const why = (patch: Partial<ComputedWhyWire>): ComputedWhyWire => {
  const lineages = patch.lineage ?? [lineage({})];
  return {
    zgzkdid: 'ap1',
    result: '78',
    grade: 'B',
    collectionMethod: 'algorithm',
    source: {
      kind: 'collected',
      value: '78',
      cycleKey: '2026-02',
      sampledAt: '2026-02-28T04:00:00.000Z',
      enteredBy: null,
      enteredAt: null,
      lineage: lineages[0] ?? null,
    },
    rule: RESULT_SOURCE_RULE,
    samples: lineages.map(collectedSample),
    lineage: lineages,
    algorithm: {
      groupId: 'g1',
      groupName: '科研得分',
      currentVersion: 3,
      changedBy: '李老师',
      changedAt: 'x',
    },
    note: '当前结果由版本 2 计算；算法当前为版本 3，重新采集后才会生效',
    ...patch,
  };
};
