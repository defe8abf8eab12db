import { fileTypeEndpoints as E, NO_PERMISSION_MESSAGE } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { FILE_TYPE_MESSAGES } from './file-types.service.ts';

let t: TestApp;
let manager: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  const o = await createUser(t);
  outsider = await signIn(t, o.account, o.password);
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

async function builtIn(name: string) {
  const page = await manager.call(E.list, { query: { keyword: name } });
  return page.records.find((r) => r.lxmc === name)!;
}

describe('文件类型', () => {
  it('lists the built-in types seeded by the migration, paged and searched', async () => {
    const page = await manager.call(E.list, { query: { pageNum: 1, pageSize: 10 } });
    expect(page.total).toBeGreaterThanOrEqual(6);
    const internal = await builtIn('内部支撑文件');
    expect(internal).toMatchObject({ code: 'internalSupportDocument', builtIn: 1, enableStatus: 1 });
    const second = await manager.call(E.list, { query: { pageNum: 2, pageSize: 2 } });
    expect(second.records).toHaveLength(2);
    expect(second.current).toBe(2);
    const none = await manager.call(E.list, { query: { keyword: '不存在的类型名' } });
    expect(none.total).toBe(0);
  });

  it('adds, edits, filters by state and deletes a type of its own', async () => {
    const name = unique('会议纪要');
    const created = await manager.call(E.insert, { body: { lxmc: name, description: '会议记录' } });
    expect(created).toMatchObject({ lxmc: name, builtIn: 0, enableStatus: 1, code: null, fileCount: 0 });
    const renamed = unique('会议材料');
    const updated = await manager.call(E.update, {
      body: { id: created.id, lxmc: renamed, description: '', enableStatus: false },
    });
    expect(updated).toMatchObject({ lxmc: renamed, description: '', enableStatus: 0 });
    const disabled = await manager.call(E.list, { query: { keyword: renamed, enableStatus: false } });
    expect(disabled.records.map((r) => r.id)).toEqual([created.id]);
    const enabled = await manager.call(E.list, { query: { keyword: renamed, enableStatus: true } });
    expect(enabled.total).toBe(0);
    await manager.call(E.delete, { params: { id: created.id } });
    expect((await manager.call(E.list, { query: { keyword: renamed } })).total).toBe(0);
  });

  it('lets a built-in type be renamed but never disabled, deleted or named like another', async () => {
    const process = await builtIn('过程文件');
    const renamed = await manager.call(E.update, { body: { id: process.id, lxmc: '过程材料' } });
    expect(renamed).toMatchObject({ lxmc: '过程材料', code: 'processDocument', enableStatus: 1 });
    await manager.call(E.update, { body: { id: process.id, lxmc: '过程文件' } });

    await expect(
      manager.call(E.update, { body: { id: process.id, lxmc: '过程文件', enableStatus: false } }),
    ).rejects.toMatchObject({ meta: { message: FILE_TYPE_MESSAGES.builtInDisable } });
    await expect(manager.call(E.delete, { params: { id: process.id } })).rejects.toMatchObject({
      meta: { message: FILE_TYPE_MESSAGES.builtInDelete },
    });
    await expect(
      manager.call(E.update, { body: { id: process.id, lxmc: '内部支撑文件' } }),
    ).rejects.toMatchObject({ meta: { message: FILE_TYPE_MESSAGES.duplicate } });
    await expect(manager.call(E.insert, { body: { lxmc: '年度目标文件' } })).rejects.toMatchObject({
      meta: { message: FILE_TYPE_MESSAGES.duplicate },
    });
  });

  it('answers bad input in Chinese with a 4xx', async () => {
    const empty = await manager.send(E.insert, { body: { lxmc: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toMatch(/请输入类型名称/);
    const long = await manager.send(E.insert, { body: { lxmc: 'x'.repeat(21) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().meta.message).toMatch(/类型名称最多只能输入20个字符/);
    const sort = await manager.post(E.insert.path, { lxmc: unique('类型'), sort: 'abc' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().meta.message).toMatch(/排序必须是数字/);
    const missing = await manager.send(E.update, { body: { id: 'no-such-type', lxmc: '随便' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().meta.message).toBe(FILE_TYPE_MESSAGES.notFound);
    const gone = await manager.send(E.delete, { params: { id: 'no-such-type' } });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses every call to a user without the 数据管理 menu', async () => {
    const type = await builtIn('内部支撑文件');
    const answers = [
      await outsider.send(E.list),
      await outsider.send(E.insert, { body: { lxmc: unique('外人') } }),
      await outsider.send(E.update, { body: { id: type.id, lxmc: '外人改名' } }),
      await outsider.send(E.delete, { params: { id: type.id } }),
    ];
    for (const answer of answers)
      expect(answer.json().meta).toMatchObject({
        success: false,
        statusCode: 403,
        message: NO_PERMISSION_MESSAGE,
      });
    expect((await builtIn('内部支撑文件')).lxmc).toBe('内部支撑文件');
  });
});
