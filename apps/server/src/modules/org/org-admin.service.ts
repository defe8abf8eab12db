import {
  ACTIONS,
  checkNewPassword,
  DEFAULT_APP_ID,
  type Department,
  LOGO_MAX_KB,
  MENU_KEYS,
  MESSAGES,
  type PagingQuery,
  ROLE_IDS,
  type Role,
  type SystemSetting,
  TIME_ZONE_INVALID,
  type UserSummary,
  type UserType,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/password.ts';
import { setSchoolTimeZone } from '../../platform/time.ts';
import { passwordResetNotice } from '../auth/account-notices.ts';
import type { FilesService, UploadedFile } from '../files/files.service.ts';
import { notePasswordReset, noteRole, noteSetting, noteUser } from './org.audit.ts';
import type { OrgRepo, UserFilter } from './org.repo.ts';
import { systemSettingOf } from './org.service.ts';
import type { OrgAdminQueries, OrgAdminRepo } from './org-admin.repo.ts';

/** Optional text fields: absent leaves the value as it is, empty clears it. */
const cleared = (value: string | undefined) =>
  value === undefined ? undefined : value === '' ? null : value;
const unique = <T>(items: readonly T[]) => [...new Set(items)];

const LAST_ADMIN = '至少保留一名启用的系统管理员';
const ADMIN_ROLE_GRANTS = '系统管理员角色必须保留系统管理菜单和全部操作权限';

export interface AdminUserInput {
  userName: string;
  departmentId?: string | undefined;
  userTypeId?: string | undefined;
  roleIds?: string[] | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  sex?: string | undefined;
}

export interface RoleInput {
  roleName: string;
  menuKeys?: string[] | undefined;
  actions?: string[] | undefined;
}

export interface DepartmentInput {
  departmentName: string;
  parentId?: string | undefined;
  chargeUserId?: string | undefined;
  shortNameChinese?: string | undefined;
  shortNameEnglish?: string | undefined;
  sort?: number | undefined;
}

/**
 * Administration of users, roles, departments, user types and the system setting. The route has
 * already checked the caller's action permission; the rules that keep the organisation usable
 * (an enabled administrator remains, no department cycle, nothing referenced is deleted) live here.
 */
export function createOrgAdminService(deps: OrgAdminDeps) {
  return {
    ...userAdministration(deps),
    ...userAccess(deps),
    ...roleAdministration(deps),
    ...departmentAdministration(deps),
    ...userTypeAdministration(deps),
    ...settingAdministration(deps),
  };
}

interface OrgAdminDeps {
  orgAdminRepo: OrgAdminRepo;
  orgRepo: OrgRepo;
  files: FilesService;
  revokeUserSessions(userId: string): Promise<void>;
}

async function summary(orgRepo: OrgRepo, userId: string): Promise<UserSummary> {
  const user = await orgRepo.findUserSummary(userId);
  if (!user) throw notFound('用户不存在');
  return user;
}

/** The references a user form carries must exist; a disabled-user check is not needed here. */
async function checkUserReferences(tx: OrgAdminQueries, input: AdminUserInput) {
  if (input.departmentId && !(await tx.findDepartment(input.departmentId))) {
    throw new AppError('VALIDATION', '部门不存在');
  }
  if (input.userTypeId && !(await tx.findUserType(input.userTypeId))) {
    throw new AppError('VALIDATION', '用户类型不存在');
  }
  const roleIds = unique(input.roleIds ?? []);
  const existing = await tx.findExistingRoleIds(roleIds);
  if (existing.length !== roleIds.length) throw new AppError('VALIDATION', '角色不存在');
  return roleIds;
}

/** Refuses a change that would leave no enabled user holding the administrator role. */
async function keepAnAdministrator(tx: OrgAdminQueries, userId: string) {
  if ((await tx.countOtherEnabledHolders(ROLE_IDS.admin, userId)) === 0) {
    throw new AppError('UNPROCESSABLE', LAST_ADMIN);
  }
}

async function department(orgAdminRepo: OrgAdminRepo, id: string): Promise<Department> {
  const found = await orgAdminRepo.findDepartment(id);
  if (!found) throw notFound('部门不存在');
  return found;
}

/** Role grants, deduplicated, in the contract's order; the schema has already refused unknown keys. */
function grantsOf(input: RoleInput) {
  return {
    menuKeys: input.menuKeys && MENU_KEYS.filter((key) => input.menuKeys?.includes(key)),
    actions: input.actions && ACTIONS.filter((action) => input.actions?.includes(action)),
  };
}

/** The user list, and a user created or changed with their roles. */
function userAdministration({ orgAdminRepo, orgRepo }: OrgAdminDeps) {
  return {
    users: (input: { filter: UserFilter; paging: PagingQuery }) =>
      orgRepo.findUsers(input.filter, input.paging),

    async createUser(input: { actor: Actor; data: AdminUserInput & { account: string; password: string } }) {
      const { data } = input;
      const problem = checkNewPassword(data.password, MESSAGES.initialPasswordRequired);
      if (problem) throw new AppError('VALIDATION', problem);
      const passwordHash = await hashPassword(data.password);
      const id = newId();
      await guarded(
        () =>
          orgAdminRepo.transaction(async (tx) => {
            if (await tx.findUserIdByAccount(data.account)) throw new AppError('CONFLICT', '登录账号已存在');
            const roleIds = await checkUserReferences(tx, data);
            await tx.insertUser({
              id,
              account: data.account,
              name: data.userName,
              passwordHash,
              // The administrator knows this password: the user replaces it at the first sign-in.
              mustChangePassword: true,
              departmentId: cleared(data.departmentId) ?? null,
              userTypeId: cleared(data.userTypeId) ?? null,
              email: cleared(data.email) ?? null,
              phone: cleared(data.phone) ?? null,
              sex: cleared(data.sex) ?? null,
            });
            await tx.replaceUserRoles(id, roleIds);
          }),
        { conflict: '登录账号已存在' },
      );
      const created = await summary(orgRepo, id);
      noteUser(input.actor, null, created);
      return created;
    },

    /** Absent fields stay as they are; absent `roleIds` keeps the roles. */
    async updateUser(input: { actor: Actor; id: string; data: AdminUserInput }) {
      const { actor, id, data } = input;
      const before = await orgRepo.findUserSummary(id);
      await orgAdminRepo.transaction(async (tx) => {
        await tx.lockRole(ROLE_IDS.admin);
        const user = await tx.findUserById(id);
        if (!user) throw notFound('用户不存在');
        const roleIds = await checkUserReferences(tx, data);
        if (data.roleIds !== undefined && !roleIds.includes(ROLE_IDS.admin)) {
          const held = await tx.findRoleIdsOfUser(id);
          if (held.includes(ROLE_IDS.admin)) {
            if (id === actor.userId) throw new AppError('UNPROCESSABLE', '不能移除自己的系统管理员角色');
            if (!user.disabled) await keepAnAdministrator(tx, id);
          }
        }
        await tx.updateUser(id, {
          name: data.userName,
          departmentId: cleared(data.departmentId),
          userTypeId: cleared(data.userTypeId),
          email: cleared(data.email),
          phone: cleared(data.phone),
          sex: cleared(data.sex),
        });
        if (data.roleIds !== undefined) await tx.replaceUserRoles(id, roleIds);
      });
      const after = await summary(orgRepo, id);
      noteUser(actor, before ?? null, after);
      return after;
    },
  };
}

/** Whether a user may sign in, and with which password: both end the user's sessions. */
function userAccess(deps: OrgAdminDeps) {
  const { orgAdminRepo, orgRepo } = deps;
  return {
    /** Disabling ends every session of the user at once; enabling lets them sign in again. */
    async setUserDisabled(input: { actor: Actor; id: string; disabled: boolean }) {
      const { actor, id, disabled } = input;
      const before = await orgRepo.findUserSummary(id);
      await orgAdminRepo.transaction(async (tx) => {
        await tx.lockRole(ROLE_IDS.admin);
        const user = await tx.findUserById(id);
        if (!user) throw notFound('用户不存在');
        if (!disabled || user.disabled) {
          await tx.updateUser(id, { disabled });
          return;
        }
        if (id === actor.userId) throw new AppError('UNPROCESSABLE', '不能停用自己的账号');
        if ((await tx.findRoleIdsOfUser(id)).includes(ROLE_IDS.admin)) await keepAnAdministrator(tx, id);
        await tx.updateUser(id, { disabled: true });
      });
      if (disabled) await deps.revokeUserSessions(id);
      const after = await summary(orgRepo, id);
      noteUser(actor, before ?? null, after);
      return after;
    },

    /** The user must sign in again with the new password: all their sessions end. */
    async resetPassword(input: { actor: Actor; id: string; password: string }) {
      const problem = checkNewPassword(input.password);
      if (problem) throw new AppError('VALIDATION', problem);
      const user = await orgAdminRepo.findUserById(input.id);
      if (!user) throw notFound('用户不存在');
      const passwordHash = await hashPassword(input.password);
      await orgAdminRepo.transaction(async (tx) => {
        await tx.updatePasswordHash(input.id, passwordHash);
        const administrator = await tx.findUserById(input.actor.userId);
        await tx.notify([passwordResetNotice(input.actor, input.id, administrator?.name ?? '')]);
      });
      await deps.revokeUserSessions(input.id);
      notePasswordReset(input.actor, user);
    },
  };
}

/** Roles and their grants; the administrator role keeps what administration needs. */
function roleAdministration({ orgAdminRepo, orgRepo }: OrgAdminDeps) {
  return {
    roles: (input: { keyword: string | undefined; paging: PagingQuery }) =>
      orgRepo.findRoles({ keyword: input.keyword }, input.paging),

    async createRole(input: { actor: Actor; data: RoleInput }): Promise<Role> {
      const { menuKeys, actions } = grantsOf(input.data);
      const id = newId();
      await guarded(
        async () => {
          if (await orgAdminRepo.findRoleIdByName(input.data.roleName)) {
            throw new AppError('CONFLICT', '角色名称已存在');
          }
          await orgAdminRepo.insertRole({
            id,
            name: input.data.roleName,
            appId: DEFAULT_APP_ID,
            menuKeys: menuKeys ?? [],
            actions: actions ?? [],
            builtin: false,
          });
        },
        { conflict: '角色名称已存在' },
      );
      const created = (await orgAdminRepo.findRoleById(id))!;
      noteRole(input.actor, null, created);
      return created;
    },

    /**
     * Built-in roles keep their names (the client maps role names to ids) and the administrator role
     * keeps what administration needs, so nobody can lock everyone out of it.
     */
    async updateRole(input: { actor: Actor; id: string; data: RoleInput }): Promise<Role> {
      const { id, data } = input;
      const role = await orgAdminRepo.findRoleById(id);
      if (!role) throw notFound('角色不存在');
      if (role.builtin && data.roleName !== role.name) {
        throw new AppError('UNPROCESSABLE', '内置角色不能修改名称');
      }
      const { menuKeys, actions } = grantsOf(data);
      if (id === ROLE_IDS.admin) {
        const keepsMenu = menuKeys === undefined || menuKeys.includes('system');
        const keepsActions = actions === undefined || actions.length === ACTIONS.length;
        if (!keepsMenu || !keepsActions) throw new AppError('UNPROCESSABLE', ADMIN_ROLE_GRANTS);
      }
      await guarded(
        async () => {
          const holder = await orgAdminRepo.findRoleIdByName(data.roleName);
          if (holder && holder !== id) throw new AppError('CONFLICT', '角色名称已存在');
          await orgAdminRepo.updateRole(id, {
            name: data.roleName,
            ...(menuKeys ? { menuKeys } : {}),
            ...(actions ? { actions } : {}),
          });
        },
        { conflict: '角色名称已存在' },
      );
      const after = (await orgAdminRepo.findRoleById(id))!;
      noteRole(input.actor, role, after);
      return after;
    },

    async deleteRole(input: { actor: Actor; id: string }) {
      await guarded(
        () =>
          orgAdminRepo.transaction(async (tx) => {
            await tx.lockRole(input.id);
            const role = await tx.findRoleById(input.id);
            if (!role) throw notFound('角色不存在');
            if (role.builtin) throw new AppError('UNPROCESSABLE', '内置角色不能删除');
            if ((await tx.countRoleUsers(input.id)) > 0) {
              throw new AppError('UNPROCESSABLE', '该角色下仍有用户，不能删除');
            }
            await tx.deleteRole(input.id);
            noteRole(input.actor, role, null);
          }),
        { inUse: '该角色已被其他数据引用，不能删除' },
      );
    },
  };
}

/** The department tree: no cycle, no department deleted while it holds children or users. */
function departmentAdministration({ orgAdminRepo }: OrgAdminDeps) {
  return {
    async createDepartment(input: { actor: Actor; data: DepartmentInput }): Promise<Department> {
      const { data } = input;
      const id = newId();
      await guarded(
        () =>
          orgAdminRepo.transaction(async (tx) => {
            const tree = await tx.lockDepartmentTree();
            await checkDepartment(tx, { id, data, tree });
            await tx.insertDepartment({
              id,
              name: data.departmentName,
              parentId: cleared(data.parentId) ?? null,
              headUserId: cleared(data.chargeUserId) ?? null,
              shortNameChinese: cleared(data.shortNameChinese) ?? null,
              shortNameEnglish: cleared(data.shortNameEnglish) ?? null,
              sort: data.sort ?? 0,
            });
          }),
        { conflict: '部门名称已存在' },
      );
      return department(orgAdminRepo, id);
    },

    /** Absent fields stay as they are; an empty parent makes it a top-level department. */
    async updateDepartment(input: { actor: Actor; id: string; data: DepartmentInput }): Promise<Department> {
      const { id, data } = input;
      await guarded(
        () =>
          orgAdminRepo.transaction(async (tx) => {
            const tree = await tx.lockDepartmentTree();
            if (!tree.some((d) => d.id === id)) throw notFound('部门不存在');
            await checkDepartment(tx, { id, data, tree });
            await tx.updateDepartment(id, {
              name: data.departmentName,
              parentId: cleared(data.parentId),
              headUserId: cleared(data.chargeUserId),
              shortNameChinese: cleared(data.shortNameChinese),
              shortNameEnglish: cleared(data.shortNameEnglish),
              sort: data.sort,
            });
          }),
        { conflict: '部门名称已存在' },
      );
      return department(orgAdminRepo, id);
    },

    async deleteDepartment(input: { actor: Actor; id: string }) {
      await guarded(
        () =>
          orgAdminRepo.transaction(async (tx) => {
            const tree = await tx.lockDepartmentTree();
            if (!tree.some((d) => d.id === input.id)) throw notFound('部门不存在');
            const hasChildren = tree.some((d) => d.parentId === input.id);
            if (hasChildren || (await tx.countDepartmentUsers(input.id)) > 0) {
              throw new AppError('UNPROCESSABLE', '该部门下仍有下级部门或用户，不能删除');
            }
            await tx.deleteDepartment(input.id);
          }),
        { inUse: '该部门已被其他数据引用，不能删除' },
      );
    },
  };
}

function userTypeAdministration({ orgAdminRepo }: OrgAdminDeps) {
  return {
    async createUserType(input: { actor: Actor; userTypeName: string }): Promise<UserType> {
      const id = newId();
      await guarded(
        async () => {
          if (await orgAdminRepo.findUserTypeIdByName(input.userTypeName)) {
            throw new AppError('CONFLICT', '用户类型名称已存在');
          }
          await orgAdminRepo.insertUserType({ id, name: input.userTypeName });
        },
        { conflict: '用户类型名称已存在' },
      );
      return { id, name: input.userTypeName };
    },

    async updateUserType(input: { actor: Actor; id: string; userTypeName: string }): Promise<UserType> {
      const { id, userTypeName } = input;
      if (!(await orgAdminRepo.findUserType(id))) throw notFound('用户类型不存在');
      await guarded(
        async () => {
          const holder = await orgAdminRepo.findUserTypeIdByName(userTypeName);
          if (holder && holder !== id) throw new AppError('CONFLICT', '用户类型名称已存在');
          await orgAdminRepo.updateUserType(id, userTypeName);
        },
        { conflict: '用户类型名称已存在' },
      );
      return { id, name: userTypeName };
    },

    async deleteUserType(input: { actor: Actor; id: string }) {
      await guarded(
        () =>
          orgAdminRepo.transaction(async (tx) => {
            if (!(await tx.lockUserType(input.id))) throw notFound('用户类型不存在');
            if ((await tx.countUserTypeUsers(input.id)) > 0) {
              throw new AppError('UNPROCESSABLE', '该用户类型下仍有用户，不能删除');
            }
            await tx.deleteUserType(input.id);
          }),
        { inUse: '该用户类型已被其他数据引用，不能删除' },
      );
    },
  };
}

/** The setting as it is now, its change noted for the operation log. */
async function settingChanged(orgRepo: OrgRepo, actor: Actor, before: SystemSetting) {
  const after = await systemSettingOf(orgRepo, before.appId);
  noteSetting(actor, before, after);
  return after;
}

/** The system setting: name, feature switches and logo. */
function settingAdministration({ orgAdminRepo, orgRepo, files }: OrgAdminDeps) {
  return {
    async updateSystemName(input: { actor: Actor; appId: string; systemName: string }) {
      const current = await systemSettingOf(orgRepo, input.appId);
      await orgAdminRepo.upsertSystemName(input.appId, input.systemName);
      return settingChanged(orgRepo, input.actor, current);
    },

    /** Switching a feature changes every session's menus at its next request (grants are computed per request). */
    async updateFeatureFlags(input: { actor: Actor; appId: string; annualTargetBreakdown: boolean }) {
      const current = await systemSettingOf(orgRepo, input.appId);
      await orgAdminRepo.updateFeatureFlags({
        appId: input.appId,
        systemName: current.systemName,
        annualTargetBreakdown: input.annualTargetBreakdown,
      });
      return settingChanged(orgRepo, input.actor, current);
    },

    /**
     * 时区: every time shown or exported from now on, and every day or month counted, is on the new zone's
     * clock. The schema has checked that Intl knows it; PostgreSQL must too, or `at time zone` would fail.
     */
    async updateTimeZone(input: { actor: Actor; appId: string; timeZone: string }) {
      const current = await systemSettingOf(orgRepo, input.appId);
      if (!(await orgAdminRepo.isKnownTimeZone(input.timeZone)))
        throw new AppError('VALIDATION', TIME_ZONE_INVALID);
      await orgAdminRepo.updateTimeZone({
        appId: input.appId,
        systemName: current.systemName,
        timeZone: input.timeZone,
      });
      if (input.appId === DEFAULT_APP_ID) setSchoolTimeZone(input.timeZone);
      return settingChanged(orgRepo, input.actor, current);
    },

    /** The logo is public: the login page shows it before anyone signs in. */
    async uploadLogo(input: { actor: Actor; appId: string; file: UploadedFile | undefined }) {
      const current = await systemSettingOf(orgRepo, input.appId);
      const logoFileId = await files.saveImage({
        file: input.file,
        maxKB: LOGO_MAX_KB,
        isPublic: true,
        ownerUserId: input.actor.userId,
      });
      await orgAdminRepo.upsertLogo({ appId: input.appId, logoFileId, systemName: current.systemName });
      return settingChanged(orgRepo, input.actor, current);
    },
  };
}

/**
 * A department's name is unique, its parent exists and is neither itself nor below it, and its head
 * is an enabled user. `tree` is every department's (id, parent), locked by the caller.
 */
async function checkDepartment(
  tx: OrgAdminQueries,
  input: { id: string; data: DepartmentInput; tree: Array<{ id: string; parentId: string | null }> },
) {
  const { id, data, tree } = input;
  const holder = await tx.findDepartmentIdByName(data.departmentName);
  if (holder && holder !== id) throw new AppError('CONFLICT', '部门名称已存在');
  if (data.parentId) {
    const parentOf = new Map(tree.map((d) => [d.id, d.parentId]));
    if (!parentOf.has(data.parentId)) throw new AppError('VALIDATION', '上级部门不存在');
    // Walk up from the new parent; meeting the department itself means it would sit below itself.
    const seen = new Set<string>();
    for (let at: string | null | undefined = data.parentId; at; at = parentOf.get(at)) {
      if (at === id || seen.has(at)) {
        throw new AppError('UNPROCESSABLE', '上级部门不能是自身或其下级部门');
      }
      seen.add(at);
    }
  }
  if (data.chargeUserId) {
    const head = await tx.findUserById(data.chargeUserId);
    if (!head || head.disabled) throw new AppError('VALIDATION', '负责人不存在或已停用');
  }
}

export type OrgAdminService = ReturnType<typeof createOrgAdminService>;
