import { type PagingQuery, toPage } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryNamedRows } from '../db/client.ts';

/** The `limit`/`offset` of a page (pageNum counts from 1). */
export const pageOf = (paging: PagingQuery) => ({
  limit: paging.pageSize,
  offset: (paging.pageNum - 1) * paging.pageSize,
});

/** The total beside each row of a page, so that a page costs one query instead of two. */
export const totalOver = sql<number>`cast(count(*) over () as integer)`;

/**
 * One page of a query and the total of all its rows, in one statement (`count(*) over ()`). The query
 * carries its own `order by`; a page past the end costs a second, counting statement. Named: a list's
 * joins cost PostgreSQL more to plan than to run, and a named text is planned once per connection.
 */
export async function pagedRows<T>(
  db: Pick<Db, 'execute'>,
  query: SQL,
  paging: PagingQuery,
): Promise<{ records: T[]; total: number }> {
  const { limit, offset } = pageOf(paging);
  const rows = await queryNamedRows<T & { __total: number | string }>(
    db as Db,
    'page',
    sql`select q.*, count(*) over () as __total from (${query}) q limit ${limit} offset ${offset}`,
  );
  if (rows.length === 0) {
    if (offset === 0) return { records: [], total: 0 };
    const [row] = await queryNamedRows<{ n: number | string }>(
      db as Db,
      'page_count',
      sql`select count(*) as n from (${query}) q`,
    );
    return { records: [], total: Number(row?.n ?? 0) };
  }
  const total = Number(rows[0]!.__total);
  const records = rows.map(({ __total: _, ...rest }) => rest as unknown as T);
  return { records, total };
}

/** `select count(*) <from>`, named like a page's statement (a list's count costs as much to plan). */
export async function countFrom(db: Db, from: SQL): Promise<number> {
  const [row] = await queryNamedRows<{ n: number | string }>(
    db,
    'count',
    sql`select count(*)::int as n ${from}`,
  );
  return Number(row?.n ?? 0);
}

/** A service's page as the wire's page, each record mapped once. */
export const toWirePage = <T, W>(
  page: { records: T[]; total: number },
  paging: PagingQuery,
  map: (item: T) => W,
) => toPage(page.records.map(map), page.total, paging);
