import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type FormDefinition, healthEndpoints, toCollectionWhyWire } from '@eduqa/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, MIGRATIONS_FOLDER, migrationLevel } from './db/client.ts';
import type { RunLimits } from './modules/algorithms/algorithm-executors.ts';
import { type AlgorithmRunner, createAlgorithmRunner } from './modules/algorithms/algorithm-runner.ts';
import { createAlgorithmsRepo } from './modules/algorithms/algorithms.repo.ts';
import { registerAlgorithmsRoutes } from './modules/algorithms/algorithms.routes.ts';
import { createAlgorithmsService } from './modules/algorithms/algorithms.service.ts';
import { registerAuthorityRoutes } from './modules/analysis/authority.routes.ts';
import { createAuthorityService } from './modules/analysis/authority.service.ts';
import { createDoubleHighRepo } from './modules/analysis/double-high.repo.ts';
import { createDoubleHighService } from './modules/analysis/double-high.service.ts';
import { createPeerTransfer } from './modules/analysis/peer-import.ts';
import { ensurePeerCatalogue } from './modules/analysis/peers.catalogue.ts';
import { createPeersRepo } from './modules/analysis/peers.repo.ts';
import { registerPeersRoutes } from './modules/analysis/peers.routes.ts';
import { createPeersService } from './modules/analysis/peers.service.ts';
import { createPortraitDataRepo } from './modules/analysis/portraits.data.repo.ts';
import { createPortraitDataService } from './modules/analysis/portraits.data.service.ts';
import { createPortraitsRepo } from './modules/analysis/portraits.repo.ts';
import { registerPortraitsRoutes } from './modules/analysis/portraits.routes.ts';
import { createPortraitsService } from './modules/analysis/portraits.service.ts';
import { createRivalService } from './modules/analysis/rival.service.ts';
import { createSchoolTransfer } from './modules/analysis/schools.import.ts';
import { createSchoolsRepo } from './modules/analysis/schools.repo.ts';
import { registerSchoolRoutes } from './modules/analysis/schools.routes.ts';
import { createSchoolsService } from './modules/analysis/schools.service.ts';
import { createTargetBandRepo } from './modules/analysis/target-band.repo.ts';
import { registerTargetBandRoutes } from './modules/analysis/target-band.routes.ts';
import { createTargetBandService } from './modules/analysis/target-band.service.ts';
import { createAttachmentsRepo } from './modules/attachments/attachments.repo.ts';
import { registerAttachmentsRoutes } from './modules/attachments/attachments.routes.ts';
import { createAttachmentsService } from './modules/attachments/attachments.service.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, type LoginLimits } from './modules/auth/auth.service.ts';
import { createOidcConfigs } from './modules/auth/sso.oidc.ts';
import { createSsoRepo } from './modules/auth/sso.repo.ts';
import { registerSsoRoutes } from './modules/auth/sso.routes.ts';
import { createSsoService } from './modules/auth/sso.service.ts';
import type { InterfaceLimits } from './modules/collection/collection.interface.ts';
import { createCollectionRepo } from './modules/collection/collection.repo.ts';
import { registerCollectionRoutes } from './modules/collection/collection.routes.ts';
import { createCollectionService } from './modules/collection/collection.service.ts';
import { createDashboardsRepo } from './modules/dashboards/dashboards.repo.ts';
import { registerDashboardsRoutes } from './modules/dashboards/dashboards.routes.ts';
import { createDashboardsService } from './modules/dashboards/dashboards.service.ts';
import { createDynamicChartsService } from './modules/dashboards/dynamic-charts.service.ts';
import { createMeasuresRepo } from './modules/dashboards/measures.repo.ts';
import { registerMeasuresRoutes } from './modules/dashboards/measures.routes.ts';
import { createMeasuresService } from './modules/dashboards/measures.service.ts';
import { createDataSourceConnections } from './modules/datasources/datasources.connections.ts';
import { createHostAllowList } from './modules/datasources/datasources.hosts.ts';
import { createDataSourcesRepo } from './modules/datasources/datasources.repo.ts';
import { registerDataSourcesRoutes } from './modules/datasources/datasources.routes.ts';
import { createDataSourcesService } from './modules/datasources/datasources.service.ts';
import { createDiagnosisAccess } from './modules/diagnosis/diagnosis.access.ts';
import { createDiagnosisRepo } from './modules/diagnosis/diagnosis.repo.ts';
import { registerDiagnosisRoutes } from './modules/diagnosis/diagnosis.routes.ts';
import { createDiagnosisService } from './modules/diagnosis/diagnosis.service.ts';
import { createDiagnosisAnalysisRepo } from './modules/diagnosis/diagnosis-analysis.repo.ts';
import { createDiagnosisAnalysisService } from './modules/diagnosis/diagnosis-analysis.service.ts';
import { createDiagnosisBatchService } from './modules/diagnosis/diagnosis-batch.service.ts';
import { registerDiagnosisWorkRoutes } from './modules/diagnosis/diagnosis-work.routes.ts';
import { type RecomputeOptions, recompute } from './modules/diagnosis/recompute.ts';
import { createScoreRepo } from './modules/diagnosis/score/score.repo.ts';
import { registerScoreRoutes } from './modules/diagnosis/score/score.routes.ts';
import { createScoreService } from './modules/diagnosis/score/score.service.ts';
import { createFileTypesRepo } from './modules/files/file-types.repo.ts';
import { registerFileTypesRoutes } from './modules/files/file-types.routes.ts';
import { createFileTypesService } from './modules/files/file-types.service.ts';
import { createFilesRepo } from './modules/files/files.repo.ts';
import { registerFilesRoutes } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createUploadsRepo } from './modules/files/uploads.repo.ts';
import { createUploadsService } from './modules/files/uploads.service.ts';
import { createCollectRepo } from './modules/forms/collect.repo.ts';
import { registerCollectRoutes } from './modules/forms/collect.routes.ts';
import { createCollectDataService } from './modules/forms/collect-data.service.ts';
import { createCollectFillService } from './modules/forms/collect-fill.service.ts';
import { createFillImport } from './modules/forms/collect-import.ts';
import { createValueNotices } from './modules/forms/collect-known.ts';
import { createPublicLinksService } from './modules/forms/collect-public.service.ts';
import { createCollectTasksService } from './modules/forms/collect-tasks.service.ts';
import { createConstantsImport } from './modules/forms/constants.import.ts';
import { createConstantsRepo } from './modules/forms/constants.repo.ts';
import { registerConstantsRoutes } from './modules/forms/constants.routes.ts';
import { createConstantsService } from './modules/forms/constants.service.ts';
import { createFormsRepo } from './modules/forms/forms.repo.ts';
import { registerFormsRoutes } from './modules/forms/forms.routes.ts';
import { createFormsService, loadFieldOptions } from './modules/forms/forms.service.ts';
import { createAnnualRepo } from './modules/goals/annual.repo.ts';
import { registerAnnualRoutes } from './modules/goals/annual.routes.ts';
import { createAnnualService } from './modules/goals/annual.service.ts';
import { createGoalReportLibrary } from './modules/goals/goal-reports.library.ts';
import { createGoalReportsRepo } from './modules/goals/goal-reports.repo.ts';
import { registerGoalReportsRoutes } from './modules/goals/goal-reports.routes.ts';
import { createGoalReportsService } from './modules/goals/goal-reports.service.ts';
import { createGoalSummaryRepo } from './modules/goals/goal-summary.repo.ts';
import { registerGoalAnalysisRoutes } from './modules/goals/goal-summary.routes.ts';
import { createGoalAnalysisService } from './modules/goals/goal-summary.service.ts';
import { createGoalsRepo } from './modules/goals/goals.repo.ts';
import { registerGoalsRoutes } from './modules/goals/goals.routes.ts';
import { createGoalsService } from './modules/goals/goals.service.ts';
import { createHomeRepo } from './modules/home/home.repo.ts';
import { registerHomeRoutes } from './modules/home/home.routes.ts';
import { createHomeService } from './modules/home/home.service.ts';
import { createOrgRepo } from './modules/org/org.repo.ts';
import { registerOrgRoutes } from './modules/org/org.routes.ts';
import { createOrgService } from './modules/org/org.service.ts';
import { createOrgAdminRepo } from './modules/org/org-admin.repo.ts';
import { registerOrgAdminRoutes } from './modules/org/org-admin.routes.ts';
import { createOrgAdminService } from './modules/org/org-admin.service.ts';
import { createReportGeneration } from './modules/reports/report-generation.ts';
import { createQualityReportLibrary } from './modules/reports/report-library.service.ts';
import { createQualityReportsRepo } from './modules/reports/reports.repo.ts';
import { registerQualityReportRoutes } from './modules/reports/reports.routes.ts';
import { createQualityReportsService } from './modules/reports/reports.service.ts';
import { createResponsibilityRepo } from './modules/responsibility/responsibility.repo.ts';
import { registerResponsibilityRoutes } from './modules/responsibility/responsibility.routes.ts';
import { createResponsibilityService } from './modules/responsibility/responsibility.service.ts';
import { createStandardsRepo } from './modules/standards/standards.repo.ts';
import { registerStandardsRoutes } from './modules/standards/standards.routes.ts';
import { createStandardsService } from './modules/standards/standards.service.ts';
import { createStandardsTransfer } from './modules/standards/standards.transfer.ts';
import { createWarehouseRepo } from './modules/warehouse/warehouse.repo.ts';
import { registerWarehouseRoutes } from './modules/warehouse/warehouse.routes.ts';
import { createWarehouseService } from './modules/warehouse/warehouse.service.ts';
import { createWarehouseTransfer } from './modules/warehouse/warehouse.transfer.ts';
import type { Access } from './platform/access.ts';
import { clientErrorOptions } from './platform/client-errors.ts';
import { installControlCharCheck } from './platform/control-chars.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import type { FileStorage } from './platform/file-storage.ts';
import { createJobs, type JobsOptions } from './platform/jobs/jobs.ts';
import { installOriginCheck } from './platform/origin-check.ts';
import { createRouter, responseSerializer } from './platform/route.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { zodValidatorCompiler } from './platform/validation.ts';
import { serveWebApp } from './platform/web-static.ts';

export interface AppOptions {
  config: Pick<Config, 'sessionIdleMs' | 'sessionMaxMs' | 'webDist'> &
    Partial<Pick<Config, 'trustProxy' | 'publicOrigin' | 'frameSources' | 'dataSourceHosts'>>;
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
  /** Replaces the algorithm runner collection uses (tests of collection alone); the algorithms module's by default. */
  algorithmRunner?: AlgorithmRunner;
  /** Bounds of one algorithm statement (time, rows, answer size); tests shorten the time. */
  algorithmLimits?: Partial<RunLimits>;
  /** Bounds of an `interface` point's HTTP fetch; tests shorten the timeout. */
  interfaceLimits?: InterfaceLimits;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Routes of plugins that serve documentation, not data; everything else under /api declares access. */
export const DOCS_PREFIX = '/api/docs';

/** The composition root: plugins, the error handler, and every module wired here. */
export async function buildApp(options: AppOptions) {
  const { config, database, storage } = options;
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

  const authRepo = createAuthRepo(database.db);
  const orgRepo = createOrgRepo(database.db);
  const files = createFilesService({ filesRepo: createFilesRepo(database.db), storage });
  const auth = createAuthService({
    authRepo,
    orgRepo,
    policy: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
    limits: options.loginLimits,
  });
  const org = createOrgService({ orgRepo, files, revokeUserSessions: auth.revokeUserSessions });
  const orgAdmin = createOrgAdminService({
    orgAdminRepo: createOrgAdminRepo(database.db),
    orgRepo,
    files,
    revokeUserSessions: auth.revokeUserSessions,
  });

  const diagnosisRepo = createDiagnosisRepo(database.db);
  const diagnosisAccess = createDiagnosisAccess(diagnosisRepo);
  const diagnosis = createDiagnosisService({
    repo: diagnosisRepo,
    access: diagnosisAccess,
    recompute: (recomputeOptions) => recompute(database.db, recomputeOptions),
  });
  const attachments = createAttachmentsService({
    repo: createAttachmentsRepo(database.db),
    access: diagnosisAccess,
    files,
    storage,
  });
  const uploads = createUploadsService({
    repo: createUploadsRepo(database.db),
    storage,
    options: { log: (error, message) => app.log.error({ err: error }, message) },
  });
  app.addHook('onReady', async () => uploads.start());
  app.addHook('onClose', () => uploads.close());

  const standardsRepo = createStandardsRepo(database.db);
  const standards = createStandardsService({ standardsRepo });
  const jobs = createJobs({
    database,
    log: (error, message) => app.log.error({ err: error }, message),
    ...(options.jobs ? { options: options.jobs } : {}),
  });
  const standardsTransfer = createStandardsTransfer({ standardsRepo, jobs, storage });

  const router = createRouter(app, { resolveSession: auth.resolveSession });
  const availableMigrations = countMigrations();
  router.publicRoute(healthEndpoints.health, async () => ({
    status: 'ok' as const,
    driver: database.driver,
    migrations: { ...(await migrationLevel(database.db)), available: availableMigrations },
  }));
  router.publicRoute(healthEndpoints.ping, () => 'pong' as const);
  registerAuthRoutes(router, { auth, org });
  const sso = createSsoService({
    ssoRepo: createSsoRepo(database.db),
    orgRepo,
    auth,
    oidcConfigs: createOidcConfigs(),
  });
  registerSsoRoutes(router, { sso });
  registerOrgRoutes(router, { org });
  registerOrgAdminRoutes(router, { orgAdmin });
  registerFilesRoutes(router, { files });
  registerStandardsRoutes(router, { standards, transfer: standardsTransfer, jobs });
  // 智能分析 年报指标 and 对标分析; the 质量年报 catalogue is seeded while its table is empty, at every start.
  await ensurePeerCatalogue(database.db);
  const peersRepo = createPeersRepo(database.db);
  registerPeersRoutes(router, {
    peers: createPeersService({ repo: peersRepo }),
    rival: createRivalService({ repo: peersRepo }),
    transfer: createPeerTransfer({ repo: peersRepo, jobs, storage }),
    jobs,
  });
  registerFileTypesRoutes(router, {
    fileTypes: createFileTypesService({ repo: createFileTypesRepo(database.db) }),
  });
  registerResponsibilityRoutes(router, {
    responsibility: createResponsibilityService({ repo: createResponsibilityRepo(database.db) }),
  });
  registerScoreRoutes(router, { score: createScoreService({ repo: createScoreRepo(database.db), jobs }) });
  registerTargetBandRoutes(router, {
    targetBand: createTargetBandService({ repo: createTargetBandRepo(database.db) }),
  });
  registerDiagnosisRoutes(router, { diagnosis });
  const diagnosisWorkDeps = {
    repo: diagnosisRepo,
    access: diagnosisAccess,
    recompute: (recomputeOptions: RecomputeOptions) => recompute(database.db, recomputeOptions),
    analysisRepo: createDiagnosisAnalysisRepo(database.db),
    jobs,
    now: () => new Date(),
  };
  registerDiagnosisWorkRoutes(router, {
    batch: createDiagnosisBatchService(diagnosisWorkDeps),
    analysis: createDiagnosisAnalysisService(diagnosisWorkDeps),
    jobs,
  });
  const dataSourcesRepo = createDataSourcesRepo(database.db);
  const dataSourceKey = options.dataSourceKey ?? randomBytes(32);
  // Where external sources may be and what they must not be: checked on save, 测试连接 and every run.
  const sourceReach = {
    hosts: createHostAllowList(config.dataSourceHosts ?? []),
    // The embedded PGlite listens on no port: no source can reach it.
    platformDatabase: async () =>
      database.driver === 'postgres' ? dataSourcesRepo.platformIdentity() : null,
    connectTimeoutMs: options.dataSourceConnectTimeoutMs,
  };
  registerDataSourcesRoutes(router, {
    datasources: createDataSourcesService({
      repo: dataSourcesRepo,
      key: dataSourceKey,
      pingBuiltin: async () => void (await database.db.execute(sql`select 1`)),
      ...sourceReach,
    }),
  });
  const algorithmsRepo = createAlgorithmsRepo(database.db);
  const dataSourceConnections = createDataSourceConnections({
    repo: dataSourcesRepo,
    key: dataSourceKey,
    ...sourceReach,
  });
  const algorithmRunner = createAlgorithmRunner({
    database,
    repo: algorithmsRepo,
    connections: dataSourceConnections,
    ...(options.algorithmLimits ? { limits: options.algorithmLimits } : {}),
  });
  app.addHook('onClose', () => algorithmRunner.close());
  registerAlgorithmsRoutes(router, {
    algorithms: createAlgorithmsService({
      repo: algorithmsRepo,
      runner: algorithmRunner,
      connections: dataSourceConnections,
    }),
  });
  const warehouseRepo = createWarehouseRepo(database.db);
  // A form's warehouse table changes in the form's transaction: the warehouse service built on it.
  const formsRepo = createFormsRepo(database.db, {
    warehouseOn: (db) => createWarehouseService({ repo: createWarehouseRepo(db) }),
  });
  const forms = createFormsService({
    repo: formsRepo,
  });
  registerFormsRoutes(router, { forms });
  const constantsRepo = createConstantsRepo(database.db);
  registerConstantsRoutes(router, {
    constants: createConstantsService({ repo: constantsRepo }),
    excel: createConstantsImport({ repo: constantsRepo, jobs, storage }),
  });
  registerWarehouseRoutes(router, {
    warehouse: createWarehouseService({ repo: warehouseRepo, guardTables: forms.guardWarehouseTables }),
    transfer: createWarehouseTransfer({ repo: warehouseRepo, jobs, storage }),
    jobs,
  });
  const goals = createGoalsService({ repo: createGoalsRepo(database.db), files, storage, jobs });
  registerGoalsRoutes(router, { goals, jobs });
  registerGoalAnalysisRoutes(router, {
    analysis: createGoalAnalysisService({ repo: createGoalSummaryRepo(database.db) }),
  });
  const goalReports = createGoalReportsService({
    repo: createGoalReportsRepo(database.db),
    library: createGoalReportLibrary({ db: database.db }),
    files,
    jobs,
  });
  registerGoalReportsRoutes(router, goalReports);
  const annual = createAnnualService({ repo: createAnnualRepo(database.db), goals, jobs, storage });
  registerAnnualRoutes(router, { annual, jobs });
  const collection = createCollectionService({
    repo: createCollectionRepo(database.db),
    runner: options.algorithmRunner ?? algorithmRunner,
    access: diagnosisAccess,
    jobs,
    recompute: (recomputeOptions) => recompute(database.db, recomputeOptions),
    ...(options.interfaceLimits ? { interfaceLimits: options.interfaceLimits } : {}),
  });
  registerCollectionRoutes(router, { collection, jobs });
  const reportsRepo = createQualityReportsRepo(database.db);
  const qualityReports = createQualityReportsService({
    repo: reportsRepo,
    explainPoint: async (assignedPointId) =>
      toCollectionWhyWire(await collection.explainPoint(assignedPointId)),
  });
  registerQualityReportRoutes(router, {
    reports: qualityReports,
    library: createQualityReportLibrary({ repo: reportsRepo, files }),
    generation: createReportGeneration({
      repo: reportsRepo,
      reports: qualityReports,
      files,
      jobs,
    }),
    jobs,
  });
  const collectRepo = createCollectRepo(database.db);
  const fills = createCollectFillService({ repo: collectRepo });
  const fieldOptions = (definition: FormDefinition) => loadFieldOptions(formsRepo, definition);
  registerCollectRoutes(router, {
    tasks: createCollectTasksService({ repo: collectRepo }),
    fills,
    fillImport: createFillImport({ fills, fieldOptions, jobs, storage }),
    data: createCollectDataService({ repo: collectRepo, jobs }),
    links: createPublicLinksService({
      repo: collectRepo,
      fieldOptions,
    }),
    notices: createValueNotices({ repo: collectRepo.known }),
    jobs,
  });
  const home = createHomeService({ repo: createHomeRepo(database.db) });
  registerHomeRoutes(router, { home });
  const measures = createMeasuresService({
    repo: createMeasuresRepo(database.db),
    goals: createGoalSummaryRepo(database.db),
    home,
    // The authority service is built below; the check runs only when a request comes.
    assertScreen: (actor, id) => authority.assertScreen(actor, id),
  });
  registerMeasuresRoutes(router, { measures });
  registerAttachmentsRoutes(router, { attachments, uploads });
  const dashboardsRepo = createDashboardsRepo(database.db);
  registerDashboardsRoutes(router, {
    dashboards: createDashboardsService({ repo: dashboardsRepo, runner: algorithmRunner, measures }),
    dynamicCharts: createDynamicChartsService({ repo: dashboardsRepo, runner: algorithmRunner }),
  });
  const schoolsRepo = createSchoolsRepo(database.db);
  registerSchoolRoutes(router, {
    schools: createSchoolsService({ repo: schoolsRepo }),
    doubleHigh: createDoubleHighService({ repo: createDoubleHighRepo(database.db) }),
    transfer: createSchoolTransfer({ repo: schoolsRepo, jobs, storage }),
    jobs,
  });
  const portraitsRepo = createPortraitsRepo(database.db);
  const portraitDataRepo = createPortraitDataRepo(database.db);
  const authority = createAuthorityService({
    repo: portraitsRepo,
    objectVisible: portraitDataRepo.objectVisible,
  });
  registerPortraitsRoutes(router, {
    portraits: createPortraitsService({ repo: portraitsRepo }),
    data: createPortraitDataService({
      repo: portraitDataRepo,
      portraits: portraitsRepo,
      authority,
      warehouseTable: (id) => createWarehouseService({ repo: warehouseRepo }).tableDetail(id),
    }),
  });
  registerAuthorityRoutes(router, { authority });

  await serveWebApp(app, config.webDist);
  // Every kind is registered by now; closing the app stops taking jobs and waits for running ones.
  await jobs.start();
  app.addHook('onClose', () => jobs.stop());
  return { app, routes, jobs };
}

function countMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}
