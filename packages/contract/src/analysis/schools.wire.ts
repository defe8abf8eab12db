import { z } from 'zod';
import { requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import { ImportErrorCountSchema, ImportRowErrorSchema } from '../standards/standards.schema.ts';
import { PEER_SCHOOL_SOURCES, SCHOOL_LEVELS, SCHOOL_NATURES } from './analysis.enums.ts';
import {
  type DoubleHighSchool,
  provinceList,
  SCHOOL_LIMITS,
  type SchoolDirectoryEntry,
  type SchoolFilter,
  type SchoolHistory,
  type SchoolOptionCount,
  type SchoolOptions,
  type SchoolScreenSetting,
  schoolLevelList,
  schoolNatureList,
} from './schools.schema.ts';

/** A school on the wire, with the field names of spec 1 §3 (schoolCode, schoolName …) plus city, isOwn. */
export const SchoolWireSchema = z.object({
  schoolCode: z.string().describe('学校标识码'),
  schoolName: z.string().describe('学校名称'),
  schoolProvince: z.string().describe('所在省份'),
  city: z.string().describe('所在城市（直辖市与成人高校为空）'),
  schoolLevel: z.enum(SCHOOL_LEVELS).describe('办学层次：本科、专科、成人'),
  schoolNature: z.enum(SCHOOL_NATURES).describe('办学性质：公办、民办、中外合作'),
  isOwn: z.boolean().describe('是否本校'),
  authority: z.string().describe('主管部门'),
  source: z
    .enum(PEER_SCHOOL_SOURCES)
    .describe('来源：moe 教育部名单, import 管理员导入, own 本校（不在名单中）'),
});
export type SchoolWire = z.infer<typeof SchoolWireSchema>;

export function toSchoolWire(school: SchoolDirectoryEntry): SchoolWire {
  return {
    schoolCode: school.code,
    schoolName: school.name,
    schoolProvince: school.province,
    city: school.city,
    schoolLevel: school.level,
    schoolNature: school.nature,
    isOwn: school.isOwn,
    authority: school.authority,
    source: school.source,
  };
}

export function fromSchoolWire(wire: SchoolWire): SchoolDirectoryEntry {
  return {
    code: wire.schoolCode,
    name: wire.schoolName,
    province: wire.schoolProvince,
    city: wire.city,
    level: wire.schoolLevel,
    nature: wire.schoolNature,
    isOwn: wire.isOwn,
    authority: wire.authority,
    source: wire.source,
  };
}

const OptionCountWireSchema = z.object({
  name: z.string().describe('选项'),
  count: z.number().int().describe('名录中的学校数'),
});

/** The option lists of spec 1 §3 under their names schoolLevel, schoolNature, schoolProvince. */
export const SchoolOptionsWireSchema = z.object({
  schoolLevel: z.array(OptionCountWireSchema).describe('办学层次'),
  schoolNature: z.array(OptionCountWireSchema).describe('办学性质'),
  schoolProvince: z.array(OptionCountWireSchema).describe('所在省份（按行政区划代码排序）'),
});
export type SchoolOptionsWire = z.infer<typeof SchoolOptionsWireSchema>;

const toCounts = (list: SchoolOptionCount[]) => list.map((o) => ({ name: o.value, count: o.count }));
const fromCounts = (list: { name: string; count: number }[]) =>
  list.map((o) => ({ value: o.name, count: o.count }));

export function toSchoolOptionsWire(options: SchoolOptions): SchoolOptionsWire {
  return {
    schoolLevel: toCounts(options.levels),
    schoolNature: toCounts(options.natures),
    schoolProvince: toCounts(options.provinces),
  };
}

export function fromSchoolOptionsWire(wire: SchoolOptionsWire): SchoolOptions {
  return {
    levels: fromCounts(wire.schoolLevel),
    natures: fromCounts(wire.schoolNature),
    provinces: fromCounts(wire.schoolProvince),
  };
}

/** 常用查询设置 on the wire. */
export const SchoolScreenWireSchema = z.object({
  schoolLevel: z.array(z.enum(SCHOOL_LEVELS)).describe('办学层次'),
  schoolNature: z.array(z.enum(SCHOOL_NATURES)).describe('办学性质'),
  schoolProvince: z.array(z.string()).describe('所在省份'),
});
export type SchoolScreenWire = z.infer<typeof SchoolScreenWireSchema>;

export const SchoolScreenBodySchema = z.object({
  schoolLevel: schoolLevelList().default([]),
  schoolNature: schoolNatureList().default([]),
  schoolProvince: provinceList().default([]),
});

export function toSchoolScreenWire(setting: SchoolScreenSetting): SchoolScreenWire {
  return {
    schoolLevel: [...setting.levels],
    schoolNature: [...setting.natures],
    schoolProvince: [...setting.provinces],
  };
}

export function fromSchoolScreenWire(wire: SchoolScreenWire): SchoolScreenSetting {
  return {
    levels: [...wire.schoolLevel],
    natures: [...wire.schoolNature],
    provinces: [...wire.schoolProvince],
  };
}

/** 常用查询 (a saved selection) on the wire. */
export const SchoolHistoryWireSchema = z.object({
  id: z.string().describe('常用查询编号'),
  name: z.string().describe('名称'),
  keyword: z.string().describe('保存时的学校名称关键字'),
  schoolProvince: z.array(z.string()).describe('保存时的所在省份筛选'),
  schoolNature: z.array(z.enum(SCHOOL_NATURES)).describe('保存时的办学性质筛选'),
  schoolLevel: z.array(z.enum(SCHOOL_LEVELS)).describe('保存时的办学层次筛选'),
  schools: z.array(SchoolWireSchema).describe('保存的学校（仍在名录中的，按保存顺序）'),
  createTime: z.string().describe('保存时间'),
});
export type SchoolHistoryWire = z.infer<typeof SchoolHistoryWireSchema>;

export const SchoolHistoryBodySchema = z.object({
  name: requiredText('常用查询名称', SCHOOL_LIMITS.historyName),
  keyword: text('学校名称关键字', SCHOOL_LIMITS.keyword).optional(),
  schoolProvince: provinceList().optional(),
  schoolNature: schoolNatureList().optional(),
  schoolLevel: schoolLevelList().optional(),
  schoolCodes: z
    .union([z.array(z.string()), z.string()], { error: '请选择学校' })
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(TEXT_LIMITS.small, { error: '学校标识码不正确' }))
        .min(1, { error: '请至少选择一所学校' })
        .max(SCHOOL_LIMITS.historySchools, { error: `最多保存${SCHOOL_LIMITS.historySchools}所学校` }),
    )
    .describe('学校标识码（逗号分隔或数组，按选择顺序）'),
});

export function toSchoolHistoryWire(history: SchoolHistory): SchoolHistoryWire {
  return {
    id: history.id,
    name: history.name,
    keyword: history.filter.keyword,
    schoolProvince: [...history.filter.provinces],
    schoolNature: [...history.filter.natures],
    schoolLevel: [...history.filter.levels],
    schools: history.schools.map(toSchoolWire),
    createTime: history.createdAt.toISOString(),
  };
}

export function fromSchoolHistoryWire(wire: SchoolHistoryWire): SchoolHistory {
  const filter: SchoolFilter = {
    keyword: wire.keyword,
    provinces: [...wire.schoolProvince],
    natures: [...wire.schoolNature],
    levels: [...wire.schoolLevel],
  };
  return {
    id: wire.id,
    name: wire.name,
    filter,
    schools: wire.schools.map(fromSchoolWire),
    createdAt: new Date(wire.createTime),
  };
}

/** 本校设置 (design-in-style: the spec names no call for it). */
export const OwnSchoolBodySchema = z.object({
  schoolCode: z
    .string({ error: '请选择本校' })
    .trim()
    .min(1, { error: '请选择本校' })
    .max(TEXT_LIMITS.small, { error: '学校标识码不正确' })
    .describe('学校标识码'),
});

/** A 双高 unit on the wire (getHighSchoolCode). */
export const DoubleHighSchoolWireSchema = z.object({
  schoolCode: z.string().nullable().describe('学校标识码（名录中找不到时为空）'),
  schoolName: z.string().describe('学校名称（名录中的现名）'),
  noticeName: z.string().describe('公布名单中的校名'),
  category: z.enum(['学校', '专业群']).describe('学校：高水平学校建设单位；专业群：高水平专业群建设单位'),
  grade: z.enum(['A', 'B', 'C']).describe('档次'),
  majorGroups: z.array(z.string()).describe('建设的专业群'),
});
export type DoubleHighSchoolWire = z.infer<typeof DoubleHighSchoolWireSchema>;

export function toDoubleHighSchoolWire(unit: DoubleHighSchool): DoubleHighSchoolWire {
  return {
    schoolCode: unit.code,
    schoolName: unit.name,
    noticeName: unit.noticeName,
    category: unit.category,
    grade: unit.grade,
    majorGroups: [...unit.majorGroups],
  };
}

export function fromDoubleHighSchoolWire(wire: DoubleHighSchoolWire): DoubleHighSchool {
  return {
    code: wire.schoolCode,
    name: wire.schoolName,
    noticeName: wire.noticeName,
    category: wire.category,
    grade: wire.grade,
    majorGroups: [...wire.majorGroups],
  };
}

/** The answer of the directory import: all rows or none, every bad row listed. */
export const SchoolImportResultWireSchema = z.object({
  imported: z.boolean().describe('是否已导入'),
  created: z.number().int().describe('新增的学校数'),
  updated: z.number().int().describe('按学校标识码更新的学校数'),
  errors: z.array(ImportRowErrorSchema).describe('有误的行（有误时不导入任何数据）'),
  errorCount: ImportErrorCountSchema,
});
export type SchoolImportResultWire = z.infer<typeof SchoolImportResultWireSchema>;
