import { describe, expect, it } from 'vitest';
import type {
  DoubleHighSchool,
  SchoolDirectoryEntry,
  SchoolHistory,
  SchoolOptions,
} from './schools.schema.ts';
import { doubleHighRangeParts, SchoolListQuerySchema } from './schools.schema.ts';
import {
  fromDoubleHighSchoolWire,
  fromSchoolHistoryWire,
  fromSchoolOptionsWire,
  fromSchoolScreenWire,
  fromSchoolWire,
  SchoolHistoryBodySchema,
  SchoolScreenBodySchema,
  toDoubleHighSchoolWire,
  toSchoolHistoryWire,
  toSchoolOptionsWire,
  toSchoolScreenWire,
  toSchoolWire,
} from './schools.wire.ts';

const school: SchoolDirectoryEntry = {
  code: '4133010861',
  name: '浙江机电职业技术大学',
  province: '浙江省',
  city: '杭州市',
  level: '本科',
  nature: '公办',
  isOwn: false,
  authority: '浙江省',
  source: 'moe',
};

describe('school wire', () => {
  it('round-trips a school with the spec field names', () => {
    const wire = toSchoolWire(school);
    expect(wire).toMatchObject({
      schoolCode: school.code,
      schoolName: school.name,
      schoolProvince: '浙江省',
    });
    expect(fromSchoolWire(wire)).toEqual(school);
  });

  it('round-trips the option lists, the settings, a history and a 双高 unit', () => {
    const options: SchoolOptions = {
      levels: [{ value: '专科', count: 2 }],
      natures: [{ value: '公办', count: 1 }],
      provinces: [{ value: '浙江省', count: 3 }],
    };
    expect(fromSchoolOptionsWire(toSchoolOptionsWire(options))).toEqual(options);
    const setting = { levels: ['专科' as const], natures: ['公办' as const], provinces: ['浙江省'] };
    expect(fromSchoolScreenWire(toSchoolScreenWire(setting))).toEqual(setting);
    const history: SchoolHistory = {
      id: 'h1',
      name: '浙江公办',
      filter: { keyword: '职业', provinces: ['浙江省'], natures: ['公办'], levels: [] },
      schools: [school],
      createdAt: new Date('2025-01-02T03:04:05.000Z'),
    };
    expect(fromSchoolHistoryWire(toSchoolHistoryWire(history))).toEqual(history);
    const unit: DoubleHighSchool = {
      code: null,
      name: '某学院',
      noticeName: '某学院',
      category: '专业群',
      grade: 'B',
      majorGroups: ['护理'],
    };
    expect(fromDoubleHighSchoolWire(toDoubleHighSchoolWire(unit))).toEqual(unit);
  });
});

describe('school queries', () => {
  it('reads comma-joined filters and refuses unknown levels and natures in Chinese', () => {
    const query = SchoolListQuerySchema.parse({
      level: '本科,专科',
      nature: '民办',
      province: '浙江省,江苏省',
    });
    expect(query).toMatchObject({
      level: ['本科', '专科'],
      nature: ['民办'],
      province: ['浙江省', '江苏省'],
    });
    const bad = SchoolListQuerySchema.safeParse({ level: '研究生' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('办学层次只能是本科、专科或成人');
    expect(SchoolListQuerySchema.safeParse({ pageSize: 5000 }).success).toBe(true);
    expect(SchoolListQuerySchema.safeParse({ pageSize: 5001 }).error?.issues[0]?.message).toBe(
      '每页条数不能超过5000',
    );
    expect(SchoolListQuerySchema.safeParse({ keyword: '学'.repeat(61) }).success).toBe(false);
    expect(SchoolScreenBodySchema.parse({})).toEqual({
      schoolLevel: [],
      schoolNature: [],
      schoolProvince: [],
    });
  });

  it('needs a name and at least one school to save a common query', () => {
    expect(SchoolHistoryBodySchema.safeParse({ name: ' ', schoolCodes: ['a'] }).success).toBe(false);
    expect(SchoolHistoryBodySchema.safeParse({ name: '甲', schoolCodes: '' }).error?.issues[0]?.message).toBe(
      '请至少选择一所学校',
    );
  });

  it('splits a 双高 range into category and grade', () => {
    expect(doubleHighRangeParts('highSchoolConstructionLevelA')).toEqual({ category: '学校', grade: 'A' });
    expect(doubleHighRangeParts('highMajorConstructionLevelC')).toEqual({ category: '专业群', grade: 'C' });
  });
});
