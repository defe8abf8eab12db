import { describe, expect, it } from 'vitest';
import {
  areaLabel,
  areaSegment,
  canEnter,
  firstLeafPath,
  landingPath,
  leafGrants,
  leafSegment,
  menuAreas,
  pathAfterSignIn,
  visibleLeaves,
} from './route-access.ts';

const areas = [
  { path: 'index', menuKey: 'index', label: '首页' },
  { path: 'dashboards', menuKey: 'index', label: '仪表盘', hideInMenu: true },
  { path: 'report', menuKey: 'report', label: '质量报告' },
  { path: 'system', menuKey: 'system', label: '系统管理' },
];

describe('top menu', () => {
  it('lists only areas whose key is in the menu map, hiding the dashboards page', () => {
    const menus = { index: '首页', report: '质量报告' };
    expect(menuAreas(areas, menus).map((a) => a.path)).toEqual(['index', 'report']);
  });

  it('lets the dashboards page in whenever the home key exists', () => {
    expect(canEnter(areas[1]!, { index: '首页' })).toBe(true);
    expect(canEnter(areas[1]!, { report: '质量报告' })).toBe(false);
  });

  it('labels entries from the menu map, falling back to the default', () => {
    expect(areaLabel(areas[2]!, { report: '报告中心' })).toBe('报告中心');
    expect(areaLabel(areas[2]!, { report: '' })).toBe('质量报告');
  });

  it('ignores inherited object keys', () => {
    expect(canEnter({ menuKey: 'toString' }, {})).toBe(false);
  });
});

describe('landing path', () => {
  it('is the home page when the user has it', () => {
    expect(landingPath(areas, { index: '首页', report: '质量报告' })).toBe('/index');
  });
  it('is the first open area otherwise', () => {
    expect(landingPath(areas, { system: '系统管理', report: '质量报告' })).toBe('/report');
  });
  it('is the home page when nothing is open (it then answers 403)', () => {
    expect(landingPath(areas, {})).toBe('/index');
  });
});

describe('segments', () => {
  it('reads the area and leaf segments of a path', () => {
    expect(areaSegment('/system/users/42')).toBe('system');
    expect(leafSegment('/system/users/42')).toBe('users');
    expect(leafSegment('/index')).toBe('');
  });
});

describe('content router leaves', () => {
  const leaves = [
    { path: 'users', action: 'org.user.manage' },
    { path: 'roles', action: 'org.role.manage' },
    { path: 'about' },
  ];

  it('hides leaves needing an action the user lacks', () => {
    expect(visibleLeaves(leaves, { actions: ['org.role.manage'], menus: {} }).map((l) => l.path)).toEqual([
      'roles',
      'about',
    ]);
  });

  it('hides leaves needing a menu key the user lacks', () => {
    const collection = [{ path: 'forms', menuKey: 'dataManage' }, { path: 'my-fills' }];
    expect(
      visibleLeaves(collection, { actions: [], menus: { dataCollection: '数据采集' } }).map((l) => l.path),
    ).toEqual(['my-fills']);
    expect(
      visibleLeaves(collection, { actions: [], menus: { dataCollection: '', dataManage: '' } }).map(
        (l) => l.path,
      ),
    ).toEqual(['forms', 'my-fills']);
  });

  it('shows 任务分配 and 填报审核 to data managers and department heads, not to a pure filler', () => {
    const collection = [
      { path: 'my-fills' },
      { path: 'allocations', menuKey: 'dataManage', orDepartmentHead: true },
    ];
    const menus = { dataCollection: '数据采集' };
    const filler = { actions: [], headedDepartments: [] };
    const head = { actions: [], headedDepartments: [{ id: 'd02' }] };
    const paths = (grants: ReturnType<typeof leafGrants>) =>
      visibleLeaves(collection, grants).map((l) => l.path);
    expect(paths(leafGrants(filler, menus))).toEqual(['my-fills']);
    expect(paths(leafGrants(head, menus))).toEqual(['my-fills', 'allocations']);
    expect(paths(leafGrants(filler, { ...menus, dataManage: '数据管理' }))).toEqual([
      'my-fills',
      'allocations',
    ]);
  });

  it('redirects to the first visible leaf, or home when none is', () => {
    const none = { actions: [], menus: {} };
    expect(firstLeafPath('system', leaves, { actions: ['org.user.manage'], menus: {} })).toBe(
      '/system/users',
    );
    expect(firstLeafPath('system', leaves, none)).toBe('/system/about');
    expect(firstLeafPath('system', [{ path: 'x', action: 'a' }], none)).toBe('/index');
  });
});

describe('pathAfterSignIn', () => {
  const menus = { index: '首页', report: '质量报告' };
  it('returns to a remembered area the user may open', () => {
    expect(pathAfterSignIn('/report/x?y=1', areas, menus, ['tableConfiguration'])).toBe('/report/x?y=1');
  });
  it('lands elsewhere when the user may not open it, or it does not exist', () => {
    expect(pathAfterSignIn('/system/users', areas, menus, [])).toBe('/index');
    expect(pathAfterSignIn('/nowhere', areas, menus, [])).toBe('/index');
  });
  it('returns to public pages', () => {
    expect(pathAfterSignIn('/tableConfiguration/7', areas, {}, ['tableConfiguration'])).toBe(
      '/tableConfiguration/7',
    );
  });
});
