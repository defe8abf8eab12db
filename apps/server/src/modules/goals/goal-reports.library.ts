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
import { count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { likePattern } from '../../platform/sql.ts';
import { formatDateTime } from '../../platform/time.ts';
import { users } from '../org/org.table.ts';
import { type CoverRecord, createReportCoversRepo } from '../reports/report-covers.repo.ts';
import { createReportCovers } from '../reports/report-covers.ts';
import { goalReportCovers, goalReportTemplates } from './goal-reports.table.ts';
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

const templateColumns = {
  id: goalReportTemplates.id,
  name: goalReportTemplates.name,
  outline: goalReportTemplates.outline,
  creatorId: goalReportTemplates.creatorUserId,
  creatorName: users.name,
  createdAt: goalReportTemplates.createdAt,
  updatedAt: goalReportTemplates.updatedAt,
};
const selectTemplates = (db: Db) =>
  db
    .select(templateColumns)
    .from(goalReportTemplates)
    .innerJoin(users, eq(users.id, goalReportTemplates.creatorUserId));
async function findTemplate(db: Db, id: string) {
  const [row] = await selectTemplates(db).where(eq(goalReportTemplates.id, id));
  return row;
}
const toTemplate = (row: NonNullable<Awaited<ReturnType<typeof findTemplate>>>): ReportTemplate => ({
  id: row.id,
  name: row.name,
  outline: row.outline,
  creatorId: row.creatorId,
  creatorName: row.creatorName,
  createTime: time(row.createdAt)!,
  updateTime: time(row.updatedAt)!,
});

type LibraryDeps = { db: Db; now: () => Date };

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
export function createGoalReportLibrary(options: { db: Db; now?: () => Date }) {
  const deps: LibraryDeps = { db: options.db, now: options.now ?? (() => new Date()) };
  return { ...reportTemplates(deps), ...goalCovers(deps.db) };
}

export type GoalReportLibrary = ReturnType<typeof createGoalReportLibrary>;

function reportTemplates({ db, now }: LibraryDeps) {
  return {
    templateRow: (id: string) => findTemplate(db, id),

    async templates(q: In<typeof ReportTemplateQuerySchema>): Promise<Page<ReportTemplate>> {
      const where = q.keyword ? ilike(goalReportTemplates.name, likePattern(q.keyword)) : undefined;
      const { limit, offset } = pageOf(q);
      const found = await selectTemplates(db)
        .where(where)
        .orderBy(desc(goalReportTemplates.createdAt), desc(goalReportTemplates.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(goalReportTemplates).where(where);
      return toPage(found.map(toTemplate), Number(total?.n ?? 0), q);
    },

    async insertTemplate(actor: Actor, body: In<typeof ReportTemplateBodySchema>) {
      requirePublisher(actor);
      const id = newId();
      await guarded(
        () => db.insert(goalReportTemplates).values({ id, ...body, creatorUserId: actor.userId }),
        { conflict: M.duplicateTemplate },
      );
      return toTemplate((await findTemplate(db, id))!);
    },

    async updateTemplate(actor: Actor, body: In<typeof ReportTemplateUpdateBodySchema>) {
      requirePublisher(actor);
      const updated = await guarded(
        () =>
          db
            .update(goalReportTemplates)
            .set({ name: body.name, outline: body.outline, updatedAt: now() })
            .where(eq(goalReportTemplates.id, body.id))
            .returning({ id: goalReportTemplates.id }),
        { conflict: M.duplicateTemplate },
      );
      if (updated.length === 0) throw notFound(M.templateNotFound);
      return toTemplate((await findTemplate(db, body.id))!);
    },

    async deleteTemplates(actor: Actor, ids: string[]) {
      requirePublisher(actor);
      const deleted = await db
        .delete(goalReportTemplates)
        .where(inArray(goalReportTemplates.id, ids))
        .returning({ id: goalReportTemplates.id });
      if (deleted.length === 0) throw notFound(M.templateNotFound);
    },
  };
}

/** The covers of goal reports: the same library as quality reports' covers, on the goal reports' table. */
function goalCovers(db: Db) {
  const covers = createReportCovers({
    repo: createReportCoversRepo(db, goalReportCovers),
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
