import type { UserWire } from '@eduqa/contract';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { useSession } from '../../../shell/session/index.ts';
import { setUserDisabled, useAdminUsers, useRefreshSystem, useRoleOptions } from '../api.ts';
import { ResetPasswordModal } from '../components/reset-password-modal.tsx';
import { userColumns } from '../components/user-columns.tsx';
import { type UserFilterValues, userFilters, usersQueryOf } from '../components/user-filters.tsx';
import { UserFormModal } from '../components/user-form-modal.tsx';

/** 用户管理: search, filters, paging on the server; create, edit, disable/enable, reset password. */
export default function UsersPage() {
  const [filters, setFilters] = useState<UserFilterValues>({});
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useAdminUsers(usersQueryOf(filters, pageNum));
  const roles = useRoleOptions();
  const { user: me } = useSession();
  const refresh = useRefreshSystem();
  const form = useDialog<UserWire>();
  const reset = useDialog<UserWire>();

  const filter = (change: UserFilterValues) => {
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

  const columns = userColumns({
    meId: me?.userId,
    onEdit: form.show,
    onToggle: toggle,
    onResetPassword: reset.show,
  });

  return (
    <PageCard title="用户管理" add={{ label: '新增用户', onClick: () => form.show() }}>
      <PagedTable<UserWire>
        search={{
          placeholder: '请输入姓名或账号',
          onSearch: (value) => filter({ keyword: value || undefined }),
        }}
        filters={userFilters({
          filters,
          onFilter: filter,
          roleOptions: (roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName })),
        })}
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
