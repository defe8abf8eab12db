import { responsibilityEndpoints as E, NO_PERMISSION_MESSAGE, orgEndpoints } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { departments } from '../org/org.table.ts';
import { indicatorCategories, indicators, qualityPoints } from '../standards/standards.table.ts';
import { RESPONSIBILITY_MESSAGES } from './responsibility.service.ts';

let t: TestApp;
let manager: Session;
let outsider: Session;

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}_${Date.now().toString(36)}`;

async function department(name = unique('部门')) {
  const id = newId();
  await t.db.insert(departments).values({ id, name, shortNameChinese: `${name}简` });
  return { id, name };
}

/** A category → level-1 indicator → two level-2 indicators, each with two points. */
async function system() {
  const categoryId = newId();
  await t.db
    .insert(indicatorCategories)
    .values({ id: categoryId, name: unique('分类'), icon: 'school', level: 'school' });
  const top = newId();
  const left = newId();
  const right = newId();
  await t.db.insert(indicators).values([
    { id: top, categoryId, name: unique('一级'), depth: 1, sort: 1 },
    { id: left, categoryId, parentId: top, name: unique('左'), depth: 2, sort: 1 },
    { id: right, categoryId, parentId: top, name: unique('右'), depth: 2, sort: 2 },
  ]);
  const point = (indicatorId: string, sort: number) => ({
    id: newId(),
    indicatorId,
    name: unique('质控点'),
    level: 'school',
    dimension: 'school',
    period: 'year',
    dataType: 'percent',
    sort,
  });
  const points = [point(left, 1), point(left, 2), point(right, 1), point(right, 2)];
  await t.db.insert(qualityPoints).values(points);
  return { categoryId, top, left, right, points: points.map((p) => ({ id: p.id, name: p.name })) };
}

const pairs = async () =>
  (
    await queryRows<{ p: string; d: string }>(
      t.db,
      sql`select point_id as p, department_id as d from dept_responsibilities order by point_id, department_id`,
    )
  ).map((r) => `${r.p}:${r.d}`);

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  const o = await createUser(t);
  outsider = await signIn(t, o.account, o.password);
});
afterAll(() => t.close());

describe('部门职责', () => {
  it('saves with replace semantics, a point or a whole indicator, and reads it as tree, page and by name', async () => {
    const s = await system();
    const jiaowu = await department();
    const renshi = await department();
    const saved = await manager.call(E.save, {
      body: {
        items: [
          { indicatorId: s.top, bmids: [jiaowu.id] },
          { zkdid: s.points[3]!.id, bmids: [jiaowu.id, renshi.id] },
        ],
      },
    });
    expect(saved.points).toBe(4);

    const [tree] = await manager.call(E.tree, { query: { categoryId: s.categoryId } });
    expect(tree!.children).toHaveLength(1);
    const [left, right] = tree!.children[0]!.children;
    expect(left!.zkdList.map((p) => p.bmList.map((d) => d.bmmc))).toEqual([[jiaowu.name], [jiaowu.name]]);
    expect(right!.zkdList[1]!.bmList.map((d) => d.bmid).sort()).toEqual([jiaowu.id, renshi.id].sort());

    // Replace: the point now answers to 人事 alone; an empty list clears.
    await manager.call(E.save, {
      body: {
        items: [
          { zkdid: s.points[0]!.id, bmids: [renshi.id] },
          { zkdid: s.points[1]!.id, bmids: [] },
        ],
      },
    });
    const page = await manager.call(E.query, { query: { categoryId: s.categoryId, pageSize: 10 } });
    expect(page.total).toBe(4);
    expect(page.records.map((r) => r.bmList.length)).toEqual([1, 0, 1, 2]);
    expect(page.records[0]!.indicatorPath).toHaveLength(2);

    const byDept = await manager.call(E.query, { query: { bmid: renshi.id, categoryId: s.categoryId } });
    expect(byDept.records.map((r) => r.zkdid)).toEqual([s.points[0]!.id, s.points[3]!.id]);
    const byKeyword = await manager.call(E.query, { query: { keyword: s.points[2]!.name } });
    expect(byKeyword.records.map((r) => r.zkdid)).toEqual([s.points[2]!.id]);
    const paged = await manager.call(E.query, {
      query: { categoryId: s.categoryId, pageNum: 2, pageSize: 3 },
    });
    expect(paged.records).toHaveLength(1);

    const named = await manager.call(E.byName, { query: { bmmc: jiaowu.name } });
    expect(named.bmid).toBe(jiaowu.id);
    expect(named.list.map((r) => r.zkdid)).toEqual([s.points[2]!.id, s.points[3]!.id]);
    const short = await manager.call(E.byName, { query: { bmmc: `${renshi.name}简` } });
    expect(short.list).toHaveLength(2);
  });

  it('validates departments, points and indicators and changes nothing when one is wrong', async () => {
    const s = await system();
    const d = await department();
    await manager.call(E.save, { body: { items: [{ zkdid: s.points[0]!.id, bmids: [d.id] }] } });
    const before = await pairs();

    const badDept = await manager.send(E.save, {
      body: { items: [{ zkdid: s.points[0]!.id, bmids: ['no-such-dept'] }] },
    });
    expect(badDept.statusCode).toBe(400);
    expect(badDept.json().meta.message).toBe(RESPONSIBILITY_MESSAGES.departmentMissing(['no-such-dept']));
    const badPoint = await manager.send(E.save, {
      body: {
        items: [
          { zkdid: s.points[0]!.id, bmids: [] },
          { zkdid: 'no-such-point', bmids: [d.id] },
        ],
      },
    });
    expect(badPoint.statusCode).toBe(404);
    expect(badPoint.json().meta.message).toMatch(/质控点不存在/);
    const badIndicator = await manager.send(E.save, {
      body: { items: [{ indicatorId: 'no-such-indicator', bmids: [d.id] }] },
    });
    expect(badIndicator.json().meta.message).toMatch(/指标不存在/);
    const both = await manager.send(E.save, {
      body: { items: [{ zkdid: s.points[0]!.id, indicatorId: s.top, bmids: [] }] },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().meta.message).toMatch(/每项须指定一个质控点或一个指标/);
    const empty = await manager.send(E.save, { body: { items: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toMatch(/请选择要保存的质控点/);
    expect(await pairs()).toEqual(before);

    const unknown = await manager.send(E.byName, { query: { bmmc: '没有这个部门' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().meta.message).toBe('部门「没有这个部门」不存在');
    const blank = await manager.send(E.byName, { query: { bmmc: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().meta.message).toMatch(/请输入部门名称/);
  });
});

describe('部门职责 and the department list', () => {
  it('keeps a department that answers for points from deletion, and drops it from old versions once free', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const s = await system();
    const d = await department();
    await manager.call(E.save, { body: { items: [{ zkdid: s.points[0]!.id, bmids: [d.id] }] } });
    await manager.call(E.versionInsert, {
      body: { versionName: unique('含部门'), versionDate: '2025-01-01' },
    });
    const refused = await admin.send(orgEndpoints.adminDeleteDepartment, { params: { id: d.id } });
    expect(refused.json().meta).toMatchObject({
      success: false,
      message: '该部门已被其他数据引用，不能删除',
    });

    await manager.call(E.save, { body: { items: [{ zkdid: s.points[0]!.id, bmids: [] }] } });
    await admin.call(orgEndpoints.adminDeleteDepartment, { params: { id: d.id } });
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from quality_dept_version_items where department_id = ${d.id}`,
    );
    expect(left!.n).toBe(0);
  });
});

describe('质控点部门版本', () => {
  it('snapshots, keeps one enabled, restores on enable and refuses to delete the enabled one', async () => {
    const s = await system();
    const a = await department();
    const b = await department();
    await manager.call(E.save, { body: { items: [{ indicatorId: s.top, bmids: [a.id] }] } });
    const first = await manager.call(E.versionInsert, {
      body: { versionName: unique('2025版'), versionDate: '2025-09-01', remark: '首版' },
    });
    expect(first).toMatchObject({ enableStatus: 1, remark: '首版', versionDate: '2025-09-01' });
    expect(first.pointCount).toBeGreaterThanOrEqual(4);
    const snapshot = await pairs();

    await manager.call(E.save, { body: { items: [{ indicatorId: s.top, bmids: [b.id] }] } });
    const second = await manager.call(E.versionInsert, {
      body: { versionName: unique('2026版'), versionDate: '2026-09-01' },
    });
    expect(second.enableStatus).toBe(1);
    const list = await manager.call(E.versionPage, { query: { pageSize: 100 } });
    expect(list.records.filter((v) => v.enableStatus === 1).map((v) => v.id)).toEqual([second.id]);
    expect(list.records[0]!.id).toBe(second.id);

    const enabled = await manager.call(E.versionEnable, { body: { id: first.id } });
    expect(enabled.enableStatus).toBe(1);
    expect(await pairs()).toEqual(snapshot);
    const after = await manager.call(E.versionPage, { query: { pageSize: 100 } });
    expect(after.records.filter((v) => v.enableStatus === 1).map((v) => v.id)).toEqual([first.id]);

    const refused = await manager.send(E.versionDelete, { body: { id: first.id } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().meta.message).toBe(RESPONSIBILITY_MESSAGES.deleteEnabled);
    await manager.call(E.versionDelete, { body: { id: second.id } });
    const searched = await manager.call(E.versionPage, { query: { keyword: second.versionName } });
    expect(searched.total).toBe(0);
  });

  it('edits a version’s name, date and remark, and answers bad input in Chinese', async () => {
    const v = await manager.call(E.versionInsert, {
      body: { versionName: unique('版本'), versionDate: '2024-01-31' },
    });
    const name = unique('改名');
    const updated = await manager.call(E.versionUpdate, {
      body: { id: v.id, versionName: name, versionDate: '2024-02-29', remark: '闰年' },
    });
    expect(updated).toMatchObject({ versionName: name, versionDate: '2024-02-29', remark: '闰年' });
    const other = await manager.call(E.versionInsert, {
      body: { versionName: unique('另一版'), versionDate: '2024-03-01' },
    });
    const dup = await manager.send(E.versionUpdate, {
      body: { id: other.id, versionName: name, versionDate: '2024-03-01' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().meta.message).toBe(RESPONSIBILITY_MESSAGES.versionDuplicate);
    const badDate = await manager.send(E.versionInsert, {
      body: { versionName: unique('坏日期'), versionDate: '2023-02-30' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().meta.message).toMatch(/版本日期格式应为 yyyy-MM-dd/);
    const noName = await manager.send(E.versionInsert, {
      body: { versionName: ' ', versionDate: '2023-02-03' },
    });
    expect(noName.json().meta.message).toMatch(/请输入版本名称/);
    for (const endpoint of [E.versionEnable, E.versionDelete]) {
      const missing = await manager.send(endpoint, { body: { id: 'no-such-version' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().meta.message).toBe(RESPONSIBILITY_MESSAGES.versionMissing);
    }
  });

  it('refuses every call to a user without the 数据管理 menu', async () => {
    const v = await manager.call(E.versionInsert, {
      body: { versionName: unique('外人'), versionDate: '2024-01-01' },
    });
    const answers = [
      await outsider.send(E.tree),
      await outsider.send(E.query),
      await outsider.send(E.save, { body: { items: [{ zkdid: 'x', bmids: [] }] } }),
      await outsider.send(E.byName, { query: { bmmc: '教务处' } }),
      await outsider.send(E.versionPage),
      await outsider.send(E.versionInsert, {
        body: { versionName: unique('外人'), versionDate: '2024-01-01' },
      }),
      await outsider.send(E.versionUpdate, {
        body: { id: v.id, versionName: '改', versionDate: '2024-01-01' },
      }),
      await outsider.send(E.versionDelete, { body: { id: v.id } }),
      await outsider.send(E.versionEnable, { body: { id: v.id } }),
    ];
    for (const answer of answers)
      expect(answer.json().meta).toMatchObject({
        success: false,
        statusCode: 403,
        message: NO_PERMISSION_MESSAGE,
      });
  });
});
