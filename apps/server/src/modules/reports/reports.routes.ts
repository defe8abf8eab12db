import {
  qualityReportEndpoints as E,
  fromReportInputWire,
  qualityReportFutureTasks,
  SealBodySchema,
  toQualityRowWire,
  toReportSummaryWire,
  toReportViewWire,
  toWarningRowWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { registerFutureTaskRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import { validate } from '../../platform/validation.ts';
import { contentDisposition } from '../attachments/attachments.routes.ts';
import { QUALITY_REPORT_BATCH_JOB, type ReportBatch } from './report-batch.ts';
import { DOCX_MIME, QUALITY_REPORT_JOB, type ReportGeneration } from './report-generation.ts';
import { type QualityReportLibrary, SEAL_MAX_KB } from './report-library.service.ts';
import type { QualityReportsService } from './reports.service.ts';

/**
 * 质量报告 (spec 2 §7.3 "Reports", "Reports and files") under `/api/herm-zdgj/report`. Every route needs
 * the report menu; the service decides per report what the caller may read and do.
 */
export function registerQualityReportRoutes(
  router: Router,
  deps: {
    reports: QualityReportsService;
    library: QualityReportLibrary;
    generation: ReportGeneration;
    batch: ReportBatch;
    jobs: Jobs;
  },
) {
  const { reports, library, generation, batch } = deps;
  const menu = access.menu('report');
  const summary = toReportSummaryWire;

  router.route(E.selectPage, menu, async ({ actor, query }) =>
    toWirePage(await reports.list(actor, fromReportInputWire(query)), query, summary),
  );
  router.route(E.selectById, menu, async ({ actor, query }) =>
    toReportViewWire(await reports.view(actor, query.bgid)),
  );
  router.route(E.insert, menu, async ({ actor, body }) =>
    summary(await reports.insert(actor, fromReportInputWire(body))),
  );
  router.route(E.batchInsert, menu, ({ actor, body }) => batch.start(actor, fromReportInputWire(body)));
  router.route(E.update, menu, async ({ actor, body }) =>
    summary(await reports.update(actor, fromReportInputWire(body))),
  );
  router.route(E.remove, menu, async ({ actor, body }) => {
    await reports.remove(actor, body.ids);
    return null;
  });
  router.route(E.submit, menu, async ({ actor, body }) => summary(await reports.submit(actor, body.bgid)));
  router.route(E.experts, menu, async ({ actor, body }) =>
    summary(await reports.assignExperts(actor, fromReportInputWire(body))),
  );
  router.route(E.expertCandidates, menu, () => reports.expertCandidates());
  router.route(E.expertReview, menu, async ({ actor, body }) =>
    summary(await reports.expertReview(actor, fromReportInputWire(body))),
  );
  router.route(E.schoolReview, menu, async ({ actor, body }) =>
    summary(await reports.schoolReview(actor, fromReportInputWire(body))),
  );
  router.route(E.reject, menu, async ({ actor, body }) =>
    summary(await reports.reject(actor, fromReportInputWire(body))),
  );
  router.route(E.reviews, menu, ({ actor, query }) => reports.reviews(actor, query.bgid));
  router.route(E.discussions, menu, ({ actor, query }) => reports.discussions(actor, query.bgid));
  router.route(E.discuss, menu, ({ actor, body }) => reports.discuss(actor, fromReportInputWire(body)));
  router.route(E.share, menu, async ({ actor, body }) =>
    summary(await reports.share(actor, fromReportInputWire(body))),
  );
  router.route(E.explainSave, menu, ({ actor, body }) =>
    reports.saveExplains(actor, fromReportInputWire(body)),
  );
  router.route(E.pointTable, menu, async ({ actor, query }) =>
    toWirePage(await reports.pointTable(actor, fromReportInputWire(query)), query, toQualityRowWire),
  );
  router.route(E.warningTable, menu, async ({ actor, query }) =>
    toWirePage(await reports.warningTable(actor, fromReportInputWire(query)), query, toWarningRowWire),
  );

  router.route(E.why, menu, ({ actor, query }) => reports.why(actor, fromReportInputWire(query)));
  router.route(E.downloadWord, menu, ({ actor, body }) => generation.start(actor, body.bgid));
  router.route(E.wordFile, menu, async ({ actor, query, reply }) => {
    const file = await generation.download(actor, query.bgid);
    reply
      .header('content-type', DOCX_MIME)
      .header('content-disposition', contentDisposition('attachment', file.name))
      .header('cache-control', 'no-store')
      .send(file.bytes);
  });
  registerFutureTaskRoutes(router, {
    endpoints: qualityReportFutureTasks,
    jobs: deps.jobs,
    access: menu,
    kinds: [QUALITY_REPORT_JOB, QUALITY_REPORT_BATCH_JOB],
  });

  registerLibraryRoutes(router, library);
}

/** 报告模板, 报告封面 and 印章: every reader of reports reads them; the library decides who changes them. */
function registerLibraryRoutes(router: Router, library: QualityReportLibrary) {
  const menu = access.menu('report');
  router.route(E.templates, menu, ({ query }) => library.templates(query));
  router.route(E.templateInsert, menu, ({ actor, body }) => library.insertTemplate(actor, body));
  router.route(E.templateUpdate, menu, ({ actor, body }) => library.updateTemplate(actor, body));
  router.route(E.templateDelete, menu, async ({ actor, body }) => {
    await library.deleteTemplates(actor, body.ids);
    return null;
  });
  router.route(E.covers, menu, ({ query }) => library.covers(query));
  router.route(E.coverInsert, menu, ({ actor, body }) => library.insertCover(actor, body));
  router.route(E.coverDelete, menu, async ({ actor, body }) => {
    await library.deleteCover(actor, body.id);
    return null;
  });
  router.route(E.coverDefault, menu, ({ actor, body }) => library.setDefaultCover(actor, body.id));

  router.route(E.seals, menu, () => library.seals());
  router.route(E.sealUpload, access.action('org.setting.manage'), async ({ actor, request }) => {
    const file = await readSingleFile(request, SEAL_MAX_KB * 1024);
    const fields = validate(SealBodySchema, file?.fields ?? {});
    return library.uploadSeal(actor, { file, kind: fields.kind, result: fields.fhjg });
  });
  router.route(E.sealImage, menu, async ({ query, reply }) => {
    const { file, bytes } = await library.sealImage(query.kind, query.fhjg);
    reply
      .header('content-type', file.mime)
      .header('content-disposition', contentDisposition('inline', file.name))
      .header('cache-control', 'private, max-age=300')
      .send(bytes);
  });
}
