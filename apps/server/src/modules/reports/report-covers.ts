import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CoverRecord, ReportCoversRepo } from './report-covers.repo.ts';

/**
 * The rules of 报告封面, for quality and goal reports alike: the managers of each kind of report manage
 * its covers, and exactly one cover is the default while any exist.
 */
export function createReportCovers(deps: {
  repo: ReportCoversRepo;
  /** Throws when the actor may not manage these covers. */
  requireManager: (actor: Actor) => void;
  messages: { coverNotFound: string; stale: string };
}) {
  const { repo, requireManager, messages: M } = deps;

  async function coverOf(id: string): Promise<CoverRecord> {
    const found = await repo.cover(id);
    if (!found) throw notFound(M.coverNotFound);
    return found;
  }

  return {
    coverOf,
    coverPage: (page: { limit: number; offset: number }) => repo.coverPage(page),

    async insertCover(
      actor: Actor,
      body: { title: string; subtitle?: string | undefined; schoolName: string },
    ) {
      requireManager(actor);
      const id = newId();
      // The partial unique index refuses a second default from a concurrent first cover.
      await guarded(
        () =>
          repo.insertCover({
            id,
            title: body.title,
            subtitle: body.subtitle ?? '',
            schoolName: body.schoolName,
            creatorUserId: actor.userId,
          }),
        { conflict: M.stale },
      );
      return coverOf(id);
    },

    /** Deleting the default makes the newest other cover the default. */
    async deleteCovers(actor: Actor, ids: readonly string[]) {
      requireManager(actor);
      await repo.transaction(async (tx) => {
        if ((await tx.deleteCovers(ids)) === 0) throw notFound(M.coverNotFound);
        await tx.keepOneDefault();
      });
    },

    async setDefaultCover(actor: Actor, id: string) {
      requireManager(actor);
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            if (!(await tx.lockCover(id))) throw notFound(M.coverNotFound);
            await tx.makeDefault(id);
          }),
        { conflict: M.stale },
      );
      return coverOf(id);
    },
  };
}

export type ReportCovers = ReturnType<typeof createReportCovers>;
