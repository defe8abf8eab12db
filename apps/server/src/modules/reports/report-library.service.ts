import type * as S from '@eduqa/contract';
import {
  QUALITY_REPORT_MESSAGES as M,
  type Page,
  type PagingQuery,
  type QualityReportCover,
  type QualityReportTemplate,
  type ReviewResult,
  type Seal,
  type SealKind,
  type TemplateSection,
  toPage,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { likePattern, sqlList } from '../../platform/sql.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { FilesService, UploadedFile } from '../files/files.service.ts';
import { sealUrl } from './report-view.ts';
import type { QualityReportsRepo } from './reports.repo.ts';

type In<T extends z.ZodType> = z.output<T>;

export const SEAL_MAX_KB = 2048;
const time = (value: Date | string) => formatDateTime(new Date(value)) ?? '';

/** Templates and covers are the diagnosis publishers'; seals the administrator's. */
function requireManager(actor: Actor) {
  if (!actor.actions.has('diagnosis.manage'))
    throw new AppError('FORBIDDEN', '只有诊断发布者可以管理报告模板和封面');
}

interface TemplateRow {
  id: string;
  name: string;
  sections: TemplateSection[];
  creator_name: string;
  created_at: Date | string;
}
const toTemplate = (r: TemplateRow): QualityReportTemplate => ({
  id: r.id,
  name: r.name,
  sections: r.sections,
  creatorName: r.creator_name,
  createdAt: time(r.created_at),
});
const templateSelect = sql`select t.id, t.name, t.sections, u.name as creator_name, t.created_at
  from quality_report_templates t join users u on u.id = t.creator_user_id`;

interface CoverRow {
  id: string;
  title: string;
  subtitle: string;
  school_name: string;
  is_default: boolean;
  created_at: Date | string;
}
const toCover = (r: CoverRow): QualityReportCover => ({
  id: r.id,
  title: r.title,
  subtitle: r.subtitle,
  schoolName: r.school_name,
  isDefault: r.is_default,
  createdAt: time(r.created_at),
});

/** 报告模板, 报告封面 and 印章 of quality reports. */
export function createQualityReportLibrary(deps: {
  db: Db;
  files: FilesService;
  /** The report repo's seal lookup, which the report page also prints from. */
  seal: QualityReportsRepo['seal'];
}) {
  const { db, files, seal } = deps;

  async function template(id: string) {
    const [row] = await queryRows<TemplateRow>(db, sql`${templateSelect} where t.id = ${id}`);
    if (!row) throw notFound(M.templateNotFound);
    return toTemplate(row);
  }

  async function cover(id: string) {
    const [row] = await queryRows<CoverRow>(db, sql`select * from quality_report_covers where id = ${id}`);
    if (!row) throw notFound(M.coverNotFound);
    return toCover(row);
  }

  return {
    async templates(q: In<typeof S.TemplateQuerySchema>): Promise<Page<QualityReportTemplate>> {
      const where = q.keyword ? sql`t.name ilike ${likePattern(q.keyword)}` : sql`true`;
      const { limit, offset } = pageOf(q);
      const [rows, total] = await Promise.all([
        queryRows<TemplateRow>(
          db,
          sql`${templateSelect} where ${where} order by t.created_at desc, t.id desc limit ${limit} offset ${offset}`,
        ),
        queryRows<{ n: number | string }>(
          db,
          sql`select count(*) as n from quality_report_templates t where ${where}`,
        ),
      ]);
      return toPage(rows.map(toTemplate), Number(total[0]?.n ?? 0), q);
    },

    async insertTemplate(actor: Actor, body: In<typeof S.TemplateBodySchema>) {
      requireManager(actor);
      const id = newId();
      await guarded(
        () =>
          db.execute(sql`insert into quality_report_templates (id, name, sections, creator_user_id)
            values (${id}, ${body.name}, ${JSON.stringify(body.sections)}::jsonb, ${actor.userId})`),
        { conflict: M.templateNameTaken },
      );
      return template(id);
    },

    async updateTemplate(actor: Actor, body: In<typeof S.TemplateUpdateBodySchema>) {
      requireManager(actor);
      const updated = await guarded(
        () =>
          queryRows<{ id: string }>(
            db,
            sql`update quality_report_templates set name = ${body.name}, sections = ${JSON.stringify(body.sections)}::jsonb,
                updated_at = now() where id = ${body.id} returning id`,
          ),
        { conflict: M.templateNameTaken },
      );
      if (updated.length === 0) throw notFound(M.templateNotFound);
      return template(body.id);
    },

    async deleteTemplates(actor: Actor, ids: readonly string[]) {
      requireManager(actor);
      const deleted = await queryRows<{ id: string }>(
        db,
        sql`delete from quality_report_templates where id in (${sqlList(ids)}) returning id`,
      );
      if (deleted.length === 0) throw notFound(M.templateNotFound);
    },

    async covers(q: PagingQuery): Promise<Page<QualityReportCover>> {
      const { limit, offset } = pageOf(q);
      const [rows, total] = await Promise.all([
        queryRows<CoverRow>(
          db,
          sql`select * from quality_report_covers order by is_default desc, created_at desc, id desc
              limit ${limit} offset ${offset}`,
        ),
        queryRows<{ n: number | string }>(db, sql`select count(*) as n from quality_report_covers`),
      ]);
      return toPage(rows.map(toCover), Number(total[0]?.n ?? 0), q);
    },

    /** The first cover is the default; the partial unique index refuses a second default from a race. */
    async insertCover(actor: Actor, body: In<typeof S.CoverBodySchema>) {
      requireManager(actor);
      const id = newId();
      await guarded(
        () =>
          db.execute(sql`insert into quality_report_covers (id, title, subtitle, school_name, is_default, creator_user_id)
            values (${id}, ${body.title}, ${body.subtitle}, ${body.schoolName},
                    not exists (select 1 from quality_report_covers where is_default), ${actor.userId})`),
        { conflict: '数据已被他人修改，请刷新后重试' },
      );
      return cover(id);
    },

    /** Deleting the default makes the newest other cover the default. */
    async deleteCover(actor: Actor, id: string) {
      requireManager(actor);
      await db.transaction(async (tx) => {
        const deleted = await queryRows<{ id: string }>(
          tx as unknown as Db,
          sql`delete from quality_report_covers where id = ${id} returning id`,
        );
        if (deleted.length === 0) throw notFound(M.coverNotFound);
        await tx.execute(sql`update quality_report_covers set is_default = true
          where id = (select id from quality_report_covers order by created_at desc, id desc limit 1)
            and not exists (select 1 from quality_report_covers where is_default)`);
      });
    },

    async setDefaultCover(actor: Actor, id: string) {
      requireManager(actor);
      await cover(id);
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`update quality_report_covers set is_default = false where is_default and id <> ${id}`,
        );
        await tx.execute(sql`update quality_report_covers set is_default = true where id = ${id}`);
      });
      return cover(id);
    },

    async seals(): Promise<Seal[]> {
      const rows = await queryRows<{ kind: SealKind; result: ReviewResult }>(
        db,
        sql`select kind, result from quality_report_seals order by kind, result`,
      );
      return rows.map((r) => ({ kind: r.kind, result: r.result, url: sealUrl(r.kind, r.result) }));
    },

    /** The administrator's seal image for a kind and result: PNG or JPG, checked by content. */
    async uploadSeal(
      actor: Actor,
      input: { file: UploadedFile | undefined; kind: SealKind; result: ReviewResult },
    ) {
      if (!actor.actions.has('org.setting.manage')) throw new AppError('FORBIDDEN');
      const { kind, result } = input;
      const ext = input.file?.name.split('.').pop()?.toLowerCase();
      if (input.file && ext !== 'png' && ext !== 'jpg' && ext !== 'jpeg') {
        throw new AppError('VALIDATION', M.sealImage);
      }
      const fileId = await files.saveImage({
        file: input.file,
        maxKB: SEAL_MAX_KB,
        ownerUserId: actor.userId,
      });
      await db.execute(sql`
        insert into quality_report_seals (kind, result, file_id) values (${kind}, ${result}, ${fileId})
        on conflict (kind, result) do update set file_id = excluded.file_id, updated_at = now()`);
      return { kind, result, url: sealUrl(kind, result) };
    },

    /** A seal's bytes: seals are printed on reports, so anyone with the report menu may load them. */
    async sealImage(kind: SealKind, result: ReviewResult) {
      const fileId = await seal(kind, result);
      if (!fileId) throw notFound('印章不存在');
      return files.read(fileId);
    },
  };
}

export type QualityReportLibrary = ReturnType<typeof createQualityReportLibrary>;
