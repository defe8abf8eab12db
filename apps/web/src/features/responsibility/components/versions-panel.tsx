import type { QualityDeptVersion } from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { deleteVersion, enableVersion, responsibilityKeys, useVersions } from '../api.ts';
import { VersionFormModal } from './version-form-modal.tsx';

/** 版本管理: snapshots of the assignment; enabling one restores it, the enabled one cannot be deleted. */
export function VersionsPanel() {
  const [keyword, setKeyword] = useState('');
  const { list, page } = useVersions({ keyword: keyword || undefined });
  const dialog = useDialog<QualityDeptVersion>();
  const run = useAction(responsibilityKeys.all);

  const columns: TableColumnsType<QualityDeptVersion> = [
    { title: '版本名称', dataIndex: 'name', ellipsis: true },
    { title: '版本日期', dataIndex: 'versionDate', width: 120 },
    { title: '质控点数', dataIndex: 'pointCount', width: 100 },
    { title: '备注', dataIndex: 'remark', ellipsis: true, render: (r: string) => r || '—' },
    {
      title: '状态',
      dataIndex: 'isEnabled',
      width: 90,
      render: (on: boolean) => (on ? <Tag color="blue">启用中</Tag> : <Tag>未启用</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      render: (_, version) => (
        <Space size={0}>
          <ConfirmLink
            title={`确定启用版本「${version.name}」吗？`}
            description="当前的部门职责将被该版本替换。"
            okText="启用"
            onConfirm={async () => {
              await run(() => enableVersion(version.id), `已启用版本「${version.name}」`);
            }}
          >
            {version.isEnabled ? '恢复' : '启用'}
          </ConfirmLink>
          <Button type="link" size="small" onClick={() => dialog.show(version)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除版本「${version.name}」吗？`}
            okText="删除"
            isDanger
            disabledReason={version.isEnabled ? '启用中的版本不能删除' : undefined}
            onConfirm={async () => {
              await run(() => deleteVersion(version.id), '删除成功');
            }}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<QualityDeptVersion>
        search={{ placeholder: '请输入版本名称', onSearch: setKeyword }}
        filters={
          <Button type="primary" onClick={() => dialog.show()}>
            新增版本
          </Button>
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.records ?? []}
        isLoading={list.isFetching}
        serverPage={page}
      />
      <VersionFormModal open={dialog.open} version={dialog.target} onClose={dialog.hide} />
    </>
  );
}
