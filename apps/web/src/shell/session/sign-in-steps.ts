import type {
  DepartmentWire,
  LoginResultWire,
  Page,
  RoleWire,
  UserTypeWire,
  UserWire,
} from '@eduqa/contract';
import { type SessionData, toRoleMap } from './session-storage.ts';

/** Spec 1 §8: what the user is told when a step after the login call fails. */
export const SIGN_IN_STEP_MESSAGES = {
  applicationRoles: '获取用户角色组数据错误!需要重新登录!',
  relationInfo: '获取用户基本信息错误,个人中心会出现问题!需要重新登录!',
  departments: '获取用户部门负责人数据错误!需要重新登录!',
  roles: '全局角色组列表获取错误！请刷新页面，以免页面权限错误',
  userTypes: '获取用户类型列表错误!需要重新登录!',
} as const;

export type SignInStep = keyof typeof SIGN_IN_STEP_MESSAGES;

/** The loads of spec 1 §4, in the spec's order. */
export interface SignInFetchers {
  applicationRoles(): Promise<Page<RoleWire>>;
  relationInfo(): Promise<UserWire>;
  departments(): Promise<Page<DepartmentWire>>;
  roles(): Promise<Page<RoleWire>>;
  userTypes(): Promise<Page<UserTypeWire>>;
}

export class SignInStepError extends Error {
  override readonly name = 'SignInStepError';
  constructor(
    readonly step: SignInStep,
    readonly reason: unknown,
  ) {
    super(SIGN_IN_STEP_MESSAGES[step]);
  }
}

/** Basic info supplies the contact fields and the portrait shown in the header and personal centre. */
export function mergeRelationInfo(user: LoginResultWire, info: UserWire): LoginResultWire {
  return { ...user, qq: info.qq, phone: info.phone, displayPhoto: info.headPortrait };
}

/**
 * Loads what the shell needs after the server accepted the user. The loads are independent, so they
 * run together; a failure is reported as the first failing step in the spec's order, so the user
 * sees the same message as with a strictly sequential load.
 */
export async function loadSessionData(
  user: LoginResultWire,
  fetchers: SignInFetchers,
): Promise<{ user: LoginResultWire; data: SessionData }> {
  const [applicationRoles, relationInfo, departments, roles, userTypes] = await Promise.allSettled([
    fetchers.applicationRoles(),
    fetchers.relationInfo(),
    fetchers.departments(),
    fetchers.roles(),
    fetchers.userTypes(),
  ]);
  const value = <T>(step: SignInStep, result: PromiseSettledResult<T>): T => {
    if (result.status === 'rejected') throw new SignInStepError(step, result.reason);
    return result.value;
  };
  const appRoles = value('applicationRoles', applicationRoles).records;
  const info = value('relationInfo', relationInfo);
  const departmentList = value('departments', departments).records;
  const roleList = value('roles', roles).records;
  const userTypeList = value('userTypes', userTypes).records;
  return {
    user: mergeRelationInfo(user, info),
    data: {
      applicationRoles: appRoles,
      roleMap: toRoleMap(roleList),
      departments: departmentList,
      userTypes: userTypeList,
    },
  };
}
