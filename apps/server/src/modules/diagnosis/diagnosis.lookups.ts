import type { PagingQuery } from '@eduqa/contract';
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../../platform/sql.ts';
import { assignedPoints, diagnosisObjects } from './diagnosis.table.ts';

/*
 * What other domains may ask of diagnosis's tables, so that they never read those tables themselves.
 * Each function takes the caller's `db`: inside a transaction that is the transaction's handle, because on
 * PGlite (one connection) a query on the outer database waits forever for the transaction that waits for it.
 */

/** The quality points among `ids` that an object task uses (assigned_points); a used point cannot be deleted. */
export async function findQualityPointIdsInUse(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: assignedPoints.qualityPointId })
    .from(assignedPoints)
    .where(inArray(assignedPoints.qualityPointId, [...ids]));
  return rows.map((r) => r.id);
}

export interface DiagnosisObjectFilter {
  level?: string | undefined;
  keyword?: string | undefined;
}

/** One page of diagnosis objects by level and a keyword in name or code, ordered by level and code. */
export async function pageDiagnosisObjects(db: Db, filter: DiagnosisObjectFilter, paging: PagingQuery) {
  const conditions: SQL[] = [];
  if (filter.level) conditions.push(eq(diagnosisObjects.level, filter.level));
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(or(ilike(diagnosisObjects.name, pattern), ilike(diagnosisObjects.code, pattern)) as SQL);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const columns = {
    id: diagnosisObjects.id,
    level: diagnosisObjects.level,
    code: diagnosisObjects.code,
    name: diagnosisObjects.name,
  };
  const [records, totals] = await Promise.all([
    db
      .select(columns)
      .from(diagnosisObjects)
      .where(where)
      .orderBy(asc(diagnosisObjects.level), asc(diagnosisObjects.code))
      .limit(paging.pageSize)
      .offset((paging.pageNum - 1) * paging.pageSize),
    db.select({ n: count() }).from(diagnosisObjects).where(where),
  ]);
  return { records, total: totals[0]?.n ?? 0 };
}

/** A diagnosis object's code and department, or undefined. */
export async function findDiagnosisObject(db: Db, id: string) {
  const [row] = await db
    .select({
      id: diagnosisObjects.id,
      code: diagnosisObjects.code,
      departmentId: diagnosisObjects.departmentId,
    })
    .from(diagnosisObjects)
    .where(eq(diagnosisObjects.id, id));
  return row;
}
