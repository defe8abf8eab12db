import type { ReviewResult, SealKind, TemplateSection } from '@eduqa/contract';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { likePattern } from '../../platform/sql.ts';
import { users } from '../org/org.table.ts';
import { qualityReportSeals, qualityReportTemplates } from './reports.table.ts';

export interface TemplateRecord {
  id: string;
  name: string;
  sections: TemplateSection[];
  creatorName: string;
  createdAt: Date;
}

/** 报告模板 and 印章 of quality reports (their covers are `report-covers.repo.ts`). */
export function reportLibraryQueries(db: Db) {
  return queryGroups(templateQueries(db), sealQueries(db));
}

function templateQueries(db: Db) {
  const t = qualityReportTemplates;
  const select = () =>
    db
      .select({
        id: t.id,
        name: t.name,
        sections: t.sections,
        creatorName: users.name,
        createdAt: t.createdAt,
      })
      .from(t)
      .innerJoin(users, eq(users.id, t.creatorUserId));
  return {
    async template(id: string): Promise<TemplateRecord | undefined> {
      const [row] = await select().where(eq(t.id, id));
      return row;
    },

    async templatePage(input: { keyword?: string | undefined; limit: number; offset: number }) {
      const where = input.keyword ? ilike(t.name, likePattern(input.keyword)) : undefined;
      const [records, [total]] = await Promise.all([
        select().where(where).orderBy(desc(t.createdAt), desc(t.id)).limit(input.limit).offset(input.offset),
        db.select({ n: count() }).from(t).where(where),
      ]);
      return { records, total: Number(total?.n ?? 0) };
    },

    async insertTemplate(row: {
      id: string;
      name: string;
      sections: TemplateSection[];
      creatorUserId: string;
    }) {
      await db.insert(t).values(row);
    },

    /** Whether the template was there to change. */
    async updateTemplate(row: { id: string; name: string; sections: TemplateSection[] }): Promise<boolean> {
      const updated = await db
        .update(t)
        .set({ name: row.name, sections: row.sections, updatedAt: sql`now()` })
        .where(eq(t.id, row.id))
        .returning({ id: t.id });
      return updated.length > 0;
    },

    async deleteTemplates(ids: readonly string[]): Promise<number> {
      const deleted = await db
        .delete(t)
        .where(inArray(t.id, [...ids]))
        .returning({ id: t.id });
      return deleted.length;
    },
  };
}

function sealQueries(db: Db) {
  const s = qualityReportSeals;
  return {
    async seals() {
      return db.select({ kind: s.kind, result: s.result }).from(s).orderBy(s.kind, s.result);
    },

    /** The seal image's file for a kind and result, if the administrator uploaded one. */
    async seal(kind: SealKind, result: ReviewResult): Promise<string | null> {
      const [row] = await db
        .select({ fileId: s.fileId })
        .from(s)
        .where(and(eq(s.kind, kind), eq(s.result, result)));
      return row?.fileId ?? null;
    },

    async saveSeal(row: { kind: SealKind; result: ReviewResult; fileId: string }) {
      await db
        .insert(s)
        .values(row)
        .onConflictDoUpdate({
          target: [s.kind, s.result],
          set: { fileId: row.fileId, updatedAt: sql`now()` },
        });
    },
  };
}
