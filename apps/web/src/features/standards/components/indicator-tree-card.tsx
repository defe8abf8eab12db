import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { IndicatorCategory, IndicatorNode } from '@eduqa/contract';
import { Badge, Button, Card, Dropdown, Empty, Space, Spin, Tag, Tree } from 'antd';
import { useMemo } from 'react';
import { notify, showDialog } from '../../../shared/ui/feedback.tsx';
import { deleteIndicator, moveIndicator, useRefreshStandards } from '../api.ts';
import { allIds, type NodePlace } from '../indicator-tree.ts';
import type { IndicatorDialogTarget } from './indicator-name-modal.tsx';
import { indicatorNodeMenu } from './indicator-node-menu.tsx';

type TreeItem = { key: string; title: string; node: IndicatorNode; children: TreeItem[] };

const toItem = (node: IndicatorNode): TreeItem => ({
  key: node.id,
  title: node.name,
  node,
  children: node.children.map(toItem),
});

interface IndicatorTreeCardProps {
  category: IndicatorCategory | undefined;
  roots: IndicatorNode[] | undefined;
  isLoading: boolean;
  places: Map<string, NodePlace>;
  indicatorId: string | undefined;
  canManage: boolean;
  onPick: (id: string | undefined) => void;
  onEdit: (target: IndicatorDialogTarget) => void;
}

/** 指标树 of the picked category: pick an indicator to list its points; a manager edits it from ⋯. */
export function IndicatorTreeCard(props: IndicatorTreeCardProps) {
  const { category, roots, isLoading, indicatorId, canManage, onPick, onEdit } = props;
  const treeData = useMemo(() => (roots ?? []).map(toItem), [roots]);
  const menuOf = useNodeMenu(props);

  return (
    <Card
      title={category ? `「${category.name}」指标树` : '指标树'}
      size="small"
      variant="borderless"
      style={{ marginTop: 16 }}
      extra={
        canManage && category ? (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => onEdit({ kind: 'add', categoryId: category.id, parent: null })}
          >
            一级指标
          </Button>
        ) : null
      }
    >
      {isLoading ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无指标" />
      ) : (
        <Tree<TreeItem>
          key={category?.id}
          blockNode
          defaultExpandedKeys={allIds(roots ?? [])}
          selectedKeys={indicatorId ? [indicatorId] : []}
          treeData={treeData}
          onSelect={(keys) => onPick(keys[0] ? String(keys[0]) : undefined)}
          titleRender={(item) => (
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <NodeTitle node={item.node} />
              {canManage ? (
                <Dropdown menu={{ items: menuOf(item.node) }} trigger={['click']}>
                  <Button
                    type="text"
                    size="small"
                    aria-label={`${item.node.name}的操作`}
                    icon={<MoreOutlined />}
                    onClick={(event) => event.stopPropagation()}
                  />
                </Dropdown>
              ) : null}
            </Space>
          )}
        />
      )}
    </Card>
  );
}

function NodeTitle({ node }: { node: IndicatorNode }) {
  return (
    <span>
      <span>{node.name}</span>
      {node.weight !== null ? (
        <Tag bordered={false} color="blue" style={{ marginInlineStart: 6 }}>
          权重 {node.weight}
        </Tag>
      ) : null}
      {node.pointCount > 0 ? (
        <Badge count={node.pointCount} size="small" color="#1677ff" style={{ marginLeft: 6 }} />
      ) : null}
    </span>
  );
}

/** The ⋯ menu of a node, wired to moving and deleting (which asks first). */
function useNodeMenu({ category, places, indicatorId, onPick, onEdit }: IndicatorTreeCardProps) {
  const refresh = useRefreshStandards();

  const onMove = async (node: IndicatorNode, direction: 'up' | 'down') => {
    try {
      await moveIndicator(node.id, direction);
    } catch {
      return;
    }
    await refresh();
  };

  const onDelete = (node: IndicatorNode) =>
    showDialog('confirm', {
      title: `确定删除指标「${node.name}」吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await deleteIndicator(node.id);
        } catch {
          return;
        }
        notify.success(`已删除指标「${node.name}」`);
        if (node.id === indicatorId) onPick(undefined);
        await refresh();
      },
    });

  return (node: IndicatorNode) => {
    const place = places.get(node.id);
    if (!place || !category) return [];
    return indicatorNodeMenu(place, category.id, {
      onEdit,
      onMove: (n, direction) => void onMove(n, direction),
      onDelete,
    });
  };
}
