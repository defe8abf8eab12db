import { z } from 'zod';
import { ALGORITHM_STATUSES, ALGORITHM_TYPES } from './algorithms.enums.ts';
import type { Algorithm, AlgorithmFolder, AlgorithmGroup, AlgorithmTestRun } from './algorithms.schema.ts';

/** The spec names these calls but not their fields; the wire keeps the English names of the schema. */
export interface AlgorithmFolderWire {
  id: string;
  parentId: string | null;
  name: string;
  sort: number;
  groupCount: number;
  children: AlgorithmFolderWire[];
}
export const AlgorithmFolderWireSchema: z.ZodType<AlgorithmFolderWire> = z.lazy(() =>
  z.object({
    id: z.string().describe('目录编号'),
    parentId: z.string().nullable().describe('上级目录编号'),
    name: z.string().describe('目录名称'),
    sort: z.number().int().describe('排序'),
    groupCount: z.number().int().describe('本目录的算法组数'),
    children: z.array(AlgorithmFolderWireSchema).describe('下级目录'),
  }),
);

export const AlgorithmGroupWireSchema = z.object({
  id: z.string().describe('算法组编号'),
  folderId: z.string().describe('目录编号'),
  name: z.string().describe('算法组名称'),
  description: z.string().describe('说明'),
  dataSourceId: z.string().nullable().describe('数据源编号'),
  dataSourceName: z.string().describe('数据源名称'),
  pointIds: z.array(z.string()).describe('质控点编号'),
  currentResultVersion: z.number().int().nullable().describe('当前结果算法版本（采集使用）'),
  currentDetailVersion: z.number().int().nullable().describe('当前详情算法版本（详细数据使用）'),
  createdByName: z.string().describe('创建人'),
  createTime: z.string().describe('创建时间'),
  updateTime: z.string().describe('修改时间'),
});
export type AlgorithmGroupWire = z.infer<typeof AlgorithmGroupWireSchema>;

export const AlgorithmWireSchema = z.object({
  id: z.string().describe('算法版本编号'),
  groupId: z.string().describe('算法组编号'),
  type: z.enum(ALGORITHM_TYPES).describe('算法类型'),
  version: z.number().int().describe('版本号'),
  sql: z.string().describe('SQL'),
  sqlHash: z.string().describe('SQL 的 SHA-256'),
  parameters: z.array(z.string()).describe('SQL 使用的命名参数'),
  status: z.enum(ALGORITHM_STATUSES).describe('状态'),
  remark: z.string().describe('版本说明'),
  createdByName: z.string().describe('创建人'),
  createTime: z.string().describe('创建时间'),
  publishedByName: z.string().describe('发布人'),
  publishTime: z.string().nullable().describe('发布时间'),
});
export type AlgorithmWire = z.infer<typeof AlgorithmWireSchema>;

export const AlgorithmTestRunWireSchema = z.object({
  columns: z.array(z.string()).describe('列名'),
  rows: z.array(z.record(z.string(), z.unknown())).describe('结果行'),
  elapsedMs: z.number().int().describe('耗时（毫秒）'),
  truncated: z.boolean().describe('是否超过行数上限被截断'),
  version: z.number().int().nullable().describe('运行的版本（未保存的 SQL 为空）'),
  parameters: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).describe('绑定的参数值'),
});
export type AlgorithmTestRunWire = z.infer<typeof AlgorithmTestRunWireSchema>;

export const AlgorithmObjectWireSchema = z.object({
  id: z.string().describe('诊断对象编号'),
  level: z.string().describe('诊断层级'),
  code: z.string().describe('对象代码'),
  name: z.string().describe('对象名称'),
});
export type AlgorithmObjectWire = z.infer<typeof AlgorithmObjectWireSchema>;

export const AlgorithmPointWireSchema = z.object({
  id: z.string().describe('质控点编号'),
  code: z.string().nullable().describe('质控点代码'),
  name: z.string().describe('质控点名称'),
  level: z.string().describe('诊断层级'),
});
export type AlgorithmPointWire = z.infer<typeof AlgorithmPointWireSchema>;

export const AlgorithmResultWireSchema = z.object({
  value: z.unknown().describe('结果值（结果算法 value 列）'),
  version: z.number().int().describe('运行的版本'),
  elapsedMs: z.number().int().describe('耗时（毫秒）'),
});
export type AlgorithmResultWire = z.infer<typeof AlgorithmResultWireSchema>;

export const toAlgorithmFolderWire = (folder: AlgorithmFolder): AlgorithmFolderWire => ({
  id: folder.id,
  parentId: folder.parentId,
  name: folder.name,
  sort: folder.sort,
  groupCount: folder.groupCount,
  children: folder.children.map(toAlgorithmFolderWire),
});
export const fromAlgorithmFolderWire = (wire: AlgorithmFolderWire): AlgorithmFolder => ({
  ...wire,
  children: wire.children.map(fromAlgorithmFolderWire),
});

export const toAlgorithmGroupWire = (group: AlgorithmGroup): AlgorithmGroupWire => ({
  id: group.id,
  folderId: group.folderId,
  name: group.name,
  description: group.description,
  dataSourceId: group.dataSourceId,
  dataSourceName: group.dataSourceName,
  pointIds: group.pointIds,
  currentResultVersion: group.currentResultVersion,
  currentDetailVersion: group.currentDetailVersion,
  createdByName: group.createdByName,
  createTime: group.createdAt.toISOString(),
  updateTime: group.updatedAt.toISOString(),
});
export const fromAlgorithmGroupWire = (wire: AlgorithmGroupWire): AlgorithmGroup => ({
  id: wire.id,
  folderId: wire.folderId,
  name: wire.name,
  description: wire.description,
  dataSourceId: wire.dataSourceId,
  dataSourceName: wire.dataSourceName,
  pointIds: wire.pointIds,
  currentResultVersion: wire.currentResultVersion,
  currentDetailVersion: wire.currentDetailVersion,
  createdByName: wire.createdByName,
  createdAt: new Date(wire.createTime),
  updatedAt: new Date(wire.updateTime),
});

export const toAlgorithmWire = (algorithm: Algorithm): AlgorithmWire => ({
  id: algorithm.id,
  groupId: algorithm.groupId,
  type: algorithm.type,
  version: algorithm.version,
  sql: algorithm.sql,
  sqlHash: algorithm.sqlHash,
  parameters: algorithm.parameters,
  status: algorithm.status,
  remark: algorithm.remark,
  createdByName: algorithm.createdByName,
  createTime: algorithm.createdAt.toISOString(),
  publishedByName: algorithm.publishedByName,
  publishTime: algorithm.publishedAt ? algorithm.publishedAt.toISOString() : null,
});
export const fromAlgorithmWire = (wire: AlgorithmWire): Algorithm => ({
  id: wire.id,
  groupId: wire.groupId,
  type: wire.type,
  version: wire.version,
  sql: wire.sql,
  sqlHash: wire.sqlHash,
  parameters: wire.parameters,
  status: wire.status,
  remark: wire.remark,
  createdByName: wire.createdByName,
  createdAt: new Date(wire.createTime),
  publishedByName: wire.publishedByName,
  publishedAt: wire.publishTime ? new Date(wire.publishTime) : null,
});

export const toAlgorithmTestRunWire = (run: AlgorithmTestRun): AlgorithmTestRunWire => ({
  columns: run.columns,
  rows: run.rows,
  elapsedMs: run.elapsedMs,
  truncated: run.truncated,
  version: run.version,
  parameters: run.parameters,
});
