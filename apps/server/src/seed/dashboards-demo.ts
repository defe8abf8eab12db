import { type CardKind, type MeasureKey, ROLE_IDS } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { CardConfig } from '../modules/dashboards/dashboards.repo.ts';
import { dashboardCards, dashboardLayouts, dynamicCharts } from '../modules/dashboards/dashboards.table.ts';
import { newId } from '../platform/ids.ts';

interface DemoCard {
  key: string;
  name: string;
  kind: CardKind;
  measure?: MeasureKey;
  /** An algorithm group of the demo (algorithms-demo.ts) whose detail algorithm the card runs, for one object. */
  algorithm?: { group: string; objectLevel: string; objectCode: string };
  url?: string;
}

/** The shared cards: the built-in measures, a detail algorithm of the demo, and the API page of the product. */
const CARDS: DemoCard[] = [
  { key: 'collection', name: '自动采集率', kind: 'progress', measure: 'collectionRate' },
  { key: 'attainment', name: '质控点达标率', kind: 'bar', measure: 'pointAttainment' },
  { key: 'warningsMonth', name: '月度预警数', kind: 'line', measure: 'warningsByMonth' },
  { key: 'warningsLevel', name: '预警等级分布', kind: 'pie', measure: 'warningsByLevel' },
  { key: 'warningsKind', name: '预警类型分布', kind: 'pie', measure: 'warningsByKind' },
  { key: 'goals', name: '部门目标任务完成率', kind: 'bar', measure: 'goalCompletionByDepartment' },
  { key: 'todos', name: '我的待办', kind: 'table', measure: 'openTodos' },
  {
    key: 'unreported',
    name: '机电一体化技术未报到新生',
    kind: 'table',
    algorithm: { group: '专业新生报到率', objectLevel: 'major', objectCode: '460301' },
  },
  { key: 'docs', name: '接口文档', kind: 'iframe', url: '/api/docs' },
];

type Place = [key: string, x: number, y: number, w: number, h: number];

/** 校领导's default board: the school at a glance. */
const LEADER: Place[] = [
  ['collection', 0, 0, 6, 6],
  ['attainment', 6, 0, 9, 7],
  ['warningsMonth', 15, 0, 9, 7],
  ['goals', 0, 7, 10, 7],
  ['warningsLevel', 10, 7, 7, 7],
  ['warningsKind', 17, 7, 7, 7],
];

/** The administrator's: the same figures, the algorithm card and the API page. */
const ADMIN: Place[] = [
  ['collection', 0, 0, 6, 6],
  ['attainment', 6, 0, 9, 7],
  ['todos', 15, 0, 9, 7],
  ['unreported', 0, 7, 12, 8],
  ['docs', 12, 7, 12, 10],
];

/**
 * 仪表盘 of the demo: shared cards made by the administrator, default boards for 校领导 and the administrator,
 * and — when the portraits demo has a major portrait (its menu entry) — its dynamic chart of the 专业新生报到率 detail rows.
 * Run after the algorithms and portraits demos; what they lack (a group, an object, a portrait) is skipped.
 */
export async function seedDashboardsDemo(tx: Db, input: { adminId: string }) {
  const groups = new Map(
    (
      await queryRows<{ id: string; name: string }>(
        tx,
        sql`select id, name from algorithm_groups where current_detail_version is not null`,
      )
    ).map((g) => [g.name, g.id]),
  );
  const ids = new Map<string, string>();
  for (const card of CARDS) {
    let algorithmGroupId: string | null = null;
    let objectId: string | null = null;
    if (card.algorithm) {
      algorithmGroupId = groups.get(card.algorithm.group) ?? null;
      const [object] = await queryRows<{ id: string }>(
        tx,
        sql`select id from diagnosis_objects where level = ${card.algorithm.objectLevel} and code = ${card.algorithm.objectCode}`,
      );
      if (!algorithmGroupId || !object) continue;
      objectId = object.id;
    }
    const id = newId();
    const config: CardConfig = { isShared: true, objectId };
    await tx.insert(dashboardCards).values({
      id,
      name: card.name,
      kind: card.kind,
      source: card.algorithm ? 'algorithm' : card.measure ? 'measure' : 'url',
      algorithmGroupId,
      measure: card.measure ?? null,
      url: card.url ?? null,
      config,
      creatorUserId: input.adminId,
    });
    ids.set(card.key, id);
  }
  const layoutRows = (roleId: string, places: Place[]) =>
    places.flatMap(([key, x, y, w, h]) => {
      const cardId = ids.get(key);
      return cardId ? [{ ownerKind: 'role', ownerId: roleId, cardId, x, y, w, h }] : [];
    });
  await tx
    .insert(dashboardLayouts)
    .values([...layoutRows(ROLE_IDS.schoolLeader, LEADER), ...layoutRows(ROLE_IDS.admin, ADMIN)]);

  const detailGroup = groups.get('专业新生报到率');
  const [portrait] = await queryRows<{ id: string }>(
    tx,
    sql`select id from portraits where subject = 'major' order by (kind = 'menu') desc, sort_order, id limit 1`,
  );
  if (portrait && detailGroup) {
    await tx.insert(dynamicCharts).values({
      id: newId(),
      sourceId: portrait.id,
      sourceType: 'portrayal',
      name: '未报到新生名单',
      chartKind: 'table',
      algorithmGroupId: detailGroup,
      width: 16,
      sortOrder: 0,
    });
  }
  return { cards: ids.size };
}
