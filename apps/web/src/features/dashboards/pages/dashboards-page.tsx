import type { DashboardCard } from '@eduqa/contract';
import { Alert, Button, Empty, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import {
  type CardInput,
  dashboardKeys,
  deleteCards,
  resetLayout,
  saveCard,
  saveLayout,
  useLayout,
} from '../api.ts';
import { type BoardItem, placeCard } from '../board-items.ts';
import { AddCardDrawer } from '../components/add-card-drawer.tsx';
import { CardEditor } from '../components/card-editor.tsx';
import { DashboardBoard } from '../components/dashboard-board.tsx';
import { useDashboardUser } from '../use-dashboard-user.ts';

/** What is being arranged: one's own board, or (maintainers) a role's default. */
const MINE = '';

/**
 * 仪表盘定制 (/dashboards): the caller's cards on a 24-column grid — drag, resize, add from 添加卡片, remove,
 * 保存布局, 恢复默认 (back to the role's default). Maintainers also arrange a role's default and edit cards.
 */
export function DashboardsPage() {
  const { isManager, roles } = useDashboardUser();
  const [scope, setScope] = useState(MINE);
  const roleId = scope || undefined;
  const layout = useLayout(roleId);
  const [draft, setDraft] = useState<{ scope: string; items: BoardItem[] } | null>(null);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [editing, setEditing] = useState<{ card: DashboardCard | null } | null>(null);
  const run = useAction(dashboardKeys.all);

  const items = draft?.scope === scope ? draft.items : (layout.data?.items ?? []);
  const isDirty = draft?.scope === scope;
  const change = (next: BoardItem[]) => setDraft({ scope, items: next });
  const placed = new Set(items.map((i) => i.cardId));

  const onSave = async () => {
    if (await run(() => saveLayout(items, roleId), '布局已保存')) setDraft(null);
  };
  const onReset = async () => {
    if (await run(() => resetLayout(roleId), roleId ? '已清除该角色的默认布局' : '已恢复默认布局'))
      setDraft(null);
  };
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
        <Space wrap>
          {isManager ? (
            <Select
              aria-label="布局归属"
              style={{ width: 200 }}
              value={scope}
              onChange={(value) => setScope(value)}
              options={[
                { value: MINE, label: '我的仪表盘' },
                ...roles.map((r) => ({ value: r.id, label: `角色默认：${r.name}` })),
              ]}
            />
          ) : null}
          <Button onClick={() => setDrawerOpen(true)}>添加卡片</Button>
          <Popconfirm
            title={roleId ? '清除该角色的默认布局？' : '恢复默认布局？'}
            description={
              roleId
                ? '该角色的人员将看到空的仪表盘（自己保存过的除外）。'
                : '您保存的布局将被删除，改为显示角色的默认布局。'
            }
            okText="确定"
            cancelText="取消"
            onConfirm={onReset}
          >
            <Button>{roleId ? '清除默认' : '恢复默认'}</Button>
          </Popconfirm>
          <Button type="primary" disabled={!isDirty} onClick={() => void onSave()}>
            保存布局
          </Button>
        </Space>
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
