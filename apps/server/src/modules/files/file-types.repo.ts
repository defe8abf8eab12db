import { INTERNAL_SUPPORT_FILE_TYPE, type PagingQuery } from '@eduqa/contract';
import { eq, max, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd } from '../../platform/sql.ts';
import { fileTypes } from './files.table.ts';

export type FileTypeInsert = typeof fileTypes.$inferInsert;

/** A type with the number of stored files filed under it. */
export interface FileTypeRecord {
  id: string;
  code: string | null;
  name: string;
  description: string;
  isEnabled: boolean;
  sort: number;
  fileCount: number;
  createdAt: Date;
}

/**
 * Files filed under each type: goal files carry their type's code; every diagnosis attachment is an
 * 内部支撑文件 (spec 2 §7.2), so that type counts the point files.
 */
const withFileCount = (where: SQL) => sql`
  select ft.id, ft.code, ft.name, ft.description, ft.is_enabled as "isEnabled", ft.sort,
    ft.created_at as "createdAt",
    (case when ft.code = ${INTERNAL_SUPPORT_FILE_TYPE} then (select count(*) from point_files) else 0 end
      + (select count(*) from goal_files gf where gf.file_type = ft.code))::int as "fileCount"
  from file_types ft where ${where}
  order by ft.sort, ft.created_at, ft.id`;

const record = (row: FileTypeRecord): FileTypeRecord => ({
  ...row,
  fileCount: Number(row.fileCount),
  createdAt: new Date(row.createdAt),
});

export function createFileTypesRepo(db: Db) {
  return {
    async findPage(
      filter: { keyword?: string | undefined; isEnabled?: boolean | undefined },
      paging: PagingQuery,
    ) {
      const parts: SQL[] = [sql`true`];
      if (filter.keyword) parts.push(sql`ft.name ilike ${likePattern(filter.keyword)}`);
      if (filter.isEnabled !== undefined) parts.push(sql`ft.is_enabled = ${filter.isEnabled}`);
      const page = await pagedRows<FileTypeRecord>(db, withFileCount(sqlAnd(parts)), paging);
      return { records: page.records.map(record), total: page.total };
    },

    async find(id: string): Promise<FileTypeRecord | undefined> {
      const [row] = await queryRows<FileTypeRecord>(db, withFileCount(sql`ft.id = ${id}`));
      return row && record(row);
    },

    async findIdByName(name: string): Promise<string | undefined> {
      const [row] = await db.select({ id: fileTypes.id }).from(fileTypes).where(eq(fileTypes.name, name));
      return row?.id;
    },

    async nextSort(): Promise<number> {
      const [row] = await db.select({ n: max(fileTypes.sort) }).from(fileTypes);
      return (row?.n ?? 0) + 1;
    },

    async insert(row: FileTypeInsert) {
      await db.insert(fileTypes).values(row);
    },

    async update(id: string, changes: Partial<Omit<FileTypeInsert, 'id' | 'code' | 'createdAt'>>) {
      await db.update(fileTypes).set(changes).where(eq(fileTypes.id, id));
    },

    async delete(id: string) {
      await db.delete(fileTypes).where(eq(fileTypes.id, id));
    },
  };
}

export type FileTypesRepo = ReturnType<typeof createFileTypesRepo>;
