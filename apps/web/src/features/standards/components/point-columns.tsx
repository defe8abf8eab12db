import {
  DATA_TYPE_LABELS,
  DIRECTION_LABELS,
  formatValue,
  type QualityPoint,
  WARNING_MODE_LABELS,
} from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { pathText } from '../indicator-tree.ts';
import { describeCalRule } from '../point-form.ts';

interface PointColumnsOptions {
  canManage: boolean;
  /** Opens the point's drawer; read-only shows it without saving. */
  onOpen: (point: QualityPoint, readOnly: boolean) => void;
  onDelete: (point: QualityPoint) => Promise<unknown>;
}

/** The columns of the point list; 操作 only for a manager. */
export function pointColumns({
  canManage,
  onOpen,
  onDelete,
}: PointColumnsOptions): TableColumnsType<QualityPoint> {
  return [
    {
      title: '质控点名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, point) => (
        <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Typography.Link ellipsis onClick={() => onOpen(point, !canManage)}>
            {name}
          </Typography.Link>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {pathText(point.indicatorPath)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '数据类型',
      dataIndex: 'dataType',
      width: 80,
      render: (v: QualityPoint['dataType']) => DATA_TYPE_LABELS[v],
    },
    {
      title: '标准值',
      dataIndex: 'standardValue',
      width: 80,
      render: (v: string | null, point) => (v ? formatValue(point.dataType, v) : '-'),
    },
    {
      title: '期望方向',
      dataIndex: 'direction',
      width: 90,
      render: (v: QualityPoint['direction']) => DIRECTION_LABELS[v],
    },
    {
      title: '计算规则',
      key: 'calRule',
      width: 160,
      ellipsis: true,
      render: (_, point) =>
        point.calcMode === 'level'
          ? '按等级'
          : describeCalRule(point.calRule, point.direction, point.dataType),
    },
    {
      title: '预警',
      key: 'warning',
      width: 140,
      render: (_, point) =>
        point.warningMode ? (
          <Tag color="orange">
            {WARNING_MODE_LABELS[point.warningMode]} {point.warningCondition ?? ''} {point.warningValue}
          </Tag>
        ) : (
          '-'
        ),
    },
    ...(canManage ? [actionsColumn(onOpen, onDelete)] : []),
  ];
}

/** 操作: edit, and delete after a question (a point assigned to a task cannot go). */
function actionsColumn(
  onOpen: PointColumnsOptions['onOpen'],
  onDelete: PointColumnsOptions['onDelete'],
): TableColumnsType<QualityPoint>[number] {
  return {
    title: '操作',
    key: 'actions',
    width: 110,
    render: (_: unknown, point: QualityPoint) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onOpen(point, false)}>
          编辑
        </Button>
        <ConfirmLink
          title={`确定删除质控点「${point.name}」吗？`}
          description="已分配给诊断对象任务的质控点不能删除。"
          okText="删除"
          isDanger
          onConfirm={() => onDelete(point)}
        >
          删除
        </ConfirmLink>
      </Space>
    ),
  };
}
