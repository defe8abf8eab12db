import { toComputedWhyWire } from '@eduqa/contract';
import type { ComputedService } from '../modules/computed/computed.service.ts';
import { createReportBatch } from '../modules/reports/report-batch.ts';
import { createReportGeneration } from '../modules/reports/report-generation.ts';
import { createQualityReportLibrary } from '../modules/reports/report-library.service.ts';
import { createQualityReportsRepo } from '../modules/reports/reports.repo.ts';
import { registerQualityReportRoutes } from '../modules/reports/reports.routes.ts';
import { createQualityReportsService } from '../modules/reports/reports.service.ts';
import type { WiringContext } from './context.ts';

/** 质量报告: a report explains a point's value through its computed results. */
export function wireQualityReports(
  { app, router, database, jobs, files }: WiringContext,
  deps: { computed: ComputedService },
) {
  const reportsRepo = createQualityReportsRepo(database.db);
  const qualityReports = createQualityReportsService({
    repo: reportsRepo,
    explainPoint: async (assignedPointId) =>
      toComputedWhyWire(await deps.computed.explainPoint(assignedPointId)),
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
    batch: createReportBatch({
      reports: qualityReports,
      jobs,
      log: (error, message) => app.log.error({ err: error }, message),
    }),
    jobs,
  });
}
