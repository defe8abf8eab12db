import { describe, expect, it } from 'vitest';
import type { Department, Role, UserSummary } from './org.schema.ts';
import {
  ChargeDepartmentWireSchema,
  DepartmentWireSchema,
  RoleDetailWireSchema,
  RoleWireSchema,
  ShortNameWireSchema,
  SystemSettingWireSchema,
  toChargeDepartmentsWire,
  toDepartmentWire,
  toDirectoryUserWire,
  toRoleDetailWire,
  toRoleWire,
  toShortNameWire,
  toSystemSettingWire,
  toUserTypeWire,
  toUserWire,
  UserTypeWireSchema,
  UserWireSchema,
} from './org.wire.ts';

/* org has no fromXWire: each test spells out the whole wire object, so a dropped or swapped field fails. */

const role: Role = {
  id: '2020003',
  name: '诊断发布者',
  appId: 'app1',
  menuKeys: ['index', 'improvement'],
  actions: ['diagnosis.manage'],
  builtin: true,
};

const academicAffairs: Department = {
  id: 'd2',
  name: '教务处',
  parentId: 'd1',
  headUserId: 'u7',
  headUserName: '李主任',
  shortNameChinese: '教务',
  shortNameEnglish: 'AAO',
  sort: 3,
};

const school: Department = {
  id: 'd1',
  name: '某某职业技术学院',
  parentId: null,
  headUserId: null,
  headUserName: null,
  shortNameChinese: null,
  shortNameEnglish: null,
  sort: 0,
};

const user: UserSummary = {
  id: 'u1',
  account: 'wanglaoshi',
  name: '王老师',
  departmentId: 'd2',
  departmentName: '教务处',
  userTypeId: 't1',
  userTypeName: '教职工',
  email: 'wang@example.edu.cn',
  phone: '13800138000',
  qq: '10001',
  sex: '2',
  avatarUrl: '/api/herm-sjgl/document/download?attachmentId=av1',
  disabled: false,
  roles: [
    { id: '2020003', name: '诊断发布者' },
    { id: 'targetTaskDepart', name: '目标任务部门负责人' },
  ],
  headedDepartments: [{ id: 'd2', name: '教务处', headId: 'u1', headName: '王老师' }],
};

describe('role wire', () => {
  it('names a role roleId and roleName', () => {
    const wire = toRoleWire(role);
    expect(wire).toEqual({ roleId: '2020003', roleName: '诊断发布者' });
    expect(RoleWireSchema.parse(wire)).toEqual(wire);
  });

  it('carries a role detail with its app, menus, actions and built-in flag', () => {
    const wire = toRoleDetailWire(role);
    expect(wire).toEqual({
      roleId: '2020003',
      roleName: '诊断发布者',
      appId: 'app1',
      menuKeys: ['index', 'improvement'],
      actions: ['diagnosis.manage'],
      builtin: true,
    });
    expect(RoleDetailWireSchema.parse(wire)).toEqual(wire);
    expect(toRoleDetailWire({ ...role, builtin: false, menuKeys: [], actions: [] })).toMatchObject({
      builtin: false,
      menuKeys: [],
      actions: [],
    });
  });
});

describe('department wire', () => {
  it('carries a department with its head and parent', () => {
    const wire = toDepartmentWire(academicAffairs);
    expect(wire).toEqual({
      departmentId: 'd2',
      departmentName: '教务处',
      chargeUserId: 'u7',
      chargeUserName: '李主任',
      parentId: 'd1',
      sort: 3,
    });
    expect(DepartmentWireSchema.parse(wire)).toEqual(wire);
  });

  it('carries a root department without head as nulls', () => {
    const wire = toDepartmentWire(school);
    expect(wire).toEqual({
      departmentId: 'd1',
      departmentName: '某某职业技术学院',
      chargeUserId: null,
      chargeUserName: null,
      parentId: null,
      sort: 0,
    });
    expect(DepartmentWireSchema.parse(wire)).toEqual(wire);
  });

  it('carries the short names of a department as departId, departName and shortName*', () => {
    const wire = toShortNameWire(academicAffairs);
    expect(wire).toEqual({
      departId: 'd2',
      departName: '教务处',
      shortNameChinese: '教务',
      shortNameEnglish: 'AAO',
      chargeUserId: 'u7',
      chargeUserName: '李主任',
    });
    expect(ShortNameWireSchema.parse(wire)).toEqual(wire);
    const bare = toShortNameWire(school);
    expect(bare).toEqual({
      departId: 'd1',
      departName: '某某职业技术学院',
      shortNameChinese: null,
      shortNameEnglish: null,
      chargeUserId: null,
      chargeUserName: null,
    });
    expect(ShortNameWireSchema.parse(bare)).toEqual(bare);
  });

  it('names a headed department bmid, bmmc, fzrid and fzrmc', () => {
    const wire = toChargeDepartmentsWire([
      { id: 'd2', name: '教务处', headId: 'u1', headName: '王老师' },
      { id: 'd5', name: '学生处', headId: 'u1', headName: '王老师' },
    ]);
    expect(wire).toEqual([
      { bmid: 'd2', bmmc: '教务处', fzrid: 'u1', fzrmc: '王老师' },
      { bmid: 'd5', bmmc: '学生处', fzrid: 'u1', fzrmc: '王老师' },
    ]);
    for (const item of wire) expect(ChargeDepartmentWireSchema.parse(item)).toEqual(item);
  });
});

describe('user type wire', () => {
  it('names a user type userTypeId and userTypeName', () => {
    const wire = toUserTypeWire({ id: 't1', name: '教职工' });
    expect(wire).toEqual({ userTypeId: 't1', userTypeName: '教职工' });
    expect(UserTypeWireSchema.parse(wire)).toEqual(wire);
  });
});

describe('user wire', () => {
  it('carries every field of a user, with roles and headed departments', () => {
    const wire = toUserWire(user);
    expect(wire).toEqual({
      userId: 'u1',
      account: 'wanglaoshi',
      userName: '王老师',
      departmentId: 'd2',
      departmentName: '教务处',
      userTypeId: 't1',
      userTypeName: '教职工',
      email: 'wang@example.edu.cn',
      phone: '13800138000',
      qq: '10001',
      sex: '2',
      headPortrait: '/api/herm-sjgl/document/download?attachmentId=av1',
      disabled: false,
      roles: [
        { roleId: '2020003', roleName: '诊断发布者' },
        { roleId: 'targetTaskDepart', roleName: '目标任务部门负责人' },
      ],
      newChargeDeparmentList: [{ bmid: 'd2', bmmc: '教务处', fzrid: 'u1', fzrmc: '王老师' }],
      newChargeDeparmentIdList: ['d2'],
    });
    expect(UserWireSchema.parse(wire)).toEqual(wire);
  });

  it('carries a disabled user without department, type, contacts, avatar or roles as nulls and empties', () => {
    const wire = toUserWire({
      ...user,
      departmentId: null,
      departmentName: null,
      userTypeId: null,
      userTypeName: null,
      email: null,
      phone: null,
      qq: null,
      sex: null,
      avatarUrl: null,
      disabled: true,
      roles: [],
      headedDepartments: [],
    });
    expect(wire).toEqual({
      userId: 'u1',
      account: 'wanglaoshi',
      userName: '王老师',
      departmentId: null,
      departmentName: null,
      userTypeId: null,
      userTypeName: null,
      email: null,
      phone: null,
      qq: null,
      sex: null,
      headPortrait: null,
      disabled: true,
      roles: [],
      newChargeDeparmentList: [],
      newChargeDeparmentIdList: [],
    });
    expect(UserWireSchema.parse(wire)).toEqual(wire);
  });

  it('leaves contacts and roles out (null) of another user as the directory shows him', () => {
    const wire = toDirectoryUserWire(user);
    expect(wire).toEqual({
      ...toUserWire(user),
      email: null,
      phone: null,
      qq: null,
      sex: null,
      roles: null,
    });
    expect(wire).toMatchObject({
      userName: '王老师',
      departmentName: '教务处',
      newChargeDeparmentIdList: ['d2'],
    });
    expect(UserWireSchema.parse(wire)).toEqual(wire);
  });
});

describe('system setting wire', () => {
  it('carries the settings with the logo as an attachment fetched through the download path', () => {
    const wire = toSystemSettingWire({
      appId: 'app1',
      systemName: '教学质量诊断与改进平台',
      logoFileId: 'logo1',
      annualTargetBreakdown: true,
      timeZone: 'Asia/Tokyo',
    });
    expect(wire).toEqual({
      id: 'app1',
      systemName: '教学质量诊断与改进平台',
      logoAttachment: { id: 'logo1', url: '/api/herm-sjgl/document/download?attachmentId=logo1' },
      annualTargetBreakdown: true,
      timeZone: 'Asia/Tokyo',
    });
    expect(SystemSettingWireSchema.parse(wire)).toEqual(wire);
  });

  it('carries settings without a logo as a null attachment', () => {
    const wire = toSystemSettingWire({
      appId: 'app1',
      systemName: '教学质量诊断与改进平台',
      logoFileId: null,
      annualTargetBreakdown: false,
      timeZone: 'Asia/Shanghai',
    });
    expect(wire).toEqual({
      id: 'app1',
      systemName: '教学质量诊断与改进平台',
      logoAttachment: null,
      annualTargetBreakdown: false,
      timeZone: 'Asia/Shanghai',
    });
    expect(SystemSettingWireSchema.parse(wire)).toEqual(wire);
  });
});
