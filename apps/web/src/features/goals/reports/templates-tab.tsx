import { reportsEndpoints as E, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Input, Popconfirm, Result, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { post, reportKeys, type TemplateRow, useTemplates } from './api.ts';
import { TemplateFormModal } from './template-form-modal.tsx';

/** 报告模板: everyone reads them; publishers add, edit and delete (after a confirmation). */
export function TemplatesTab({ canManage }: { canManage: boolean }) {
  const [keyword, setKeyword] = useState<string | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const templates = useTemplates({ pageNum, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) });
  const form = useDialog<TemplateRow>();
  const act = useAction(reportKeys.all);
  const remove = async (ids: string[]) => {
    if (await act(() => post(E.templateDelete, { ids }), '报告模板已删除')) setSelected([]);
  };

  const columns: TableColumnsType<TemplateRow> = [
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
                <Button type="link" size="small" onClick={() => form.show(t)}>
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除模板「${t.name}」吗？`}
                  okText="删除"
                  isDanger
                  onConfirm={() => remove([t.id])}
                >
                  删除
                </ConfirmLink>
              </Space>
            ),
          },
        ]
      : []),
  ];

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
          <>
            <Button type="primary" onClick={() => form.show(null)}>
              新增模板
            </Button>
            <Popconfirm
              title={`确定删除选中的${selected.length}个模板吗？`}
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              disabled={selected.length === 0}
              onConfirm={() => remove(selected)}
            >
              <Button danger disabled={selected.length === 0}>
                批量删除
              </Button>
            </Popconfirm>
          </>
        ) : null}
      </Space>
      {templates.isError ? (
        <Result status="error" title="加载失败" subTitle={templates.error.message} />
      ) : (
        <Table<TemplateRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={templates.data?.records ?? []}
          loading={templates.isLoading}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          {...(canManage
            ? {
                rowSelection: {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                },
              }
            : {})}
          pagination={{
            ...PAGINATION,
            current: pageNum,
            total: templates.data?.total ?? 0,
            onChange: setPageNum,
          }}
        />
      )}
      <TemplateFormModal open={form.open} template={form.target} onClose={form.hide} />
    </>
  );
}
