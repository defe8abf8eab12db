import { describe, expect, it } from 'vitest';
import { REPORT_STATES } from './goal-reports.enums.ts';
import { auditReport, canChangeReport, REPORT_MESSAGES, submitReport } from './goal-reports.states.ts';

describe('report states', () => {
  it('changes a draft or a rejected report only', () => {
    expect(REPORT_STATES.map((s) => canChangeReport(s).ok)).toEqual([true, false, false, true]);
    expect(canChangeReport('submitted')).toEqual({ ok: false, message: REPORT_MESSAGES.submittedLocked });
  });

  it('submits a draft or rejected report with a level and a document', () => {
    const ready = { hasLevel: true, hasDocument: true };
    expect(submitReport({ state: 'draft', ...ready })).toEqual({ ok: true, to: 'submitted' });
    expect(submitReport({ state: 'rejected', ...ready })).toEqual({ ok: true, to: 'submitted' });
    expect(submitReport({ state: 'submitted', ...ready })).toMatchObject({ ok: false });
    expect(submitReport({ state: 'passed', ...ready })).toMatchObject({ ok: false });
    expect(submitReport({ state: 'draft', hasLevel: false, hasDocument: true })).toEqual({
      ok: false,
      message: REPORT_MESSAGES.needLevel,
    });
    expect(submitReport({ state: 'draft', hasLevel: true, hasDocument: false })).toEqual({
      ok: false,
      message: REPORT_MESSAGES.needDocument,
    });
  });

  it('audits a submitted report once; a rejection needs an opinion', () => {
    expect(auditReport({ state: 'submitted', decision: 'pass', opinion: '' })).toEqual({
      ok: true,
      to: 'passed',
    });
    expect(auditReport({ state: 'submitted', decision: 'reject', opinion: '数据不全' })).toEqual({
      ok: true,
      to: 'rejected',
    });
    expect(auditReport({ state: 'submitted', decision: 'reject', opinion: ' ' })).toMatchObject({
      ok: false,
    });
    expect(auditReport({ state: 'draft', decision: 'pass', opinion: '' })).toEqual({
      ok: false,
      message: REPORT_MESSAGES.notSubmitted,
    });
    for (const state of ['passed', 'rejected'] as const) {
      expect(auditReport({ state, decision: 'pass', opinion: '' })).toEqual({
        ok: false,
        message: REPORT_MESSAGES.alreadyAudited,
      });
    }
  });
});
