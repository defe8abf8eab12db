import { type QualityReportTemplate, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Input, Result, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { removeTemplates, reportKeys, useTemplates } from '../api.ts';
import { TemplateFormModal } from './template-form-modal.tsx';

/**
 * 报告模板: which sections a report shows, in which order, with which titles and narratives. Everyone
 * reads them; diagnosis publishers add, edit and delete.
 */
export function TemplatesTab({ canManage }: { canManage: boolean }) {
  const [keyword, setKeyword] = useState<string | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const templates = useTemplates({ pageNum, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) });
  const form = useDialog<QualityReportTemplate>();
  const act = useAction(reportKeys.all);

  const columns = templateColumns({
    canManage,
    onEdit: form.show,
    onRemove: (t) => act(() => removeTemplates([t.id]), '报告模板已删除'),
  });

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="模板名称"
          placeholder="模板名称"
          allowClear
          style={{ width: 220 }}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPageNum(1);
          }}
        />
        {canManage ? (
          <Button type="primary" onClick={() => form.show(null)}>
            新增模板
          </Button>
        ) : null}
      </Space>
      {templates.isError ? (
        <Result status="error" title="加载失败" subTitle={templates.error.message} />
      ) : (
        <Table<QualityReportTemplate>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={templates.data?.records ?? []}
          loading={templates.isLoading}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={{
            ...PAGINATION,
            current: pageNum,
            total: templates.data?.total ?? 0,
            onChange: setPageNum,
          }}
        />
      )}
      <TemplateFormModal open={form.open} template={form.target} onClose={form.hide} act={act} />
    </>
  );
}

/** The template list's columns; editing and deleting only for those who manage templates. */
function templateColumns(input: {
  canManage: boolean;
  onEdit: (template: QualityReportTemplate) => void;
  onRemove: (template: QualityReportTemplate) => Promise<unknown>;
}): TableColumnsType<QualityReportTemplate> {
  return [
    { key: 'name', title: '模板名称', dataIndex: 'name', width: 200, ellipsis: true },
    {
      key: 'sections',
      title: '章节',
      render: (_, t) => {
        const shown = t.sections.filter((s) => s.enabled).map((s, i) => `${i + 1}. ${s.title}`);
        return shown.length > 0 ? (
          shown.join('  ')
        ) : (
          <Typography.Text type="secondary">未勾选章节</Typography.Text>
        );
      },
    },
    { key: 'creator', title: '创建人', dataIndex: 'creatorName', width: 100 },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 170 },
    ...(input.canManage
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 120,
            render: (_: unknown, t: QualityReportTemplate) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => input.onEdit(t)}>
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除模板「${t.name}」吗？`}
                  description="已生成的报告不受影响。"
                  okText="删除"
                  isDanger
                  onConfirm={() => input.onRemove(t)}
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
