import type { FileType } from '@eduqa/contract';
import { Button, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { deleteFileType, fileTypeKeys, useFileTypes } from '../api.ts';
import { FileTypeFormModal } from '../components/file-type-form-modal.tsx';
import { deleteBlocker } from '../file-types.ts';

const STATE_FILTER = [
  { value: 'on', label: '启用' },
  { value: 'off', label: '停用' },
];

/** 数据管理 › 文件类型: the kinds stored files are filed under (spec 2 §7.3 fileType). */
export default function FileTypesPage() {
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<'on' | 'off' | undefined>();
  const { list, page } = useFileTypes({
    keyword: keyword || undefined,
    enableStatus: state === undefined ? undefined : state === 'on',
  });
  const dialog = useDialog<FileType>();
  const run = useAction(fileTypeKeys.all);

  const columns: TableColumnsType<FileType> = [
    {
      title: '类型名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, type) => (
        <Space size={4}>
          {name}
          {type.isBuiltIn ? <Tag>内置</Tag> : null}
        </Space>
      ),
    },
    { title: '类型描述', dataIndex: 'description', ellipsis: true, render: (d: string) => d || '—' },
    { title: '文件数', dataIndex: 'fileCount', width: 90 },
    {
      title: '状态',
      dataIndex: 'isEnabled',
      width: 90,
      render: (on: boolean) => (on ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, type) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => dialog.show(type)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除文件类型「${type.name}」吗？`}
            okText="删除"
            isDanger
            disabledReason={deleteBlocker(type)}
            onConfirm={async () => {
              await run(() => deleteFileType(type.id), '删除成功');
            }}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];

  return (
    <PageCard title="文件类型" add={{ label: '新增文件类型', onClick: () => dialog.show() }}>
      <PagedTable<FileType>
        search={{ placeholder: '请输入类型名称', onSearch: setKeyword }}
        filters={
          <Select
            allowClear
            aria-label="状态"
            placeholder="全部状态"
            style={{ width: 140 }}
            options={STATE_FILTER}
            value={state}
            onChange={setState}
          />
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.records ?? []}
        isLoading={list.isFetching}
        serverPage={page}
      />
      <FileTypeFormModal open={dialog.open} fileType={dialog.target} onClose={dialog.hide} />
    </PageCard>
  );
}
