import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { RunLimits } from '../modules/algorithms/algorithm-executors.ts';
import type { AlgorithmRunner } from '../modules/algorithms/algorithm-runner.ts';
import type { AuditRecorder, RecorderOptions } from '../modules/audit/audit.recorder.ts';
import type { LoginLimits } from '../modules/auth/auth.service.ts';
import type { InterfaceLimits } from '../modules/computed/computed.interface.ts';
import type { FilesService } from '../modules/files/files.service.ts';
import type { FileStorage } from '../platform/file-storage.ts';
import type { Jobs, JobsOptions } from '../platform/jobs/jobs.ts';
import type { Router } from '../platform/route.ts';

// Here and not in app.ts: every wiring function reads them, and app.ts imports the wiring.
export interface AppOptions {
  config: Pick<Config, 'sessionIdleMs' | 'sessionMaxMs' | 'webDist'> &
    Partial<
      Pick<Config, 'trustProxy' | 'publicOrigin' | 'frameSources' | 'dataSourceHosts' | 'metricsToken'>
    >;
  database: Database;
  storage: FileStorage;
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against its contract schema: on in tests, off in production (see responseSerializer). */
  validateResponses?: boolean;
  jobs?: Partial<JobsOptions>;
  /** Lower sign-in bounds for tests; production keeps LOGIN_LIMITS. */
  loginLimits?: Partial<LoginLimits>;
  /** Seals data-source passwords; main.ts passes the configured one, tests get a random key per app. */
  dataSourceKey?: Buffer;
  /** How long a data source's connect may take; tests shorten it (CONNECT_TIMEOUT_MS otherwise). */
  dataSourceConnectTimeoutMs?: number;
  /** Replaces the algorithm runner the computed results use (tests of computed alone); the algorithms module's by default. */
  algorithmRunner?: AlgorithmRunner;
  /** Bounds of one algorithm statement (time, rows, answer size); tests shorten the time. */
  algorithmLimits?: Partial<RunLimits>;
  /** When the audit trail writes its buffer; the benchmark and tests may change it. */
  audit?: Partial<RecorderOptions>;
  /** Where 立即备份 writes its archives, what file store it reads, and where the data-source key is kept. */
  backup?: {
    dir: string;
    fileStorage: 'local' | 'database';
    dataSourceKey: { location: string; fingerprint: string | null };
  };
  /**
   * 定时备份 and the audit purge (issue 27): on unless `enabled` is false (the test app turns it off so
   * that no tick writes during other tests); `now` and `intervalMs` for tests of the schedule.
   */
  backupScheduler?: { enabled?: boolean; now?: () => Date; intervalMs?: number };
  /**
   * 消息推送 (issue 29): the delivery loop and the hourly reminders, on unless false (the test app turns them
   * off so that no tick writes during other tests; the notices' own tests turn them on or call them).
   */
  notices?: { delivery?: boolean; reminders?: boolean; reminderEveryMinutes?: number };
  /** Bounds of an `interface` point's HTTP fetch; tests shorten the timeout. */
  interfaceLimits?: InterfaceLimits;
}

/** What every domain's wiring shares; what one domain hands another goes as its own argument (a port). */
export interface WiringContext {
  app: FastifyInstance;
  router: Router;
  /** The audit trail every request and sign-in event is recorded through (issue 27). */
  audit: AuditRecorder;
  database: Database;
  storage: FileStorage;
  jobs: Jobs;
  files: FilesService;
  options: AppOptions;
}
