import { createHash, type Hash } from 'node:crypto';
import { z } from 'zod';
import { isStorageKey } from '../../platform/file-storage.ts';

/**
 * The archive (one `.tar.gz`):
 *
 *   files/<storage key>                       every stored file, as the file store holds it
 *   tables/<schema>.<table>/<000001>.ndjson   a table's rows, one `to_jsonb(row)::text` a line, in primary-key order
 *   manifest.json                             last: it holds the checksums of everything before it
 *
 * A table's checksum is the SHA-256 of its lines (each ending in `\n`) across its parts, which is also what
 * the database answers again after a restore: the database writes the lines, so the archive, the
 * checksum and the restored rows never pass through JavaScript numbers.
 */
export const FORMAT = 'eduqa-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
const FILE_PREFIX = 'files/';
const PART = /^tables\/([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\/(\d{6})\.ndjson$/;

/** A part ends at a row boundary once it holds this much, so that no part is larger than one batch plus a row. */
export const PART_BYTES = 4 * 1024 * 1024;

export const fileEntry = (key: string) => `${FILE_PREFIX}${key}`;
export const partEntry = (table: TableName, part: number) =>
  `tables/${table.schema}.${table.name}/${String(part).padStart(6, '0')}.ndjson`;

/** What an entry's name says it is; null for a name this format never writes. */
export function parseEntryName(
  name: string,
):
  | { kind: 'manifest' }
  | { kind: 'file'; key: string }
  | { kind: 'part'; table: TableName; part: number }
  | null {
  if (name === MANIFEST_ENTRY) return { kind: 'manifest' };
  if (name.startsWith(FILE_PREFIX)) {
    const key = name.slice(FILE_PREFIX.length);
    return isStorageKey(key) ? { kind: 'file', key } : null;
  }
  const part = PART.exec(name);
  if (!part) return null;
  return { kind: 'part', table: { schema: part[1]!, name: part[2]! }, part: Number(part[3]) };
}

export interface TableName {
  schema: string;
  name: string;
}
export const tableLabel = (table: TableName) => `${table.schema}.${table.name}`;

/** The schemas a backup holds: the application's tables, and the warehouse's data tables and recycle bin. */
export const BACKUP_SCHEMAS = ['public', 'dw', 'dw_bin'] as const;
export const WAREHOUSE_SCHEMAS: readonly string[] = ['dw', 'dw_bin'];

const IDENTIFIER = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);
const SHA256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * The column types a warehouse table is made of (warehouse.values.ts `SQL_TYPES`, and the `id`,
 * `_imported_at`, `_job_id` every one has). A restore re-creates warehouse tables from these facts, so
 * only these are accepted: an archive cannot make the restore run a statement of its choosing.
 */
const WAREHOUSE_TYPES = [
  'text',
  'bigint',
  'numeric',
  'date',
  'timestamp without time zone',
  'timestamp with time zone',
  'boolean',
] as const;

const WarehouseColumnSchema = z.object({
  name: IDENTIFIER,
  type: z.enum(WAREHOUSE_TYPES),
  notNull: z.boolean(),
  /** Only `now()` (`_imported_at`); the id's numbers come from its identity. */
  defaultNow: z.boolean(),
  identity: z.enum(['', 'always', 'by default']),
});
export type WarehouseColumn = z.infer<typeof WarehouseColumnSchema>;

const WarehouseTableSchema = z.object({
  columns: z.array(WarehouseColumnSchema).min(1),
  constraints: z.array(
    z.object({
      name: IDENTIFIER,
      kind: z.enum(['primary key', 'unique']),
      columns: z.array(IDENTIFIER).min(1),
    }),
  ),
});
export type WarehouseTable = z.infer<typeof WarehouseTableSchema>;

const ManifestTableSchema = z.object({
  schema: z.enum(BACKUP_SCHEMAS),
  name: IDENTIFIER,
  rows: z.number().int().min(0),
  parts: z.number().int().min(0),
  sha256: SHA256,
  /** How to make the table again: warehouse tables only (the migrations make the others). */
  warehouse: WarehouseTableSchema.optional(),
});
export type ManifestTable = z.infer<typeof ManifestTableSchema>;

export const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), serverVersion: z.string() }),
  fileStorage: z.enum(['local', 'database']),
  /** The migrations applied to the database backed up: how many, and the last one's tag and stamp. */
  migrations: z.object({
    count: z.number().int().min(0),
    lastTag: z.string().nullable(),
    lastCreatedAt: z.number().nullable(),
  }),
  tables: z.array(ManifestTableSchema),
  /** Sequence positions: a restore never hands out a number the original already had. */
  sequences: z.array(
    z.object({
      schema: z.enum(BACKUP_SCHEMAS),
      name: IDENTIFIER,
      lastValue: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
      /** The identity or serial column the sequence numbers, when it numbers one. */
      owner: z.object({ table: IDENTIFIER, column: IDENTIFIER }).nullable(),
    }),
  ),
  files: z.array(
    z.object({ key: z.string().refine(isStorageKey), size: z.number().int().min(0), sha256: SHA256 }),
  ),
  totals: z.object({ rows: z.number().int(), files: z.number().int(), fileBytes: z.number().int() }),
  /** Never in the archive: it decrypts the data sources' passwords, and a backup travels. */
  dataSourceKey: z.object({
    included: z.literal(false),
    location: z.string(),
    fingerprint: z.string().nullable(),
  }),
  /** What the archive leaves out, in words for whoever opens it. */
  notIncluded: z.array(z.string()),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** A table's checksum and row count, fed its lines in order; the same on backup, on the archive and after restore. */
export class TableDigest {
  private readonly hash: Hash = createHash('sha256');
  rows = 0;
  bytes = 0;

  /** Lines as the database wrote them, without their ending. */
  addLines(lines: readonly string[]): Buffer {
    const chunk = lines.length ? Buffer.from(`${lines.join('\n')}\n`) : Buffer.alloc(0);
    this.addBytes(chunk);
    return chunk;
  }

  /** Raw part bytes (what an archive holds): rows are counted by their endings. */
  addBytes(chunk: Uint8Array) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let at = buffer.indexOf(0x0a); at !== -1; at = buffer.indexOf(0x0a, at + 1)) this.rows += 1;
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
