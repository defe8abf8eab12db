import { aboutEndpoints, DEFAULT_APP_ID, healthEndpoints } from '@eduqa/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Database, MIGRATIONS_FOLDER, migrationLevel } from './db/client.ts';
import { appliedMigrations, levelOf, readJournal } from './db/migrations.ts';
import { notify } from './modules/notices/notices.writer.ts';
import type { OrgService } from './modules/org/org.service.ts';
import type { Access } from './platform/access.ts';
import { APP_VERSION } from './platform/app-version.ts';
import { clientErrorOptions } from './platform/client-errors.ts';
import { installControlCharCheck } from './platform/control-chars.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { createJobs } from './platform/jobs/jobs.ts';
import { installMetrics } from './platform/metrics.ts';
import { installOriginCheck } from './platform/origin-check.ts';
import { createRouter, type Router, responseSerializer } from './platform/route.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { installSchoolTimeZone } from './platform/time.ts';
import { zodValidatorCompiler } from './platform/validation.ts';
import { serveWebApp } from './platform/web-static.ts';
import { createAccounts, wireAccounts, wireFileTypes } from './wiring/accounts.ts';
import { wireAlgorithms } from './wiring/algorithms.ts';
import {
  createPortraitsCore,
  wirePeers,
  wirePortraits,
  wireSchools,
  wireTargetBand,
} from './wiring/analysis.ts';
import { createAuditTrail, wireAudit } from './wiring/audit.ts';
import { wireBackup } from './wiring/backup.ts';
import type { AppOptions, WiringContext } from './wiring/context.ts';
import {
  createAttachments,
  createDiagnosisCore,
  wireAttachments,
  wireComputed,
  wireDiagnosis,
  wireScore,
} from './wiring/diagnosis.ts';
import { wireCollect, wireForms } from './wiring/forms.ts';
import { wireGoals } from './wiring/goals.ts';
import { wireNotices } from './wiring/notices.ts';
import { wireQualityReports } from './wiring/reports.ts';
import { wireDashboards, wireHome } from './wiring/screens.ts';
import { wireResponsibility, wireStandards } from './wiring/standards.ts';

export type { AppOptions } from './wiring/context.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Routes of plugins that serve documentation, not data; everything else under /api declares access. */
export const DOCS_PREFIX = '/api/docs';

/**
 * The composition root: plugins, the error handler, and every domain wired in the order its routes are
 * registered (the route table and the hooks keep that order).
 */
export async function buildApp(options: AppOptions) {
  const { database, storage } = options;
  const { app, routes } = await createServer(options);
  const accounts = createAccounts(options);
  const readTimeZone = async () => (await accounts.org.systemSetting(DEFAULT_APP_ID)).timeZone;
  await installSchoolTimeZone(app, readTimeZone);
  const diagnosisCore = createDiagnosisCore(database);
  const attachments = createAttachments(app, options, { files: accounts.files, core: diagnosisCore });
  const jobs = createJobs({
    database,
    log: (error, message) => app.log.error({ err: error }, message),
    notify,
    ...(options.jobs ? { options: options.jobs } : {}),
  });
  // Off unless METRICS_TOKEN is set: then no path, no hook, nothing measured.
  if (options.config.metricsToken) {
    installMetrics(app, {
      token: options.config.metricsToken,
      pool: database.pool,
      countJobs: jobs.countByKindAndState,
      log: (error, message) => app.log.error({ err: error }, message),
    });
  }
  const audit = createAuditTrail(app, database, options.audit);
  const router = createRouter(app, { resolveSession: accounts.auth.resolveSession, audit });
  const ctx: WiringContext = { app, router, audit, database, storage, jobs, files: accounts.files, options };

  registerHealthRoutes(router, database);
  registerAboutRoute(router, database, accounts.org);
  wireAccounts(ctx, accounts);
  const auditService = wireAudit(ctx);
  const backupScheduler = wireBackup(ctx, { timeZone: readTimeZone, purgeAudit: auditService.purge });
  wireStandards(ctx);
  await wirePeers(ctx);
  wireFileTypes(ctx);
  wireResponsibility(ctx);
  wireScore(ctx);
  wireTargetBand(ctx);
  wireDiagnosis(ctx, diagnosisCore);
  const algorithmRunner = wireAlgorithms(ctx);
  const { formsRepo, warehouseRepo } = wireForms(ctx);
  wireGoals(ctx);
  const computed = wireComputed(ctx, { runner: algorithmRunner, core: diagnosisCore });
  wireQualityReports(ctx, { computed });
  wireCollect(ctx, { formsRepo });
  const portraitsCore = createPortraitsCore(database);
  const { notices } = wireNotices(ctx);
  const measures = wireHome(ctx, { authority: portraitsCore.authority, notices });
  wireAttachments(ctx, attachments);
  wireDashboards(ctx, { runner: algorithmRunner, measures });
  wireSchools(ctx);
  wirePortraits(ctx, { core: portraitsCore, warehouseRepo });

  await serveWebApp(app, options.config.webDist);
  // Every kind is registered by now; closing the app stops taking jobs and waits for running ones.
  await jobs.start();
  app.addHook('onClose', () => jobs.stop());
  if (options.backupScheduler?.enabled !== false) {
    backupScheduler.start();
    // Added after the jobs' hook and Fastify runs onClose hooks in reverse order: no tick queues a job
    // into a runner that has stopped.
    app.addHook('onClose', () => backupScheduler.stop());
  }
  return { app, routes, jobs, audit };
}

/** Fastify with its plugins, the error handler and the checks every request passes, and the route table. */
async function createServer(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    // Forwarded headers count only from the listed proxies (see config.ts); off by default.
    trustProxy: config.trustProxy ? [...config.trustProxy] : false,
    routerOptions: { ignoreTrailingSlash: true },
    ...clientErrorOptions,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(responseSerializer(options.validateResponses ?? false));

  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, access: route.config?.access });
    }
  });

  await installSecurityHeaders(app, config.frameSources);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'eduqa 教学质量监测分析平台 API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'eduqa_sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  installErrorHandler(app);
  installControlCharCheck(app);
  installOriginCheck(app, { publicOrigin: config.publicOrigin });
  return { app, routes };
}

function registerHealthRoutes(router: Router, database: Database) {
  const availableMigrations = readJournal(MIGRATIONS_FOLDER).length;
  router.publicRoute(healthEndpoints.health, async () => ({
    status: 'ok' as const,
    driver: database.driver,
    migrations: { ...(await migrationLevel(database.db)), available: availableMigrations },
  }));
  router.publicRoute(healthEndpoints.ping, () => 'pong' as const);
}

/** 关于 for any signed-in user: the level as the database records it, not as this code's journal expects. */
function registerAboutRoute(router: Router, database: Database, org: OrgService) {
  const journal = readJournal(MIGRATIONS_FOLDER);
  router.route(aboutEndpoints.about, { kind: 'signedIn' }, async () => {
    const level = levelOf(journal, await appliedMigrations(database.db));
    const setting = await org.systemSetting(DEFAULT_APP_ID);
    return {
      systemName: setting.systemName,
      version: APP_VERSION,
      database: database.driver,
      migration: { count: level.count, tag: level.lastTag },
    };
  });
}
