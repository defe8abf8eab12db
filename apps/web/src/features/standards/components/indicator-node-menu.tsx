import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { IndicatorNode } from '@eduqa/contract';
import { type MenuProps, Tooltip } from 'antd';
import { type NodePlace, nodeActions } from '../indicator-tree.ts';
import type { IndicatorDialogTarget } from './indicator-name-modal.tsx';

interface NodeMenuHandlers {
  onEdit: (target: IndicatorDialogTarget) => void;
  onMove: (node: IndicatorNode, direction: 'up' | 'down') => void;
  onDelete: (node: IndicatorNode) => void;
}

/** The ⋯ menu of one tree node; an action the tree's rules forbid is greyed with the reason on hover. */
export function indicatorNodeMenu(
  place: NodePlace,
  categoryId: string,
  { onEdit, onMove, onDelete }: NodeMenuHandlers,
): MenuProps['items'] {
  const { node } = place;
  const actions = nodeActions(place);
  return [
    {
      key: 'child',
      icon: <PlusOutlined />,
      label: <Tooltip title={actions.addChildBlocked}>新增下级指标</Tooltip>,
      disabled: Boolean(actions.addChildBlocked),
      onClick: () => onEdit({ kind: 'add', categoryId, parent: node }),
    },
    {
      key: 'rename',
      icon: <EditOutlined />,
      label: '编辑',
      onClick: () =>
        onEdit({ kind: 'rename', id: node.id, name: node.name, code: node.code, weight: node.weight }),
    },
    {
      key: 'up',
      icon: <ArrowUpOutlined />,
      label: '上移',
      disabled: !actions.canMoveUp,
      onClick: () => onMove(node, 'up'),
    },
    {
      key: 'down',
      icon: <ArrowDownOutlined />,
      label: '下移',
      disabled: !actions.canMoveDown,
      onClick: () => onMove(node, 'down'),
    },
    { type: 'divider' },
    {
      key: 'delete',
      icon: <DeleteOutlined />,
      danger: true,
      label: <Tooltip title={actions.deleteBlocked}>删除</Tooltip>,
      disabled: Boolean(actions.deleteBlocked),
      onClick: () => onDelete(node),
    },
  ];
}
