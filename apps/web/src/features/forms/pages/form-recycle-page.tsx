import { FORM_TYPE_LABELS, type Form } from '@eduqa/contract';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { formsKeys, restoreForm, useFormRecycle } from '../api.ts';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

/** 表单回收站: deleted forms with their data tables, restored whole. */
export function FormRecyclePage() {
  const [keyword, setKeyword] = useState('');
  const { list, page } = useFormRecycle(keyword);
  const run = useAction(formsKeys.all);
  const navigate = useNavigate();
  const columns: TableColumnsType<Form> = [
    { title: '表单名称', dataIndex: 'name', ellipsis: true },
    { title: '目录', dataIndex: 'directoryName', ellipsis: true, render: (n: string) => n || '—' },
    {
      title: '类型',
      dataIndex: 'formType',
      width: 110,
      render: (t: Form['formType']) => FORM_TYPE_LABELS[t],
    },
    { title: '删除时间', dataIndex: 'deletedAt', width: 180, render: time },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, f) => (
        <ConfirmLink
          title={`确定恢复表单「${f.name}」吗？`}
          description="表单及其数据表将恢复。"
          okText="恢复"
          onConfirm={() => run(() => restoreForm(f.id), '表单已恢复')}
        >
          恢复
        </ConfirmLink>
      ),
    },
  ];
  return (
    <PageCard title="表单回收站">
      <Button style={{ marginBottom: 16 }} onClick={() => navigate('..')}>
        返回表单管理
      </Button>
      <PagedTable<Form>
        search={{ placeholder: '请输入表单名称', onSearch: setKeyword }}
        rowKey="id"
        columns={columns}
        rows={list.data?.records ?? []}
        isLoading={list.isFetching}
        serverPage={page}
      />
    </PageCard>
  );
}
