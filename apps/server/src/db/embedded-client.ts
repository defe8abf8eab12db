import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

export type DumpCompression = Parameters<PGlite['dumpDataDir']>[0];

/** A transaction of the embedded database: what Drizzle's PGlite session and the app call on it. */
export type EmbeddedTransaction = Pick<Transaction, 'query' | 'exec' | 'rollback' | 'closed'>;

/**
 * The embedded database as the app uses it: Drizzle's PGlite session and migrator, the warehouse
 * sandbox's copy, the benchmarks' checks and the tests' templates. A PGlite in this thread is one; so is the proxy to a
 * PGlite in a worker thread (pglite-thread.ts).
 */
export interface EmbeddedClient {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Array<Results>>;
  transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
  /** The data directory as a tar (the tests' migrated templates). */
  dumpDataDir(compression?: DumpCompression): Promise<Blob>;
  close(): Promise<void>;
}
