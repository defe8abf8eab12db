import type { PointConfig } from './standards.schema.ts';

/**
 * One complete, consistent quality point configuration — a school's employment rate in percent,
 * graded by result (95 → A, 90 → B, 85 → C) and warned below 85: the Excel template's example row,
 * and the point the standards tests start from.
 */
export const EXAMPLE_POINT_CONFIG: Readonly<PointConfig> = {
  level: 'school',
  standardValue: '90',
  dimension: 'school',
  period: 'year',
  direction: '>',
  dataType: 'percent',
  calcMode: 'result',
  samplingPeriod: 'month',
  warningPeriod: 'month',
  warningMode: 'result',
  warningCondition: '<',
  warningValue: '85',
  grades: ['A', 'B', 'C', 'D'],
  calRule: [
    { value: '95', dxLevel: 'A' },
    { value: '90', dxLevel: 'B' },
    { value: '85', dxLevel: 'C' },
  ],
  collectionMethod: 'report',
  displayMode: 'line',
  isQuantitative: true,
  isJoin: true,
  hideNoReachTarget: false,
  hideNoCompleteTarget: false,
  notAllowChange: false,
  isFilePoint: false,
};
