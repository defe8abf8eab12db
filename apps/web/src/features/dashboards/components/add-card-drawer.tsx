import {
  CARD_KIND_LABELS,
  CARD_KINDS,
  CARD_SOURCE_LABELS,
  type CardKind,
  type DashboardCard,
} from '@eduqa/contract';
import { Button, Drawer, Input, List, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { useCards } from '../api.ts';

/**
 * 添加卡片: the cards one may add (shared and one's own), by kind, searchable; a card already on the board
 * shows 已添加. Maintainers also create, edit and delete cards here.
 */
export function AddCardDrawer({
  open,
  onClose,
  placed,
  onAdd,
  canCreate,
  onCreate,
  onEdit,
  onDelete,
  sharedOnly = false,
}: {
  open: boolean;
  onClose: () => void;
  placed: ReadonlySet<string>;
  onAdd: (card: DashboardCard) => void;
  canCreate: boolean;
  onCreate: () => void;
  onEdit: (card: DashboardCard) => void;
  onDelete: (card: DashboardCard) => Promise<boolean>;
  /** A role's default takes shared cards only. */
  sharedOnly?: boolean;
}) {
  const [kind, setKind] = useState<CardKind | 'all'>('all');
  const [keyword, setKeyword] = useState('');
  const { list, page } = useCards(
    { keyword: keyword || undefined, kind: kind === 'all' ? undefined : kind },
    true,
    20,
  );
  const cards = list.data?.records ?? [];
  return (
    <Drawer
      title="添加卡片"
      open={open}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { width: '55%', minWidth: 360 } }}
      extra={
        canCreate ? (
          <Button type="primary" onClick={onCreate}>
            新建卡片
          </Button>
        ) : null
      }
    >
      <Input.Search
        allowClear
        placeholder="搜索卡片名称"
        onSearch={(v) => setKeyword(v.trim())}
        style={{ marginBottom: 12 }}
      />
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as CardKind | 'all')}
        items={[
          { key: 'all', label: '全部' },
          ...CARD_KINDS.map((k) => ({ key: k, label: CARD_KIND_LABELS[k] })),
        ]}
      />
      <List
        loading={list.isFetching}
        dataSource={cards}
        locale={{ emptyText: '暂无可添加的卡片' }}
        pagination={
          page.total > 20
            ? {
                current: page.current,
                total: page.total,
                pageSize: 20,
                onChange: page.onChange,
                size: 'small',
              }
            : false
        }
        renderItem={(card) => {
          const isPlaced = placed.has(card.id);
          const blocked = sharedOnly && !card.isShared;
          return (
            <List.Item
              data-card-id={card.id}
              actions={[
                <Button
                  key="add"
                  size="small"
                  type="link"
                  disabled={isPlaced || blocked}
                  onClick={() => onAdd(card)}
                >
                  {isPlaced ? '已添加' : blocked ? '仅共享卡片' : '添加'}
                </Button>,
                ...(card.canEdit
                  ? [
                      <Button key="edit" size="small" type="link" onClick={() => onEdit(card)}>
                        编辑
                      </Button>,
                      <ConfirmLink
                        key="delete"
                        title={`确定删除卡片「${card.name}」吗？`}
                        description="所有人的仪表盘上都会移除它。"
                        okText="删除"
                        isDanger
                        onConfirm={() => onDelete(card)}
                      >
                        删除
                      </ConfirmLink>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                title={
                  <Space size={6}>
                    <Typography.Text>{card.name}</Typography.Text>
                    <Tag>{CARD_KIND_LABELS[card.kind]}</Tag>
                    {card.isShared ? null : <Tag color="blue">仅自己</Tag>}
                  </Space>
                }
                description={
                  card.source === 'algorithm'
                    ? `${CARD_SOURCE_LABELS.algorithm}：${card.algorithmGroupName ?? '-'}`
                    : card.source === 'measure'
                      ? CARD_SOURCE_LABELS.measure
                      : `${CARD_SOURCE_LABELS.url}：${card.url ?? ''}`
                }
              />
            </List.Item>
          );
        }}
      />
    </Drawer>
  );
}
