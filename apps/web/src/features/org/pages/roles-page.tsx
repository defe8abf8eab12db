import { ACTION_LABELS, MENU_LABELS, type RoleDetailWire } from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { PAGE_SIZE } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { deleteRole, useAdminRoles, useRefreshSystem } from '../api.ts';
import { RoleFormModal } from '../components/role-form-modal.tsx';

function labelsOf(values: string[], labels: Record<string, string>) {
  if (values.length === 0) return '-';
  return (
    <Space size={[4, 4]} wrap>
      {values.map((value) => (
        <Tag key={value} style={{ marginInlineEnd: 0 }}>
          {labels[value] ?? value}
        </Tag>
      ))}
    </Space>
  );
}

/** 角色管理: each role's name and the menus and actions it grants. */
export default function RolesPage() {
  const [keyword, setKeyword] = useState<string>();
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useAdminRoles({ keyword, pageNum, pageSize: PAGE_SIZE });
  const refresh = useRefreshSystem();
  const dialog = useDialog<RoleDetailWire>();

  const remove = async (role: RoleDetailWire) => {
    try {
      await deleteRole(role.roleId);
    } catch {
      return;
    }
    notify.success(`已删除角色「${role.roleName}」`);
    // The last row of the last page gone: step back a page instead of showing an empty one.
    if (data && data.records.length === 1 && pageNum > 1) setPageNum(pageNum - 1);
    await refresh();
  };

  const columns: TableColumnsType<RoleDetailWire> = [
    { title: '角色名称', dataIndex: 'roleName', width: 180, ellipsis: true },
    {
      title: '内置',
      dataIndex: 'builtin',
      width: 80,
      render: (builtin: boolean) => (builtin ? <Tag color="blue">是</Tag> : <Tag>否</Tag>),
    },
    {
      title: '菜单权限',
      dataIndex: 'menuKeys',
      render: (keys: string[]) => labelsOf(keys, MENU_LABELS),
    },
    {
      title: '操作权限',
      dataIndex: 'actions',
      width: 260,
      render: (actions: string[]) => labelsOf(actions, ACTION_LABELS),
    },
    {
      title: '操作',
      key: 'actions-column',
      width: 130,
      render: (_, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => dialog.show(role)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除角色「${role.roleName}」吗？`}
            description="删除后不可恢复。"
            okText="删除"
            isDanger
            disabledReason={role.builtin ? '内置角色不能删除' : undefined}
            onConfirm={() => remove(role)}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];

  return (
    <PageCard title="角色管理" add={{ label: '新增角色', onClick: () => dialog.show() }}>
      <PagedTable<RoleDetailWire>
        search={{
          placeholder: '请输入角色名称',
          onSearch: (value) => {
            setKeyword(value || undefined);
            setPageNum(1);
          },
        }}
        rowKey="roleId"
        columns={columns}
        rows={data?.records ?? []}
        isLoading={isFetching}
        serverPage={{ current: pageNum, total: data?.total ?? 0, onChange: setPageNum }}
      />
      <RoleFormModal open={dialog.open} role={dialog.target} onClose={dialog.hide} />
    </PageCard>
  );
}
