import {
  PORTRAIT_SUBJECTS,
  type Portrait,
  type PortraitConfig,
  PortraitConfigSchema,
  type PortraitKind,
  type PortraitSubject,
} from '@eduqa/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { sqlAnd, sqlList } from '../../platform/sql.ts';
import { roles } from '../org/org.table.ts';
import { portraitGrants, portraits } from './analysis.table.ts';

interface PortraitRow {
  id: string;
  kind: PortraitKind;
  subject: PortraitSubject;
  name: string;
  parentId: string | null;
  sortOrder: number;
  config: unknown;
  roleIds: string[] | null;
  roleNames: string[] | null;
  createdAt: Date | string;
}

/** A stored config read leniently: an entry written before a measure was renamed still lists. */
function configOf(raw: unknown): PortraitConfig {
  const parsed = PortraitConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : { measures: [] };
}

const toPortrait = (row: PortraitRow): Portrait => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  name: row.name,
  parentId: row.parentId,
  sortOrder: Number(row.sortOrder),
  config: configOf(row.config),
  roleIds: row.roleIds ?? [],
  roleNames: row.roleNames ?? [],
  createdAt: new Date(row.createdAt),
});

const SUBJECT_ORDER = sql.raw(`array[${PORTRAIT_SUBJECTS.map((s) => `'${s}'`).join(',')}]::text[]`);

export interface PortraitFilter {
  kind?: PortraitKind | undefined;
  subject?: PortraitSubject | undefined;
  id?: string | undefined;
  /** Only entries granted to one of these roles; null for all (the administrator). */
  grantedTo?: readonly string[] | null | undefined;
}

export interface PortraitWrite {
  kind: PortraitKind;
  subject: PortraitSubject;
  name: string;
  parentId: string | null;
  sortOrder: number;
  config: PortraitConfig;
}

/** 画像 entries and their role grants (分析权限), each list one statement with the grants aggregated. */
export function createPortraitsRepo(db: Db) {
  function select(filter: PortraitFilter): SQL {
    const parts: SQL[] = [sql`true`];
    if (filter.kind) parts.push(sql`p.kind = ${filter.kind}`);
    if (filter.subject) parts.push(sql`p.subject = ${filter.subject}`);
    if (filter.id) parts.push(sql`p.id = ${filter.id}`);
    if (filter.grantedTo) {
      parts.push(
        filter.grantedTo.length === 0
          ? sql`false`
          : sql`exists (select 1 from portrait_grants mg where mg.portrait_id = p.id
                 and mg.role_id in (${sqlList(filter.grantedTo)}))`,
      );
    }
    return sql`
      select p.id, p.kind, p.subject, p.name, p.parent_id as "parentId", p.sort_order as "sortOrder",
        p.config, p.created_at as "createdAt",
        array_remove(array_agg(g.role_id order by r.name, g.role_id), null) as "roleIds",
        array_remove(array_agg(r.name order by r.name, g.role_id), null) as "roleNames"
      from portraits p
      left join portrait_grants g on g.portrait_id = p.id
      left join roles r on r.id = g.role_id
      where ${sqlAnd(parts)}
      group by p.id
      order by array_position(${SUBJECT_ORDER}, p.subject), p.sort_order, p.created_at, p.id`;
  }

  return {
    async list(filter: PortraitFilter): Promise<Portrait[]> {
      return (await queryRows<PortraitRow>(db, select(filter))).map(toPortrait);
    },

    async find(id: string): Promise<Portrait | undefined> {
      const [row] = await queryRows<PortraitRow>(db, select({ id }));
      return row && toPortrait(row);
    },

    /** Of these role ids, those that exist. */
    async existingRoleIds(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: roles.id })
        .from(roles)
        .where(inArray(roles.id, [...ids]));
      return rows.map((r) => r.id);
    },

    /** Entries whose parent is this one. */
    async childCount(id: string): Promise<number> {
      const [row] = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from portraits where parent_id = ${id}`,
      );
      return Number(row?.n ?? 0);
    },

    /** Writes an entry and replaces its grants, in one transaction. */
    async save(input: {
      id: string;
      isNew: boolean;
      creatorUserId: string;
      data: PortraitWrite;
      roleIds: string[];
    }) {
      await db.transaction(async (tx) => {
        const values = { ...input.data, config: input.data.config };
        if (input.isNew) {
          await tx.insert(portraits).values({ id: input.id, creatorUserId: input.creatorUserId, ...values });
        } else {
          await tx.update(portraits).set(values).where(eq(portraits.id, input.id));
          await tx.delete(portraitGrants).where(eq(portraitGrants.portraitId, input.id));
        }
        if (input.roleIds.length > 0) {
          await tx
            .insert(portraitGrants)
            .values(input.roleIds.map((roleId) => ({ portraitId: input.id, roleId })));
        }
      });
    },

    async delete(id: string) {
      await db.delete(portraits).where(eq(portraits.id, id));
    },
  };
}

export type PortraitsRepo = ReturnType<typeof createPortraitsRepo>;
