import { describe, expect, it } from 'vitest';
import { PASSWORD_MASK } from './datasources.enums.ts';
import type { DataSource } from './datasources.schema.ts';
import {
  DataSourceTestWireSchema,
  DataSourceWireSchema,
  fromDataSourceWire,
  toDataSourceTestWire,
  toDataSourceWire,
} from './datasources.wire.ts';

const external: DataSource = {
  id: 'ds1',
  name: '教务系统库',
  kind: 'mysql',
  host: '10.1.2.30',
  port: 3306,
  database: 'jwxt',
  username: 'eduqa_reader',
  hasPassword: true,
  isDefault: true,
  isHidden: false,
  createdAt: new Date('2025-02-20T06:00:00.000Z'),
};

const builtin: DataSource = {
  id: 'ds0',
  name: '平台内置库',
  kind: 'builtin',
  host: '',
  port: null,
  database: '',
  username: '',
  hasPassword: false,
  isDefault: false,
  isHidden: true,
  createdAt: new Date('2024-09-01T00:00:00.000Z'),
};

describe('data source wire', () => {
  it('round-trips an external source, its stored password answered as the mask', () => {
    const wire = toDataSourceWire(external);
    expect(wire).toMatchObject({
      name: '教务系统库',
      type: 'mysql',
      host: '10.1.2.30',
      port: 3306,
      databaseName: 'jwxt',
      username: 'eduqa_reader',
      password: PASSWORD_MASK,
      defaultsStatus: 1,
      hideStatus: 0,
      createTime: '2025-02-20T06:00:00.000Z',
    });
    expect(DataSourceWireSchema.parse(wire)).toEqual(wire);
    expect(fromDataSourceWire(wire)).toEqual(external);
  });

  it('round-trips the built-in source without port or password, hidden', () => {
    const wire = toDataSourceWire(builtin);
    expect(wire).toMatchObject({
      type: 'builtin',
      port: null,
      databaseName: '',
      password: '',
      defaultsStatus: 0,
      hideStatus: 1,
    });
    expect(DataSourceWireSchema.parse(wire)).toEqual(wire);
    expect(fromDataSourceWire(wire)).toEqual(builtin);
  });
});

describe('data source test wire', () => {
  it('carries the outcome of a connection test as success, message and time', () => {
    for (const result of [
      { ok: true, message: '连接成功', elapsedMs: 42 },
      { ok: false, message: '连接失败：用户名或密码错误', elapsedMs: 3000 },
    ]) {
      const wire = toDataSourceTestWire(result);
      expect(wire).toEqual({ success: result.ok, message: result.message, elapsedMs: result.elapsedMs });
      expect(DataSourceTestWireSchema.parse(wire)).toEqual(wire);
    }
  });
});
