import type {
  PagingQuery,
  PeerSchoolSource,
  SchoolDirectoryEntry,
  SchoolFilter,
  SchoolLevel,
  SchoolNature,
  SchoolOptionCount,
} from '@eduqa/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd } from '../../platform/sql.ts';
import { analysisSettings, peerSchools, schoolHistories, schoolScreenSettings } from './analysis.table.ts';

/** The single analysis_settings row. */
export const ANALYSIS_SETTINGS_ID = 'default';

/** A school as stored, ready for the directory (nature already derived). */
export interface SchoolRow {
  code: string;
  name: string;
  province: string;
  city: string;
  level: SchoolLevel;
  authority: string;
  note: string;
  nature: SchoolNature;
}

export interface StoredHistory {
  id: string;
  name: string;
  filter: unknown;
  schoolCodes: unknown;
  createdAt: Date;
}

const ownCode = sql`(select own_school_code from analysis_settings where id = ${ANALYSIS_SETTINGS_ID})`;

/** Directory rows with the own-school mark, as SchoolDirectoryEntry. */
const directorySelect = (where: SQL) => sql`
  select s.code, s.name, s.province, s.city, s.level, s.nature, s.authority, s.source,
    coalesce(s.code = ${ownCode}, false) as "isOwn"
  from peer_schools s where ${where}`;

/** Own school first, then the national order (学校标识码 runs by province, then by school). */
const directoryOrder = sql`order by coalesce(s.code = ${ownCode}, false) desc, s.code`;

function filterSql(filter: SchoolFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.keyword) parts.push(sql`s.name ilike ${likePattern(filter.keyword)}`);
  if (filter.provinces.length)
    parts.push(
      sql`s.province in (select jsonb_array_elements_text(${JSON.stringify(filter.provinces)}::jsonb))`,
    );
  if (filter.natures.length)
    parts.push(sql`s.nature in (select jsonb_array_elements_text(${JSON.stringify(filter.natures)}::jsonb))`);
  if (filter.levels.length)
    parts.push(sql`s.level in (select jsonb_array_elements_text(${JSON.stringify(filter.levels)}::jsonb))`);
  return sqlAnd(parts);
}

/** Rows as jsonb_to_recordset input: one bound parameter however many schools. */
const schoolRecordset = (rows: readonly SchoolRow[], source: PeerSchoolSource) => sql`
  select x.code, x.name, x.province, x.city, x.level, x.authority, x.nature, x.note, ${source} as source
  from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as x(code text, name text, province text, city text, level text, authority text, nature text, note text)`;

export function createSchoolsRepo(db: Db) {
  return queryGroups(schoolImportQueries(db), directoryQueries(db), screenQueries(db));
}

/** The national list and imported lists of schools. */
function schoolImportQueries(db: Db) {
  return {
    async countBySource(source: PeerSchoolSource): Promise<number> {
      const [row] = await db.select({ n: count() }).from(peerSchools).where(eq(peerSchools.source, source));
      return row?.n ?? 0;
    },

    /** The national list in one statement; a code already present (an earlier import) is kept. */
    async insertSchools(rows: readonly SchoolRow[], source: PeerSchoolSource) {
      await db.execute(sql`
        insert into peer_schools (code, name, province, city, level, authority, nature, note, source)
        ${schoolRecordset(rows, source)}
        on conflict (code) do nothing`);
    },

    /** An imported list, by code: new schools added, known ones overwritten. Answers how many were new. */
    async upsertSchools(rows: readonly SchoolRow[], source: PeerSchoolSource): Promise<number> {
      return db.transaction(async (tx) => {
        const [existing] = await queryRows<{ n: number | string }>(
          tx,
          sql`select count(*) as n from peer_schools
            where code in (select jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.code))}::jsonb))`,
        );
        await tx.execute(sql`
          insert into peer_schools (code, name, province, city, level, authority, nature, note, source)
          ${schoolRecordset(rows, source)}
          on conflict (code) do update set name = excluded.name, province = excluded.province,
            city = excluded.city, level = excluded.level, authority = excluded.authority,
            nature = excluded.nature, note = excluded.note, source = excluded.source, updated_at = now()`);
        return rows.length - Number(existing?.n ?? 0);
      });
    },

    async codeByName(): Promise<Map<string, string>> {
      const rows = await db.select({ code: peerSchools.code, name: peerSchools.name }).from(peerSchools);
      return new Map(rows.map((r) => [r.name, r.code]));
    },
  };
}

/** The directory: its filter options, pages and the own school. */
function directoryQueries(db: Db) {
  return {
    async options(): Promise<{
      levels: SchoolOptionCount[];
      natures: SchoolOptionCount[];
      provinces: SchoolOptionCount[];
    }> {
      const rows = await queryRows<{ kind: string; value: string; count: number | string }>(
        db,
        // Provinces in the national order: the region digits (3–4) most of their schools' codes carry.
        sql`select 'level' as kind, level as value, count(*) as count, '' as rank from peer_schools group by level
          union all
          select 'nature', nature, count(*), '' from peer_schools group by nature
          union all
          select 'province', province, count(*), mode() within group (order by substring(code from 3 for 2))
          from peer_schools group by province
          order by kind, rank, value`,
      );
      const of = (kind: string) =>
        rows.filter((r) => r.kind === kind).map((r) => ({ value: r.value, count: Number(r.count) }));
      return { levels: of('level'), natures: of('nature'), provinces: of('province') };
    },

    /** The given provinces the directory does not know. */
    async unknownProvinces(provinces: readonly string[]): Promise<string[]> {
      if (provinces.length === 0) return [];
      const rows = await queryRows<{ province: string }>(
        db,
        sql`select p as province from jsonb_array_elements_text(${JSON.stringify(provinces)}::jsonb) p
          where not exists (select 1 from peer_schools s where s.province = p)`,
      );
      return rows.map((r) => r.province);
    },

    async page(filter: SchoolFilter, paging: PagingQuery) {
      return pagedRows<SchoolDirectoryEntry>(
        db,
        sql`${directorySelect(filterSql(filter))} ${directoryOrder}`,
        paging,
      );
    },

    /** The schools of these codes that exist, in the given order. */
    async findByCodes(codes: readonly string[]): Promise<SchoolDirectoryEntry[]> {
      if (codes.length === 0) return [];
      const rows = await queryRows<SchoolDirectoryEntry>(
        db,
        directorySelect(sql`s.code in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`),
      );
      const byCode = new Map(rows.map((r) => [r.code, r]));
      return codes.flatMap((code) => byCode.get(code) ?? []);
    },

    async ownSchool(): Promise<SchoolDirectoryEntry | undefined> {
      const [row] = await queryRows<SchoolDirectoryEntry>(db, directorySelect(sql`s.code = ${ownCode}`));
      return row;
    },

    async setOwnSchool(code: string) {
      await db
        .insert(analysisSettings)
        .values({ id: ANALYSIS_SETTINGS_ID, ownSchoolCode: code })
        .onConflictDoUpdate({
          target: analysisSettings.id,
          set: { ownSchoolCode: code, updatedAt: sql`now()` },
        });
    },
  };
}

/** A user's saved screen setting and history of chosen schools. */
function screenQueries(db: Db) {
  return {
    async screenSetting(userId: string) {
      const [row] = await db
        .select({
          levels: schoolScreenSettings.levels,
          natures: schoolScreenSettings.natures,
          provinces: schoolScreenSettings.provinces,
        })
        .from(schoolScreenSettings)
        .where(eq(schoolScreenSettings.userId, userId));
      return row;
    },

    async saveScreenSetting(
      userId: string,
      setting: { levels: string[]; natures: string[]; provinces: string[] },
    ) {
      await db
        .insert(schoolScreenSettings)
        .values({ userId, ...setting })
        .onConflictDoUpdate({
          target: schoolScreenSettings.userId,
          set: { ...setting, updatedAt: sql`now()` },
        });
    },

    async countHistories(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(schoolHistories)
        .where(eq(schoolHistories.userId, userId));
      return row?.n ?? 0;
    },

    async histories(userId: string, limit: number): Promise<StoredHistory[]> {
      return db
        .select({
          id: schoolHistories.id,
          name: schoolHistories.name,
          filter: schoolHistories.filter,
          schoolCodes: schoolHistories.schoolCodes,
          createdAt: schoolHistories.createdAt,
        })
        .from(schoolHistories)
        .where(eq(schoolHistories.userId, userId))
        .orderBy(desc(schoolHistories.createdAt), desc(schoolHistories.id))
        .limit(limit);
    },

    async insertHistory(row: typeof schoolHistories.$inferInsert) {
      await db.insert(schoolHistories).values(row);
    },

    /** Deletes the user's own history; answers whether there was one. */
    async deleteHistory(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(schoolHistories)
        .where(and(eq(schoolHistories.id, id), eq(schoolHistories.userId, userId)))
        .returning({ id: schoolHistories.id });
      return deleted.length > 0;
    },
  };
}

export type SchoolsRepo = ReturnType<typeof createSchoolsRepo>;
