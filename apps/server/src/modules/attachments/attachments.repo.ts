import type { PagingQuery } from '@eduqa/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd } from '../../platform/sql.ts';
import { schoolZoneSql } from '../../platform/time.ts';
import { assignedPoints } from '../diagnosis/diagnosis.table.ts';
import { files } from '../files/files.table.ts';
import { qualityPoints } from '../standards/standards.table.ts';
import { pointFiles } from './attachments.table.ts';

export interface PointFileRow {
  assignedPointId: string;
  fileId: string;
  name: string;
  size: number;
  mime: string;
  storageKey: string;
  stage: string;
}

const pointFileColumns = {
  assignedPointId: pointFiles.assignedPointId,
  fileId: pointFiles.fileId,
  name: files.name,
  size: files.size,
  mime: files.mime,
  storageKey: files.storageKey,
  stage: pointFiles.stage,
};

export function createAttachmentsRepo(db: Db) {
  return queryGroups(pointFileReads(db), pointFileWrites(db));
}

/** The files of a point, a file's points and an object task's files. */
function pointFileReads(db: Db) {
  return {
    /** The files attached to an assigned point, oldest first. */
    async filesOfPoint(assignedPointId: string): Promise<PointFileRow[]> {
      return db
        .select(pointFileColumns)
        .from(pointFiles)
        .innerJoin(files, eq(files.id, pointFiles.fileId))
        .where(eq(pointFiles.assignedPointId, assignedPointId))
        .orderBy(asc(pointFiles.createdAt), asc(files.name), asc(pointFiles.id));
    },

    async pointName(assignedPointId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: qualityPoints.name })
        .from(assignedPoints)
        .innerJoin(qualityPoints, eq(qualityPoints.id, assignedPoints.qualityPointId))
        .where(eq(assignedPoints.id, assignedPointId));
      return row?.name;
    },

    async findFile(id: string) {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      return row;
    },

    async pointsOfFile(fileId: string): Promise<string[]> {
      const rows = await db
        .select({ id: pointFiles.assignedPointId })
        .from(pointFiles)
        .where(eq(pointFiles.fileId, fileId));
      return rows.map((row) => row.id);
    },

    /**
     * file/list: the files attached to an object task's points, by point, stage and file name, newest
     * first, with the point's name.
     */
    async pageObjectTaskFiles(
      filter: {
        objectTaskId: string;
        assignedPointId?: string | undefined;
        stage?: string | undefined;
        keyword?: string | undefined;
      },
      paging: PagingQuery,
    ) {
      const parts: SQL[] = [sql`ap.object_task_id = ${filter.objectTaskId}`];
      if (filter.assignedPointId) parts.push(sql`ap.id = ${filter.assignedPointId}`);
      if (filter.stage) parts.push(sql`pf.stage = ${filter.stage}`);
      if (filter.keyword) parts.push(sql`f.name ilike ${likePattern(filter.keyword)}`);
      return pagedRows<PointFileRow & { pointName: string; createdAt: string }>(
        db,
        sql`select pf.assigned_point_id as "assignedPointId", pf.file_id as "fileId", f.name, f.size, f.mime,
                   f.storage_key as "storageKey", pf.stage, qp.name as "pointName",
                   to_char(pf.created_at at time zone ${schoolZoneSql()}, 'YYYY-MM-DD HH24:MI:SS') as "createdAt"
            from point_files pf
            join files f on f.id = pf.file_id
            join assigned_points ap on ap.id = pf.assigned_point_id
            join quality_points qp on qp.id = ap.quality_point_id
            where ${sqlAnd(parts)}
            order by pf.created_at desc, f.name, pf.id`,
        paging,
      );
    },
  };
}

/** Attaching files to a point and detaching them. */
function pointFileWrites(db: Db) {
  return {
    /**
     * Attaches files at a stage, in one transaction. Each file must be the caller's upload or already
     * attached to the point; answers the ids that were neither (nothing is written then).
     */
    async attach(input: {
      assignedPointId: string;
      stage: string;
      fileIds: readonly string[];
      ownerUserId: string;
      newId: () => string;
    }): Promise<{ refused: string[] }> {
      const ids = [...new Set(input.fileIds)];
      if (ids.length === 0) return { refused: [] };
      return db.transaction(async (tx) => {
        const found = await tx
          .select({ id: files.id, ownerUserId: files.ownerUserId })
          .from(files)
          .where(inArray(files.id, ids));
        const attached = await tx
          .select({ fileId: pointFiles.fileId })
          .from(pointFiles)
          .where(and(eq(pointFiles.assignedPointId, input.assignedPointId), inArray(pointFiles.fileId, ids)));
        const already = new Set(attached.map((row) => row.fileId));
        const mine = new Set(found.filter((f) => f.ownerUserId === input.ownerUserId).map((f) => f.id));
        const refused = ids.filter((id) => !already.has(id) && !mine.has(id));
        if (refused.length > 0) return { refused };
        const fresh = ids.filter((id) => !already.has(id));
        if (fresh.length > 0) {
          // One millisecond apart, so the point lists them in the order they were chosen.
          const at = Date.now();
          await tx
            .insert(pointFiles)
            .values(
              fresh.map((fileId, i) => ({
                id: input.newId(),
                assignedPointId: input.assignedPointId,
                fileId,
                stage: input.stage,
                createdAt: new Date(at + i),
              })),
            )
            .onConflictDoNothing();
        }
        return { refused: [] };
      });
    },

    async detach(assignedPointId: string, fileId: string): Promise<boolean> {
      const removed = await db
        .delete(pointFiles)
        .where(and(eq(pointFiles.assignedPointId, assignedPointId), eq(pointFiles.fileId, fileId)))
        .returning({ id: pointFiles.id });
      return removed.length > 0;
    },
  };
}

export type AttachmentsRepo = ReturnType<typeof createAttachmentsRepo>;
