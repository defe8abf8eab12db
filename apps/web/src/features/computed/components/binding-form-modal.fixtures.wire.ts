import type { BindingRow } from '../api.ts';

/** A row of 采集配置 as api.ts hands it to the page (wire names plus `pointId`), for the binding tests. */
export const binding = (patch: Partial<BindingRow>): BindingRow => ({
  zkdid: 'p1',
  pointId: 'p1',
  pointName: '科研得分',
  collectionMethod: 'algorithm',
  displayMode: 'table',
  samplingPeriod: 'month',
  bound: false,
  resultGroupId: null,
  resultGroupName: null,
  detailGroupId: null,
  detailGroupName: null,
  endpointUrl: null,
  listPath: null,
  codeField: null,
  valueField: null,
  dateField: null,
  plausibleMin: null,
  plausibleMax: null,
  updateTime: null,
  ...patch,
});
