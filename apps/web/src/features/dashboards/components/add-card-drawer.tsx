import {
  CARD_KIND_LABELS,
  CARD_KINDS,
  CARD_SOURCE_LABELS,
  type CardKind,
  type DashboardCard,
} from '@eduqa/contract';
import { Button, Drawer, Empty, Flex, Input, Pagination, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { useCards } from '../api.ts';

const PAGE = 20;

const sourceText = (card: DashboardCard) =>
  card.source === 'algorithm'
    ? `${CARD_SOURCE_LABELS.algorithm}：${card.algorithmGroupName ?? '-'}`
    : card.source === 'measure'
      ? CARD_SOURCE_LABELS.measure
      : `${CARD_SOURCE_LABELS.url}：${card.url ?? ''}`;

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
      <Spin spinning={list.isFetching}>
        {cards.length ? (
          <div className="dashboard-card-list">
            {cards.map((card) => {
              const isPlaced = placed.has(card.id);
              const blocked = sharedOnly && !card.isShared;
              return (
                <Flex
                  key={card.id}
                  data-card-id={card.id}
                  className="dashboard-card-row"
                  align="center"
                  gap={12}
                >
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Space size={6} wrap>
                      <Typography.Text strong>{card.name}</Typography.Text>
                      <Tag>{CARD_KIND_LABELS[card.kind]}</Tag>
                      {card.isShared ? null : <Tag color="blue">仅自己</Tag>}
                    </Space>
                    <Typography.Paragraph type="secondary" ellipsis style={{ margin: 0 }}>
                      {sourceText(card)}
                    </Typography.Paragraph>
                  </div>
                  <Button size="small" type="link" disabled={isPlaced || blocked} onClick={() => onAdd(card)}>
                    {isPlaced ? '已添加' : blocked ? '仅共享卡片' : '添加'}
                  </Button>
                  {card.canEdit ? (
                    <>
                      <Button size="small" type="link" onClick={() => onEdit(card)}>
                        编辑
                      </Button>
                      <ConfirmLink
                        title={`确定删除卡片「${card.name}」吗？`}
                        description="所有人的仪表盘上都会移除它。"
                        okText="删除"
                        isDanger
                        onConfirm={() => onDelete(card)}
                      >
                        删除
                      </ConfirmLink>
                    </>
                  ) : null}
                </Flex>
              );
            })}
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可添加的卡片" />
        )}
      </Spin>
      {page.total > PAGE ? (
        <Pagination
          size="small"
          style={{ marginTop: 12, textAlign: 'right' }}
          current={page.current}
          total={page.total}
          pageSize={PAGE}
          onChange={page.onChange}
        />
      ) : null}
    </Drawer>
  );
}
