import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { access } from './access.ts';
import { AppError } from './errors.ts';

export const METRICS_PATH = '/api/metrics';

/** The setting that turns the metrics on; named in the route's access and the 401. */
export const METRICS_SETTING = 'METRICS_TOKEN';

export const METRICS_TOKEN_MESSAGE =
  '监控指标的访问令牌缺失或无效，请在 Authorization 请求头中以 Bearer 方式提供';

/**
 * The route label of a request no route matched. Its raw path would give every probed or mistyped URL
 * (and every id in one) a series of its own, without bound.
 */
export const UNMATCHED_ROUTE = 'unmatched';

export interface JobCount {
  kind: string;
  state: string;
  count: number;
}

export interface MetricsDeps {
  /** PostgreSQL's pool (the requests' and pg-boss's); PGlite has none. */
  pool?: pg.Pool | undefined;
  /** The jobs table by kind and state, read at every scrape. */
  countJobs(): Promise<readonly JobCount[]>;
  log(error: unknown, message: string): void;
}

let processRegistry: Registry | undefined;

/**
 * Memory, CPU, event-loop lag, GC, handles: the process's, not an app's. prom-client starts an event-loop
 * monitor and a GC observer at every `collectDefaultMetrics` and never stops them, so they are collected
 * once per process into a registry of their own, which every app's registry takes in.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * One app's metrics, in a registry of its own (not prom-client's global one, which every app of a test
 * run would share and register twice into).
 */
export function createMetrics(deps: MetricsDeps) {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status code, from arrival until the answer was sent',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'eduqa_jobs',
    help: "Jobs in the jobs table by kind and state; the whole cluster's (same on every instance), not this one's",
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      // Kinds whose rows are gone must not keep their last count.
      this.reset();
      try {
        for (const row of await deps.countJobs()) this.set({ kind: row.kind, state: row.state }, row.count);
      } catch (error) {
        // The database being down must not cost the process metrics that would show why.
        deps.log(error, 'metrics: counting jobs failed');
      }
    },
  });
  if (deps.pool) registerPoolGauges(registry, deps.pool);
  return {
    registry: Registry.merge([processMetrics(), registry]),
    /** Called for every answer: one histogram observation, nothing that waits. */
    observe(request: FastifyRequest, reply: FastifyReply) {
      requests.observe(
        {
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          method: request.method,
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
    },
  };
}

/**
 * PostgreSQL only. PGlite is one in-process connection with no pool: its queue of waiting queries is not
 * exposed, and a constant "1 in use, 0 waiting" would hide exactly the contention it suffers from.
 */
function registerPoolGauges(registry: Registry, pool: pg.Pool) {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge(
    'eduqa_db_pool_in_use',
    'PostgreSQL connections of this instance busy with a query or transaction (requests and job queue)',
    () => pool.totalCount - pool.idleCount,
  );
  gauge('eduqa_db_pool_idle', 'PostgreSQL connections of this instance open and idle', () => pool.idleCount);
  gauge(
    'eduqa_db_pool_waiting',
    'Queries of this instance waiting for a free PostgreSQL connection',
    () => pool.waitingCount,
  );
  gauge(
    'eduqa_db_pool_max',
    'The pool size limit of this instance (DATABASE_POOL_MAX)',
    () => pool.options.max,
  );
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `Authorization` carries the token. Both sides are compared as SHA-256 digests: `timingSafeEqual`
 * needs equal lengths, and the time taken then tells nothing of the token's length or first characters.
 */
export function isBearerTokenValid(header: string | undefined, expectedDigest: Buffer): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), expectedDigest) && presented !== '';
}

/**
 * `GET /api/metrics` in Prometheus' text format for the holder of METRICS_TOKEN, and the request histogram
 * behind it. Not a contract endpoint: Prometheus reads text, not the JSON envelope. A GET with no Origin,
 * cookie or CSRF token passes the platform's checks, which guard only sessions and state changes.
 */
export function installMetrics(app: FastifyInstance, deps: MetricsDeps & { token: string }) {
  const metrics = createMetrics(deps);
  const expected = digest(deps.token);
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
  app.route({
    method: 'GET',
    url: METRICS_PATH,
    config: { access: access.token(METRICS_SETTING) },
    schema: { hide: true },
    onRequest: async (request, reply) => {
      if (isBearerTokenValid(request.headers.authorization, expected)) return;
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('BAD_TOKEN', METRICS_TOKEN_MESSAGE);
    },
    handler: async (_request, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  });
}
