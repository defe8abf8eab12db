import { z } from 'zod';
import { DATA_SOURCE_KINDS, PASSWORD_MASK } from './datasources.enums.ts';
import type { DataSource, DataSourceTestResult } from './datasources.schema.ts';

/** A data source on the wire: the password is the mask when one is stored, else empty. */
export const DataSourceWireSchema = z.object({
  id: z.string().describe('数据源编号'),
  name: z.string().describe('数据源名称'),
  type: z.enum(DATA_SOURCE_KINDS).describe('数据源类型'),
  host: z.string().describe('主机地址'),
  port: z.number().int().nullable().describe('端口'),
  databaseName: z.string().describe('数据库名'),
  username: z.string().describe('用户名'),
  password: z.union([z.literal(PASSWORD_MASK), z.literal('')]).describe('密码（只回显掩码）'),
  defaultsStatus: z.union([z.literal(0), z.literal(1)]).describe('默认（1 为默认）'),
  hideStatus: z.union([z.literal(0), z.literal(1)]).describe('隐藏（1 为隐藏）'),
  createTime: z.string().describe('创建时间'),
});
export type DataSourceWire = z.infer<typeof DataSourceWireSchema>;

export const DataSourceTestWireSchema = z.object({
  success: z.boolean().describe('是否连接成功'),
  message: z.string().describe('结果说明'),
  elapsedMs: z.number().int().describe('耗时（毫秒）'),
});
export type DataSourceTestWire = z.infer<typeof DataSourceTestWireSchema>;

export function toDataSourceWire(source: DataSource): DataSourceWire {
  return {
    id: source.id,
    name: source.name,
    type: source.kind,
    host: source.host,
    port: source.port,
    databaseName: source.database,
    username: source.username,
    password: source.hasPassword ? PASSWORD_MASK : '',
    defaultsStatus: source.isDefault ? 1 : 0,
    hideStatus: source.isHidden ? 1 : 0,
    createTime: source.createdAt.toISOString(),
  };
}

export function fromDataSourceWire(wire: DataSourceWire): DataSource {
  return {
    id: wire.id,
    name: wire.name,
    kind: wire.type,
    host: wire.host,
    port: wire.port,
    database: wire.databaseName,
    username: wire.username,
    hasPassword: wire.password === PASSWORD_MASK,
    isDefault: wire.defaultsStatus === 1,
    isHidden: wire.hideStatus === 1,
    createdAt: new Date(wire.createTime),
  };
}

export const toDataSourceTestWire = (result: DataSourceTestResult): DataSourceTestWire => ({
  success: result.ok,
  message: result.message,
  elapsedMs: result.elapsedMs,
});
