import { z } from 'zod';
import { ChargeDepartmentWireSchema, RoleWireSchema, toChargeDepartmentsWire } from '../org/org.wire.ts';
import type { SessionUser } from './auth.schema.ts';

/** The user session of spec 1 §3, field for field, plus the per-session CSRF secret. */
export const SessionUserWireSchema = z.object({
  userId: z.string().describe('用户编号'),
  userName: z.string().describe('姓名'),
  account: z.string().describe('登录账号'),
  orgId: z.string().nullable().describe('所属部门编号'),
  departmentName: z.string().nullable().describe('所属部门名称'),
  menus: z.record(z.string(), z.string()).describe('菜单权限（键 → 名称）'),
  roles: z.array(RoleWireSchema).describe('角色'),
  roleIdList: z.array(z.string()).describe('角色编号'),
  actions: z.array(z.string()).describe('操作权限'),
  qq: z.string().nullable().describe('QQ'),
  phone: z.string().nullable().describe('联系电话'),
  email: z.string().nullable().describe('邮箱'),
  sex: z.string().nullable().describe('性别（1 男，2 女）'),
  displayPhoto: z.string().nullable().describe('头像地址'),
  lastAccessTime: z.string().nullable().describe('上次访问时间'),
  chargeDeparmentList: z.array(z.string()).describe('负责的部门名称'),
  chargeDeparmentIdList: z.array(z.string()).describe('负责的部门编号'),
  newChargeDeparmentList: z.array(ChargeDepartmentWireSchema).describe('负责的部门'),
  newChargeDeparmentIdList: z.array(z.string()).describe('负责的部门编号'),
  mustChangePassword: z.boolean().describe('是否须先修改密码（管理员设置的初始密码或重置密码）'),
  timeZone: z.string().describe('学校时区（IANA 名称）：页面上的时间都按它显示'),
});
export type SessionUserWire = z.infer<typeof SessionUserWireSchema>;

export const LoginResultWireSchema = SessionUserWireSchema.extend({
  csrfSecret: z.string().describe('本会话的 CSRF 密钥'),
});
export type LoginResultWire = z.infer<typeof LoginResultWireSchema>;

export function toSessionUserWire(user: SessionUser): SessionUserWire {
  const headedIds = user.headedDepartments.map((d) => d.id);
  return {
    userId: user.id,
    userName: user.name,
    account: user.account,
    orgId: user.departmentId,
    departmentName: user.departmentName,
    menus: user.menus,
    roles: user.roles.map((r) => ({ roleId: r.id, roleName: r.name })),
    roleIdList: user.roles.map((r) => r.id),
    actions: user.actions,
    qq: user.qq,
    phone: user.phone,
    email: user.email,
    sex: user.sex,
    displayPhoto: user.avatarUrl,
    lastAccessTime: user.lastAccessTime,
    chargeDeparmentList: user.headedDepartments.map((d) => d.name),
    chargeDeparmentIdList: headedIds,
    newChargeDeparmentList: toChargeDepartmentsWire(user.headedDepartments),
    newChargeDeparmentIdList: headedIds,
    mustChangePassword: user.mustChangePassword,
    timeZone: user.timeZone,
  };
}

export function fromSessionUserWire(wire: SessionUserWire): SessionUser {
  return {
    id: wire.userId,
    account: wire.account,
    name: wire.userName,
    departmentId: wire.orgId,
    departmentName: wire.departmentName,
    menus: wire.menus,
    roles: wire.roles.map((r) => ({ id: r.roleId, name: r.roleName })),
    actions: wire.actions,
    qq: wire.qq,
    phone: wire.phone,
    email: wire.email,
    sex: wire.sex,
    avatarUrl: wire.displayPhoto,
    lastAccessTime: wire.lastAccessTime,
    headedDepartments: wire.newChargeDeparmentList.map((d) => ({
      id: d.bmid,
      name: d.bmmc,
      headId: d.fzrid,
      headName: d.fzrmc,
    })),
    mustChangePassword: wire.mustChangePassword,
    timeZone: wire.timeZone,
  };
}
