import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  type BodyOf,
  csrfParams,
  type DataOf,
  type Endpoint,
  fillPath,
  type ParamsOf,
  type QueryOf,
  ROLE_IDS,
} from '@eduqa/contract';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { departments, userRoles, users } from '../src/modules/org/org.table.ts';
import { createDatabaseFileStorage } from '../src/platform/database-file-storage.ts';
import { createLocalFileStorage, type FileStorage } from '../src/platform/file-storage.ts';
import { newId } from '../src/platform/ids.ts';
import { hashPassword } from '../src/platform/password.ts';
import { ADMIN_PASSWORD, cloneTemplate, emptyDatabase, migrateAndSeed } from './database-templates.ts';

export { ADMIN_PASSWORD };

/**
 * A fresh, empty database for one test file: in-memory PGlite, or a new database on the PostgreSQL
 * named by TEST_DATABASE_URL (dropped again at close).
 */
export function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  return emptyDatabase(process.env.TEST_DATABASE_URL);
}

/**
 * The file's own copy of the migrated, seeded database the run's global setup saved; built here when a
 * test runs without that setup (a single file through another config).
 */
async function seededDatabase(demo: boolean) {
  const url = process.env.TEST_DATABASE_URL;
  const templates = inject('databaseTemplates');
  if (templates) return cloneTemplate(url, demo ? templates.demo : templates.plain);
  const { database, drop } = await emptyDatabase(url);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-files-'));
  await migrateAndSeed(database, demo, filesDir);
  return { database, drop, filesDir };
}

/** Where the tests' external databases are: this machine's PostgreSQL and MariaDB. */
export const TEST_DATA_SOURCE_HOSTS = ['127.0.0.1', 'localhost', '::1'];

/** What a test app may be built with besides its database. */
export interface TestAppOptions {
  idleMs?: number;
  maxMs?: number;
  demo?: boolean;
  /**
   * TRUST_PROXY and PUBLIC_ORIGIN (unset by default, as in production), a built web app to serve, or
   * DATA_SOURCE_HOSTS (default: this machine, where the test databases are), or METRICS_TOKEN (unset).
   */
  config?: Partial<
    Pick<AppOptions['config'], 'trustProxy' | 'publicOrigin' | 'webDist' | 'dataSourceHosts' | 'metricsToken'>
  >;
  loginLimits?: AppOptions['loginLimits'];
  /** The algorithm runner of the computed results, built on the test's own database. */
  algorithmRunner?: (database: Database) => NonNullable<AppOptions['algorithmRunner']>;
  interfaceLimits?: AppOptions['interfaceLimits'];
  algorithmLimits?: AppOptions['algorithmLimits'];
  dataSourceConnectTimeoutMs?: AppOptions['dataSourceConnectTimeoutMs'];
  jobs?: AppOptions['jobs'];
  /** 定时备份's ticking: off unless a test of the schedule turns it on. */
  backupScheduler?: AppOptions['backupScheduler'];
  notices?: AppOptions['notices'];
  /** The backup folder (a temporary one of the app's own by default). */
  backup?: AppOptions['backup'];
}

/** An app on a database it does not own: closing it closes the app, not the database. */
async function startApp(options: TestAppOptions, database: Database, storage: FileStorage, filesDir: string) {
  const { app, routes, jobs } = await buildApp({
    config: {
      sessionIdleMs: options.idleMs ?? 2 * 3_600_000,
      sessionMaxMs: options.maxMs ?? 30 * 86_400_000,
      webDist: path.join(filesDir, 'no-web'),
      dataSourceHosts: TEST_DATA_SOURCE_HOSTS,
      ...options.config,
    },
    loginLimits: options.loginLimits,
    ...(options.algorithmRunner ? { algorithmRunner: options.algorithmRunner(database) } : {}),
    ...(options.interfaceLimits ? { interfaceLimits: options.interfaceLimits } : {}),
    ...(options.algorithmLimits ? { algorithmLimits: options.algorithmLimits } : {}),
    ...(options.dataSourceConnectTimeoutMs
      ? { dataSourceConnectTimeoutMs: options.dataSourceConnectTimeoutMs }
      : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    backupScheduler: options.backupScheduler ?? { enabled: false },
    notices: options.notices ?? { delivery: false, reminders: false },
    ...(options.backup ? { backup: options.backup } : {}),
    database,
    storage,
    validateResponses: true,
    // Only errors: an unexpected 500 in a test prints what threw (the answer names only its request).
    logger: { level: 'error' },
  });
  await app.ready();
  return { app, routes, jobs, db: database.db };
}

export async function createTestApp(options: TestAppOptions = {}) {
  const { database, drop, filesDir } = await seededDatabase(options.demo ?? false);
  const started = await startApp(options, database, createLocalFileStorage(filesDir), filesDir);
  return {
    ...started,
    async close() {
      await started.app.close();
      await database.close();
      await drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * Several instances of the app on one PostgreSQL database (TEST_DATABASE_URL), as a deployment behind a
 * load balancer runs them: each its own connection pool, job runner and data folder, the files in each
 * folder or in the database (`fileStorage`). `jobs[i]` are instance i's job options.
 */
export async function createTestInstances(options: {
  count: number;
  fileStorage: 'local' | 'database';
  jobs?: (AppOptions['jobs'] | undefined)[];
  notices?: AppOptions['notices'];
}) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('several instances need the PostgreSQL of TEST_DATABASE_URL');
  const { database, drop, filesDir } = await seededDatabase(false);
  const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
  const target = new URL(url);
  target.pathname = `/${row!.name}`;
  const instances: (TestApp & { dataDir: string })[] = [];
  for (let i = 0; i < options.count; i += 1) {
    // The first instance keeps the template's connection and its copy of the seed's files.
    const own = i === 0 ? database : await openDatabase({ url: target.toString() });
    const dataDir = i === 0 ? filesDir : fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-files-'));
    const storage =
      options.fileStorage === 'database'
        ? createDatabaseFileStorage(own.db)
        : createLocalFileStorage(dataDir);
    const jobs = options.jobs?.[i];
    const started = await startApp(
      { ...(jobs ? { jobs } : {}), ...(options.notices ? { notices: options.notices } : {}) },
      own,
      storage,
      dataDir,
    );
    instances.push({
      ...started,
      dataDir,
      async close() {
        await started.app.close();
        await own.close();
      },
    });
  }
  return {
    instances,
    async close() {
      for (const instance of instances) await instance.close();
      await drop();
      for (const instance of instances) fs.rmSync(instance.dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;

/** A user with the given roles; `heads` makes them head of a new department. */
export async function createUser(
  t: TestApp,
  options: {
    account?: string;
    password?: string;
    roles?: string[];
    name?: string;
    heads?: boolean;
    disabled?: boolean;
  } = {},
) {
  counter += 1;
  const id = newId();
  const account = options.account ?? `user${counter}_${id.slice(0, 6)}`;
  const password = options.password ?? 'Passw0rd1';
  let departmentId: string | null = null;
  if (options.heads) {
    departmentId = newId();
    await t.db.insert(departments).values({ id: departmentId, name: `部门${counter}${id.slice(0, 4)}` });
  }
  await t.db.insert(users).values({
    id,
    account,
    name: options.name ?? `测试用户${counter}`,
    passwordHash: await hashPassword(password),
    departmentId,
    disabled: options.disabled ?? false,
  });
  const roleIds = options.roles ?? [ROLE_IDS.diagnosisObject];
  if (roleIds.length) await t.db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
  if (departmentId)
    await t.db.update(departments).set({ headUserId: id }).where(eq(departments.id, departmentId));
  return { id, account, password, departmentId };
}

/** The arguments of a contract endpoint, typed from its schemas (what a client written against the spec sends). */
export interface CallArgs<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

/** An answer outside the happy path: the HTTP status and the envelope's meta, for assertions. */
export class CallError extends Error {
  constructor(
    readonly statusCode: number,
    readonly meta: { success: boolean; message: string; statusCode: number },
    readonly body: string,
  ) {
    super(`${statusCode} ${meta.statusCode} ${meta.message}`);
  }
}

/**
 * Expects a call to be refused with this status and a Chinese message (matching `message` when given):
 * every bad input answers in the user's language, never with a stack trace.
 */
export async function refused(promise: Promise<unknown>, status: number, message?: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CallError);
  const e = error as CallError;
  expect(e.meta.statusCode).toBe(status);
  expect(e.meta.message).toMatch(/[\u4e00-\u9fa5]/);
  if (message) expect(e.meta.message).toMatch(message);
}

export interface Session {
  cookie: string;
  csrfSecret: string;
  userId: string;
  get(url: string, query?: Record<string, string | number>): Promise<LightMyRequestResponse>;
  post(
    url: string,
    body?: unknown,
    options?: { csrf?: 'valid' | 'missing' | 'forged' | 'stale'; form?: boolean },
  ): Promise<LightMyRequestResponse>;
  /** The endpoint's raw answer, arguments checked against the contract at compile time. */
  send<E extends Endpoint>(endpoint: E, args?: CallArgs<E>): Promise<LightMyRequestResponse>;
  /** The endpoint's data, typed from the contract; a failed envelope throws `CallError`. */
  call<E extends Endpoint>(endpoint: E, args?: CallArgs<E>): Promise<DataOf<E>>;
}

/** The CSRF parameters of a request made now (or at `at`). */
export const csrfQuery = (secret: string, at = Date.now()) => csrfParams(secret, at);

export async function signIn(t: TestApp, account: string, password: string): Promise<Session> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: account, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const setCookie = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('eduqa_sid='));
  const cookie = setCookie!.split(';')[0]!;
  const { csrfSecret, userId } = response.json().data as { csrfSecret: string; userId: string };
  return sessionOn(t, { cookie, csrfSecret, userId });
}

/**
 * The same signed-in session sent to another instance of the app (as a load balancer may): the session
 * lives in the database, so every instance on it knows the cookie.
 */
export function sessionOn(t: TestApp, signedIn: Pick<Session, 'cookie' | 'csrfSecret' | 'userId'>): Session {
  const { cookie, csrfSecret, userId } = signedIn;
  const send = <E extends Endpoint>(endpoint: E, args: CallArgs<E> = {}) => {
    const url = fillPath(endpoint.path, args.params as Record<string, string | number> | undefined);
    const query = stringify(args.query as Record<string, string | number> | undefined) ?? {};
    if (endpoint.method === 'GET') return t.app.inject({ method: 'GET', url, query, headers: { cookie } });
    return t.app.inject({
      method: endpoint.method,
      url,
      query: { ...query, ...csrfQuery(csrfSecret) },
      headers: { cookie },
      ...(args.body === undefined ? {} : { payload: args.body as object }),
    });
  };
  return {
    send,
    async call(endpoint, args) {
      const answer = await send(endpoint, args);
      const envelope = answer.json() as { meta: CallError['meta']; data: unknown };
      if (answer.statusCode !== 200 || !envelope.meta?.success)
        throw new CallError(answer.statusCode, envelope.meta, answer.body);
      return envelope.data as DataOf<typeof endpoint>;
    },
    cookie,
    csrfSecret,
    userId,
    get: (url, query) => t.app.inject({ method: 'GET', url, query: stringify(query), headers: { cookie } }),
    post: (url, body, options = {}) => {
      const mode = options.csrf ?? 'valid';
      const query =
        mode === 'missing'
          ? {}
          : mode === 'forged'
            ? { csrfTimestamp: String(Date.now()), csrfToken: 'f'.repeat(64) }
            : mode === 'stale'
              ? csrfQuery(csrfSecret, Date.now() - 11 * 60_000)
              : csrfQuery(csrfSecret);
      if (options.form) {
        return t.app.inject({
          method: 'POST',
          url,
          query,
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(body as Record<string, string>).toString(),
        });
      }
      return t.app.inject({
        method: 'POST',
        url,
        query,
        headers: { cookie },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
  };
}

function stringify(query: Record<string, string | number | boolean | undefined> | undefined) {
  if (!query) return undefined;
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

/** A multipart body with one `file` part and optional fields, for `app.inject`. */
export function multipart(
  file: { name: string; bytes: Uint8Array; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----eduqa${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts a `multipart` body as `session` (its cookie and CSRF token), answering the raw response. */
export function postMultipart(t: TestApp, session: Session, url: string, body: ReturnType<typeof multipart>) {
  return t.app.inject({
    method: 'POST',
    url,
    query: csrfQuery(session.csrfSecret),
    headers: { ...body.headers, cookie: session.cookie },
    payload: body.payload,
  });
}

/** A well-formed PNG claiming any pixel size, without pixels (signature, IHDR, IEND): what the limits read. */
export function pngOfSize(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The smallest valid PNG: one transparent pixel. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
