import { describe, expect, it } from 'vitest';
import {
  type DepartmentResponsibility,
  type PointResponsibility,
  type QualityDeptVersion,
  type ResponsibilityCategory,
  ResponsibilitySaveBodySchema,
} from './responsibility.schema.ts';
import {
  DepartmentResponsibilityWireSchema,
  fromPointResponsibilityWire,
  fromQualityDeptVersionWire,
  fromResponsibilityCategoryWire,
  fromResponsibilitySaveBodyWire,
  PointResponsibilityWireSchema,
  QualityDeptVersionWireSchema,
  ResponsibilityCategoryWireSchema,
  toDepartmentResponsibilityWire,
  toPointResponsibilityWire,
  toQualityDeptVersionWire,
  toResponsibilityCategoryWire,
} from './responsibility.wire.ts';

const academicAffairs = { id: 'd02', name: '教务处' };
const qualityOffice = { id: 'd03', name: '质量管理办公室' };

const point: PointResponsibility = {
  pointId: 'q11',
  pointName: '专业课程标准覆盖率',
  indicatorId: 'i121',
  indicatorPath: ['专业建设', '课程体系'],
  categoryId: 'c2',
  categoryName: '专业层面',
  departments: [academicAffairs, qualityOffice],
};

describe('responsibility wire', () => {
  it('reads a save into English: a point or an indicator, each with its departments', () => {
    const body = ResponsibilitySaveBodySchema.parse({
      items: [
        { zkdid: 'p1', bmids: ['d1', 'd2'] },
        { indicatorId: 'i1', bmids: [] },
      ],
    });
    expect(fromResponsibilitySaveBodyWire(body)).toEqual({
      items: [
        { pointId: 'p1', indicatorId: undefined, departmentIds: ['d1', 'd2'] },
        { pointId: undefined, indicatorId: 'i1', departmentIds: [] },
      ],
    });
  });

  it('round-trips a point with its departments as zkdid/zkdmc and bmList of bmid/bmmc, and one with none', () => {
    const wire = toPointResponsibilityWire(point);
    expect(wire).toMatchObject({
      zkdid: 'q11',
      zkdmc: '专业课程标准覆盖率',
      indicatorId: 'i121',
      indicatorPath: ['专业建设', '课程体系'],
      categoryId: 'c2',
      categoryName: '专业层面',
      bmList: [
        { bmid: 'd02', bmmc: '教务处' },
        { bmid: 'd03', bmmc: '质量管理办公室' },
      ],
    });
    expect(PointResponsibilityWireSchema.parse(wire)).toEqual(wire);
    expect(fromPointResponsibilityWire(wire)).toEqual(point);

    const unassigned: PointResponsibility = { ...point, pointId: 'q12', departments: [] };
    const unassignedWire = toPointResponsibilityWire(unassigned);
    expect(unassignedWire).toMatchObject({ zkdid: 'q12', bmList: [] });
    expect(fromPointResponsibilityWire(unassignedWire)).toEqual(unassigned);
  });

  it('round-trips a category tree: level from depth, children, and the leaf points as zkdList', () => {
    const category: ResponsibilityCategory = {
      id: 'c2',
      name: '专业层面',
      level: 'major',
      indicators: [
        {
          id: 'i1',
          name: '专业建设',
          depth: 1,
          points: [],
          children: [
            {
              id: 'i121',
              name: '课程体系',
              depth: 2,
              children: [],
              points: [
                { id: 'q11', name: '专业课程标准覆盖率', departments: [academicAffairs] },
                { id: 'q13', name: '校企合作开发课程数', departments: [] },
              ],
            },
          ],
        },
      ],
    };
    const wire = toResponsibilityCategoryWire(category);
    expect(wire).toMatchObject({ id: 'c2', name: '专业层面', level: 'major' });
    expect(wire.children[0]).toMatchObject({ id: 'i1', level: 1, zkdList: [] });
    expect(wire.children[0]?.children[0]).toEqual({
      id: 'i121',
      name: '课程体系',
      level: 2,
      children: [],
      zkdList: [
        { zkdid: 'q11', zkdmc: '专业课程标准覆盖率', bmList: [{ bmid: 'd02', bmmc: '教务处' }] },
        { zkdid: 'q13', zkdmc: '校企合作开发课程数', bmList: [] },
      ],
    });
    expect(ResponsibilityCategoryWireSchema.parse(wire)).toEqual(wire);
    expect(fromResponsibilityCategoryWire(wire)).toEqual(category);
  });

  it('gives what one department answers for as its bmid/bmmc with the points under list', () => {
    const answer: DepartmentResponsibility = {
      department: qualityOffice,
      points: [point, { ...point, pointId: 'q31', pointName: '学生满意度', departments: [qualityOffice] }],
    };
    const wire = toDepartmentResponsibilityWire(answer);
    expect(wire).toEqual({
      bmid: 'd03',
      bmmc: '质量管理办公室',
      list: [
        {
          zkdid: 'q11',
          zkdmc: '专业课程标准覆盖率',
          indicatorId: 'i121',
          indicatorPath: ['专业建设', '课程体系'],
          categoryId: 'c2',
          categoryName: '专业层面',
          bmList: [
            { bmid: 'd02', bmmc: '教务处' },
            { bmid: 'd03', bmmc: '质量管理办公室' },
          ],
        },
        {
          zkdid: 'q31',
          zkdmc: '学生满意度',
          indicatorId: 'i121',
          indicatorPath: ['专业建设', '课程体系'],
          categoryId: 'c2',
          categoryName: '专业层面',
          bmList: [{ bmid: 'd03', bmmc: '质量管理办公室' }],
        },
      ],
    });
    expect(DepartmentResponsibilityWireSchema.parse(wire)).toEqual(wire);
  });

  it('round-trips a version, enabled as 1 and disabled as 0, its creation time as ISO', () => {
    const enabled: QualityDeptVersion = {
      id: 'v2',
      name: '2026年春季调整',
      versionDate: '2026-03-01',
      remark: '新增质量管理办公室职责',
      isEnabled: true,
      assignmentCount: 48,
      pointCount: 31,
      createdAt: new Date('2026-03-01T02:30:00.000Z'),
    };
    const wire = toQualityDeptVersionWire(enabled);
    expect(wire).toEqual({
      id: 'v2',
      versionName: '2026年春季调整',
      versionDate: '2026-03-01',
      remark: '新增质量管理办公室职责',
      enableStatus: 1,
      assignmentCount: 48,
      pointCount: 31,
      createTime: '2026-03-01T02:30:00.000Z',
    });
    expect(QualityDeptVersionWireSchema.parse(wire)).toEqual(wire);
    expect(fromQualityDeptVersionWire(wire)).toEqual(enabled);

    const disabled: QualityDeptVersion = { ...enabled, id: 'v1', remark: '', isEnabled: false };
    const disabledWire = toQualityDeptVersionWire(disabled);
    expect(disabledWire).toMatchObject({ id: 'v1', remark: '', enableStatus: 0 });
    expect(fromQualityDeptVersionWire(disabledWire)).toEqual(disabled);
  });
});
