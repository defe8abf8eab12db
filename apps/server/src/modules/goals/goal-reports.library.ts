import type {
  Page,
  PagingQuery,
  ReportCover,
  ReportCoverBodySchema,
  ReportTemplate,
  ReportTemplateBodySchema,
  ReportTemplateQuerySchema,
  ReportTemplateUpdateBodySchema,
} from '@eduqa/contract';
import { toPage } from '@eduqa/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { CoverRecord } from '../reports/report-covers.repo.ts';
import { createReportCovers } from '../reports/report-covers.ts';
import type { GoalReportsRepo, TemplateRow } from './goal-reports.repo.ts';
import { isPublisher } from './goals.repo.ts';

type In<T extends z.ZodType> = z.output<T>;

export const GOAL_REPORT_LIBRARY_MESSAGES = {
  templateNotFound: '报告模板不存在',
  coverNotFound: '报告封面不存在',
  duplicateTemplate: '已有同名报告模板',
  needPublisher: '只有年度目标发布者可以管理报告模板和封面',
  stale: '数据已被他人修改，请刷新后重试',
} as const;
const M = GOAL_REPORT_LIBRARY_MESSAGES;

const time = (value: Date | string) => formatDateTime(new Date(value));

function requirePublisher(actor: Actor) {
  if (!isPublisher(actor)) throw new AppError('FORBIDDEN', M.needPublisher);
}

const toTemplate = (row: TemplateRow): ReportTemplate => ({
  id: row.id,
  name: row.name,
  outline: row.outline,
  creatorId: row.creatorId,
  creatorName: row.creatorName,
  createTime: time(row.createdAt)!,
  updateTime: time(row.updatedAt)!,
});

/** What the library reads and writes through: the goal reports' templates and covers. */
type LibraryRepo = Pick<
  GoalReportsRepo,
  'template' | 'templatePage' | 'insertTemplate' | 'updateTemplate' | 'deleteTemplates' | 'covers'
>;
type LibraryDeps = { repo: LibraryRepo; now: () => Date };

const toCover = (r: CoverRecord): ReportCover => ({
  id: r.id,
  title: r.title,
  subtitle: r.subtitle,
  schoolName: r.schoolName,
  isDefault: r.isDefault,
  creatorName: r.creatorName,
  createTime: time(r.createdAt)!,
});

/** 报告模板 and 报告封面: what every generated report may open with; publishers manage them. */
export function createGoalReportLibrary(options: { repo: LibraryRepo; now?: () => Date }) {
  const deps: LibraryDeps = { repo: options.repo, now: options.now ?? (() => new Date()) };
  return { ...reportTemplates(deps), ...goalCovers(deps.repo) };
}

export type GoalReportLibrary = ReturnType<typeof createGoalReportLibrary>;

function reportTemplates({ repo, now }: LibraryDeps) {
  return {
    templateRow: (id: string) => repo.template(id),

    async templates(q: In<typeof ReportTemplateQuerySchema>): Promise<Page<ReportTemplate>> {
      const { records, total } = await repo.templatePage({ keyword: q.keyword, ...pageOf(q) });
      return toPage(records.map(toTemplate), total, q);
    },

    async insertTemplate(actor: Actor, body: In<typeof ReportTemplateBodySchema>) {
      requirePublisher(actor);
      const id = newId();
      await guarded(() => repo.insertTemplate({ id, ...body, creatorUserId: actor.userId }), {
        conflict: M.duplicateTemplate,
      });
      return toTemplate((await repo.template(id))!);
    },

    async updateTemplate(actor: Actor, body: In<typeof ReportTemplateUpdateBodySchema>) {
      requirePublisher(actor);
      const isUpdated = await guarded(
        () => repo.updateTemplate(body.id, { name: body.name, outline: body.outline, updatedAt: now() }),
        { conflict: M.duplicateTemplate },
      );
      if (!isUpdated) throw notFound(M.templateNotFound);
      return toTemplate((await repo.template(body.id))!);
    },

    async deleteTemplates(actor: Actor, ids: string[]) {
      requirePublisher(actor);
      if ((await repo.deleteTemplates(ids)) === 0) throw notFound(M.templateNotFound);
    },
  };
}

/** The covers of goal reports: the same library as quality reports' covers, on the goal reports' table. */
function goalCovers(repo: LibraryRepo) {
  const covers = createReportCovers({
    repo: repo.covers,
    requireManager: requirePublisher,
    messages: M,
  });
  return {
    async covers(q: PagingQuery): Promise<Page<ReportCover>> {
      const found = await covers.coverPage(pageOf(q));
      return toPage(found.records.map(toCover), found.total, q);
    },
    insertCover: async (actor: Actor, body: In<typeof ReportCoverBodySchema>) =>
      toCover(await covers.insertCover(actor, body)),
    deleteCovers: (actor: Actor, ids: string[]) => covers.deleteCovers(actor, ids),
    setDefaultCover: async (actor: Actor, id: string) => toCover(await covers.setDefaultCover(actor, id)),
  };
}
