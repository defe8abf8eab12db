import type { LoginResultWire } from '@eduqa/contract';

/** A signed-in user as the server answers `tryLoginUserInfo`, for tests: a teacher with no grants unless told. */
export function loginResultWire(overrides: Partial<LoginResultWire> = {}): LoginResultWire {
  return {
    userId: 'u1',
    userName: '王芳',
    account: 'wangfang',
    orgId: 'd08',
    departmentName: '机电工程学院',
    menus: { index: '首页' },
    roles: [],
    roleIdList: [],
    actions: [],
    qq: null,
    phone: null,
    email: null,
    sex: '2',
    displayPhoto: null,
    lastAccessTime: null,
    chargeDeparmentList: [],
    chargeDeparmentIdList: [],
    newChargeDeparmentList: [],
    newChargeDeparmentIdList: [],
    mustChangePassword: false,
    timeZone: 'Asia/Shanghai',
    csrfSecret: 'secret',
    ...overrides,
  };
}
