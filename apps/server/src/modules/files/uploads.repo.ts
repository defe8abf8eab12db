import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { files, uploadChunks, uploads } from './files.table.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** A merge whose heartbeat is older than `leaseMs` (by the database clock) may be taken over. */
const staleBefore = (leaseMs: number) => sql`now() - (${leaseMs} * interval '1 millisecond')`;

export function createUploadsRepo(db: Db) {
  return queryGroups(uploadReceiving(db), uploadMerging(db), uploadCleanup(db));
}

/** An upload and its chunks while they arrive. */
function uploadReceiving(db: Db) {
  return {
    async find(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row;
    },

    /**
     * The upload with this guid, created for `ownerUserId` when it is new. An upload still receiving
     * chunks is touched before its chunk is written, so the sweep cannot take it in between.
     */
    async ensure(id: string, ownerUserId: string): Promise<UploadRow> {
      await db
        .insert(uploads)
        .values({ id, ownerUserId })
        .onConflictDoUpdate({
          target: uploads.id,
          set: { updatedAt: sql`now()` },
          setWhere: and(eq(uploads.state, 'uploading'), eq(uploads.ownerUserId, ownerUserId)),
        });
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row!;
    },

    /** Records a stored chunk; a repeated chunk replaces the record. The upload is touched. */
    async putChunk(uploadId: string, index: number, size: number) {
      await db
        .update(uploads)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(uploads.id, uploadId), eq(uploads.state, 'uploading')));
      await db
        .insert(uploadChunks)
        .values({ uploadId, index, size })
        .onConflictDoUpdate({
          target: [uploadChunks.uploadId, uploadChunks.index],
          set: { size, createdAt: sql`now()` },
        });
    },

    async chunks(uploadId: string) {
      return db
        .select({ index: uploadChunks.index, size: uploadChunks.size })
        .from(uploadChunks)
        .where(eq(uploadChunks.uploadId, uploadId))
        .orderBy(asc(uploadChunks.index));
    },

    async chunkCount(uploadId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(uploadChunks)
        .where(eq(uploadChunks.uploadId, uploadId));
      return Number(row?.n ?? 0);
    },
  };
}

/** The one merge per upload: claimed, kept alive by its heartbeat, taken over after a crash, ended. */
function uploadMerging(db: Db) {
  return {
    /** uploading → merging, once: only the caller that wins the update merges. */
    async claimMerge(
      id: string,
      values: { fileName: string; totalChunks: number; size: number; fileId: string },
    ): Promise<UploadRow | undefined> {
      const [row] = await db
        .update(uploads)
        .set({ ...values, state: 'merging', error: null, updatedAt: sql`now()` })
        .where(and(eq(uploads.id, id), eq(uploads.state, 'uploading')))
        .returning();
      return row;
    },

    /** Takes over a merge whose heartbeat stopped (the server that ran it went away). */
    async takeOver(id: string, leaseMs: number): Promise<UploadRow | undefined> {
      const [row] = await db
        .update(uploads)
        .set({ updatedAt: sql`now()` })
        .where(
          and(eq(uploads.id, id), eq(uploads.state, 'merging'), lt(uploads.updatedAt, staleBefore(leaseMs))),
        )
        .returning();
      return row;
    },

    async stuckMerges(leaseMs: number): Promise<string[]> {
      const rows = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.state, 'merging'), lt(uploads.updatedAt, staleBefore(leaseMs))));
      return rows.map((row) => row.id);
    },

    async heartbeat(id: string) {
      await db
        .update(uploads)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(uploads.id, id), eq(uploads.state, 'merging')));
    },

    /** Records the merged file and ends the merge, in one transaction; a repeat changes nothing. */
    async finish(id: string, file: typeof files.$inferInsert): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [done] = await tx
          .update(uploads)
          .set({ state: 'done', updatedAt: sql`now()` })
          .where(and(eq(uploads.id, id), eq(uploads.state, 'merging')))
          .returning({ id: uploads.id });
        if (!done) return false;
        await tx.insert(files).values(file).onConflictDoNothing();
        return true;
      });
    },

    async fail(id: string, error: string) {
      await db
        .update(uploads)
        .set({ state: 'failed', error, updatedAt: sql`now()` })
        .where(and(eq(uploads.id, id), eq(uploads.state, 'merging')));
    },
  };
}

/** What the sweep and a finished or refused upload remove. */
function uploadCleanup(db: Db) {
  return {
    /**
     * Removes up to `limit` uploads untouched for `idleMs` (never merged, refused, or long done) with
     * their chunk records, and answers their ids. The age is checked in the delete itself, so a chunk
     * arriving meanwhile keeps its upload; a merge (its heartbeat touches the row) is never removed.
     */
    async removeAbandoned(idleMs: number, limit: number): Promise<string[]> {
      const stale = db
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            inArray(uploads.state, ['uploading', 'failed', 'done']),
            lt(uploads.updatedAt, staleBefore(idleMs)),
          ),
        )
        .limit(limit);
      const rows = await db
        .delete(uploads)
        .where(
          and(
            inArray(uploads.id, stale),
            inArray(uploads.state, ['uploading', 'failed', 'done']),
            lt(uploads.updatedAt, staleBefore(idleMs)),
          ),
        )
        .returning({ id: uploads.id });
      return rows.map((row) => row.id);
    },

    /** Which of these upload ids have a row. */
    async existing(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(inArray(uploads.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },

    async dropChunkRecords(uploadId: string) {
      await db.delete(uploadChunks).where(eq(uploadChunks.uploadId, uploadId));
    },

    async remove(id: string) {
      await db.delete(uploads).where(eq(uploads.id, id));
    },
  };
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
