import { useState } from 'react';
import type { RunAction } from '../../shared/api/use-action.ts';
import { resetLayout, saveLayout, useLayout } from './api.ts';
import type { BoardItem } from './board-items.ts';

/** What is being arranged: one's own board, or (maintainers) a role's default. */
export const MINE = '';

/**
 * The board being arranged: whose it is, its saved layout, and the unsaved changes made to it — kept
 * only for the scope they were made in. 保存布局 and 恢复默认 drop the changes once done.
 */
export function useBoardDraft(run: RunAction) {
  const [scope, setScope] = useState(MINE);
  const roleId = scope || undefined;
  const layout = useLayout(roleId);
  const [draft, setDraft] = useState<{ scope: string; items: BoardItem[] } | null>(null);

  const items = draft?.scope === scope ? draft.items : (layout.data?.items ?? []);
  const isDirty = draft?.scope === scope;
  const change = (next: BoardItem[]) => setDraft({ scope, items: next });

  const save = async () => {
    if (await run(() => saveLayout(items, roleId), '布局已保存')) setDraft(null);
  };
  const reset = async () => {
    if (await run(() => resetLayout(roleId), roleId ? '已清除该角色的默认布局' : '已恢复默认布局'))
      setDraft(null);
  };

  return { scope, setScope, roleId, layout, items, isDirty, change, save, reset };
}

export type BoardDraft = ReturnType<typeof useBoardDraft>;
