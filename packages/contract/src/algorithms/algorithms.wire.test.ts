import { describe, expect, it } from 'vitest';
import type { Algorithm, AlgorithmFolder, AlgorithmGroup, AlgorithmTestRun } from './algorithms.schema.ts';
import {
  AlgorithmFolderWireSchema,
  AlgorithmGroupWireSchema,
  AlgorithmTestRunWireSchema,
  AlgorithmWireSchema,
  fromAlgorithmFolderWire,
  fromAlgorithmGroupWire,
  fromAlgorithmWire,
  toAlgorithmFolderWire,
  toAlgorithmGroupWire,
  toAlgorithmTestRunWire,
  toAlgorithmWire,
} from './algorithms.wire.ts';

const employment: AlgorithmFolder = {
  id: 'f3',
  parentId: 'f2',
  name: '就业质量',
  sort: 1,
  groupCount: 4,
  children: [],
};
const students: AlgorithmFolder = {
  id: 'f2',
  parentId: 'f1',
  name: '学生发展',
  sort: 2,
  groupCount: 0,
  children: [employment],
};
const teachers: AlgorithmFolder = {
  id: 'f4',
  parentId: 'f1',
  name: '师资队伍',
  sort: 3,
  groupCount: 2,
  children: [],
};
const root: AlgorithmFolder = {
  id: 'f1',
  parentId: null,
  name: '学校层面',
  sort: 0,
  groupCount: 1,
  children: [students, teachers],
};

const group: AlgorithmGroup = {
  id: 'g1',
  folderId: 'f3',
  name: '毕业生就业率',
  description: '按届统计已就业毕业生占比',
  dataSourceId: 'ds1',
  dataSourceName: '就业系统库',
  pointIds: ['p1', 'p2'],
  currentResultVersion: 3,
  currentDetailVersion: 2,
  createdByName: '王老师',
  createdAt: new Date('2025-03-01T08:00:00.000Z'),
  updatedAt: new Date('2025-04-15T09:30:00.000Z'),
};

const published: Algorithm = {
  id: 'a1',
  groupId: 'g1',
  type: 'result',
  version: 3,
  sql: 'select count(*) as value from jy_bys where xxid = :objectId',
  sqlHash: 'a3f1c2',
  parameters: ['objectId'],
  status: 'published',
  remark: '改为按届统计',
  createdByName: '王老师',
  createdAt: new Date('2025-04-01T02:00:00.000Z'),
  publishedByName: '李主任',
  publishedAt: new Date('2025-04-02T03:00:00.000Z'),
};

describe('algorithm folder wire', () => {
  it('round-trips a three-level folder tree, root and children alike', () => {
    const wire = toAlgorithmFolderWire(root);
    expect(AlgorithmFolderWireSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({ id: 'f1', parentId: null, name: '学校层面', groupCount: 1 });
    expect(wire.children.map((child) => child.name)).toEqual(['学生发展', '师资队伍']);
    expect(wire.children[0]?.children[0]).toMatchObject({
      id: 'f3',
      parentId: 'f2',
      name: '就业质量',
      sort: 1,
      groupCount: 4,
      children: [],
    });
    expect(fromAlgorithmFolderWire(wire)).toEqual(root);
  });
});

describe('algorithm group wire', () => {
  it('round-trips a group on a data source with both current versions chosen', () => {
    const wire = toAlgorithmGroupWire(group);
    expect(wire).toMatchObject({
      name: '毕业生就业率',
      dataSourceId: 'ds1',
      currentResultVersion: 3,
      currentDetailVersion: 2,
      createTime: '2025-03-01T08:00:00.000Z',
      updateTime: '2025-04-15T09:30:00.000Z',
    });
    expect(AlgorithmGroupWireSchema.parse(wire)).toEqual(wire);
    expect(fromAlgorithmGroupWire(wire)).toEqual(group);
  });

  it('round-trips a group without data source, points or current versions', () => {
    const bare: AlgorithmGroup = {
      ...group,
      dataSourceId: null,
      dataSourceName: '',
      pointIds: [],
      currentResultVersion: null,
      currentDetailVersion: null,
    };
    const wire = toAlgorithmGroupWire(bare);
    expect(wire).toMatchObject({
      dataSourceId: null,
      currentResultVersion: null,
      currentDetailVersion: null,
    });
    expect(AlgorithmGroupWireSchema.parse(wire)).toEqual(wire);
    expect(fromAlgorithmGroupWire(wire)).toEqual(bare);
  });
});

describe('algorithm version wire', () => {
  it('round-trips a published result version with its publish time', () => {
    const wire = toAlgorithmWire(published);
    expect(wire).toMatchObject({
      type: 'result',
      status: 'published',
      version: 3,
      createTime: '2025-04-01T02:00:00.000Z',
      publishedByName: '李主任',
      publishTime: '2025-04-02T03:00:00.000Z',
    });
    expect(AlgorithmWireSchema.parse(wire)).toEqual(wire);
    expect(fromAlgorithmWire(wire)).toEqual(published);
  });

  it('round-trips an unpublished detail draft, its publish time null', () => {
    const draft: Algorithm = {
      ...published,
      id: 'a2',
      type: 'detail',
      version: 1,
      sql: 'select xh, xm, jydw from jy_bys where xxid = :objectId and jyrq between :cycleStart and :cycleEnd',
      parameters: ['objectId', 'cycleStart', 'cycleEnd'],
      status: 'draft',
      remark: '',
      publishedByName: '',
      publishedAt: null,
    };
    const wire = toAlgorithmWire(draft);
    expect(wire).toMatchObject({ type: 'detail', status: 'draft', publishTime: null });
    expect(AlgorithmWireSchema.parse(wire)).toEqual(wire);
    expect(fromAlgorithmWire(wire)).toEqual(draft);
  });
});

describe('algorithm test run wire', () => {
  it('carries every field of a saved version run under its own name', () => {
    const run: AlgorithmTestRun = {
      columns: ['xh', 'xm', 'jydw'],
      rows: [{ xh: '2021001', xm: '张三', jydw: '华为技术有限公司' }],
      elapsedMs: 37,
      truncated: true,
      version: 2,
      parameters: { objectId: 'o1', cycleStart: '2024-09-01', year: 2025, departmentId: null },
    };
    const wire = toAlgorithmTestRunWire(run);
    expect(wire).toEqual({
      columns: ['xh', 'xm', 'jydw'],
      rows: [{ xh: '2021001', xm: '张三', jydw: '华为技术有限公司' }],
      elapsedMs: 37,
      truncated: true,
      version: 2,
      parameters: { objectId: 'o1', cycleStart: '2024-09-01', year: 2025, departmentId: null },
    });
    expect(AlgorithmTestRunWireSchema.parse(wire)).toEqual(wire);
    const unsaved = toAlgorithmTestRunWire({ ...run, version: null, truncated: false });
    expect(unsaved).toMatchObject({ version: null, truncated: false });
    expect(AlgorithmTestRunWireSchema.parse(unsaved)).toEqual(unsaved);
  });
});
