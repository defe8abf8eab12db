import {
  algorithmEndpoints as A,
  dynamicChartEndpoints as D,
  datasourceEndpoints as DS,
  dashboardEndpoints as E,
  algorithmFolderEndpoints as F,
  algorithmGroupEndpoints as G,
  ROLE_IDS,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, refused, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { diagnosisObjects } from '../diagnosis/diagnosis.table.ts';

let t: TestApp;
let admin: Session;
let leader: Session;
let leader2: Session;
let staff: Session;
let staff2: Session;
let expert: Session;
let groupId: string;
let bareGroupId: string;

const year = new Date().getFullYear();

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t, { roles: [ROLE_IDS.admin], name: '管理员甲' });
  admin = await signIn(t, a.account, a.password);
  const l = await createUser(t, { roles: [ROLE_IDS.schoolLeader, ROLE_IDS.diagnosisObject] });
  leader = await signIn(t, l.account, l.password);
  const l2 = await createUser(t, { roles: [ROLE_IDS.schoolLeader] });
  leader2 = await signIn(t, l2.account, l2.password);
  const s = await createUser(t, { roles: [ROLE_IDS.diagnosisObject], name: '普通教师' });
  staff = await signIn(t, s.account, s.password);
  const s2 = await createUser(t, { roles: [ROLE_IDS.diagnosisObject] });
  staff2 = await signIn(t, s2.account, s2.password);
  const x = await createUser(t, { roles: [ROLE_IDS.inSchoolExpert] });
  expert = await signIn(t, x.account, x.password);

  await t.db.execute(sql`create table dw.dash_majors (major text, students int, share numeric, day date)`);
  await t.db.execute(sql`insert into dw.dash_majors values
    ('机电一体化', 120, 40.5, ${`${year}-03-01`}), ('电子商务', 80, 59.5, ${`${year}-09-01`}),
    ('旧专业', 5, 1, '2001-01-01')`);
  await t.db.insert(diagnosisObjects).values([
    { id: 'dash-school', level: 'school', code: 'S001', name: '演示学院' },
    { id: 'dash-course', level: 'course', code: 'C001', name: '高等数学' },
  ]);
  const sourceId = (await admin.call(DS.insert, { body: { name: '内置库', type: 'builtin' } })).id;
  const folderId = (await admin.call(F.insert, { body: { name: '仪表盘' } })).id;
  const group = await admin.call(G.insert, { body: { name: '专业人数', folderId, dataSourceId: sourceId } });
  groupId = group.id;
  const detail = await admin.call(A.insert, {
    body: {
      groupId,
      type: 'detail',
      sql: 'select major as "专业", students as "人数", share as "占比" from dw.dash_majors where day between :cycleStart and :cycleEnd order by major',
    },
  });
  await admin.call(A.publish, { params: { id: detail.id } });
  await admin.call(G.update, {
    body: { id: groupId, name: '专业人数', folderId, dataSourceId: sourceId, currentDetailVersion: 1 },
  });
  bareGroupId = (await admin.call(G.insert, { body: { name: '无详情', folderId, dataSourceId: sourceId } }))
    .id;
}, 120_000);
afterAll(async () => t?.close());

const measureCard = {
  name: '自动采集率',
  kind: 'progress',
  source: 'measure',
  measure: 'collectionRate',
} as const;

describe('卡片 (ybp)', () => {
  it('lets a maintainer share measure, algorithm and iframe cards, adding http:// to an address', async () => {
    const progress = await admin.call(E.insert, { body: measureCard });
    expect(progress).toMatchObject({
      isShared: true,
      kindName: '自动采集率',
      canEdit: true,
      creatorName: '管理员甲',
    });
    const iframe = await admin.call(E.insert, {
      body: { name: '接口文档', kind: 'iframe', source: 'url', url: 'localhost:3000/api/docs' },
    });
    expect(iframe.url).toBe('http://localhost:3000/api/docs');
    const chart = await admin.call(E.insert, {
      body: { name: '各专业人数', kind: 'bar', source: 'algorithm', algorithmGroupId: groupId },
    });
    expect(chart).toMatchObject({
      algorithmGroupName: '专业人数',
      algorithmVersion: null,
      measure: null,
      url: null,
    });

    const seen = await staff.call(E.addable, { query: { pageSize: 50 } });
    expect(seen.records.map((c) => c.name).sort()).toEqual(['各专业人数', '接口文档', '自动采集率'].sort());
    expect(seen.records.every((c) => !c.canEdit)).toBe(true);
    const bars = await staff.call(E.addable, { query: { kind: 'bar' } });
    expect(bars.records.map((c) => c.name)).toEqual(['各专业人数']);
    const found = await staff.call(E.page, { query: { keyword: '文档' } });
    expect(found.total).toBe(1);
  });

  it('keeps a private card to its creator, who may change it; others may not', async () => {
    const mine = await staff.call(E.insert, {
      body: { name: '我的待办', kind: 'number', source: 'measure', measure: 'openTodos' },
    });
    expect(mine).toMatchObject({ isShared: false, canEdit: true });
    const renamed = await staff.call(E.update, { body: { ...mine, id: mine.id, name: '我的待办事项' } });
    expect(renamed.name).toBe('我的待办事项');
    expect(
      (await staff2.call(E.addable, { query: { pageSize: 50 } })).records.some((c) => c.id === mine.id),
    ).toBe(false);
    await refused(staff2.call(E.data, { query: { id: mine.id } }), 404, /卡片不存在/);
    await refused(staff2.call(E.delete, { body: { ids: [mine.id] } }), 404, /卡片不存在/);
    // A maintainer sees and may delete every card.
    expect((await admin.call(E.page, { query: { keyword: '我的待办' } })).records[0]?.canEdit).toBe(true);

    const shared = (await staff.call(E.addable, { query: { kind: 'progress' } })).records[0]!;
    await refused(staff.call(E.update, { body: { ...measureCard, id: shared.id, name: '改名' } }), 403);
    await refused(staff.call(E.delete, { body: { ids: [shared.id] } }), 403);
    await refused(staff.call(E.insert, { body: { ...measureCard, isShared: true } }), 403);
    await refused(
      staff.call(E.insert, {
        body: { name: '算法', kind: 'table', source: 'algorithm', algorithmGroupId: groupId },
      }),
      403,
    );
    await staff.call(E.delete, { body: { ids: [mine.id] } });
    await refused(staff.call(E.data, { query: { id: mine.id } }), 404);
  });

  it('refuses bad cards in Chinese', async () => {
    await refused(
      admin.call(E.insert, { body: { ...measureCard, name: '长'.repeat(61) } }),
      400,
      /最多只能输入60个字符/,
    );
    await refused(
      admin.call(E.insert, {
        body: { name: '外链', kind: 'iframe', source: 'url', url: 'javascript:alert(1)' },
      }),
      400,
      /网址必须以 http/,
    );
    await refused(
      admin.call(E.insert, {
        body: { name: '外链', kind: 'iframe', source: 'measure', measure: 'openTodos' },
      }),
      400,
      /数据来源必须是网址/,
    );
    await refused(
      admin.call(E.insert, {
        body: { name: '表', kind: 'table', source: 'algorithm', algorithmGroupId: 'nope' },
      }),
      400,
      /算法组不存在/,
    );
    await refused(
      admin.call(E.insert, {
        body: { name: '表', kind: 'table', source: 'algorithm', algorithmGroupId: bareGroupId },
      }),
      400,
      /^算法组「无详情」没有当前详情算法版本：请在算法管理中发布一个版本并设为当前$/,
    );
    await refused(
      admin.call(E.insert, {
        body: {
          name: '表',
          kind: 'table',
          source: 'algorithm',
          algorithmGroupId: groupId,
          algorithmVersion: 9,
        },
      }),
      400,
      /没有已发布的详情算法版本 9/,
    );
    await refused(
      admin.call(E.insert, { body: { ...measureCard, measure: 'nope' as 'openTodos' } }),
      400,
      /内置指标不正确/,
    );
  });
});

describe('卡片数据 (ybp/selectDataById)', () => {
  it("answers an algorithm card with the detail algorithm's rows of this year, shaped by its kind", async () => {
    const bar = (await staff.call(E.addable, { query: { kind: 'bar' } })).records[0]!;
    const data = await staff.call(E.data, { query: { id: bar.id } });
    expect(data).toMatchObject({
      key: bar.id,
      shape: 'series',
      categories: ['机电一体化', '电子商务'],
      series: [
        { name: '人数', data: [120, 80] },
        { name: '占比', data: [40.5, 59.5] },
      ],
    });
    const table = await admin.call(E.insert, {
      body: {
        name: '专业明细',
        kind: 'table',
        source: 'algorithm',
        algorithmGroupId: groupId,
        objectId: 'dash-course',
      },
    });
    expect(table.objectName).toBe('高等数学');
    const rows = await leader.call(E.data, { query: { id: table.id } });
    expect(rows?.columns).toEqual(['专业', '人数', '占比']);
    expect(rows?.rows).toHaveLength(2);
    const number = await admin.call(E.insert, {
      body: { name: '人数', kind: 'number', source: 'algorithm', algorithmGroupId: groupId },
    });
    expect((await leader.call(E.data, { query: { id: number.id } }))?.value).toBe(120);
  });

  it('answers a measure card with the measure and an iframe card with nothing', async () => {
    const progress = (await leader.call(E.addable, { query: { kind: 'progress' } })).records[0]!;
    const data = await leader.call(E.data, { query: { id: progress.id } });
    expect(data?.key).toBe('collectionRate');
    const iframe = (await leader.call(E.addable, { query: { kind: 'iframe' } })).records[0]!;
    expect(await leader.call(E.data, { query: { id: iframe.id } })).toBeNull();
  });
});

describe('布局 (ybpdy)', () => {
  const place = (cardId: string, x = 0, y = 0) => ({ cardId, x, y, w: 6, h: 4 });
  let shared: string[];

  beforeAll(async () => {
    shared = (await admin.call(E.addable, { query: { pageSize: 50 } })).records
      .filter((c) => c.isShared)
      .map((c) => c.id);
  });

  it('starts empty, then falls back to the role default an administrator saved', async () => {
    expect(await leader.call(E.layout)).toEqual({ origin: 'empty', roleId: null, list: [] });
    const saved = await admin.call(E.saveLayout, {
      body: { roleId: ROLE_IDS.schoolLeader, list: [place(shared[0]!), place(shared[1]!, 6)] },
    });
    expect(saved.origin).toBe('role');
    const fallback = await leader.call(E.layout);
    expect(fallback).toMatchObject({ origin: 'role', roleId: ROLE_IDS.schoolLeader });
    expect(fallback.list.map((i) => i.cardId)).toEqual([shared[0], shared[1]]);
    expect(fallback.list[0]?.card.name).toBeTruthy();
    // Not the staff's role.
    expect((await staff.call(E.layout)).origin).toBe('empty');
  });

  it("keeps a person's own layout per user and restores the default on request", async () => {
    const mine = await leader.call(E.saveLayout, {
      body: { list: [{ cardId: shared[2]!, x: 12, y: 2, w: 12, h: 6 }] },
    });
    expect(mine).toMatchObject({ origin: 'user', list: [{ cardId: shared[2], x: 12, y: 2, w: 12, h: 6 }] });
    expect((await leader.call(E.layout)).list.map((i) => i.cardId)).toEqual([shared[2]]);
    expect((await leader2.call(E.layout)).origin).toBe('role');
    const restored = await leader.call(E.resetLayout, { body: {} });
    expect(restored.origin).toBe('role');
    expect(restored.list).toHaveLength(2);
  });

  it('refuses bad layouts in Chinese', async () => {
    await refused(
      leader.call(E.saveLayout, { body: { list: [{ ...place(shared[0]!), w: 0 }] } }),
      400,
      /卡片宽度不能小于1/,
    );
    await refused(
      leader.call(E.saveLayout, { body: { list: [{ ...place(shared[0]!), h: 21 }] } }),
      400,
      /卡片高度/,
    );
    await refused(leader.call(E.saveLayout, { body: { list: [place(shared[0]!, 20)] } }), 400, /24 格/);
    await refused(
      leader.call(E.saveLayout, { body: { list: [place('unknown')] } }),
      400,
      /卡片不存在或不可用：unknown/,
    );
    await refused(
      leader.call(E.saveLayout, { body: { list: [place(shared[0]!), place(shared[0]!, 6)] } }),
      400,
      /同一张卡片只能放一次/,
    );
    const many = Array.from({ length: 41 }, (_, i) => place(`c${i}`));
    await refused(leader.call(E.saveLayout, { body: { list: many } }), 400, /最多放 40 张/);
    // Another person's private card is not his to place.
    const privateCard = await staff.call(E.insert, {
      body: { name: '私有', kind: 'iframe', source: 'url', url: 'https://example.com' },
    });
    await refused(leader.call(E.saveLayout, { body: { list: [place(privateCard.id)] } }), 400, /卡片不存在/);
    await refused(staff.call(E.saveLayout, { body: { roleId: ROLE_IDS.schoolLeader, list: [] } }), 403);
    await refused(staff.call(E.layout, { query: { roleId: ROLE_IDS.schoolLeader } }), 403);
    await refused(
      admin.call(E.saveLayout, { body: { roleId: 'no-such-role', list: [] } }),
      400,
      /角色不存在/,
    );
    const adminPrivate = await admin.call(E.insert, {
      body: { ...measureCard, name: '管理员私有', isShared: false },
    });
    await refused(
      admin.call(E.saveLayout, { body: { roleId: ROLE_IDS.schoolLeader, list: [place(adminPrivate.id)] } }),
      400,
      /只能使用共享卡片：管理员私有/,
    );
  });

  it('drops a deleted card from every layout', async () => {
    const card = await admin.call(E.insert, { body: { ...measureCard, name: '将删除' } });
    await leader2.call(E.saveLayout, { body: { list: [place(card.id), place(shared[0]!, 6)] } });
    await admin.call(E.delete, { body: { ids: [card.id] } });
    expect((await leader2.call(E.layout)).list.map((i) => i.cardId)).toEqual([shared[0]]);
  });
});

describe('动态图表 (dynamicYbpDy)', () => {
  let chartId: string;

  it('replaces a portrait source’s charts (maintainers only) and lists them under the glossary names', async () => {
    const item = { name: '各专业人数', chartType: 'bar' as const, sfzid: groupId };
    await refused(leader.call(D.updateList, { body: { sourceId: 'portrait-1', list: [item] } }), 403);
    await refused(
      admin.call(D.updateList, { body: { sourceId: 'portrait-1', list: [{ ...item, sfzid: bareGroupId }] } }),
      400,
      /^算法组「无详情」没有当前详情算法版本：请在算法管理中发布一个版本并设为当前$/,
    );
    await refused(
      admin.call(D.updateList, { body: { sourceId: 'portrait-1', list: [{ ...item, lw: 0 }] } }),
      400,
      /宽度不能小于1/,
    );
    const saved = await admin.call(D.updateList, {
      body: {
        sourceId: 'portrait-1',
        list: [item, { ...item, name: '明细', chartType: 'table', sfbb: 1, lw: 16 }],
      },
    });
    expect(saved.map((c) => [c.name, c.sfzid, c.sfbb, c.lw, c.px])).toEqual([
      ['各专业人数', groupId, null, 8, 0],
      ['明细', groupId, 1, 16, 1],
    ]);
    chartId = saved[0]!.id;
    const listed = await leader.call(D.query, { query: { sourceId: 'portrait-1' } });
    expect(listed.map((c) => c.id)).toEqual(saved.map((c) => c.id));
    expect(listed[0]?.sfzmc).toBe('专业人数');
    expect(typeof listed[0]?.tbsj).toBe('string');
    // Kept ids survive a later replace.
    const again = await admin.call(D.updateList, {
      body: { sourceId: 'portrait-1', list: [{ ...item, id: chartId }] },
    });
    expect(again.map((c) => c.id)).toEqual([chartId]);
  });

  it('runs the detail algorithm over the dates and answers an empty list when nothing falls in them', async () => {
    const all = await leader.call(D.data, { query: { id: chartId } });
    expect(all.list.map((r) => r.专业)).toEqual(['机电一体化', '电子商务']);
    const march = await leader.call(D.data, {
      query: { id: chartId, startDate: `${year}-03-01`, endDate: `${year}-03-31` },
    });
    expect(march).toEqual({
      columns: ['专业', '人数', '占比'],
      list: [{ 专业: '机电一体化', 人数: 120, 占比: '40.5' }],
      truncated: false,
    });
    const none = await leader.call(D.data, {
      query: { id: chartId, startDate: '2010-01-01', endDate: '2010-12-31' },
    });
    expect(none.list).toEqual([]);
    await refused(
      leader.call(D.data, { query: { id: chartId, startDate: `${year}-05-01`, endDate: `${year}-01-01` } }),
      400,
      /开始日期不能晚于结束日期/,
    );
    await refused(
      leader.call(D.data, { query: { id: chartId, startDate: '2026-02-30' } }),
      400,
      /开始日期格式不正确/,
    );
    await refused(leader.call(D.data, { query: { id: 'nope' } }), 404, /图表不存在/);
  });

  it("follows the portrait's rules: the 智能分析 menu and the objects one may see", async () => {
    await refused(staff.call(D.query, { query: { sourceId: 'portrait-1' } }), 403);
    await refused(staff.call(D.data, { query: { id: chartId } }), 403);
    expect(
      (await leader.call(D.data, { query: { id: chartId, objectId: 'dash-course' } })).list,
    ).toHaveLength(2);
    await refused(expert.call(D.data, { query: { id: chartId, objectId: 'dash-course' } }), 404, /无权查看/);
  });
});
