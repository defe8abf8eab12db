import { type BodyOf, DEFAULT_APP_ID, orgEndpoints, type QueryOf, ssoEndpoints } from '@eduqa/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, upload } from '../../shared/api/client.ts';
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
  sso: ['system', 'sso'] as const,
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

export type DepartmentBody = BodyOf<typeof orgEndpoints.adminCreateDepartment>;
export type RoleBody = BodyOf<typeof orgEndpoints.adminCreateRole>;
export type UserBody = BodyOf<typeof orgEndpoints.adminUpdateUser>;
export type NewUserBody = BodyOf<typeof orgEndpoints.adminCreateUser>;
export type UserTypeBody = BodyOf<typeof orgEndpoints.adminCreateUserType>;
export type SsoSettingsBody = BodyOf<typeof ssoEndpoints.updateSettings>;

/** Adds a department, or saves department `id`. */
export async function saveDepartment(body: DepartmentBody, id?: string): Promise<void> {
  if (id) await call(orgEndpoints.adminUpdateDepartment, { params: { id }, body, json: true });
  else await call(orgEndpoints.adminCreateDepartment, { body, json: true });
}

export async function deleteDepartment(id: string): Promise<void> {
  await call(orgEndpoints.adminDeleteDepartment, { params: { id } });
}

/** Adds a role, or saves role `id`. */
export async function saveRole(body: RoleBody, id?: string): Promise<void> {
  if (id) await call(orgEndpoints.adminUpdateRole, { params: { id }, body, json: true });
  else await call(orgEndpoints.adminCreateRole, { body, json: true });
}

export async function deleteRole(id: string): Promise<void> {
  await call(orgEndpoints.adminDeleteRole, { params: { id } });
}

export async function createUser(body: NewUserBody): Promise<void> {
  await call(orgEndpoints.adminCreateUser, { body, json: true });
}

export async function updateUser(id: string, body: UserBody): Promise<void> {
  await call(orgEndpoints.adminUpdateUser, { params: { id }, body, json: true });
}

export async function setUserDisabled(id: string, disabled: boolean): Promise<void> {
  await call(orgEndpoints.adminDisableUser, { params: { id }, body: { disabled }, json: true });
}

export async function resetPassword(id: string, password: string): Promise<void> {
  await call(orgEndpoints.adminResetPassword, { params: { id }, body: { password }, json: true });
}

/** Adds a user type, or saves user type `id`. */
export async function saveUserType(body: UserTypeBody, id?: string): Promise<void> {
  if (id) await call(orgEndpoints.adminUpdateUserType, { params: { id }, body, json: true });
  else await call(orgEndpoints.adminCreateUserType, { body, json: true });
}

export async function deleteUserType(id: string): Promise<void> {
  await call(orgEndpoints.adminDeleteUserType, { params: { id } });
}

/** Saves the system name; answers the whole setting. */
export function saveSystemName(systemName: string) {
  return call(orgEndpoints.adminUpdateSystemSetting, {
    params: { appId: DEFAULT_APP_ID },
    body: { systemName },
    json: true,
  });
}

/** Uploads the system logo; answers the whole setting. */
export function uploadLogo(form: FormData, onProgress: (percent: number) => void) {
  return upload(orgEndpoints.adminUploadLogo, form, { params: { appId: DEFAULT_APP_ID }, onProgress });
}

/** Turns 年度目标分解 on or off; answers the whole setting. */
export function saveAnnualTargetBreakdown(isOn: boolean) {
  return call(orgEndpoints.adminUpdateFeatureFlags, {
    params: { appId: DEFAULT_APP_ID },
    body: { annualTargetBreakdown: isOn },
    json: true,
  });
}

/** Sets the school's time zone (时区); answers the whole setting. */
export function saveTimeZone(timeZone: string) {
  return call(orgEndpoints.adminUpdateTimeZone, {
    params: { appId: DEFAULT_APP_ID },
    body: { timeZone },
    json: true,
  });
}

/** 统一身份认证 as stored (the client secret masked). */
export function useSsoSettings() {
  return useQuery({ queryKey: systemKeys.sso, queryFn: () => call(ssoEndpoints.settings) });
}

export function saveSsoSettings(body: SsoSettingsBody) {
  return call(ssoEndpoints.updateSettings, { body, json: true });
}
