import { goalReportsEndpoints as E, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Input, Popconfirm, Result, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { post, reportKeys, type TemplateRow, useTemplates } from './api.ts';
import { templateColumns } from './template-columns.tsx';
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

  const columns = templateColumns({ canManage, onEdit: form.show, onRemove: remove });

  return (
    <>
      <TemplateToolbar
        canManage={canManage}
        selected={selected}
        onSearch={(value) => {
          setKeyword(value);
          setPageNum(1);
        }}
        onAdd={() => form.show(null)}
        onRemove={() => remove(selected)}
      />
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

interface TemplateToolbarProps {
  canManage: boolean;
  selected: string[];
  onSearch: (keyword: string | undefined) => void;
  onAdd: () => void;
  onRemove: () => Promise<void>;
}

/** The name search, and for managers 新增模板 and 批量删除 of the checked rows. */
function TemplateToolbar({ canManage, selected, onSearch, onAdd, onRemove }: TemplateToolbarProps) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        aria-label="模板名称"
        placeholder="模板名称"
        allowClear
        style={{ width: 220 }}
        onSearch={(value) => onSearch(value.trim() || undefined)}
      />
      {canManage ? (
        <>
          <Button type="primary" onClick={onAdd}>
            新增模板
          </Button>
          <Popconfirm
            title={`确定删除选中的${selected.length}个模板吗？`}
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            disabled={selected.length === 0}
            onConfirm={onRemove}
          >
            <Tooltip title={selected.length === 0 ? '请先勾选模板' : undefined}>
              <Button danger disabled={selected.length === 0}>
                批量删除
              </Button>
            </Tooltip>
          </Popconfirm>
        </>
      ) : null}
    </Space>
  );
}
