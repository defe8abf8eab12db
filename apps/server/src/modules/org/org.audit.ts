import {
  ACTION_LABELS,
  type Action,
  MENU_LABELS,
  type MenuKey,
  type Role,
  SEX_LABELS,
  type Sex,
  type SystemSetting,
  type UserSummary,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { type AuditFields, noteChange, objectNoter } from '../../platform/audit-trail.ts';

/** Labels of a code list, sorted, so that the same grants in another order are no change. */
const labelsOf = <K extends string>(keys: readonly string[], labels: Record<K, string>) =>
  keys.map((key) => labels[key as K] ?? key).sort();

const USER_FIELDS: AuditFields<UserSummary> = {
  账号: (u) => u.account,
  姓名: (u) => u.name,
  部门: (u) => u.departmentName,
  用户类型: (u) => u.userTypeName,
  邮箱: (u) => u.email,
  手机号码: (u) => u.phone,
  性别: (u) => (u.sex ? (SEX_LABELS[u.sex as Sex] ?? u.sex) : null),
  状态: (u) => (u.disabled ? '停用' : '启用'),
  角色: (u) => u.roles.map((r) => r.name).sort(),
};

/** A user's fields before and after (null: created or deleted), for the operation log. */
export const noteUser = objectNoter<UserSummary>('用户', USER_FIELDS);

/** A password is never written down: the log says that it was reset, not to what. */
export function notePasswordReset(actor: Actor, user: { id: string; name: string }) {
  noteChange(actor, {
    object: '用户',
    id: user.id,
    name: user.name,
    fields: { 密码: (state: 'old' | 'new') => (state === 'old' ? '（原密码）' : '（已由管理员重置）') },
    before: 'old',
    after: 'new',
  });
}

const ROLE_FIELDS: AuditFields<Role> = {
  角色名称: (r) => r.name,
  菜单: (r) => labelsOf<MenuKey>(r.menuKeys, MENU_LABELS),
  操作权限: (r) => labelsOf<Action>(r.actions, ACTION_LABELS),
};

export const noteRole = objectNoter<Role>('角色', ROLE_FIELDS);

const SETTING_FIELDS: AuditFields<SystemSetting> = {
  系统名称: (s) => s.systemName,
  系统标志: (s) => (s.logoFileId ? `文件 ${s.logoFileId}` : '（无）'),
  年度目标分解: (s) => (s.annualTargetBreakdown ? '开启' : '关闭'),
  时区: (s) => s.timeZone,
};

export function noteSetting(actor: Actor, before: SystemSetting, after: SystemSetting) {
  noteChange(actor, {
    object: '系统设置',
    id: after.appId,
    name: after.systemName,
    fields: SETTING_FIELDS,
    before,
    after,
  });
}
