import type { ReportState } from '@eduqa/contract';

/** Only a draft or a rejected report may change its level, be generated again or be submitted. */
export const isOpen = (state: ReportState) => state === 'draft' || state === 'rejected';

export type ReportActionKind = 'generate' | 'download' | 'submit' | 'audit';

/** The fields of a report row that decide its actions. */
interface ActionFacts {
  state: ReportState;
  canEdit: boolean;
  canAudit: boolean;
  fileId: string | null;
}

/** 生成, 下载, 提交审核 and 审核, each where the row's state and the caller's rights allow it. */
export function reportActionKinds(row: ActionFacts): ReportActionKind[] {
  const canChange = row.canEdit && isOpen(row.state);
  const kinds: ReportActionKind[] = [];
  if (canChange) kinds.push('generate');
  if (row.fileId) kinds.push('download');
  if (canChange) kinds.push('submit');
  if (row.canAudit && row.state === 'submitted') kinds.push('audit');
  return kinds;
}

/**
 * Whether the list needs its 操作 column: an administrator who only looks at reports without
 * documents would otherwise see an empty column on every row (issue 11).
 */
export function needsActionColumn(rows: readonly ActionFacts[]): boolean {
  return rows.some((row) => reportActionKinds(row).length > 0);
}
