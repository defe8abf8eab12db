import { z } from 'zod';
import { PASSWORD_MAX } from '../platform/validators.ts';

export const LoginBodySchema = z.object({
  username: z
    .string({ error: '请输入用户名' })
    .trim()
    .min(1, { error: '请输入用户名' })
    .max(64, { error: '用户名最多只能输入64个字符' })
    .describe('用户名'),
  password: z
    .string({ error: '请输入密码' })
    .min(1, { error: '请输入密码' })
    .max(PASSWORD_MAX, { error: `密码最多只能输入${PASSWORD_MAX}个字符` })
    .describe('密码'),
});
export type LoginBody = z.output<typeof LoginBodySchema>;

/** The signed-in user as the server knows it (English names). */
export interface SessionUser {
  id: string;
  account: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
  menus: Record<string, string>;
  roles: Array<{ id: string; name: string }>;
  actions: string[];
  qq: string | null;
  phone: string | null;
  email: string | null;
  sex: string | null;
  avatarUrl: string | null;
  lastAccessTime: string | null;
  headedDepartments: Array<{ id: string; name: string; headId: string; headName: string }>;
  /** An administrator set the password (new user, reset): it must be changed before anything else. */
  mustChangePassword: boolean;
  /** The school's time zone (system setting): the screens show every time on its clock. */
  timeZone: string;
}
