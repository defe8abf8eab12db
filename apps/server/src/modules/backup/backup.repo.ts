import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../../db/client.ts';
import { appliedMigrations } from '../../db/migrations.ts';
import { queryGroups } from '../../db/transaction.ts';
import { createDatabaseFileStorage } from '../../platform/database-file-storage.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { BACKUP_SCHEMAS, type TableName, type WarehouseTable } from './backup.format.ts';

export interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  defaultValue: string | null;
  identity: '' | 'always' | 'by default';
  generated: boolean;
  collatable: boolean;
}

export interface TableShape extends TableName {
  columns: ColumnShape[];
  constraints: { name: string; kind: 'primary key' | 'unique'; columns: string[] }[];
}

export interface SequenceState {
  schema: string;
  name: string;
  lastValue: string | null;
  owner: { table: string; column: string } | null;
}

/** `"name"`, for identifiers read from the catalog or checked by the manifest's schema. */
const quote = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
const tableRef = (table: TableName) => sql`${quote(table.schema)}.${quote(table.name)}`;
const SCHEMAS = sql.raw(BACKUP_SCHEMAS.map((schema) => `'${schema}'`).join(', '));

/**
 * Rows a backup leaves out: jobs still waiting or running belong to a queue (pg-boss) that is not backed
 * up, so a restored one would never run and would block its subject's next job.
 */
const ROWS_LEFT_OUT: Record<string, SQL> = {
  'public.jobs': sql`state not in ('waiting', 'running')`,
};

/**
 * The settings every row is written under: the lines of a table are then the same text on PGlite
 * (PostgreSQL 18) and on a PostgreSQL 15 server, before and after a restore.
 */
const CANONICAL_SETTINGS = [
  sql`set local timezone = 'UTC'`,
  sql`set local datestyle = 'ISO, YMD'`,
  sql`set local intervalstyle = 'postgres'`,
  sql`set local extra_float_digits = 1`,
  sql`set local bytea_output = 'hex'`,
];

/** The queries a backup and a restore run inside their one transaction. */
function catalogQueries(db: Db) {
  return {
    async tables(): Promise<TableShape[]> {
      const columns = await queryRows<ColumnShape & { schema: string; table: string; identityCode: string }>(
        db,
        sql`select n.nspname::text as "schema", c.relname::text as "table", a.attname::text as "name",
            format_type(a.atttypid, a.atttypmod) as "type", a.attnotnull as "notNull",
            pg_get_expr(d.adbin, d.adrelid) as "defaultValue", a.attidentity::text as "identityCode",
            a.attgenerated <> '' as "generated", a.attcollation <> 0 as "collatable"
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where n.nspname in (${SCHEMAS}) and c.relkind = 'r' and not c.relispartition
          order by n.nspname collate "C", c.relname collate "C", a.attnum`,
      );
      const constraints = await queryRows<{
        schema: string;
        table: string;
        name: string;
        kind: 'p' | 'u';
        columns: string[];
      }>(
        db,
        sql`select n.nspname::text as "schema", c.relname::text as "table", k.conname::text as "name",
            k.contype::text as "kind",
            array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, ord)
              join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.ord) as "columns"
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in (${SCHEMAS}) and k.contype in ('p', 'u')
          order by k.conname collate "C"`,
      );
      const shapes = new Map<string, TableShape>();
      for (const { schema, table, identityCode, ...column } of columns) {
        const key = `${schema}.${table}`;
        const shape = shapes.get(key) ?? { schema, name: table, columns: [], constraints: [] };
        const identity = identityCode === 'a' ? 'always' : identityCode === 'd' ? 'by default' : '';
        shape.columns.push({ ...column, identity });
        shapes.set(key, shape);
      }
      for (const { schema, table, kind, ...constraint } of constraints) {
        shapes
          .get(`${schema}.${table}`)
          ?.constraints.push({ ...constraint, kind: kind === 'p' ? 'primary key' : 'unique' });
      }
      return [...shapes.values()];
    },

    /**
     * A table's rows as the lines of the archive, in primary-key order (text keys compared byte-wise, so
     * the order does not follow the server's collation), read through a cursor a batch at a time.
     */
    async *lines(shape: TableShape, batch: number): AsyncGenerator<string[]> {
      const key = shape.constraints.find((c) => c.kind === 'primary key')?.columns ?? [];
      const collatable = new Set(shape.columns.filter((c) => c.collatable).map((c) => c.name));
      const order = key.length
        ? sql.join(
            key.map((column) =>
              collatable.has(column) ? sql`t.${quote(column)} collate "C"` : sql`t.${quote(column)}`,
            ),
            sql`, `,
          )
        : sql`to_jsonb(t)::text collate "C"`;
      const leftOut = ROWS_LEFT_OUT[`${shape.schema}.${shape.name}`];
      await db.execute(
        sql`declare backup_rows no scroll cursor for select to_jsonb(t)::text as line from ${tableRef(shape)} t
          ${leftOut ? sql`where ${leftOut}` : sql``} order by ${order}`,
      );
      const fetch = sql`fetch forward ${sql.raw(String(batch))} from backup_rows`;
      for (let rows = await queryRows<{ line: string }>(db, fetch); rows.length; ) {
        yield rows.map((row) => row.line);
        rows = rows.length < batch ? [] : await queryRows<{ line: string }>(db, fetch);
      }
      await db.execute(sql`close backup_rows`);
    },

    async sequences(): Promise<SequenceState[]> {
      return queryRows<SequenceState>(
        db,
        sql`select s.schemaname::text as "schema", s.sequencename::text as "name", s.last_value::text as "lastValue",
            (select json_build_object('table', c.relname, 'column', a.attname)
              from pg_depend d
              join pg_class c on c.oid = d.refobjid
              join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
              where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
                and d.objid = format('%I.%I', s.schemaname, s.sequencename)::regclass
                and d.deptype in ('a', 'i')) as "owner"
          from pg_sequences s where s.schemaname in (${SCHEMAS})
          order by s.schemaname collate "C", s.sequencename collate "C"`,
      );
    },
  };
}

/** What else a restore does inside its transaction. */
function restoreQueries(db: Db) {
  return {
    async foreignKeys(): Promise<(TableName & { constraint: string; definition: string })[]> {
      return queryRows(
        db,
        sql`select n.nspname::text as "schema", c.relname::text as "name", k.conname::text as "constraint",
            pg_get_constraintdef(k.oid) as "definition"
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in (${SCHEMAS}) and k.contype = 'f'`,
      );
    },
    async dropForeignKey(table: TableName, constraint: string) {
      await db.execute(sql`alter table ${tableRef(table)} drop constraint ${quote(constraint)}`);
    },
    /** Adding it back checks every restored row against it. */
    async addForeignKey(table: TableName, constraint: string, definition: string) {
      await db.execute(
        sql`alter table ${tableRef(table)} add constraint ${quote(constraint)} ${sql.raw(definition)}`,
      );
    },
    async deleteRows(table: TableName) {
      await db.execute(sql`delete from ${tableRef(table)}`);
    },
    /** A warehouse table as its facts describe it (checked by the manifest's schema: known types only). */
    async createWarehouseTable(table: TableName, shape: WarehouseTable) {
      const columns = shape.columns.map(
        (c) =>
          sql`${quote(c.name)} ${sql.raw(c.type)}${c.identity ? sql.raw(` generated ${c.identity} as identity`) : sql``}${
            c.notNull ? sql` not null` : sql``
          }${c.defaultNow ? sql` default now()` : sql``}`,
      );
      await db.execute(sql`create table ${tableRef(table)} (${sql.join(columns, sql`, `)})`);
      for (const constraint of shape.constraints) {
        await db.execute(
          sql`alter table ${tableRef(table)} add constraint ${quote(constraint.name)} ${sql.raw(constraint.kind)} (${sql.join(
            constraint.columns.map(quote),
            sql`, `,
          )})`,
        );
      }
    },
    /**
     * Rows from their lines, the database parsing each one into the table's own types; identity values as
     * written, not new ones.
     */
    async insertLines(table: TableName, columns: readonly string[], lines: readonly string[]) {
      const list = sql.join(columns.map(quote), sql`, `);
      await db.execute(
        sql`insert into ${tableRef(table)} (${list}) overriding system value
          select ${list} from jsonb_populate_recordset(null::${tableRef(table)}, ${`[${lines.join(',')}]`}::jsonb)`,
      );
    },
    /** Puts an identity or serial column's sequence past both the restored rows and the original's position. */
    async resetOwnedSequence(table: TableName, column: string, lastValue: string | null) {
      await db.execute(
        sql`select setval(s.seq, s.at) from (
            select pg_get_serial_sequence(${`${quoteText(table.schema)}.${quoteText(table.name)}`}, ${column}) as seq,
              greatest((select max(${quote(column)}) from ${tableRef(table)})::bigint, ${lastValue}::bigint) as at
          ) s where s.seq is not null and s.at is not null`,
      );
    },
    async setSequence(sequence: TableName, lastValue: string) {
      await db.execute(
        sql`select setval(${`${quoteText(sequence.schema)}.${quoteText(sequence.name)}`}::regclass, ${lastValue}::bigint)`,
      );
    },
  };
}

const quoteText = (name: string) => `"${name.replaceAll('"', '""')}"`;

export type SnapshotQueries = ReturnType<typeof catalogQueries> & { files: FileStorage };
export type RestoreQueries = ReturnType<typeof catalogQueries> & ReturnType<typeof restoreQueries>;

/** Where the install keeps its files (`FILE_STORAGE`): a store of its own, or the database's `stored_files`. */
export type BackupFiles = { kind: 'local'; storage: FileStorage } | { kind: 'database' };

/**
 * The database and file store a backup reads or a restore fills. Files kept in the database are read
 * inside the backup's transaction, so they belong to the same moment as the rows — and on PGlite (one
 * connection) a read outside it would wait for it forever.
 */
export function createBackupRepo(database: Database, files: BackupFiles) {
  const { db } = database;
  const storageOf = (on: Db) => (files.kind === 'database' ? createDatabaseFileStorage(on) : files.storage);
  const canonical = async (tx: Db) => {
    for (const setting of CANONICAL_SETTINGS) await tx.execute(setting);
  };
  return {
    driver: database.driver,
    fileStorage: files.kind,
    files: storageOf(db),

    /** A stored key, or null when the store is empty (as a database not yet migrated is). */
    async anyStoredKey(): Promise<string | null> {
      if (files.kind === 'database') {
        const [found] = await queryRows<{ exists: boolean }>(
          db,
          sql`select to_regclass('public.stored_files') is not null as "exists"`,
        );
        if (!found?.exists) return null;
      }
      for await (const key of storageOf(db).keys()) return key;
      return null;
    },

    async serverVersion(): Promise<string> {
      const [row] = await queryRows<{ version: string }>(
        db,
        sql`select current_setting('server_version') as "version"`,
      );
      return row?.version ?? '';
    },

    /** The applied migrations, none when the database has never been migrated. */
    migrationLevel: () => appliedMigrations(db),

    migrate: (folder: string) => database.migrate(folder),

    /** The tables holding at least one row, of those given. */
    async tablesWithRows(tables: readonly TableName[]): Promise<TableName[]> {
      const found: TableName[] = [];
      for (const table of tables) {
        const [row] = await queryRows<{ any: boolean }>(
          db,
          sql`select exists (select 1 from ${tableRef(table)}) as "any"`,
        );
        if (row?.any) found.push(table);
      }
      return found;
    },

    tables: () => catalogQueries(db).tables(),

    /** One read-only transaction that sees the whole database at one moment (REPEATABLE READ). */
    snapshot<T>(work: (queries: SnapshotQueries) => Promise<T>): Promise<T> {
      return db.transaction(
        async (tx) => {
          await canonical(tx);
          return work({ ...catalogQueries(tx), files: storageOf(tx) });
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /** One transaction for every row of a restore: it all lands, or none of it. */
    restore<T>(work: (queries: RestoreQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await canonical(tx);
        return work(queryGroups(catalogQueries(tx), restoreQueries(tx)));
      });
    },
  };
}

export type BackupRepo = ReturnType<typeof createBackupRepo>;
