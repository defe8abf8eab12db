import {
  type DataSource,
  type DataSourceKind,
  type DataSourceTestResult,
  PASSWORD_MASK,
  type PagingQuery,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { noteDataSource } from './datasources.audit.ts';
import type { SourceReach } from './datasources.connections.ts';
import { openSecret, sealSecret } from './datasources.crypto.ts';
import { probeConnection } from './datasources.probe.ts';
import type { DataSourceQueries, DataSourceRow, DataSourcesRepo } from './datasources.repo.ts';
import { assertNotSystemDatabase } from './datasources.vetting.ts';

/** The form's fields in English; `password` absent, empty or the mask keeps the stored one. */
export interface DataSourceInput {
  name: string;
  kind: DataSourceKind;
  host?: string | undefined;
  port?: number | undefined;
  database?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  isDefault?: boolean | undefined;
  isHidden?: boolean | undefined;
}

const NAME_TAKEN = '数据源名称已存在';
const NOT_FOUND = '数据源不存在';

const dataSourceOf = (row: DataSourceRow): DataSource => ({
  id: row.id,
  name: row.name,
  kind: row.kind as DataSourceKind,
  host: row.host,
  port: row.port,
  database: row.database,
  username: row.username,
  hasPassword: row.passwordCipher !== null,
  isDefault: row.isDefault,
  isHidden: row.isHidden,
  createdAt: row.createdAt,
});

/** No new password typed: the field left empty, or the mask the server sent. */
const keepsPassword = (password: string | undefined) =>
  password === undefined || password === '' || password === PASSWORD_MASK;

/** The connection columns of an input: the built-in database has none. */
function endpointOf(input: DataSourceInput) {
  if (input.kind === 'builtin') return { host: '', port: null, database: '', username: '' };
  return {
    host: input.host ?? '',
    port: input.port ?? null,
    database: input.database ?? '',
    username: input.username ?? '',
  };
}

/**
 * A stored password is only ever sent to the host, port and user it was typed for: reusing it for a
 * changed address would let anyone who can edit the form send it to a server of their choosing.
 */
function assertSameEndpoint(existing: DataSourceRow, input: DataSourceInput) {
  const next = endpointOf(input);
  const changed =
    existing.kind !== input.kind ||
    existing.host !== next.host ||
    existing.port !== next.port ||
    existing.username !== next.username;
  if (changed && existing.passwordCipher !== null) {
    throw new AppError('VALIDATION', '修改了类型、主机、端口或用户名，请重新输入密码');
  }
}

async function row(q: DataSourceQueries, id: string): Promise<DataSourceRow> {
  const found = await q.find(id);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

/** After deletes: when no default is left, the first visible source becomes it. */
async function keepOneDefault(tx: DataSourceQueries) {
  const page = await tx.findPage({ withHidden: false }, { pageNum: 1, pageSize: 1 });
  const first = page.records[0];
  if (first && !first.isDefault) await tx.update(first.id, { isDefault: true });
}

type DataSourcesDeps = {
  repo: DataSourcesRepo;
  key: Buffer;
  /** `select 1` on the platform's own database (the built-in kind). */
  pingBuiltin: () => Promise<void>;
} & SourceReach;

/** Before anything connects: the address to connect to, or a Chinese refusal. */
async function reachableAddress(deps: DataSourcesDeps, input: DataSourceInput): Promise<string> {
  const endpoint = endpointOf(input);
  assertNotSystemDatabase(endpoint.database);
  return deps.hosts.addressOf(endpoint.host);
}

/**
 * Creates a source (no existing row) or updates one: a default is never hidden, a stored password stays
 * only for the same endpoint, an external host must be reachable, and the name is unique.
 */
async function saveDataSource(
  deps: DataSourcesDeps,
  target: {
    actor: Pick<Actor, 'userId'>;
    id: string;
    input: DataSourceInput;
    existing: DataSourceRow | undefined;
  },
) {
  const { repo, key } = deps;
  const { id, input, existing } = target;
  if (input.isDefault && input.isHidden) throw new AppError('VALIDATION', '默认数据源不能隐藏');
  if (existing && keepsPassword(input.password)) assertSameEndpoint(existing, input);
  if (input.kind !== 'builtin') await reachableAddress(deps, input);
  const passwordCipher =
    input.kind === 'builtin'
      ? null
      : keepsPassword(input.password)
        ? (existing?.passwordCipher ?? null)
        : sealSecret(key, input.password!);
  const columns = {
    name: input.name,
    kind: input.kind,
    ...endpointOf(input),
    passwordCipher,
    isHidden: input.isHidden ?? existing?.isHidden ?? false,
  };
  await guarded(
    () =>
      repo.transaction(async (tx) => {
        const holder = await tx.findByName(input.name);
        if (holder && holder.id !== id) throw new AppError('CONFLICT', NAME_TAKEN);
        if (columns.isHidden && existing?.isDefault) throw new AppError('VALIDATION', '默认数据源不能隐藏');
        if (input.isDefault) await tx.clearDefault();
        if (existing) {
          await tx.update(id, { ...columns, ...(input.isDefault ? { isDefault: true } : {}) });
        } else {
          const first = (await tx.findPage({ withHidden: true }, { pageNum: 1, pageSize: 1 })).total === 0;
          await tx.insert({
            id,
            ...columns,
            isDefault: Boolean(input.isDefault) || (first && !columns.isHidden),
          });
        }
      }),
    { conflict: NAME_TAKEN },
  );
  const saved = await row(repo, id);
  noteDataSource(target.actor, existing ?? null, saved);
  return dataSourceOf(saved);
}

/**
 * 数据源: unique names, passwords sealed with the key, one visible default while any is visible. An
 * external source is only saved and tested where DATA_SOURCE_HOSTS allows and never on a system
 * database; 测试连接 then vets the session as every run does (datasources.vetting.ts).
 */
export function createDataSourcesService(deps: DataSourcesDeps) {
  const { repo } = deps;

  return {
    async page(input: {
      filter: {
        keyword?: string | undefined;
        kind?: DataSourceKind | undefined;
        withHidden?: boolean | undefined;
      };
      paging: PagingQuery;
    }): Promise<{ records: DataSource[]; total: number }> {
      const page = await repo.findPage(
        { ...input.filter, withHidden: input.filter.withHidden ?? true },
        input.paging,
      );
      return { records: page.records.map(dataSourceOf), total: page.total };
    },

    /** The first source becomes the default, so there is one as soon as there are any. */
    create: (actor: Pick<Actor, 'userId'>, input: DataSourceInput) =>
      saveDataSource(deps, { actor, id: newId(), input, existing: undefined }),

    async update(actor: Pick<Actor, 'userId'>, id: string, input: DataSourceInput): Promise<DataSource> {
      return saveDataSource(deps, { actor, id, input, existing: await row(repo, id) });
    },

    async remove(actor: Pick<Actor, 'userId'>, ids: readonly string[]) {
      let removed: DataSourceRow[] = [];
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const found = await tx.findByIds(ids);
            if (found.length !== new Set(ids).size) throw notFound(NOT_FOUND);
            await tx.deleteMany(ids);
            if (found.some((r) => r.isDefault)) await keepOneDefault(tx);
            removed = found;
          }),
        { inUse: '数据源已被算法使用，不能删除' },
      );
      for (const source of removed) noteDataSource(actor, source, null);
    },

    async makeDefault(id: string): Promise<DataSource> {
      await repo.transaction(async (tx) => {
        const found = await row(tx, id);
        if (found.isHidden) throw new AppError('UNPROCESSABLE', '隐藏的数据源不能设为默认');
        if (found.isDefault) return;
        await tx.clearDefault();
        await tx.update(id, { isDefault: true });
      });
      return dataSourceOf(await row(repo, id));
    },

    /** `hidden` absent toggles. */
    async setHidden(id: string, hidden: boolean | undefined): Promise<DataSource> {
      const found = await row(repo, id);
      const next = hidden ?? !found.isHidden;
      if (next && found.isDefault) throw new AppError('UNPROCESSABLE', '默认数据源不能隐藏');
      await repo.update(id, { isHidden: next });
      return dataSourceOf(await row(repo, id));
    },

    ...dataSourceTest(deps),
  };
}

/** 测试连接: the form as typed, before it is saved. */
function dataSourceTest(deps: DataSourcesDeps) {
  const { repo, key } = deps;
  return {
    /** Tests the form as typed; with `id`, an untouched password field means the stored password. */
    async test(input: DataSourceInput & { id?: string | undefined }): Promise<DataSourceTestResult> {
      if (input.kind === 'builtin') {
        const started = Date.now();
        try {
          await deps.pingBuiltin();
          return { ok: true, message: '连接成功（内置数据库）', elapsedMs: Date.now() - started };
        } catch {
          return { ok: false, message: '内置数据库连接失败', elapsedMs: Date.now() - started };
        }
      }
      let password = keepsPassword(input.password) ? '' : input.password!;
      if (input.id && keepsPassword(input.password)) {
        const existing = await row(repo, input.id);
        assertSameEndpoint(existing, input);
        if (existing.passwordCipher) password = openSecret(key, existing.passwordCipher);
      }
      const started = Date.now();
      let address: string;
      try {
        address = await reachableAddress(deps, input);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { ok: false, message: error.message, elapsedMs: Date.now() - started };
      }
      const target = endpointOf(input);
      return probeConnection({
        kind: input.kind,
        host: address,
        port: target.port ?? 0,
        database: target.database,
        username: target.username,
        password,
        connectTimeoutMs: deps.connectTimeoutMs,
        platformDatabase: input.kind === 'postgresql' ? await deps.platformDatabase() : null,
      });
    },
  };
}

export type DataSourcesService = ReturnType<typeof createDataSourcesService>;
