import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type IndicatorCategory, OBJECT_LEVEL_LABELS } from '@eduqa/contract';
import { Button, Card, Empty, List, Space, Tag } from 'antd';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { deleteCategory, useRefreshStandards } from '../api.ts';
import { CategoryIcon } from './category-icon.tsx';

interface CategoryListCardProps {
  categories: IndicatorCategory[];
  isLoading: boolean;
  current: IndicatorCategory | undefined;
  canManage: boolean;
  onPick: (id: string) => void;
  /** Opens the category dialog: a category to edit, nothing for a new one. */
  onEdit: (category?: IndicatorCategory) => void;
}

/** 指标分类: the categories to pick from, with add, edit and delete for a manager. */
export function CategoryListCard({
  categories,
  isLoading,
  current,
  canManage,
  onPick,
  onEdit,
}: CategoryListCardProps) {
  const refresh = useRefreshStandards();
  const remove = async (c: IndicatorCategory) => {
    try {
      await deleteCategory(c.id);
    } catch {
      return;
    }
    notify.success(`已删除指标分类「${c.name}」`);
    if (c.id === current?.id) onPick('');
    await refresh();
  };

  return (
    <Card
      title="指标分类"
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
      <List<IndicatorCategory>
        style={{ maxHeight: '40vh', overflowY: 'auto' }}
        loading={isLoading}
        dataSource={categories}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无指标分类" /> }}
        renderItem={(c) => (
          <List.Item
            style={{
              paddingInline: 8,
              borderRadius: 6,
              background: c.id === current?.id ? 'rgba(22,119,255,0.08)' : undefined,
            }}
            actions={
              canManage
                ? [
                    <Button
                      key="edit"
                      type="link"
                      size="small"
                      aria-label={`编辑${c.name}`}
                      icon={<EditOutlined />}
                      onClick={() => onEdit(c)}
                    />,
                    <ConfirmLink
                      key="delete"
                      title={`确定删除指标分类「${c.name}」吗？`}
                      okText="删除"
                      isDanger
                      disabledReason={c.indicatorCount > 0 ? '该分类下仍有指标，不能删除' : undefined}
                      onConfirm={() => remove(c)}
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
              onClick={() => onPick(c.id)}
            >
              <Space>
                <CategoryIcon icon={c.icon} />
                <span>{c.name}</span>
                <Tag>{OBJECT_LEVEL_LABELS[c.level]}</Tag>
              </Space>
            </Button>
          </List.Item>
        )}
      />
    </Card>
  );
}
