import { openSecret } from './datasources.crypto.ts';
import type { ConnectionTarget } from './datasources.probe.ts';
import type { DataSourcesRepo } from './datasources.repo.ts';

/** Where an algorithm's SQL runs: the platform's own database, or an external one with its password opened. */
export type SourceConnection =
  | { kind: 'builtin'; id: string | null; name: string }
  | (ConnectionTarget & { id: string; name: string });

/**
 * Connection details of a data source for the algorithm runner; the sealed password is opened only
 * here, in memory, for the one connection. `null` (no source) means the built-in database.
 */
export function createDataSourceConnections(deps: { repo: Pick<DataSourcesRepo, 'find'>; key: Buffer }) {
  return async function connectionOf(id: string | null): Promise<SourceConnection | undefined> {
    if (id === null) return { kind: 'builtin', id: null, name: '内置数据库' };
    const row = await deps.repo.find(id);
    if (!row) return undefined;
    if (row.kind === 'builtin') return { kind: 'builtin', id: row.id, name: row.name };
    return {
      id: row.id,
      name: row.name,
      kind: row.kind === 'mysql' ? 'mysql' : 'postgresql',
      host: row.host,
      port: row.port ?? (row.kind === 'mysql' ? 3306 : 5432),
      database: row.database,
      username: row.username,
      password: row.passwordCipher ? openSecret(deps.key, row.passwordCipher) : '',
    };
  };
}

export type DataSourceConnections = ReturnType<typeof createDataSourceConnections>;
