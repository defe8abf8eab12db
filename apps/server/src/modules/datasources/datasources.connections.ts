import { openSecret } from './datasources.crypto.ts';
import { createHostAllowList, type HostAllowList } from './datasources.hosts.ts';
import type { ConnectionTarget } from './datasources.probe.ts';
import type { DataSourcesRepo } from './datasources.repo.ts';
import { assertNotSystemDatabase, type DatabaseIdentity } from './datasources.vetting.ts';

/** Where an algorithm's SQL runs: the platform's own database, or an external one with its password opened. */
export type SourceConnection =
  | { kind: 'builtin'; id: string | null; name: string }
  | (ConnectionTarget & { id: string; name: string });

/** What every external connection is checked against, wired once in app.ts. */
export interface SourceReach {
  /** DATA_SOURCE_HOSTS. */
  hosts: HostAllowList;
  /** The platform's own database when it runs on PostgreSQL, asked anew each time (a restart changes it). */
  platformDatabase: () => Promise<DatabaseIdentity | null>;
  /** Tests shorten it; CONNECT_TIMEOUT_MS otherwise. */
  connectTimeoutMs?: number | undefined;
}

/** No external source at all (DATA_SOURCE_HOSTS unset): what the seed, which uses only the built-in database, wires. */
export const BUILTIN_ONLY: SourceReach = Object.freeze({
  hosts: createHostAllowList([]),
  platformDatabase: async () => null,
});

/**
 * Connection details of a data source for the algorithm runner; the sealed password is opened only
 * here, in memory, for the one connection. `null` (no source) means the built-in database. An external
 * source is checked before anything connects — its database is no system database, its host is in
 * DATA_SOURCE_HOSTS — and the target carries the checked address, so the run connects there and not to
 * whatever the name resolves to a moment later. The executors vet the session itself after connecting.
 */
export function createDataSourceConnections(
  deps: { repo: Pick<DataSourcesRepo, 'find'>; key: Buffer } & SourceReach,
) {
  return async function connectionOf(id: string | null): Promise<SourceConnection | undefined> {
    if (id === null) return { kind: 'builtin', id: null, name: '内置数据库' };
    const row = await deps.repo.find(id);
    if (!row) return undefined;
    if (row.kind === 'builtin') return { kind: 'builtin', id: row.id, name: row.name };
    assertNotSystemDatabase(row.database);
    const address = await deps.hosts.addressOf(row.host);
    return {
      id: row.id,
      name: row.name,
      kind: row.kind === 'mysql' ? 'mysql' : 'postgresql',
      host: address,
      port: row.port ?? (row.kind === 'mysql' ? 3306 : 5432),
      database: row.database,
      username: row.username,
      password: row.passwordCipher ? openSecret(deps.key, row.passwordCipher) : '',
      connectTimeoutMs: deps.connectTimeoutMs,
      platformDatabase: row.kind === 'postgresql' ? await deps.platformDatabase() : null,
    };
  };
}

export type DataSourceConnections = ReturnType<typeof createDataSourceConnections>;
