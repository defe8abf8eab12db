import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { requiredId, TEXT_LIMITS, text } from '../platform/text.ts';
import {
  DEFAULT_DOUBLE_HIGH_RANGE,
  DOUBLE_HIGH_RANGES,
  type DoubleHighRange,
  type PeerSchoolSource,
  SCHOOL_LEVELS,
  SCHOOL_NATURES,
  type SchoolLevel,
  type SchoolNature,
} from './analysis.enums.ts';

/**
 * A school of the directory (spec 1 §3 School): the national list's code (学校标识码), name, province,
 * city, level and the nature derived from its note. `isOwn` marks the school named in the analysis
 * settings, highlighted in every comparison. This is the type the school-selection modal holds.
 */
export interface PeerSchool {
  code: string;
  name: string;
  province: string;
  /** Empty for the four municipalities and every 成人 row of the national list. */
  city: string;
  level: SchoolLevel;
  nature: SchoolNature;
  isOwn: boolean;
}

/** A directory row as the administrator's 高校名录 page shows it. */
export interface SchoolDirectoryEntry extends PeerSchool {
  authority: string;
  source: PeerSchoolSource;
}

/** One option of an option list with how many schools of the directory carry it. */
export interface SchoolOptionCount {
  value: string;
  count: number;
}

/** The option lists of spec 1 §3 (schoolLevel, schoolNature, schoolProvince), derived from the directory. */
export interface SchoolOptions {
  levels: SchoolOptionCount[];
  natures: SchoolOptionCount[];
  provinces: SchoolOptionCount[];
}

/** 常用查询设置 (spec 1 §2 piece 3): which levels, natures and provinces the common queries offer. */
export interface SchoolScreenSetting {
  levels: SchoolLevel[];
  natures: SchoolNature[];
  provinces: string[];
}

/** The filter a school list is read under; an empty list means "all". */
export interface SchoolFilter {
  keyword: string;
  provinces: string[];
  natures: SchoolNature[];
  levels: SchoolLevel[];
}

/** 常用查询: a named, saved selection with the filter it was made under. */
export interface SchoolHistory {
  id: string;
  name: string;
  filter: SchoolFilter;
  /** The saved schools still on the directory, in the saved order. */
  schools: SchoolDirectoryEntry[];
  createdAt: Date;
}

/** One 双高 unit of a round, with the school resolved against the directory. */
export interface DoubleHighSchool {
  /** Null when the notice's name matches no school of the directory. */
  code: string | null;
  /** The directory's (current) name when resolved, else the notice's. */
  name: string;
  /** The name as the 2019 notice printed it. */
  noticeName: string;
  category: '学校' | '专业群';
  grade: 'A' | 'B' | 'C';
  majorGroups: string[];
}

/** Limits of the school selection (spec 1 §5, §9). */
export const SCHOOL_LIMITS = {
  keyword: TEXT_LIMITS.default,
  /** The modal fetches the whole filtered list once (3,167 schools today). */
  pageSize: 5000,
  historyName: TEXT_LIMITS.default,
  historiesPerUser: 50,
  historySchools: 500,
  provinceName: TEXT_LIMITS.small,
} as const;

export const SCHOOL_MESSAGES = {
  levels: '办学层次只能是本科、专科或成人',
  natures: '办学性质只能是公办、民办或中外合作',
  pageSize: `每页条数不能超过${SCHOOL_LIMITS.pageSize}`,
} as const;

/** Repeated fields or a comma-joined string, each value checked by `item`. */
function listOf<T>(label: string, item: z.ZodType<T, string>, max: number) {
  return z
    .union([z.array(z.string()), z.string()], { error: `${label}格式不正确` })
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean),
    )
    .pipe(z.array(item).max(max, { error: `${label}最多选择${max}项` }))
    .describe(`${label}（可多选，逗号分隔）`);
}

export const schoolLevelList = () =>
  listOf('办学层次', z.enum(SCHOOL_LEVELS, { error: SCHOOL_MESSAGES.levels }), SCHOOL_LEVELS.length);
export const schoolNatureList = () =>
  listOf('办学性质', z.enum(SCHOOL_NATURES, { error: SCHOOL_MESSAGES.natures }), SCHOOL_NATURES.length);
export const provinceList = () =>
  listOf(
    '所在省份',
    z.string().max(SCHOOL_LIMITS.provinceName, { error: '所在省份不存在' }),
    // 31 provinces plus 港澳台 and room for an imported list's spelling
    50,
  );

export const SchoolListQuerySchema = PagingQuerySchema.extend({
  keyword: text('学校名称', SCHOOL_LIMITS.keyword).optional().describe('学校名称（包含即匹配）'),
  province: provinceList().optional(),
  nature: schoolNatureList().optional(),
  level: schoolLevelList().optional(),
  pageSize: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int({ error: '每页条数必须是整数' })
    .min(1, { error: '每页条数至少为1' })
    .max(SCHOOL_LIMITS.pageSize, { error: SCHOOL_MESSAGES.pageSize })
    .default(10)
    .describe(`每页条数（最多${SCHOOL_LIMITS.pageSize}，选校弹窗一次取全部）`),
});
export type SchoolListQuery = z.infer<typeof SchoolListQuerySchema>;

export const SchoolHistoryQuerySchema = z.object({
  limit: z.coerce
    .number({ error: '条数必须是数字' })
    .int()
    .min(1)
    .max(SCHOOL_LIMITS.historiesPerUser, { error: `最多查询${SCHOOL_LIMITS.historiesPerUser}条` })
    .optional()
    .describe('最多返回的条数（新保存的在前）'),
});

export const SchoolHistoryDeleteBodySchema = z.object({ id: requiredId('常用查询') });

export const DoubleHighQuerySchema = z.object({
  year: z.coerce
    .number({ error: '请选择双高计划轮次（年份）' })
    .int({ error: '年份必须是整数' })
    .min(2000, { error: '年份不正确' })
    .max(2100, { error: '年份不正确' })
    .describe('双高计划轮次（公布年份，如 2019）'),
  range: z
    .enum(DOUBLE_HIGH_RANGES, { error: '建设单位类型不正确' })
    .default(DEFAULT_DOUBLE_HIGH_RANGE)
    .describe('建设单位类型与档次（默认 highSchoolConstructionLevelA 高水平学校A档）'),
});
export type DoubleHighQuery = z.infer<typeof DoubleHighQuerySchema>;

/** A DOUBLE_HIGH_RANGES value as the category and grade it selects. */
export function doubleHighRangeParts(range: DoubleHighRange): {
  category: '学校' | '专业群';
  grade: 'A' | 'B' | 'C';
} {
  const grade = range.slice(-1) as 'A' | 'B' | 'C';
  return { category: range.startsWith('highSchool') ? '学校' : '专业群', grade };
}
