import { describe, expect, it } from 'vitest';
import {
  assignExperts,
  canEditReport,
  expertOutcome,
  expertReview,
  QUALITY_REPORT_MESSAGES as M,
  rejectQualityReport,
  schoolReview,
  submitQualityReport,
} from './report-states.ts';
import { QUALITY_REPORT_STATES } from './reports.enums.ts';

describe('the review of a quality report', () => {
  it('is edited only as a draft or after a rejection', () => {
    const editable = QUALITY_REPORT_STATES.filter((s) => canEditReport(s).ok);
    expect(editable).toEqual(['draft', 'rejected']);
    expect(canEditReport('done')).toEqual({ ok: false, message: M.done });
    expect(canEditReport('expertReview')).toEqual({ ok: false, message: M.locked });
  });

  it('is submitted from a draft or a rejection, once', () => {
    expect(submitQualityReport('draft')).toEqual({ ok: true, to: 'submitted' });
    expect(submitQualityReport('rejected')).toEqual({ ok: true, to: 'submitted' });
    expect(submitQualityReport('submitted')).toEqual({ ok: false, message: M.alreadySubmitted });
    expect(submitQualityReport('done')).toEqual({ ok: false, message: M.done });
  });

  it('gets experts once submitted, and may change them until one has reviewed', () => {
    expect(assignExperts({ state: 'draft', experts: 1, reviewed: 0 })).toEqual({
      ok: false,
      message: M.notSubmitted,
    });
    expect(assignExperts({ state: 'submitted', experts: 0, reviewed: 0 })).toEqual({
      ok: false,
      message: M.needExperts,
    });
    expect(assignExperts({ state: 'submitted', experts: 2, reviewed: 0 })).toEqual({
      ok: true,
      to: 'expertReview',
    });
    expect(assignExperts({ state: 'expertReview', experts: 2, reviewed: 0 })).toEqual({
      ok: true,
      to: 'expertReview',
    });
    expect(assignExperts({ state: 'expertReview', experts: 2, reviewed: 1 }).ok).toBe(false);
    expect(assignExperts({ state: 'schoolReview', experts: 2, reviewed: 0 }).ok).toBe(false);
  });

  it('moves to the school after the last assigned expert has reviewed', () => {
    const base = { state: 'expertReview' as const, isAssigned: true, hasReviewed: false };
    expect(expertReview({ ...base, pending: 2 })).toEqual({ ok: true, to: 'expertReview' });
    expect(expertReview({ ...base, pending: 1 })).toEqual({ ok: true, to: 'schoolReview' });
    expect(expertReview({ ...base, isAssigned: false, pending: 1 })).toEqual({
      ok: false,
      message: M.notAssigned,
    });
    expect(expertReview({ ...base, hasReviewed: true, pending: 1 })).toEqual({
      ok: false,
      message: M.alreadyReviewed,
    });
    expect(expertReview({ ...base, state: 'submitted', pending: 1 })).toEqual({
      ok: false,
      message: M.notInExpertReview,
    });
  });

  it('is done by the school review only in its step', () => {
    expect(schoolReview('schoolReview')).toEqual({ ok: true, to: 'done' });
    expect(schoolReview('expertReview')).toEqual({ ok: false, message: M.notInSchoolReview });
  });

  it('is rejected with a reason from any review step', () => {
    for (const state of ['submitted', 'expertReview', 'schoolReview'] as const) {
      expect(rejectQualityReport(state, '缺少自评')).toEqual({ ok: true, to: 'rejected' });
    }
    expect(rejectQualityReport('expertReview', '  ')).toEqual({ ok: false, message: M.needReason });
    expect(rejectQualityReport('draft', '原因')).toEqual({ ok: false, message: M.cannotReject });
    expect(rejectQualityReport('done', '原因')).toEqual({ ok: false, message: M.cannotReject });
  });
});

describe("the experts' result (the expert seal)", () => {
  it('bands the mean score when every review has one', () => {
    expect(
      expertOutcome([
        { result: 'excellent', score: 90 },
        { result: 'qualified', score: 80 },
      ]),
    ).toEqual({ result: 'excellent', score: 85 });
    expect(expertOutcome([{ result: 'excellent', score: 84.99 }])).toEqual({
      result: 'qualified',
      score: 84.99,
    });
    expect(expertOutcome([{ result: 'qualified', score: 59 }])).toEqual({ result: 'unqualified', score: 59 });
  });

  it('takes the most cautious result without scores, and nothing without reviews', () => {
    expect(
      expertOutcome([
        { result: 'excellent', score: null },
        { result: 'qualified', score: 88 },
      ]),
    ).toEqual({ result: 'qualified', score: null });
    expect(expertOutcome([])).toBeNull();
  });
});
