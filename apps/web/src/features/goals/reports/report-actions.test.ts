import { describe, expect, it } from 'vitest';
import { needsActionColumn, reportActionKinds } from './report-actions.ts';

const row = (facts: Partial<Parameters<typeof reportActionKinds>[0]> = {}) => ({
  state: 'draft' as const,
  canEdit: false,
  canAudit: false,
  fileId: null,
  ...facts,
});

describe('report actions', () => {
  it('gives the author 生成 and 提交审核 while open, 下载 once a document exists', () => {
    expect(reportActionKinds(row({ canEdit: true }))).toEqual(['generate', 'submit']);
    expect(reportActionKinds(row({ canEdit: true, fileId: 'f1' }))).toEqual([
      'generate',
      'download',
      'submit',
    ]);
    expect(reportActionKinds(row({ canEdit: true, state: 'submitted', fileId: 'f1' }))).toEqual(['download']);
  });

  it('gives the auditor 审核 on a submitted report only', () => {
    expect(reportActionKinds(row({ canAudit: true, state: 'submitted' }))).toEqual(['audit']);
    expect(reportActionKinds(row({ canAudit: true, state: 'draft' }))).toEqual([]);
  });

  it('drops the 操作 column when no row has an action (the administrator looking on)', () => {
    expect(needsActionColumn([row(), row({ state: 'passed' })])).toBe(false);
    expect(needsActionColumn([row(), row({ fileId: 'f1' })])).toBe(true);
    expect(needsActionColumn([])).toBe(false);
  });
});
