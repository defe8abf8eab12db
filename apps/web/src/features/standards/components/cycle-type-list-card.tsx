import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CycleType } from '@eduqa/contract';
import { Button, Card, Empty, List } from 'antd';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { deleteCycleType } from '../api.ts';
import type { CycleAct } from './cycle-columns.tsx';

interface CycleTypeListCardProps {
  types: CycleType[];
  isLoading: boolean;
  current: CycleType | undefined;
  canManage: boolean;
  act: CycleAct;
  onPick: (id: string) => void;
  /** Opens the type dialog: a type to edit, nothing for a new one. */
  onEdit: (type?: CycleType) => void;
}

/** 周期类型: the types to pick from, with add, edit and delete for a manager. */
export function CycleTypeListCard({
  types,
  isLoading,
  current,
  canManage,
  act,
  onPick,
  onEdit,
}: CycleTypeListCardProps) {
  return (
    <Card
      title="周期类型"
      size="small"
      variant="borderless"
      extra={
        canManage ? (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => onEdit()}>
            新增
          </Button>
        ) : null
      }
    >
      <List<CycleType>
        loading={isLoading}
        dataSource={types}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无周期类型" /> }}
        renderItem={(t) => (
          <List.Item
            style={{
              paddingInline: 8,
              borderRadius: 6,
              background: t.id === current?.id ? 'rgba(22,119,255,0.08)' : undefined,
            }}
            actions={
              canManage
                ? [
                    <Button
                      key="edit"
                      type="link"
                      size="small"
                      aria-label={`编辑${t.name}`}
                      icon={<EditOutlined />}
                      onClick={() => onEdit(t)}
                    />,
                    <ConfirmLink
                      key="delete"
                      title={`确定删除周期类型「${t.name}」吗？`}
                      description="仍有周期值的类型不能删除。"
                      okText="删除"
                      isDanger
                      onConfirm={() => act(() => deleteCycleType(t.id), `已删除周期类型「${t.name}」`)}
                    >
                      <DeleteOutlined />
                    </ConfirmLink>,
                  ]
                : []
            }
          >
            <Button
              type="text"
              block
              style={{ justifyContent: 'flex-start', paddingInline: 0 }}
              onClick={() => onPick(t.id)}
            >
              {t.name}
            </Button>
          </List.Item>
        )}
      />
    </Card>
  );
}
