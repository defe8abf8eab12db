import type {
  CardKind,
  CardSource,
  DashboardCard,
  DynamicChart,
  LayoutItem,
  MeasureKey,
  PagingQuery,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import type { Actor } from '../../platform/access.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';
import { visibleObject } from '../analysis/authority.access.ts';

/** What `dashboard_cards.config` holds beyond the columns: the sharing and the algorithm's object. */
export interface CardConfig {
  isShared: boolean;
  objectId: string | null;
}

/** A card as stored; whether the caller may edit it is the service's to say. */
export type CardRow = Omit<DashboardCard, 'canEdit'>;

export interface CardWrite {
  name: string;
  kind: CardKind;
  source: CardSource;
  algorithmGroupId: string | null;
  algorithmVersion: number | null;
  measure: MeasureKey | null;
  url: string | null;
  config: CardConfig;
}

export interface CardFilter {
  /** Only the cards this user may add (shared or his own); undefined: every card. */
  visibleTo?: string | undefined;
  keyword?: string | undefined;
  kind?: CardKind | undefined;
  source?: CardSource | undefined;
  ids?: readonly string[] | undefined;
}

/** The object an algorithm runs for and its department. */
export interface ObjectContext {
  id: string;
  code: string;
  departmentId: string | null;
}

const cardSelect = sql`
  select c.id, c.name, c.kind, c.source,
    c.algorithm_group_id as "algorithmGroupId", g.name as "algorithmGroupName",
    c.algorithm_version as "algorithmVersion",
    c.config->>'objectId' as "objectId", o.name as "objectName",
    c.measure, c.url, coalesce((c.config->>'isShared')::boolean, false) as "isShared",
    c.creator_user_id as "creatorId", u.name as "creatorName",
    c.created_at as "createdAt", c.updated_at as "updatedAt"
  from dashboard_cards c
    left join algorithm_groups g on g.id = c.algorithm_group_id
    left join diagnosis_objects o on o.id = c.config->>'objectId'
    left join users u on u.id = c.creator_user_id`;

const visible = (userId: string) =>
  sql`(coalesce((c.config->>'isShared')::boolean, false) or c.creator_user_id = ${userId})`;

function cardWhere(filter: CardFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.visibleTo !== undefined) parts.push(visible(filter.visibleTo));
  if (filter.keyword) parts.push(sql`c.name ilike ${likePattern(filter.keyword)}`);
  if (filter.kind) parts.push(sql`c.kind = ${filter.kind}`);
  if (filter.source) parts.push(sql`c.source = ${filter.source}`);
  if (filter.ids) parts.push(filter.ids.length ? sql`c.id in (${sqlList(filter.ids)})` : sql`false`);
  return sqlAnd(parts);
}

const cardOf = (row: CardRow): CardRow => ({
  ...row,
  createdAt: new Date(row.createdAt),
  updatedAt: new Date(row.updatedAt),
});

const chartOf = (row: DynamicChart): DynamicChart => ({ ...row, updatedAt: new Date(row.updatedAt) });

/** 仪表盘 queries: cards, layouts (a user's or a role's), dynamic charts, and the run context of an algorithm. */
export function createDashboardsRepo(db: Db) {
  return queryGroups(
    cardQueries(db),
    layoutQueries(db),
    algorithmGroupQueries(db),
    objectQueries(db),
    chartQueries(db),
  );
}

/** The card library. */
function cardQueries(db: Db) {
  const cards = {
    async pageCards(filter: CardFilter, paging: PagingQuery) {
      const page = await pagedRows<CardRow>(
        db,
        sql`${cardSelect} where ${cardWhere(filter)} order by c.created_at desc, c.id`,
        paging,
      );
      return { records: page.records.map(cardOf), total: page.total };
    },

    async findCards(filter: CardFilter): Promise<CardRow[]> {
      const rows = await queryRows<CardRow>(db, sql`${cardSelect} where ${cardWhere(filter)} order by c.id`);
      return rows.map(cardOf);
    },

    async findCard(id: string): Promise<CardRow | undefined> {
      const [row] = await cards.findCards({ ids: [id] });
      return row;
    },

    async insertCard(id: string, creatorId: string, card: CardWrite) {
      await db.execute(sql`
        insert into dashboard_cards (id, name, kind, source, algorithm_group_id, algorithm_version, measure, url,
          config, creator_user_id)
        values (${id}, ${card.name}, ${card.kind}, ${card.source}, ${card.algorithmGroupId},
          ${card.algorithmVersion}, ${card.measure}, ${card.url}, ${JSON.stringify(card.config)}::jsonb, ${creatorId})`);
    },

    async updateCard(id: string, card: CardWrite) {
      await db.execute(sql`
        update dashboard_cards set name = ${card.name}, kind = ${card.kind}, source = ${card.source},
          algorithm_group_id = ${card.algorithmGroupId}, algorithm_version = ${card.algorithmVersion},
          measure = ${card.measure}, url = ${card.url}, config = ${JSON.stringify(card.config)}::jsonb,
          updated_at = now()
        where id = ${id}`);
    },

    /** The cards go from every layout with them (on delete cascade). */
    async deleteCards(ids: readonly string[]) {
      if (ids.length) await db.execute(sql`delete from dashboard_cards where id in (${sqlList(ids)})`);
    },
  };
  return cards;
}

/** A user's or a role's layout of cards. */
function layoutQueries(db: Db) {
  return {
    async layoutOf(ownerKind: 'user' | 'role', ownerId: string): Promise<LayoutItem[]> {
      return queryRows<LayoutItem>(
        db,
        sql`select card_id as "cardId", x, y, w, h from dashboard_layouts
            where owner_kind = ${ownerKind} and owner_id = ${ownerId} order by y, x, card_id`,
      );
    },

    /** The first of these roles (in their order) that has a default layout, or undefined. */
    async firstRoleWithLayout(roleIds: readonly string[]): Promise<string | undefined> {
      if (!roleIds.length) return undefined;
      const rows = await queryRows<{ ownerId: string }>(
        db,
        sql`select distinct owner_id as "ownerId" from dashboard_layouts
            where owner_kind = 'role' and owner_id in (${sqlList(roleIds)})`,
      );
      const having = new Set(rows.map((r) => r.ownerId));
      return roleIds.find((id) => having.has(id));
    },

    /** The owner's layout replaced by these rows, in one transaction. */
    async replaceLayout(ownerKind: 'user' | 'role', ownerId: string, items: readonly LayoutItem[]) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`delete from dashboard_layouts where owner_kind = ${ownerKind} and owner_id = ${ownerId}`,
        );
        if (items.length)
          await tx.execute(sql`
            insert into dashboard_layouts (owner_kind, owner_id, card_id, x, y, w, h)
            values ${sql.join(
              items.map((i) => sql`(${ownerKind}, ${ownerId}, ${i.cardId}, ${i.x}, ${i.y}, ${i.w}, ${i.h})`),
              sql`, `,
            )}`);
      });
    },

    async roleExists(roleId: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(db, sql`select id from roles where id = ${roleId}`);
      return rows.length > 0;
    },
  };
}

/** The algorithm groups and published detail versions a card or chart may bind. */
function algorithmGroupQueries(db: Db) {
  return {
    /** The algorithm groups a card may bind: those with a current detail version. */
    async groupsWithDetail(keyword: string | undefined) {
      return queryRows<{ id: string; name: string; detailVersion: number }>(
        db,
        sql`select id, name, current_detail_version as "detailVersion" from algorithm_groups
            where current_detail_version is not null
              ${keyword ? sql`and name ilike ${likePattern(keyword)}` : sql``}
            order by name limit 200`,
      );
    },

    async findGroup(id: string) {
      const [row] = await queryRows<{ id: string; name: string; detailVersion: number | null }>(
        db,
        sql`select id, name, current_detail_version as "detailVersion" from algorithm_groups where id = ${id}`,
      );
      return row;
    },

    async findGroups(ids: readonly string[]) {
      if (!ids.length) return [];
      return queryRows<{ id: string; name: string; detailVersion: number | null }>(
        db,
        sql`select id, name, current_detail_version as "detailVersion" from algorithm_groups
            where id in (${sqlList(ids)})`,
      );
    },

    /** The published detail versions of these groups, as `groupId:version` keys. */
    async publishedDetailVersions(groupIds: readonly string[]): Promise<Set<string>> {
      if (!groupIds.length) return new Set();
      const rows = await queryRows<{ key: string }>(
        db,
        sql`select group_id || ':' || version as key from algorithms
            where group_id in (${sqlList(groupIds)}) and type = 'detail' and status = 'published'`,
      );
      return new Set(rows.map((r) => r.key));
    },

    async detailVersionExists(groupId: string, version: number): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from algorithms where group_id = ${groupId} and type = 'detail' and version = ${version}
              and status = 'published'`,
      );
      return rows.length > 0;
    },
  };
}

/** The diagnosis object an algorithm runs for. */
function objectQueries(db: Db) {
  return {
    async findObject(id: string): Promise<ObjectContext | undefined> {
      const [row] = await queryRows<ObjectContext>(
        db,
        sql`select id, code, department_id as "departmentId" from diagnosis_objects where id = ${id}`,
      );
      return row;
    },

    /** The object when the actor may see its portrait (对象权限, authority.access.ts). */
    async findVisibleObject(actor: Actor, id: string): Promise<ObjectContext | undefined> {
      const [row] = await queryRows<ObjectContext>(
        db,
        sql`select o.id, o.code, o.department_id as "departmentId" from diagnosis_objects o
            where o.id = ${id} and ${visibleObject(actor)}`,
      );
      return row;
    },

    /**
     * Who the caller is to an algorithm: his own diagnosis object (a teacher's or student's) when he has
     * one, else the school; with his department when the object has none.
     */
    async callerContext(userId: string): Promise<ObjectContext | undefined> {
      const [row] = await queryRows<ObjectContext>(
        db,
        sql`with me as (select department_id from users where id = ${userId})
            select o.id, o.code, coalesce(o.department_id, (select department_id from me)) as "departmentId"
            from diagnosis_objects o
            where o.user_id = ${userId} or o.level = 'school'
            order by (o.user_id = ${userId}) desc nulls last, o.created_at, o.id
            limit 1`,
      );
      return row;
    },
  };
}

/** The dynamic charts of a source, and a portrait's granted roles. */
function chartQueries(db: Db) {
  return {
    async dynamicCharts(sourceType: string, sourceId: string): Promise<DynamicChart[]> {
      const rows = await queryRows<DynamicChart>(
        db,
        sql`select d.id, d.source_id as "sourceId", d.source_type as "sourceType", d.name,
              d.chart_kind as "chartKind", d.algorithm_group_id as "algorithmGroupId",
              g.name as "algorithmGroupName", d.algorithm_version as "algorithmVersion", d.width,
              d.sort_order as "sortOrder", d.updated_at as "updatedAt"
            from dynamic_charts d left join algorithm_groups g on g.id = d.algorithm_group_id
            where d.source_type = ${sourceType} and d.source_id = ${sourceId}
            order by d.sort_order, d.id`,
      );
      return rows.map(chartOf);
    },

    async findDynamicChart(id: string) {
      const [row] = await queryRows<DynamicChart>(
        db,
        sql`select id, source_id as "sourceId", source_type as "sourceType", name, chart_kind as "chartKind",
              algorithm_group_id as "algorithmGroupId", null as "algorithmGroupName",
              algorithm_version as "algorithmVersion", width, sort_order as "sortOrder", updated_at as "updatedAt"
            from dynamic_charts where id = ${id}`,
      );
      return row ? chartOf(row) : undefined;
    },

    /** A source's charts replaced: kept ids keep their id, the rest are new; one transaction. */
    async replaceDynamicCharts(
      sourceType: string,
      sourceId: string,
      items: ReadonlyArray<{
        id: string;
        name: string;
        chartKind: string;
        algorithmGroupId: string;
        algorithmVersion: number | null;
        width: number;
      }>,
    ) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`delete from dynamic_charts where source_type = ${sourceType} and source_id = ${sourceId}`,
        );
        if (items.length)
          await tx.execute(sql`
            insert into dynamic_charts (id, source_id, source_type, name, chart_kind, algorithm_group_id,
              algorithm_version, width, sort_order)
            values ${sql.join(
              items.map(
                (i, order) =>
                  sql`(${i.id}, ${sourceId}, ${sourceType}, ${i.name}, ${i.chartKind}, ${i.algorithmGroupId},
                       ${i.algorithmVersion}, ${i.width}, ${order})`,
              ),
              sql`, `,
            )}`);
      });
    },

    /** The roles granted a portrait entry (none: no grant rows, open to the analysis menu). */
    async portraitGrantRoles(portraitId: string): Promise<string[]> {
      const rows = await queryRows<{ roleId: string }>(
        db,
        sql`select role_id as "roleId" from portrait_grants where portrait_id = ${portraitId}`,
      );
      return rows.map((r) => r.roleId);
    },
  };
}

export type DashboardsRepo = ReturnType<typeof createDashboardsRepo>;
