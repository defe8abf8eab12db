import { Button, Popconfirm, Select, Space, Tooltip } from 'antd';
import { type BoardDraft, MINE } from '../use-board-draft.ts';

/** The page's actions: whose board (maintainers), 添加卡片, 恢复默认 or 清除默认, and 保存布局. */
export function BoardActions({
  board,
  isManager,
  roles,
  onAddCard,
}: {
  board: BoardDraft;
  isManager: boolean;
  roles: readonly { id: string; name: string }[];
  onAddCard: () => void;
}) {
  const { roleId } = board;
  return (
    <Space wrap>
      {isManager ? (
        <Select
          aria-label="布局归属"
          style={{ width: 200 }}
          value={board.scope}
          onChange={(value) => board.setScope(value)}
          options={[
            { value: MINE, label: '我的仪表盘' },
            ...roles.map((r) => ({ value: r.id, label: `角色默认：${r.name}` })),
          ]}
        />
      ) : null}
      <Button onClick={onAddCard}>添加卡片</Button>
      <Popconfirm
        title={roleId ? '清除该角色的默认布局？' : '恢复默认布局？'}
        description={
          roleId
            ? '该角色的人员将看到空的仪表盘（自己保存过的除外）。'
            : '您保存的布局将被删除，改为显示角色的默认布局。'
        }
        okText="确定"
        cancelText="取消"
        onConfirm={board.reset}
      >
        <Button>{roleId ? '清除默认' : '恢复默认'}</Button>
      </Popconfirm>
      <Tooltip title={board.isDirty ? undefined : '布局没有改动，无需保存'}>
        <Button type="primary" disabled={!board.isDirty} onClick={() => void board.save()}>
          保存布局
        </Button>
      </Tooltip>
    </Space>
  );
}
