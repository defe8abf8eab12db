import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SERVER_DIR } from './server-dir.ts';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Range names Fastify's proxy-addr understands besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (`10.0.0.1`, `::1`), a CIDR (`10.0.0.0/8`) or a proxy-addr range name. */
export function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Off unless proxies are listed: a forwarded header then changes the client's address, protocol and host
 * only when the connection comes from one of them. `true` (trust everyone) is refused on purpose: any
 * client could then pick the address the sign-in limits count.
 */
const trustProxyFromEnv = z.string().transform((value, ctx): string[] | false => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || (entries.length === 1 && /^(false|0|no|off)$/i.test(entries[0] ?? ''))) {
    return false;
  }
  const bad = entries.filter((entry) => !isProxyEntry(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `list the proxies' addresses or CIDRs, comma-separated (not: ${bad.join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * `https://bi.school.edu.cn,http://10.0.0.8:8080` → their origins. Only http(s) origins: a wildcard or a
 * scheme alone would let the cards frame any site.
 */
const frameSourcesFromEnv = z.string().transform((value, ctx): string[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const origins: string[] = [];
  for (const entry of entries) {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname.includes('*')) {
      ctx.addIssue({ code: 'custom', message: `list http(s) origins, comma-separated (not: ${entry})` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

/** A DNS host name: dot-separated labels of letters, digits, `-` and `_` (no wildcard, no scheme, no port). */
const HOST_NAME =
  /^(?=.{1,253}\.?$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

/** An address (`10.0.0.5`, `::1`), a CIDR (`10.0.0.0/8`, `fd00::/8`) or a host name (`jw-db.school.edu.cn`). */
export function isDataSourceHostEntry(entry: string): boolean {
  if (entry.includes('/') || net.isIP(entry) !== 0)
    return isProxyEntry(entry) && !PROXY_RANGE_NAMES.has(entry);
  return HOST_NAME.test(entry) && !/^[\d.]+$/.test(entry);
}

/**
 * Where 数据源 may point besides the built-in database. Unset or empty allows none: a data manager could
 * otherwise make the server connect anywhere its network reaches (an internal port scanner).
 */
const dataSourceHostsFromEnv = z.string().transform((value, ctx): string[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim().replace(/^\[(.*)\]$/, '$1'))
    .filter(Boolean);
  const bad = entries.filter((entry) => !isDataSourceHostEntry(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `list host names, addresses or CIDRs, comma-separated (not: ${bad.join(', ')})`,
    });
    return z.NEVER;
  }
  return entries.map((entry) => entry.toLowerCase());
});

/**
 * The secret a Prometheus scraper sends as `Authorization: Bearer …`. Visible ASCII only (it travels in a
 * header) and at least 32 characters, so that answering 401 to every wrong guess gives nothing away.
 */
const metricsTokenFromEnv = z
  .string()
  .regex(/^[\x21-\x7e]+$/, 'visible ASCII characters only (no spaces)')
  .min(32, 'at least 32 characters (openssl rand -hex 32)');

/** An empty variable means unset, as shells and CI files often write them. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional(z.url()),
  /**
   * Where uploaded and generated files live: `local` (DATA_DIR/files, one instance) or `database` (the
   * `stored_files` table, which every instance on one PostgreSQL shares).
   */
  FILE_STORAGE: z.enum(['local', 'database']).default('local'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** A connect waits this long at most, so requests fail fast while PostgreSQL restarts. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Jobs this instance runs at once (per kind on PostgreSQL). */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** On SIGTERM, how long running jobs may go on before they are handed to another instance. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(30),
  SEED_DEMO: boolFromEnv.default(true),
  ADMIN_PASSWORD: optional(z.string().min(8)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served at `/` when present. */
  WEB_DIST: z.string().default(path.resolve(SERVER_DIR, '../web/dist')),
  TRUST_PROXY: optional(trustProxyFromEnv),
  /** The site's origin as browsers see it; when set, the Origin/Referer check accepts only it. */
  PUBLIC_ORIGIN: optional(z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin)),
  /** Seals data-source passwords (32 bytes, hex or base64); unset: a key file in DATA_DIR is made once. */
  DATA_SOURCE_KEY: optional(z.string()),
  /** Sites (http(s) origins, comma-separated) whose pages the dashboards' iframe cards may show. */
  FRAME_SOURCES: optional(frameSourcesFromEnv),
  /** Hosts, addresses or CIDRs (comma-separated) external data sources may be on; unset: none. */
  DATA_SOURCE_HOSTS: optional(dataSourceHostsFromEnv),
  /** How long one algorithm statement a data manager wrote may run, on every kind of source. */
  ALGORITHM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Turns `/api/metrics` on for whoever holds this token; unset, the path does not exist. */
  METRICS_TOKEN: optional(metricsTokenFromEnv),
});

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  fileStorage: 'local' | 'database';
  databasePool: { max: number; connectTimeoutMs: number };
  jobsConcurrency: number;
  shutdownGraceMs: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  seedDemo: boolean;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  webDist: string;
  /** Proxies whose forwarded headers are believed, or false (the default): headers change nothing. */
  trustProxy: readonly string[] | false;
  publicOrigin: string | undefined;
  dataSourceKey: string | undefined;
  /** Origins the iframe cards may frame besides this site (the CSP's frame-src). */
  frameSources: readonly string[];
  /** Where external data sources may be (host names, addresses, CIDRs); empty: only the built-in database. */
  dataSourceHosts: readonly string[];
  /** The time limit of one algorithm statement. */
  algorithmTimeoutMs: number;
  /** The bearer token `/api/metrics` asks for; undefined (the default): no metrics at all. */
  metricsToken: string | undefined;
}>;

/** The only reader of process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  return Object.freeze({
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL || undefined,
    fileStorage: c.FILE_STORAGE,
    databasePool: Object.freeze({
      max: c.DATABASE_POOL_MAX,
      connectTimeoutMs: c.DATABASE_CONNECT_TIMEOUT_MS,
    }),
    jobsConcurrency: c.JOBS_CONCURRENCY,
    shutdownGraceMs: c.SHUTDOWN_GRACE_SECONDS * 1000,
    sessionIdleMs: c.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: c.SESSION_MAX_DAYS * 86_400_000,
    seedDemo: c.SEED_DEMO,
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    webDist: c.WEB_DIST,
    trustProxy: c.TRUST_PROXY ? Object.freeze(c.TRUST_PROXY) : false,
    publicOrigin: c.PUBLIC_ORIGIN,
    dataSourceKey: c.DATA_SOURCE_KEY,
    frameSources: Object.freeze(c.FRAME_SOURCES ?? []),
    dataSourceHosts: Object.freeze(c.DATA_SOURCE_HOSTS ?? []),
    algorithmTimeoutMs: c.ALGORITHM_TIMEOUT_MS,
    metricsToken: c.METRICS_TOKEN,
  });
}
