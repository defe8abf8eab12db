import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { idList, requiredId, requiredText, text } from '../platform/text.ts';
import { OBJECT_LEVELS } from '../standards/standards.enums.ts';
import {
  ALGORITHM_SQL_MAX,
  ALGORITHM_TYPE_BY_LABEL,
  type AlgorithmStatus,
  type AlgorithmType,
} from './algorithms.enums.ts';

/** 算法目录: a folder of the algorithm tree. */
export interface AlgorithmFolder {
  id: string;
  parentId: string | null;
  name: string;
  sort: number;
  groupCount: number;
  children: AlgorithmFolder[];
}

/** 算法组: one named computation in a folder, on a data source, for one or more quality points. */
export interface AlgorithmGroup {
  id: string;
  folderId: string;
  name: string;
  description: string;
  dataSourceId: string | null;
  dataSourceName: string;
  pointIds: string[];
  currentResultVersion: number | null;
  currentDetailVersion: number | null;
  createdByName: string;
  createdAt: Date;
  updatedAt: Date;
}

/** 算法: one version of a group's result or detail SQL. */
export interface Algorithm {
  id: string;
  groupId: string;
  type: AlgorithmType;
  version: number;
  sql: string;
  sqlHash: string;
  parameters: string[];
  status: AlgorithmStatus;
  remark: string;
  createdByName: string;
  createdAt: Date;
  publishedByName: string;
  publishedAt: Date | null;
}

/** What a test run answers: the rows, their columns and the time taken. */
export interface AlgorithmTestRun {
  columns: string[];
  rows: Record<string, unknown>[];
  elapsedMs: number;
  truncated: boolean;
  version: number | null;
  parameters: Record<string, string | number | null>;
}

const id = (label: string) => z.string().trim().min(1).max(64).describe(label);
const typeField = z
  .string({ error: '请选择算法类型' })
  .trim()
  .refine((value) => value in ALGORITHM_TYPE_BY_LABEL, { error: '算法类型只能是结果算法或详情算法' })
  .transform((value) => ALGORITHM_TYPE_BY_LABEL[value] as AlgorithmType)
  .describe('算法类型（result 结果算法 / detail 详情算法）');
/** Versions are numbered from 1; a bigger number names none (and would overflow the integer column). */
export const ALGORITHM_VERSION_MAX = 1_000_000;
const versionField = z.coerce
  .number({ error: '版本必须是数字' })
  .int({ error: '版本必须是整数' })
  .min(1, { error: '版本必须大于 0' })
  .max(ALGORITHM_VERSION_MAX, { error: '版本不存在' })
  .describe('版本号');
const date = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}格式应为 yyyy-MM-dd` })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: `${label}不是有效日期` })
    .describe(label);
const sqlField = z
  .string({ error: '请输入 SQL' })
  .trim()
  .min(1, { error: '请输入 SQL' })
  .max(ALGORITHM_SQL_MAX, { error: `SQL 最多只能输入${ALGORITHM_SQL_MAX}个字符` })
  .describe('SQL（可用命名参数 :objectId :objectCode :departmentId :cycleStart :cycleEnd :year）');

export const AlgorithmIdParamsSchema = z.object({ id: id('编号') });

/* ---- folders ---- */
export const AlgorithmFolderBodySchema = z.object({
  name: requiredText('目录名称'),
  parentId: z.string().trim().max(64).optional().describe('上级目录编号（空为根目录）'),
  sort: z.coerce.number({ error: '排序必须是数字' }).int().min(0).max(1_000_000).optional().describe('排序'),
});
export const AlgorithmFolderUpdateBodySchema = AlgorithmFolderBodySchema.extend({ id: requiredId('目录') });

/* ---- groups ---- */
const groupFields = {
  name: requiredText('算法组名称'),
  folderId: requiredId('算法目录'),
  dataSourceId: requiredId('数据源'),
  description: text('说明', 200).optional(),
  pointIds: idList('质控点').optional(),
};
export const AlgorithmGroupBodySchema = z.object(groupFields);
export const AlgorithmGroupUpdateBodySchema = z.object({
  ...groupFields,
  id: requiredId('算法组'),
  /** Switching the version collection uses is explicit: absent keeps the current one, null clears it. */
  currentResultVersion: versionField.nullable().optional(),
  currentDetailVersion: versionField.nullable().optional(),
});
export const AlgorithmGroupPageQuerySchema = PagingQuerySchema.extend({
  id: z.string().trim().max(64).optional().describe('目录编号（含下级目录；空为全部）'),
  keyword: text('算法组名称').optional(),
  groupId: z.string().trim().max(64).optional().describe('只取这一个算法组（算法组页面用）'),
});
/** The diagnosis objects a test can run on (the picker of 在对象上测试). */
export const AlgorithmObjectsQuerySchema = PagingQuerySchema.extend({
  level: z.enum(OBJECT_LEVELS).optional().describe('诊断层级'),
  keyword: text('对象名称或代码').optional(),
});
/** The quality points a group may compute (the picker of the group form). */
export const AlgorithmPointsQuerySchema = PagingQuerySchema.extend({
  keyword: text('质控点名称或代码').optional(),
  ids: idList('质控点').optional(),
});
export const AlgorithmGroupNameQuerySchema = z.object({
  name: text('算法组名称').optional(),
});
export const AlgorithmGroupIdQuerySchema = z.object({ groupId: requiredId('算法组') });

/** Run on one diagnosis object and cycle: a saved version, or the editor's unsaved SQL. */
export const AlgorithmTestBodySchema = z
  .object({
    groupId: requiredId('算法组'),
    type: typeField.optional(),
    version: versionField.optional(),
    sql: sqlField.optional(),
    objectId: requiredId('诊断对象'),
    cycleStart: date('周期开始日期'),
    cycleEnd: date('周期结束日期'),
  })
  .refine((value) => value.cycleStart <= value.cycleEnd, {
    path: ['cycleEnd'],
    error: '周期结束日期不能早于开始日期',
  });

/* ---- versions ---- */
export const AlgorithmBodySchema = z.object({
  groupId: requiredId('算法组'),
  type: typeField,
  sql: sqlField,
  remark: text('版本说明', 200).optional(),
});
export const AlgorithmUpdateBodySchema = z.object({
  id: requiredId('算法版本'),
  sql: sqlField,
  remark: text('版本说明', 200).optional(),
});
export const AlgorithmVersionQuerySchema = z.object({
  groupId: requiredId('算法组'),
  type: typeField,
  version: versionField,
});
export const AlgorithmVersionsQuerySchema = z.object({
  groupId: requiredId('算法组'),
  type: typeField.optional(),
});
