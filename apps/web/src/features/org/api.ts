import { DEFAULT_APP_ID, orgEndpoints, type QueryOf } from '@eduqa/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../shared/api/client.ts';
import { buildDepartmentTree, joinShortNames } from './department-tree.ts';

/** Spec 1 §9: roles and user types are listed whole (10,000,000), departments up to 100,000. */
const ALL_ROLES = { pageNum: 1, pageSize: 10_000_000 };
const ALL_DEPARTMENTS = { pageNum: 1, pageSize: 100_000 };

export type AdminUsersQuery = QueryOf<typeof orgEndpoints.adminUsers>;
export type AdminRolesQuery = QueryOf<typeof orgEndpoints.adminRoles>;

/** Query keys of 系统管理; everything under `all` is dropped after a change. */
export const systemKeys = {
  all: ['system'] as const,
  users: (query: AdminUsersQuery) => ['system', 'users', query] as const,
  roles: (query: AdminRolesQuery) => ['system', 'roles', query] as const,
  roleOptions: ['system', 'roleOptions'] as const,
  departments: ['system', 'departments'] as const,
  userTypes: ['system', 'userTypes'] as const,
  people: (keyword: string) => ['system', 'people', keyword] as const,
  setting: ['system', 'setting'] as const,
};

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: systemKeys.users(query),
    queryFn: () => call(orgEndpoints.adminUsers, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminRoles(query: AdminRolesQuery) {
  return useQuery({
    queryKey: systemKeys.roles(query),
    queryFn: () => call(orgEndpoints.adminRoles, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Every role, for pickers; needs only a session (a user manager may lack role management). */
export function useRoleOptions() {
  return useQuery({
    queryKey: systemKeys.roleOptions,
    queryFn: async () => (await call(orgEndpoints.roles, { query: ALL_ROLES })).records,
  });
}

/** Every department with its short names, flat and as a tree. */
export function useDepartments() {
  return useQuery({
    queryKey: systemKeys.departments,
    queryFn: async () => {
      const [departments, shortNames] = await Promise.all([
        call(orgEndpoints.departments, { query: ALL_DEPARTMENTS }),
        call(orgEndpoints.departmentShortNames, { query: ALL_DEPARTMENTS }),
      ]);
      const rows = joinShortNames(departments.records, shortNames.records);
      return { rows, tree: buildDepartmentTree(rows) };
    },
  });
}

export function useUserTypes() {
  return useQuery({
    queryKey: systemKeys.userTypes,
    queryFn: async () => (await call(orgEndpoints.userTypes, { query: ALL_ROLES })).records,
  });
}

/** Enabled users matching a name or account, for choosing a department head. */
export function usePeople(keyword: string) {
  return useQuery({
    queryKey: systemKeys.people(keyword),
    queryFn: async () =>
      (await call(orgEndpoints.commonUsers, { query: { keyword, pageNum: 1, pageSize: 50 } })).records,
    placeholderData: keepPreviousData,
  });
}

/** The setting with its logo's id; the header keeps its own copy (the shell's query). */
export function useSettingDetail() {
  return useQuery({
    queryKey: systemKeys.setting,
    queryFn: () => call(orgEndpoints.systemSetting, { params: { appId: DEFAULT_APP_ID } }),
  });
}

/**
 * After any change: users show department, type and role names, so every list of the feature is
 * reloaded rather than guessing which ones a change touched.
 */
export function useRefreshSystem() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: systemKeys.all }), [queryClient]);
}
