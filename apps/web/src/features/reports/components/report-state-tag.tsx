import { QUALITY_REPORT_STATE_LABELS, type QualityReportState } from '@eduqa/contract';
import { Tag } from 'antd';
import { STATE_COLORS } from '../report-labels.ts';

export function ReportStateTag({ state }: { state: QualityReportState }) {
  return <Tag color={STATE_COLORS[state]}>{QUALITY_REPORT_STATE_LABELS[state]}</Tag>;
}
