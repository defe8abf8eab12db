import type { DashboardCard } from '@eduqa/contract';
import { Alert, Button, Empty } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { type CardInput, dashboardKeys, deleteCards, saveCard } from '../api.ts';
import { placeCard } from '../board-items.ts';
import { AddCardDrawer } from '../components/add-card-drawer.tsx';
import { BoardActions } from '../components/board-actions.tsx';
import { CardEditor } from '../components/card-editor.tsx';
import { DashboardBoard } from '../components/dashboard-board.tsx';
import { useBoardDraft } from '../use-board-draft.ts';
import { useDashboardUser } from '../use-dashboard-user.ts';

/**
 * 仪表盘定制 (/dashboards): the caller's cards on a 24-column grid — drag, resize, add from 添加卡片, remove,
 * 保存布局, 恢复默认 (back to the role's default). Maintainers also arrange a role's default and edit cards.
 */
export function DashboardsPage() {
  const { isManager, roles } = useDashboardUser();
  const run = useAction(dashboardKeys.all);
  const board = useBoardDraft(run);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [editing, setEditing] = useState<{ card: DashboardCard | null } | null>(null);
  const { roleId, layout, items, isDirty, change } = board;
  const placed = new Set(items.map((i) => i.cardId));

  const onSaveCard = async (values: CardInput) => {
    const id = editing?.card?.id;
    const saved = await run(() => saveCard(values, id), id ? '卡片已保存' : '卡片已新建');
    if (saved) setEditing(null);
    return saved;
  };
  const onDeleteCard = async (card: DashboardCard) => {
    const done = await run(() => deleteCards([card.id]), '卡片已删除');
    if (done && isDirty) change(items.filter((i) => i.cardId !== card.id));
    return done;
  };

  const origin = layout.data?.origin;
  return (
    <PageCard
      title="仪表盘定制"
      actions={
        <BoardActions
          board={board}
          isManager={isManager}
          roles={roles}
          onAddCard={() => setDrawerOpen(true)}
        />
      }
    >
      {!roleId && origin === 'role' && !isDirty ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="当前显示的是您所在角色的默认布局；调整后保存即成为您自己的仪表盘。"
        />
      ) : null}
      {isDirty ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="布局已修改，尚未保存。" />
      ) : null}
      <ListState
        isLoading={layout.isPending}
        error={layout.error}
        isEmpty={false}
        onRetry={() => void layout.refetch()}
      >
        {items.length ? (
          <DashboardBoard
            items={items}
            editable
            onChange={change}
            onRemove={(cardId) => change(items.filter((i) => i.cardId !== cardId))}
          />
        ) : (
          <Empty description="仪表盘上还没有卡片" style={{ margin: '48px 0' }}>
            <Button type="primary" onClick={() => setDrawerOpen(true)}>
              添加卡片
            </Button>
          </Empty>
        )}
      </ListState>
      <AddCardDrawer
        open={isDrawerOpen}
        onClose={() => setDrawerOpen(false)}
        placed={placed}
        onAdd={(card) => change(placeCard(items, card))}
        canCreate
        onCreate={() => setEditing({ card: null })}
        onEdit={(card) => setEditing({ card })}
        onDelete={onDeleteCard}
        sharedOnly={Boolean(roleId)}
      />
      {editing ? (
        <CardEditor
          open
          card={editing.card}
          isManager={isManager}
          onClose={() => setEditing(null)}
          onSave={onSaveCard}
        />
      ) : null}
    </PageCard>
  );
}
