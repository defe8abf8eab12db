/** The messages between the server and the worker thread that holds its PGlite (pglite-thread.ts). */
import type { RowMode } from '@electric-sql/pglite';
import type { DumpCompression } from './embedded-client.ts';

export interface ThreadStart {
  dataDir?: string | undefined;
  /** A saved data directory (`dumpDataDir`) to start an in-memory database from. */
  loadDataDir?: Uint8Array | undefined;
}

/**
 * What a statement's options become on the way: `textTypes` are the type OIDs whose values stay text
 * (the parsers Drizzle passes are all `value => value`; functions cannot cross to the thread).
 */
export interface StatementOptions {
  rowMode?: RowMode | undefined;
  textTypes: number[];
  paramTypes?: number[] | undefined;
}

export type ThreadRequest =
  | {
      id: number;
      kind: 'query';
      tx?: number | undefined;
      /** The statement's name when the app runs the text as a named statement (statement-names.ts). */
      name?: string | undefined;
      text: string;
      params: unknown[];
      options: StatementOptions;
    }
  | { id: number; kind: 'exec'; tx?: number | undefined; text: string; options: StatementOptions }
  /** Opens a transaction; the answer comes once it is open, and its id is the request's. */
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; tx: number; commit: boolean }
  | { id: number; kind: 'dump'; compression?: DumpCompression }
  | { id: number; kind: 'close' };

/** A result as PGlite gives it, with its blob (COPY … TO '/dev/blob') as bytes. */
export interface ThreadResult {
  rows: unknown[];
  affectedRows?: number | undefined;
  command?: string | undefined;
  rowCount?: number | undefined;
  fields: Array<{ name: string; dataTypeID: number }>;
  blob?: Uint8Array | undefined;
}

/** A database error's own fields (code, constraint, detail…) that callers map to answers. */
export interface ThreadError {
  message: string;
  fields: Record<string, string | number>;
}

export type ThreadReply =
  /** `value`: a statement's result, an `exec`'s results, or a dump's bytes. */
  | { id: number; ok: true; value?: ThreadResult | ThreadResult[] | Uint8Array | undefined }
  | { id: number; ok: false; error: ThreadError };

/** The id of the reply that says the database is open (or why it is not). */
export const READY_ID = 0;
