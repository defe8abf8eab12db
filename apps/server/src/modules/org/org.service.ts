import {
  AVATAR_MAX_KB,
  checkNewPassword,
  DEFAULT_APP_ID,
  DEFAULT_SYSTEM_NAME,
  DEFAULT_TIME_ZONE,
  MESSAGES,
  type PagingQuery,
  type PersonalInfoBody,
  ROLE_IDS,
  type SessionUser,
  type SystemSetting,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { formatDateTime, schoolTimeZone } from '../../platform/time.ts';
import type { FilesService, UploadedFile } from '../files/files.service.ts';
import { computeGrants } from './org.grants.ts';
import type { OrgRepo, UserFilter } from './org.repo.ts';

/**
 * Contact details (email, phone, QQ, sex) and roles of a user are for administrators and the user
 * himself; every other account sees names and departments only (issue 10: any account, outside experts
 * included, could list them all).
 */
export function seesPrivateDetails(actor: Actor, userId: string): boolean {
  return (
    actor.userId === userId || actor.roleIds.includes(ROLE_IDS.admin) || actor.actions.has('org.user.manage')
  );
}

const emptyToNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/** An application's settings; the default application has its defaults before anyone saved one. */
export async function systemSettingOf(orgRepo: OrgRepo, appId: string): Promise<SystemSetting> {
  const found = await orgRepo.findSystemSetting(appId);
  if (found) return found;
  if (appId === DEFAULT_APP_ID)
    return {
      appId,
      systemName: DEFAULT_SYSTEM_NAME,
      logoFileId: null,
      annualTargetBreakdown: true,
      timeZone: DEFAULT_TIME_ZONE,
    };
  throw notFound('应用不存在');
}

export function createOrgService(deps: {
  orgRepo: OrgRepo;
  files: FilesService;
  revokeUserSessions(userId: string): Promise<void>;
}) {
  const { orgRepo, files } = deps;

  async function sessionUser(userId: string): Promise<SessionUser> {
    const summary = await orgRepo.findUserSummary(userId);
    if (!summary) throw notFound('用户不存在');
    const setting = await orgRepo.findSystemSetting(DEFAULT_APP_ID);
    const grants = computeGrants(summary.roleGrants, summary.headedDepartments.length > 0, {
      annualTargetBreakdown: setting?.annualTargetBreakdown ?? true,
    });
    return {
      id: summary.id,
      account: summary.account,
      name: summary.name,
      departmentId: summary.departmentId,
      departmentName: summary.departmentName,
      menus: grants.menus,
      roles: grants.roles,
      actions: grants.actions,
      qq: summary.qq,
      phone: summary.phone,
      email: summary.email,
      sex: summary.sex,
      avatarUrl: summary.avatarUrl,
      lastAccessTime: formatDateTime(summary.lastAccessAt),
      headedDepartments: summary.headedDepartments,
      mustChangePassword: summary.mustChangePassword,
      timeZone: schoolTimeZone(),
    };
  }

  return {
    sessionUser,

    systemSetting: (appId: string) => systemSettingOf(orgRepo, appId),

    rolesByApplication: (appId: string, paging: PagingQuery) => orgRepo.findRoles({ appId }, paging),
    roles: (paging: PagingQuery) => orgRepo.findRoles({}, paging),

    async roleUsers(roleId: string) {
      if (!(await orgRepo.findRoleById(roleId))) throw notFound('角色不存在');
      return orgRepo.findUsersOfRole(roleId);
    },

    async userById(id: string) {
      const user = await orgRepo.findUserSummary(id);
      if (!user) throw notFound('用户不存在');
      return user;
    },

    /** Pickers offer only active users. */
    commonUsers: (filter: Omit<UserFilter, 'disabled'>, paging: PagingQuery) =>
      orgRepo.findUsers({ ...filter, disabled: false }, paging),

    departments: (keyword: string | undefined, paging: PagingQuery) =>
      orgRepo.findDepartments({ keyword }, paging),
    userTypes: (paging: PagingQuery) => orgRepo.findUserTypes(paging),

    async updatePersonalInfo(actor: Actor, body: PersonalInfoBody) {
      await orgRepo.updateContact(actor.userId, {
        email: emptyToNull(body.email),
        phone: emptyToNull(body.phone),
        qq: emptyToNull(body.qq),
        sex: emptyToNull(body.sex),
      });
      return sessionUser(actor.userId);
    },

    /** Every session of the user ends, this one included: the new password must be used. */
    async updatePassword(actor: Actor, body: { oldPassword: string; newPassword: string }) {
      const user = await orgRepo.findUserById(actor.userId);
      if (!user) throw notFound('用户不存在');
      if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
        throw new AppError('VALIDATION', MESSAGES.wrongOldPassword);
      }
      const problem = checkNewPassword(body.newPassword);
      if (problem) throw new AppError('VALIDATION', problem);
      await orgRepo.updatePasswordHash(actor.userId, await hashPassword(body.newPassword));
      await deps.revokeUserSessions(actor.userId);
    },

    async changePortrait(actor: Actor, input: { file?: UploadedFile | undefined; useDefault: boolean }) {
      if (input.useDefault) {
        await orgRepo.updateAvatar(actor.userId, null);
        return sessionUser(actor.userId);
      }
      const fileId = await files.saveImage({
        file: input.file,
        maxKB: AVATAR_MAX_KB,
        ownerUserId: actor.userId,
      });
      await orgRepo.updateAvatar(actor.userId, fileId);
      return sessionUser(actor.userId);
    },
  };
}

export type OrgService = ReturnType<typeof createOrgService>;
