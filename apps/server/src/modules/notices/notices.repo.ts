import type { NoticeCategory, NoticeReadFilter, PagingQuery } from '@eduqa/contract';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pagedRows } from '../../platform/paging.ts';
import { tableColumns, tableRowOf } from '../../platform/sql.ts';
import { notices } from './notices.table.ts';

export type NoticeRow = typeof notices.$inferSelect;

export interface NoticeFilter {
  category?: NoticeCategory | undefined;
  read?: NoticeReadFilter | undefined;
}

/** A person's messages: every statement is kept to the recipient, so no one reads another's. */
export function createNoticesRepo(db: Db) {
  const mine = (recipientId: string, filter: NoticeFilter = {}) => {
    const conditions: SQL[] = [eq(notices.recipientId, recipientId)];
    if (filter.category) conditions.push(eq(notices.category, filter.category));
    if (filter.read === 'unread') conditions.push(isNull(notices.readAt));
    if (filter.read === 'read') conditions.push(isNotNull(notices.readAt));
    return and(...conditions);
  };

  return {
    /** A page of the person's messages, newest first, and their total: one statement (`pagedRows`). */
    async page(recipientId: string, filter: NoticeFilter, paging: PagingQuery) {
      const { records, total } = await pagedRows<Record<string, unknown>>(
        db,
        sql`select ${tableColumns(notices)} from ${notices} where ${mine(recipientId, filter)}
            order by ${notices.createdAt} desc, ${notices.id} desc`,
        paging,
      );
      return { records: records.map((raw) => tableRowOf(notices, raw)), total };
    },

    async unreadCount(recipientId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notices)
        .where(mine(recipientId, { read: 'unread' }));
      return row?.n ?? 0;
    },

    async latest(recipientId: string, limit: number): Promise<NoticeRow[]> {
      return db
        .select()
        .from(notices)
        .where(mine(recipientId))
        .orderBy(desc(notices.createdAt), desc(notices.id))
        .limit(limit);
    },

    /** Marks one message read (the first read is kept); null when it is not the recipient's. */
    async markRead(recipientId: string, id: string, at: Date): Promise<NoticeRow | null> {
      const [row] = await db
        .update(notices)
        .set({ readAt: at })
        .where(and(eq(notices.id, id), eq(notices.recipientId, recipientId), isNull(notices.readAt)))
        .returning();
      if (row) return row;
      const [already] = await db
        .select()
        .from(notices)
        .where(and(eq(notices.id, id), eq(notices.recipientId, recipientId)));
      return already ?? null;
    },

    async markAllRead(recipientId: string, at: Date): Promise<number> {
      const rows = await db
        .update(notices)
        .set({ readAt: at })
        .where(mine(recipientId, { read: 'unread' }))
        .returning({ id: notices.id });
      return rows.length;
    },
  };
}

export type NoticesRepo = ReturnType<typeof createNoticesRepo>;
