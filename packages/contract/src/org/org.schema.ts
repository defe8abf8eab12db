import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import { TimeZoneSchema } from '../platform/time-zone.ts';
import { EMAIL_RE, MESSAGES, PASSWORD_MAX, PHONE_RE, QQ_RE } from '../platform/validators.ts';
import { ACTIONS, MENU_KEYS, SEX_VALUES } from './org.enums.ts';

/** Internal (English) shapes. The wire shapes and their mappers are in org.wire.ts. */
export interface Role {
  id: string;
  name: string;
  appId: string;
  menuKeys: string[];
  actions: string[];
  builtin: boolean;
}
export interface Department {
  id: string;
  name: string;
  parentId: string | null;
  headUserId: string | null;
  headUserName: string | null;
  shortNameChinese: string | null;
  shortNameEnglish: string | null;
  sort: number;
}
export interface UserType {
  id: string;
  name: string;
}
export interface UserSummary {
  id: string;
  account: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
  userTypeId: string | null;
  userTypeName: string | null;
  email: string | null;
  phone: string | null;
  qq: string | null;
  sex: string | null;
  avatarUrl: string | null;
  disabled: boolean;
  roles: Array<{ id: string; name: string }>;
  headedDepartments: Array<{ id: string; name: string; headId: string; headName: string }>;
}
export interface SystemSetting {
  appId: string;
  systemName: string;
  logoFileId: string | null;
  annualTargetBreakdown: boolean;
  /** IANA name; every time shown or exported is on this zone's clock. */
  timeZone: string;
}

const optionalContact = (label: string, pattern: RegExp, message: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(TEXT_LIMITS.default, { error: `${label}最多只能输入${TEXT_LIMITS.default}个字符` })
    .refine((value) => value === '' || pattern.test(value), { error: message })
    .optional()
    .describe(label);

export const sexSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || (SEX_VALUES as readonly string[]).includes(value), {
    error: '性别只能是男或女',
  })
  .optional()
  .describe('性别');

export const PersonalInfoBodySchema = z.object({
  email: optionalContact('邮箱', EMAIL_RE, MESSAGES.email),
  phone: optionalContact('联系电话', PHONE_RE, MESSAGES.phone),
  qq: optionalContact('QQ', QQ_RE, MESSAGES.qq),
  sex: sexSchema,
});
export type PersonalInfoBody = z.output<typeof PersonalInfoBodySchema>;

export const PasswordUpdateBodySchema = z.object({
  oldPassword: z
    .string({ error: MESSAGES.oldPasswordRequired })
    .min(1, { error: MESSAGES.oldPasswordRequired })
    .max(PASSWORD_MAX, { error: `旧密码最多只能输入${PASSWORD_MAX}个字符` })
    .describe('旧密码'),
  newPassword: z
    .string({ error: MESSAGES.newPasswordRequired })
    .max(PASSWORD_MAX, { error: `新密码最多只能输入${PASSWORD_MAX}个字符` })
    .describe('新密码'),
});

export const UseDefaultPortraitBodySchema = z.object({
  useDefault: flag('恢复默认头像').optional(),
});

export const KeywordPagingQuerySchema = PagingQuerySchema.extend({
  keyword: text('关键字').optional(),
});

export const CommonUsersQuerySchema = KeywordPagingQuerySchema.extend({
  departmentId: text('部门').optional(),
  roleId: text('角色').optional(),
});

export const AdminUsersQuerySchema = CommonUsersQuerySchema.extend({
  disabled: flag('是否停用').optional(),
});

const menuKeys = z
  .union([z.array(z.string()), z.string()])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean),
  )
  .pipe(z.array(z.enum(MENU_KEYS, { error: '菜单权限不正确' })))
  .describe('菜单权限');
const actions = z
  .union([z.array(z.string()), z.string()])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean),
  )
  .pipe(z.array(z.enum(ACTIONS, { error: '操作权限不正确' })))
  .describe('操作权限');

export const AccountSchema = z
  .string({ error: '请输入登录账号' })
  .trim()
  .min(2, { error: '登录账号至少2个字符' })
  .max(TEXT_LIMITS.small * 2, { error: '登录账号最多只能输入40个字符' })
  .regex(/^[A-Za-z0-9_.@-]+$/, { error: '登录账号只能包含字母、数字和 _ . @ -' })
  .describe('登录账号');

export const AdminUserBodySchema = z.object({
  userName: requiredText('姓名', TEXT_LIMITS.default),
  departmentId: text('部门').optional().describe('部门'),
  userTypeId: text('用户类型').optional().describe('用户类型'),
  roleIds: idList('角色').optional().describe('角色'),
  email: optionalContact('邮箱', EMAIL_RE, MESSAGES.email),
  phone: optionalContact('联系电话', PHONE_RE, MESSAGES.phone),
  sex: sexSchema,
});
export const AdminUserCreateBodySchema = AdminUserBodySchema.extend({
  account: AccountSchema,
  password: z
    .string({ error: '请输入初始密码' })
    .max(PASSWORD_MAX, { error: `初始密码最多只能输入${PASSWORD_MAX}个字符` })
    .describe('初始密码'),
});
export const AdminPasswordResetBodySchema = z.object({
  password: z
    .string({ error: '请输入新密码' })
    .max(PASSWORD_MAX, { error: `新密码最多只能输入${PASSWORD_MAX}个字符` })
    .describe('新密码'),
});
export const AdminUserDisableBodySchema = z.object({ disabled: flag('是否停用') });

export const RoleBodySchema = z.object({
  roleName: requiredText('角色名称'),
  menuKeys: menuKeys.optional().describe('菜单权限'),
  actions: actions.optional().describe('操作权限'),
});

export const DepartmentBodySchema = z.object({
  departmentName: requiredText('部门名称'),
  parentId: text('上级部门').optional().describe('上级部门'),
  chargeUserId: text('负责人').optional().describe('负责人'),
  shortNameChinese: text('中文简称', TEXT_LIMITS.small).optional().describe('中文简称'),
  shortNameEnglish: text('英文简称', TEXT_LIMITS.small).optional().describe('英文简称'),
  sort: z.coerce
    .number({ error: '排序必须是数字' })
    .int({ error: '排序必须是整数' })
    .min(0, { error: '排序不能小于0' })
    .max(99999, { error: '排序不能大于99999' })
    .optional()
    .describe('排序'),
});

export const UserTypeBodySchema = z.object({ userTypeName: requiredText('用户类型名称') });

export const SystemSettingBodySchema = z.object({ systemName: requiredText('系统名称') });
/** Feature switches of the system setting; each menu key they govern is dropped while it is off. */
export const FeatureFlagsBodySchema = z.object({
  annualTargetBreakdown: flag('是否开启年度目标分解'),
});

export const TimeZoneBodySchema = z.object({ timeZone: TimeZoneSchema });

export const IdParamsSchema = z.object({ id: z.string().min(1).max(64).describe('编号') });
export const AppIdParamsSchema = z.object({ appId: z.string().min(1).max(32).describe('应用编号') });
