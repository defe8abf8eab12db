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
  toPage,
} from '@eduqa/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { FilesService, UploadedFile } from '../files/files.service.ts';
import type { CoverRecord } from './report-covers.repo.ts';
import { createReportCovers } from './report-covers.ts';
import type { TemplateRecord } from './report-library.repo.ts';
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

const toTemplate = (r: TemplateRecord): QualityReportTemplate => ({
  id: r.id,
  name: r.name,
  sections: r.sections,
  creatorName: r.creatorName,
  createdAt: time(r.createdAt),
});

const toCover = (r: CoverRecord): QualityReportCover => ({
  id: r.id,
  title: r.title,
  subtitle: r.subtitle,
  schoolName: r.schoolName,
  isDefault: r.isDefault,
  createdAt: time(r.createdAt),
});

/** 报告模板, 报告封面 and 印章 of quality reports. */
export function createQualityReportLibrary(deps: { repo: QualityReportsRepo; files: FilesService }) {
  return { ...templateLibrary(deps.repo), ...coverLibrary(deps.repo), ...sealLibrary(deps) };
}

function templateLibrary(repo: QualityReportsRepo) {
  async function template(id: string) {
    const row = await repo.template(id);
    if (!row) throw notFound(M.templateNotFound);
    return toTemplate(row);
  }
  return {
    async templates(q: In<typeof S.TemplateQuerySchema>): Promise<Page<QualityReportTemplate>> {
      const found = await repo.templatePage({ keyword: q.keyword, ...pageOf(q) });
      return toPage(found.records.map(toTemplate), found.total, q);
    },

    async insertTemplate(actor: Actor, body: In<typeof S.TemplateBodySchema>) {
      requireManager(actor);
      const id = newId();
      await guarded(
        () =>
          repo.insertTemplate({ id, name: body.name, sections: body.sections, creatorUserId: actor.userId }),
        { conflict: M.templateNameTaken },
      );
      return template(id);
    },

    async updateTemplate(actor: Actor, body: In<typeof S.TemplateUpdateBodySchema>) {
      requireManager(actor);
      const found = await guarded(
        () => repo.updateTemplate({ id: body.id, name: body.name, sections: body.sections }),
        { conflict: M.templateNameTaken },
      );
      if (!found) throw notFound(M.templateNotFound);
      return template(body.id);
    },

    async deleteTemplates(actor: Actor, ids: readonly string[]) {
      requireManager(actor);
      if ((await repo.deleteTemplates(ids)) === 0) throw notFound(M.templateNotFound);
    },
  };
}

function coverLibrary(repo: QualityReportsRepo) {
  const covers = createReportCovers({
    repo: repo.covers,
    requireManager,
    messages: { coverNotFound: M.coverNotFound, stale: '数据已被他人修改，请刷新后重试' },
  });
  return {
    async covers(q: PagingQuery): Promise<Page<QualityReportCover>> {
      const found = await covers.coverPage(pageOf(q));
      return toPage(found.records.map(toCover), found.total, q);
    },
    insertCover: async (actor: Actor, body: In<typeof S.CoverBodySchema>) =>
      toCover(await covers.insertCover(actor, body)),
    deleteCover: (actor: Actor, id: string) => covers.deleteCovers(actor, [id]),
    setDefaultCover: async (actor: Actor, id: string) => toCover(await covers.setDefaultCover(actor, id)),
  };
}

function sealLibrary({ repo, files }: { repo: QualityReportsRepo; files: FilesService }) {
  return {
    async seals(): Promise<Seal[]> {
      const rows = await repo.seals();
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
      await repo.saveSeal({ kind, result, fileId });
      return { kind, result, url: sealUrl(kind, result) };
    },

    /** A seal's bytes: seals are printed on reports, so anyone with the report menu may load them. */
    async sealImage(kind: SealKind, result: ReviewResult) {
      const fileId = await repo.seal(kind, result);
      if (!fileId) throw notFound('印章不存在');
      return files.read(fileId);
    },
  };
}

export type QualityReportLibrary = ReturnType<typeof createQualityReportLibrary>;
