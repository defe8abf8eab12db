import type { ImprovementTrend, QualityReportState } from '@eduqa/contract';

/** Tag colours of the review states: grey while editable, blue under review, green done, red rejected. */
export const STATE_COLORS: Record<QualityReportState, string> = {
  draft: 'default',
  submitted: 'gold',
  expertReview: 'processing',
  schoolReview: 'blue',
  done: 'success',
  rejected: 'error',
};

/** 改进成效: 改善 green, 持平 default, 退步 red, 暂无结果 grey. */
export const TREND_COLORS: Record<ImprovementTrend, string> = {
  improved: 'success',
  unchanged: 'default',
  worse: 'error',
  unknown: '#bfbfbf',
};

/** A score as the report prints it: two decimals. */
export const formatScore = (score: number) => score.toFixed(2);
