import { Select } from 'antd';
import { PAGE_SIZE } from '../../../shared/ui/paging.tsx';
import type { AdminUsersQuery } from '../api.ts';
import { DepartmentTreeSelect } from './department-tree-select.tsx';

type UserState = 'enabled' | 'disabled';

export interface UserFilterValues {
  keyword?: string | undefined;
  departmentId?: string | undefined;
  roleId?: string | undefined;
  state?: UserState | undefined;
}

const STATE_OPTIONS: Array<{ value: UserState; label: string }> = [
  { value: 'enabled', label: '启用' },
  { value: 'disabled', label: '停用' },
];

export function usersQueryOf({ state, ...filters }: UserFilterValues, pageNum: number): AdminUsersQuery {
  return { ...filters, ...(state ? { disabled: state === 'disabled' } : {}), pageNum, pageSize: PAGE_SIZE };
}

interface UserFiltersInput {
  filters: UserFilterValues;
  onFilter: (change: UserFilterValues) => void;
  roleOptions: { value: string; label: string }[];
}

/**
 * 用户管理's filters: department (from the tree), role and state; each empty means all. A fragment, not
 * a component: the table's filter bar spaces each of its children.
 */
export function userFilters({ filters, onFilter, roleOptions }: UserFiltersInput) {
  return (
    <>
      <DepartmentTreeSelect
        value={filters.departmentId}
        onChange={(departmentId) => onFilter({ departmentId })}
      />
      <Select
        aria-label="角色"
        placeholder="全部角色"
        allowClear
        style={{ width: 180 }}
        showSearch={{ optionFilterProp: 'label' }}
        options={roleOptions}
        value={filters.roleId}
        onChange={(value?: string) => onFilter({ roleId: value })}
      />
      <Select
        aria-label="状态"
        placeholder="全部状态"
        allowClear
        style={{ width: 120 }}
        options={STATE_OPTIONS}
        value={filters.state}
        onChange={(value?: UserState) => onFilter({ state: value })}
      />
    </>
  );
}
