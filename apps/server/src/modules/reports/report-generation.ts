import { QUALITY_REPORT_MESSAGES as M } from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { imageSize, withinImageLimits } from '../../platform/image-type.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { FilesService } from '../files/files.service.ts';
import { keyOf, toSummary } from './report-view.ts';
import type { QualityReportsRepo, ReportPointTable, ReportRow } from './reports.repo.ts';
import type { QualityReportsService } from './reports.service.ts';

export const QUALITY_REPORT_JOB = 'quality-report-word';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** A table of the Word document lists at most this many rows (the screen pages through all of them). */
export const WORD_TABLE_ROWS = 2000;

/** Who started a job, as far as the reports' access rules ask: the job acts with their rights. */
export const StarterSchema = z.object({ roleIds: z.array(z.string()), actions: z.array(z.string()) });
const GenerationSchema = StarterSchema.extend({ reportId: z.string() });

const FALLBACK_COVER = { title: '质量报告', subtitle: '', schoolName: '' };

/** What a job keeps of its starter (`actorOf` turns it back into an actor). */
export const starterOf = (actor: Actor): z.output<typeof StarterSchema> => ({
  roleIds: [...actor.roleIds],
  actions: [...actor.actions],
});

/** The job's view of the starter: what they may see decides what the document shows. */
export const actorOf = (userId: string, payload: z.output<typeof StarterSchema>): Actor => ({
  userId,
  roleIds: payload.roleIds,
  sessionId: '',
  csrfSecret: '',
  menuKeys: new Set(['report']),
  actions: new Set(payload.actions),
});

export const wordFileName = (row: Pick<ReportRow, 'name'>) => `${row.name}.docx`;

/** A seal's image for the document, or nothing when it is not a PNG or JPG within the pixel limits. */
async function sealBytes(files: FilesService, fileId: string | null) {
  if (!fileId) return null;
  const { bytes } = await files.read(fileId);
  // A seal stored before uploads were held to the pixel limits is left out rather than put in the document.
  const size = imageSize(bytes);
  if (!size || !withinImageLimits(size)) return null;
  return size.kind === 'png' || size.kind === 'jpeg'
    ? { bytes: Buffer.from(bytes), type: size.kind === 'png' ? ('png' as const) : ('jpg' as const) }
    : null;
}

/**
 * Word generation of a quality report as a job on the jobs platform: it reads the report as its starter
 * sees it, lays the document out (report-word.ts), stores it and links it to the report.
 */
export function createReportGeneration(deps: {
  repo: QualityReportsRepo;
  reports: QualityReportsService;
  files: FilesService;
  jobs: Jobs;
}) {
  const { repo, reports, files } = deps;

  const kind = deps.jobs.register(QUALITY_REPORT_JOB, {
    payload: GenerationSchema,
    label: '生成质量报告',
    interruptedMessage: '报告生成已中断，请重新生成',
    failedMessage: '报告生成失败，请重试',
    run: async ({ actorId, payload, report }) => {
      await report(5);
      const actor = actorOf(actorId, payload);
      const row = await reports.readable(actor, payload.reportId);
      const view = await reports.buildView(actor, row);
      await report(20);
      const key = keyOf(row);
      const page = { limit: WORD_TABLE_ROWS, offset: 0 };
      const table = (name: ReportPointTable) => repo.pointTable({ userId: actorId, key, table: name, page });
      const [pointRows, below, unfinished, warnings, reviews, cover, expertSeal, schoolSeal] =
        await Promise.all([
          table('points'),
          table('below'),
          table('unfinished'),
          repo.warnedPoints(key, page),
          reports.reviews(actor, row.id),
          repo.coverOrDefault(row.coverId),
          row.expertResult ? repo.seal('expert', row.expertResult).then((id) => sealBytes(files, id)) : null,
          row.schoolResult ? repo.seal('school', row.schoolResult).then((id) => sealBytes(files, id)) : null,
        ]);
      await report(40);
      // Loaded when a document is first built: docx, ECharts and the rasteriser stay out of the server's start.
      const { buildQualityReportDocument } = await import('./report-word.ts');
      const bytes = await buildQualityReportDocument(
        {
          view,
          cover: cover
            ? { title: cover.title, subtitle: cover.subtitle, schoolName: cover.schoolName }
            : FALLBACK_COVER,
          seals: { expert: expertSeal, school: schoolSeal },
          tables: { points: pointRows, below, unfinished, warnings: warnings.records },
          reviews,
        },
        async (p: number) => report(40 + Math.floor(p * 0.5)),
      );
      await report(92);
      const name = wordFileName(row);
      const fileId = await files.save({ name, mime: DOCX_MIME, bytes, ownerUserId: actorId });
      await repo.linkDocument(row.id, fileId);
      return { file: { key: fileId, name } };
    },
  });

  return {
    /** Starts a generation; one already under way for the report is answered instead of a second. */
    async start(actor: Actor, reportId: string) {
      // Generating relinks the report's document: not for someone who only reads it through a share.
      const row = await reports.readable(actor, reportId);
      if (toSummary(actor, row).isShared) throw new AppError('FORBIDDEN');
      const job = await kind.enqueue({
        actorId: actor.userId,
        subjectKey: reportId,
        payload: { reportId, ...starterOf(actor) },
      });
      return { taskId: job.id };
    },

    /** The latest generated document, to whoever may read the report. */
    async download(actor: Actor, reportId: string) {
      const row = await reports.readable(actor, reportId);
      if (!row.fileId) throw notFound(M.noDocument);
      const { bytes } = await files.read(row.fileId);
      return { name: wordFileName(row), bytes };
    },
  };
}

export type ReportGeneration = ReturnType<typeof createReportGeneration>;
