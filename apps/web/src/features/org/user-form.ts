import {
  AccountSchema,
  type BodyOf,
  checkNewPassword,
  MESSAGES,
  type orgEndpoints,
  type UserWire,
} from '@eduqa/contract';

export interface UserFormValues {
  account?: string;
  password?: string;
  userName?: string;
  departmentId?: string | null;
  userTypeId?: string | null;
  roleIds?: string[];
  email?: string;
  phone?: string;
  sex?: string | null;
}

/** The form's starting values: empty for a new user, the row's for an edit. */
export function userFormValuesOf(user: UserWire | null): UserFormValues {
  if (!user) return { roleIds: [] };
  return {
    userName: user.userName,
    departmentId: user.departmentId,
    userTypeId: user.userTypeId,
    roleIds: (user.roles ?? []).map((r) => r.roleId),
    email: user.email ?? '',
    phone: user.phone ?? '',
    sex: user.sex,
  };
}

/**
 * The edit body. Every field is sent, empty ones as '' (the server clears them) and the roles as a
 * list, possibly empty: an absent field would mean "leave as it is".
 */
export function userBodyOf(values: UserFormValues): BodyOf<typeof orgEndpoints.adminUpdateUser> {
  return {
    userName: values.userName?.trim() ?? '',
    departmentId: values.departmentId ?? '',
    userTypeId: values.userTypeId ?? '',
    roleIds: values.roleIds ?? [],
    email: values.email?.trim() ?? '',
    phone: values.phone?.trim() ?? '',
    sex: values.sex ?? '',
  };
}

/** The account rule of the contract, with the spec's "please enter" for an empty field. */
export function accountProblem(account: string | undefined): string | null {
  if (!account?.trim()) return '请输入登录账号';
  const result = AccountSchema.safeParse(account);
  return result.success ? null : (result.error.issues[0]?.message ?? '登录账号格式不正确');
}

/** 初始密码: the rules of a new password, asked for by its own name when empty. */
export function passwordProblem(password: string | undefined): string | null {
  return checkNewPassword(password ?? '', MESSAGES.initialPasswordRequired);
}
