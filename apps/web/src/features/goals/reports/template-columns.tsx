import { Button, Space, type TableColumnsType, Typography } from 'antd';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import type { TemplateRow } from './api.ts';

interface TemplateColumnsContext {
  canManage: boolean;
  onEdit: (template: TemplateRow) => void;
  onRemove: (ids: string[]) => Promise<void>;
}

/** The template list's columns; 操作 only for those who manage templates. */
export function templateColumns({
  canManage,
  onEdit,
  onRemove,
}: TemplateColumnsContext): TableColumnsType<TemplateRow> {
  return [
    { key: 'name', title: '模板名称', dataIndex: 'name', width: 200, ellipsis: true },
    {
      key: 'outline',
      title: '报告提纲',
      render: (_, t) => (
        <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2, tooltip: t.outline }}>
          {t.outline.split('\n').join(' / ')}
        </Typography.Paragraph>
      ),
    },
    { key: 'creator', title: '创建人', dataIndex: 'creatorName', width: 100 },
    { key: 'updateTime', title: '修改时间', dataIndex: 'updateTime', width: 170 },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 130,
            render: (_: unknown, t: TemplateRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onEdit(t)}>
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除模板「${t.name}」吗？`}
                  okText="删除"
                  isDanger
                  onConfirm={() => onRemove([t.id])}
                >
                  删除
                </ConfirmLink>
              </Space>
            ),
          },
        ]
      : []),
  ];
}
