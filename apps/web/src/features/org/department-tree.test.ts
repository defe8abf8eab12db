import { describe, expect, it } from 'vitest';
import {
  buildDepartmentTree,
  type DepartmentRow,
  departmentOptions,
  filterDepartmentTree,
  joinShortNames,
  parentIds,
  selfAndDescendants,
} from './department-tree.ts';

const row = (id: string, parentId: string | null, sort = 0, name = `部门${id}`): DepartmentRow => ({
  departmentId: id,
  departmentName: name,
  parentId,
  chargeUserId: null,
  chargeUserName: null,
  sort,
  shortNameChinese: null,
  shortNameEnglish: null,
});

describe('buildDepartmentTree', () => {
  it('nests children under parents in sort order and leaves leaves without children', () => {
    const tree = buildDepartmentTree([
      row('c', 'a', 2),
      row('a', null, 1),
      row('b', 'a', 1),
      row('d', null, 0),
    ]);
    expect(tree.map((n) => n.departmentId)).toEqual(['d', 'a']);
    expect(tree[1]!.children!.map((n) => n.departmentId)).toEqual(['b', 'c']);
    expect(tree[0]!.children).toBeUndefined();
  });

  it('makes a department whose parent is missing a root and survives a cycle in the data', () => {
    expect(buildDepartmentTree([row('x', 'gone')]).map((n) => n.departmentId)).toEqual(['x']);
    expect(buildDepartmentTree([row('p', 'q'), row('q', 'p')])).toEqual([]);
  });
});

describe('filterDepartmentTree', () => {
  it('keeps matches with their ancestors, by name or short name', () => {
    const rows = [
      row('a', null, 0, '教务处'),
      { ...row('b', 'a', 0, '考试科'), shortNameEnglish: 'EXAM' },
      row('c', null, 0, '人事处'),
    ];
    const tree = buildDepartmentTree(rows);
    const found = filterDepartmentTree(tree, 'exam');
    expect(found.map((n) => n.departmentId)).toEqual(['a']);
    expect(found[0]!.children!.map((n) => n.departmentId)).toEqual(['b']);
    expect(filterDepartmentTree(tree, ' ')).toHaveLength(2);
    expect(filterDepartmentTree(tree, '人事').map((n) => n.departmentId)).toEqual(['c']);
  });
});

describe('selfAndDescendants and departmentOptions', () => {
  it('disables the department and everything below it as a parent choice', () => {
    const rows = [row('a', null), row('b', 'a'), row('c', 'b'), row('d', null)];
    const blocked = selfAndDescendants(rows, 'a');
    expect([...blocked].sort()).toEqual(['a', 'b', 'c']);
    const options = departmentOptions(buildDepartmentTree(rows), blocked);
    expect(options.find((o) => o.value === 'a')?.disabled).toBe(true);
    expect(options.find((o) => o.value === 'd')?.disabled).toBeUndefined();
    expect(options[0]?.children?.[0]?.children?.[0]).toMatchObject({ value: 'c', disabled: true });
  });

  it('lists the ids that have children', () => {
    expect(parentIds(buildDepartmentTree([row('a', null), row('b', 'a'), row('c', 'b')]))).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('joinShortNames', () => {
  it('adds the short names by id', () => {
    const joined = joinShortNames(
      [
        {
          departmentId: 'a',
          departmentName: '甲',
          parentId: null,
          chargeUserId: null,
          chargeUserName: null,
          sort: 0,
        },
      ],
      [
        {
          departId: 'a',
          departName: '甲',
          shortNameChinese: '甲简',
          shortNameEnglish: 'A',
          chargeUserId: null,
          chargeUserName: null,
        },
      ],
    );
    expect(joined[0]).toMatchObject({ shortNameChinese: '甲简', shortNameEnglish: 'A' });
  });
});
