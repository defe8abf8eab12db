import { z } from 'zod';
import { documentUrl } from '../platform/files.ts';
import type { Department, Role, SystemSetting, UserSummary, UserType } from './org.schema.ts';

export const RoleWireSchema = z.object({
  roleId: z.string().describe('角色编号'),
  roleName: z.string().describe('角色名称'),
});
export type RoleWire = z.infer<typeof RoleWireSchema>;

export const RoleDetailWireSchema = RoleWireSchema.extend({
  appId: z.string().describe('应用编号'),
  menuKeys: z.array(z.string()).describe('菜单权限'),
  actions: z.array(z.string()).describe('操作权限'),
  builtin: z.boolean().describe('是否内置角色'),
});
export type RoleDetailWire = z.infer<typeof RoleDetailWireSchema>;

export const DepartmentWireSchema = z.object({
  departmentId: z.string().describe('部门编号'),
  departmentName: z.string().describe('部门名称'),
  chargeUserId: z.string().nullable().describe('负责人编号'),
  chargeUserName: z.string().nullable().describe('负责人姓名'),
  parentId: z.string().nullable().describe('上级部门编号'),
  sort: z.number().int().describe('排序'),
});
export type DepartmentWire = z.infer<typeof DepartmentWireSchema>;

export const ShortNameWireSchema = z.object({
  departId: z.string().describe('部门编号'),
  departName: z.string().describe('部门名称'),
  shortNameChinese: z.string().nullable().describe('中文简称'),
  shortNameEnglish: z.string().nullable().describe('英文简称'),
  chargeUserId: z.string().nullable().describe('负责人编号'),
  chargeUserName: z.string().nullable().describe('负责人姓名'),
});
export type ShortNameWire = z.infer<typeof ShortNameWireSchema>;

export const UserTypeWireSchema = z.object({
  userTypeId: z.string().describe('用户类型编号'),
  userTypeName: z.string().describe('用户类型名称'),
});
export type UserTypeWire = z.infer<typeof UserTypeWireSchema>;

export const ChargeDepartmentWireSchema = z.object({
  bmid: z.string().describe('部门编号'),
  bmmc: z.string().describe('部门名称'),
  fzrid: z.string().describe('负责人编号'),
  fzrmc: z.string().describe('负责人姓名'),
});

export const UserWireSchema = z.object({
  userId: z.string().describe('用户编号'),
  account: z.string().describe('登录账号'),
  userName: z.string().describe('姓名'),
  departmentId: z.string().nullable().describe('部门编号'),
  departmentName: z.string().nullable().describe('部门名称'),
  userTypeId: z.string().nullable().describe('用户类型编号'),
  userTypeName: z.string().nullable().describe('用户类型名称'),
  email: z.string().nullable().describe('邮箱（仅管理员与本人可见，否则为 null）'),
  phone: z.string().nullable().describe('联系电话（仅管理员与本人可见，否则为 null）'),
  qq: z.string().nullable().describe('QQ（仅管理员与本人可见，否则为 null）'),
  sex: z.string().nullable().describe('性别（1 男，2 女；仅管理员与本人可见，否则为 null）'),
  headPortrait: z.string().nullable().describe('头像地址'),
  disabled: z.boolean().describe('是否停用'),
  roles: z.array(RoleWireSchema).nullable().describe('角色（仅管理员与本人可见，否则为 null）'),
  newChargeDeparmentList: z.array(ChargeDepartmentWireSchema).describe('负责的部门'),
  newChargeDeparmentIdList: z.array(z.string()).describe('负责的部门编号'),
});
export type UserWire = z.infer<typeof UserWireSchema>;

export const SystemSettingWireSchema = z.object({
  id: z.string().describe('应用编号'),
  systemName: z.string().describe('系统名称'),
  logoAttachment: z
    .object({ id: z.string().describe('附件编号'), url: z.string().describe('下载地址') })
    .nullable()
    .describe('系统图标'),
  annualTargetBreakdown: z.boolean().describe('是否开启年度目标分解（/newTaskManagement）'),
  timeZone: z.string().describe('时区（IANA 名称）：显示与导出的时间都按它计'),
});
export type SystemSettingWire = z.infer<typeof SystemSettingWireSchema>;

export function toRoleWire(role: Pick<Role, 'id' | 'name'>): RoleWire {
  return { roleId: role.id, roleName: role.name };
}

export function toRoleDetailWire(role: Role): RoleDetailWire {
  return {
    roleId: role.id,
    roleName: role.name,
    appId: role.appId,
    menuKeys: role.menuKeys,
    actions: role.actions,
    builtin: role.builtin,
  };
}

export function toDepartmentWire(department: Department): DepartmentWire {
  return {
    departmentId: department.id,
    departmentName: department.name,
    chargeUserId: department.headUserId,
    chargeUserName: department.headUserName,
    parentId: department.parentId,
    sort: department.sort,
  };
}

export function toShortNameWire(department: Department): ShortNameWire {
  return {
    departId: department.id,
    departName: department.name,
    shortNameChinese: department.shortNameChinese,
    shortNameEnglish: department.shortNameEnglish,
    chargeUserId: department.headUserId,
    chargeUserName: department.headUserName,
  };
}

export function toUserTypeWire(userType: UserType): UserTypeWire {
  return { userTypeId: userType.id, userTypeName: userType.name };
}

export function toChargeDepartmentsWire(departments: UserSummary['headedDepartments']) {
  return departments.map((d) => ({ bmid: d.id, bmmc: d.name, fzrid: d.headId, fzrmc: d.headName }));
}

export function toUserWire(user: UserSummary): UserWire {
  return {
    userId: user.id,
    account: user.account,
    userName: user.name,
    departmentId: user.departmentId,
    departmentName: user.departmentName,
    userTypeId: user.userTypeId,
    userTypeName: user.userTypeName,
    email: user.email,
    phone: user.phone,
    qq: user.qq,
    sex: user.sex,
    headPortrait: user.avatarUrl,
    disabled: user.disabled,
    roles: user.roles.map(toRoleWire),
    newChargeDeparmentList: toChargeDepartmentsWire(user.headedDepartments),
    newChargeDeparmentIdList: user.headedDepartments.map((d) => d.id),
  };
}

/**
 * Another user as the lists every account reaches show him (选人, 角色下的用户): names and departments;
 * contact details and roles are left out (null), they are for administrators and the user himself.
 */
export function toDirectoryUserWire(user: UserSummary): UserWire {
  return { ...toUserWire(user), email: null, phone: null, qq: null, sex: null, roles: null };
}

export function toSystemSettingWire(setting: SystemSetting): SystemSettingWire {
  return {
    id: setting.appId,
    systemName: setting.systemName,
    logoAttachment: setting.logoFileId
      ? { id: setting.logoFileId, url: documentUrl(setting.logoFileId) }
      : null,
    annualTargetBreakdown: setting.annualTargetBreakdown,
    timeZone: setting.timeZone,
  };
}
