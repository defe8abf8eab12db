import type { UserTypeWire } from '@eduqa/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { deleteUserType, useRefreshSystem, useUserTypes } from '../api.ts';
import { UserTypeFormModal } from '../components/user-type-form-modal.tsx';

/** 用户类型: a short list, loaded whole (spec 1 §9) and searched and paged in the browser. */
export default function UserTypesPage() {
  const { data, isFetching } = useUserTypes();
  const [keyword, setKeyword] = useState('');
  const refresh = useRefreshSystem();
  const dialog = useDialog<UserTypeWire>();

  const rows = useMemo(
    () => (data ?? []).filter((t) => t.userTypeName.toLowerCase().includes(keyword.toLowerCase())),
    [data, keyword],
  );

  const remove = async (userType: UserTypeWire) => {
    try {
      await deleteUserType(userType.userTypeId);
    } catch {
      return;
    }
    notify.success(`已删除用户类型「${userType.userTypeName}」`);
    await refresh();
  };

  const columns: TableColumnsType<UserTypeWire> = [
    { title: '用户类型名称', dataIndex: 'userTypeName', ellipsis: true },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, userType) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => dialog.show(userType)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除用户类型「${userType.userTypeName}」吗？`}
            description="仍有用户属于该类型时不能删除。"
            okText="删除"
            isDanger
            onConfirm={() => remove(userType)}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];

  return (
    <PageCard title="用户类型" add={{ label: '新增用户类型', onClick: () => dialog.show() }}>
      <PagedTable<UserTypeWire>
        search={{ placeholder: '请输入用户类型名称', onSearch: setKeyword }}
        rowKey="userTypeId"
        columns={columns}
        rows={rows}
        isLoading={isFetching}
      />
      <UserTypeFormModal open={dialog.open} userType={dialog.target} onClose={dialog.hide} />
    </PageCard>
  );
}
