import type { UserWire } from '@eduqa/contract';
import { Button, Select, Space, type TableColumnsType, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { PAGE_SIZE } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { useSession } from '../../../shell/session/index.ts';
import {
  type AdminUsersQuery,
  setUserDisabled,
  useAdminUsers,
  useDepartments,
  useRefreshSystem,
  useRoleOptions,
} from '../api.ts';
import { ResetPasswordModal } from '../components/reset-password-modal.tsx';
import { UserFormModal } from '../components/user-form-modal.tsx';
import { departmentOptions } from '../department-tree.ts';

type UserState = 'enabled' | 'disabled';

interface Filters {
  keyword?: string | undefined;
  departmentId?: string | undefined;
  roleId?: string | undefined;
  state?: UserState | undefined;
}

const STATE_OPTIONS: Array<{ value: UserState; label: string }> = [
  { value: 'enabled', label: '启用' },
  { value: 'disabled', label: '停用' },
];

function queryOf({ state, ...filters }: Filters, pageNum: number): AdminUsersQuery {
  return { ...filters, ...(state ? { disabled: state === 'disabled' } : {}), pageNum, pageSize: PAGE_SIZE };
}

/** 用户管理: search, filters, paging on the server; create, edit, disable/enable, reset password. */
export default function UsersPage() {
  const [filters, setFilters] = useState<Filters>({});
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useAdminUsers(queryOf(filters, pageNum));
  const departments = useDepartments();
  const roles = useRoleOptions();
  const { user: me } = useSession();
  const refresh = useRefreshSystem();
  const form = useDialog<UserWire>();
  const reset = useDialog<UserWire>();

  const filter = (change: Filters) => {
    setFilters((current) => ({ ...current, ...change }));
    setPageNum(1);
  };

  const toggle = async (user: UserWire) => {
    const disabled = !user.disabled;
    try {
      await setUserDisabled(user.userId, disabled);
    } catch {
      return;
    }
    notify.success(disabled ? `已停用「${user.userName}」` : `已启用「${user.userName}」`);
    await refresh();
  };

  const columns: TableColumnsType<UserWire> = [
    { title: '账号', dataIndex: 'account', width: 140, ellipsis: true },
    { title: '姓名', dataIndex: 'userName', width: 120, ellipsis: true },
    {
      title: '部门',
      dataIndex: 'departmentName',
      ellipsis: true,
      render: (value: string | null) => value ?? '-',
    },
    {
      title: '用户类型',
      dataIndex: 'userTypeName',
      width: 110,
      render: (value: string | null) => value ?? '-',
    },
    {
      title: '角色',
      dataIndex: 'roles',
      // The administrators' list always carries roles; null only reaches other callers' lists.
      render: (value: UserWire['roles']) =>
        value?.length ? (
          <Space size={[4, 4]} wrap>
            {value.map((role) => (
              <Tag key={role.roleId} style={{ marginInlineEnd: 0 }}>
                {role.roleName}
              </Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 80,
      render: (disabled: boolean) => (disabled ? <Tag color="red">停用</Tag> : <Tag color="green">启用</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, user) => {
        const isMe = user.userId === me?.userId;
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => form.show(user)}>
              编辑
            </Button>
            {/* Two keys: after a toggle the other action mounts afresh, its confirmation closed. */}
            {user.disabled ? (
              <ConfirmLink
                key="enable"
                title={`确定启用用户「${user.userName}」吗？`}
                okText="确定"
                onConfirm={() => toggle(user)}
              >
                启用
              </ConfirmLink>
            ) : (
              <ConfirmLink
                key="disable"
                title={`确定停用用户「${user.userName}」吗？`}
                description="停用后该用户将立即退出登录，且无法再登录。"
                okText="停用"
                isDanger
                disabledReason={isMe ? '不能停用自己的账号' : undefined}
                onConfirm={() => toggle(user)}
              >
                停用
              </ConfirmLink>
            )}
            <Button type="link" size="small" onClick={() => reset.show(user)}>
              重置密码
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <PageCard title="用户管理" add={{ label: '新增用户', onClick: () => form.show() }}>
      <PagedTable<UserWire>
        search={{
          placeholder: '请输入姓名或账号',
          onSearch: (value) => filter({ keyword: value || undefined }),
        }}
        filters={
          <>
            <TreeSelect
              placeholder="全部部门"
              allowClear
              style={{ width: 200 }}
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeDefaultExpandAll
              treeData={departmentOptions(departments.data?.tree ?? [])}
              value={filters.departmentId}
              onChange={(value?: string) => filter({ departmentId: value })}
            />
            <Select
              placeholder="全部角色"
              allowClear
              style={{ width: 180 }}
              showSearch={{ optionFilterProp: 'label' }}
              options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))}
              value={filters.roleId}
              onChange={(value?: string) => filter({ roleId: value })}
            />
            <Select
              placeholder="全部状态"
              allowClear
              style={{ width: 120 }}
              options={STATE_OPTIONS}
              value={filters.state}
              onChange={(value?: UserState) => filter({ state: value })}
            />
          </>
        }
        rowKey="userId"
        columns={columns}
        rows={data?.records ?? []}
        isLoading={isFetching}
        serverPage={{ current: pageNum, total: data?.total ?? 0, onChange: setPageNum }}
      />
      <UserFormModal open={form.open} user={form.target} onClose={form.hide} />
      <ResetPasswordModal open={reset.open} user={reset.target} onClose={reset.hide} />
    </PageCard>
  );
}
