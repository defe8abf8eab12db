import { dynamicChartEndpoints as D, dashboardEndpoints as E } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { queryRows } from '../db/client.ts';
import { DEMO_PASSWORD } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 240_000);
afterAll(async () => t?.close());

describe('dashboards demo', () => {
  it("gives 校领导 the school's default board, every card of which answers", async () => {
    const leader = await signIn(t, 'zhaoming', DEMO_PASSWORD);
    const layout = await leader.call(E.layout);
    expect(layout.origin).toBe('role');
    expect(layout.list.map((i) => i.card.name)).toEqual([
      '自动采集率',
      '质控点达标率',
      '月度预警数',
      '部门目标任务完成率',
      '预警等级分布',
      '预警类型分布',
    ]);
    for (const item of layout.list) {
      const data = await leader.call(E.data, { query: { id: item.cardId } });
      expect(data?.key).toBe(item.card.measure);
    }
  });

  it("gives the administrator the algorithm card over the demo's detail algorithm and the API page", async () => {
    const admin = await signIn(t, 'admin', DEMO_PASSWORD);
    const layout = await admin.call(E.layout);
    const algorithm = layout.list.find((i) => i.card.source === 'algorithm');
    expect(algorithm?.card).toMatchObject({
      algorithmGroupName: '专业新生报到率',
      objectName: '机电一体化技术',
    });
    const rows = await admin.call(E.data, { query: { id: algorithm!.cardId } });
    expect(rows).toMatchObject({ shape: 'table', columns: ['考生号', '姓名', '录取日期', '报到截止日期'] });
    expect(layout.list.find((i) => i.card.kind === 'iframe')?.card.url).toBe('/api/docs');
  });

  it('puts the 未报到新生名单 chart on the major portrait and runs it for a major', async () => {
    const [portrait] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from portraits where subject = 'major' order by (kind = 'menu') desc, sort_order, id limit 1`,
    );
    expect(portrait, 'the portraits demo seeds a major portrait').toBeDefined();
    const [major] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from diagnosis_objects where level = 'major' and code = '460301'`,
    );
    const leader = await signIn(t, 'zhaoming', DEMO_PASSWORD);
    const charts = await leader.call(D.query, { query: { sourceId: portrait!.id } });
    expect(charts.map((c) => [c.name, c.sfzmc, c.lw])).toEqual([['未报到新生名单', '专业新生报到率', 16]]);
    const data = await leader.call(D.data, { query: { id: charts[0]!.id, objectId: major!.id } });
    expect(data.columns).toEqual(['考生号', '姓名', '录取日期', '报到截止日期']);
  });
});
