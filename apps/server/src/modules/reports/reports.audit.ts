import {
  QUALITY_REPORT_STATE_LABELS,
  REVIEW_RESULT_LABELS,
  type ReviewResult,
  SEAL_KIND_LABELS,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { type AuditFields, noteChange } from '../../platform/audit-trail.ts';
import type { ReportRow } from './reports.repo.ts';

/** A report's review as the log keeps it: the row, and the opinion this step wrote (null before it). */
export interface ReviewSnapshot {
  row: ReportRow;
  opinion: string | null;
}

const resultOf = (result: ReviewResult | null) => (result ? REVIEW_RESULT_LABELS[result] : null);

/** The seals printed on the report: each review's result chooses its seal (report-view.ts's sealUrl). */
const sealsOf = (row: ReportRow) =>
  [
    row.expertResult ? `${SEAL_KIND_LABELS.expert}（${REVIEW_RESULT_LABELS[row.expertResult]}）` : null,
    row.schoolResult ? `${SEAL_KIND_LABELS.school}（${REVIEW_RESULT_LABELS[row.schoolResult]}）` : null,
  ].filter((seal) => seal !== null);

const REVIEW_FIELDS: AuditFields<ReviewSnapshot> = {
  状态: (s) => QUALITY_REPORT_STATE_LABELS[s.row.state],
  专家评审结论: (s) => resultOf(s.row.expertResult),
  专家评分: (s) => s.row.expertScore,
  学校审核结论: (s) => resultOf(s.row.schoolResult),
  印章: (s) => sealsOf(s.row),
  驳回原因: (s) => s.row.rejectReason,
  审核意见: (s) => s.opinion,
};

/** A quality report before and after a review, a rejection or its seal, for the operation log. */
export function noteReview(actor: Actor, before: ReportRow, after: ReviewSnapshot) {
  noteChange(actor, {
    object: '质量报告',
    id: after.row.id,
    name: after.row.name,
    fields: REVIEW_FIELDS,
    before: { row: before, opinion: null },
    after,
  });
}
