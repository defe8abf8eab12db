import { describe, expect, it } from 'vitest';
import { computeGrants } from './org.grants.ts';

describe('computeGrants', () => {
  it('unites menus in top-menu order and adds the department-head role', () => {
    const grants = computeGrants(
      [
        { id: 'a', name: '甲', menuKeys: ['report', 'index'], actions: ['org.user.manage'] },
        { id: 'b', name: '乙', menuKeys: ['index', 'target'], actions: [] },
      ],
      true,
    );
    expect(grants.menuKeys).toEqual(['index', 'target', 'report', 'dataCollection', 'targetTaskManagement']);
    expect(grants.menus.index).toBe('首页');
    expect(grants.roles.map((r) => r.id)).toEqual(['a', 'b', 'targetTaskDepart']);
    expect(grants.actions).toEqual(['org.user.manage']);
  });
  it('ignores unknown menu keys and grants nothing without roles', () => {
    expect(computeGrants([{ id: 'x', name: 'x', menuKeys: ['nope'], actions: [] }], false).menuKeys).toEqual(
      [],
    );
    expect(computeGrants([], false)).toEqual({ roles: [], menuKeys: [], menus: {}, actions: [] });
  });
  it('drops the annual target breakdown while its feature flag is off, and only that key', () => {
    const role = {
      id: 'p',
      name: '发布者',
      menuKeys: ['index', 'newTaskManagement', 'targetTaskManagement'],
      actions: [],
    };
    expect(computeGrants([role], false).menuKeys).toContain('newTaskManagement');
    const off = computeGrants([role], false, { annualTargetBreakdown: false });
    expect(off.menuKeys).toEqual(['index', 'targetTaskManagement']);
    expect(off.menus).not.toHaveProperty('newTaskManagement');
  });
});
