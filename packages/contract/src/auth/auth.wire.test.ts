import { describe, expect, it } from 'vitest';
import type { SessionUser } from './auth.schema.ts';
import { fromSessionUserWire, SessionUserWireSchema, toSessionUserWire } from './auth.wire.ts';

const user: SessionUser = {
  id: 'u1',
  account: 'wang',
  name: '王老师',
  departmentId: 'd1',
  departmentName: '教务处',
  menus: { index: '首页' },
  roles: [
    { id: '2020003', name: '诊断发布者' },
    { id: 'targetTaskDepart', name: '目标任务部门负责人' },
  ],
  actions: [],
  qq: '10001',
  phone: null,
  email: 'w@example.edu.cn',
  sex: '1',
  avatarUrl: null,
  lastAccessTime: '2026-11-21 10:00:00',
  headedDepartments: [{ id: 'd1', name: '教务处', headId: 'u1', headName: '王老师' }],
  mustChangePassword: true,
  timeZone: 'Asia/Shanghai',
};

describe('session user wire mapping', () => {
  it('round-trips and fills every field of spec 1 §3', () => {
    const wire = toSessionUserWire(user);
    expect(SessionUserWireSchema.parse(wire)).toEqual(wire);
    expect(wire.roleIdList).toEqual(['2020003', 'targetTaskDepart']);
    expect(wire.newChargeDeparmentList).toEqual([
      { bmid: 'd1', bmmc: '教务处', fzrid: 'u1', fzrmc: '王老师' },
    ]);
    expect(wire.chargeDeparmentIdList).toEqual(['d1']);
    expect(fromSessionUserWire(wire)).toEqual(user);
  });
});
