import type { QualityRow } from '@eduqa/contract';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { saveResult, setFocus, useRefreshDiagnosis } from '../api.ts';

/** The charger may submit drafts and refused points; an auditor decides on submitted ones. */
export const canSubmit = (row: QualityRow) =>
  row.isEdit && (row.auditState === 'draft' || row.auditState === 'refused');
export const canDecide = (row: QualityRow) => row.auditState === 'submitted';

/**
 * The checked points of an object task and the changes made on them: each toasts the message its work
 * returns, then clears the checks and reloads the diagnosis lists; a refusal keeps both.
 */
export function usePointWork(rows: readonly QualityRow[]) {
  const refresh = useRefreshDiagnosis();
  const [selected, setSelected] = useState<string[]>([]);
  const chosen = rows.filter((r) => selected.includes(r.id));
  const toSubmit = (chosen.length ? chosen : rows).filter(canSubmit).map((r) => r.id);
  const toDecide = chosen.filter(canDecide).map((r) => r.id);

  const run = async (work: () => Promise<string>) => {
    try {
      notify.success(await work());
    } catch {
      return;
    }
    setSelected([]);
    await refresh();
  };
  const enterResult = (row: QualityRow, result: string) => {
    void run(async () => {
      await saveResult(row.id, { result });
      return `已保存「${row.name}」的结果`;
    });
  };
  const toggleFocus = (row: QualityRow) =>
    run(async () => {
      await setFocus(row.id, !row.focus, true);
      return row.focus ? '已取消关注' : '已关注';
    });
  return { selected, setSelected, toSubmit, toDecide, run, enterResult, toggleFocus };
}

export type PointWork = ReturnType<typeof usePointWork>;
