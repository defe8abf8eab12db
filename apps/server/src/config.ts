import path from 'node:path';
import { z } from 'zod';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An empty variable means unset, as shells and CI files often write them. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional(z.url()),
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
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
});

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePool: { max: number; connectTimeoutMs: number };
  jobsConcurrency: number;
  shutdownGraceMs: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  seedDemo: boolean;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  webDist: string;
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
  });
}
