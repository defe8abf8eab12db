import { ROLE_IDS } from '@eduqa/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, tableColumns, tableRowOf } from '../../platform/sql.ts';
import { departments } from '../org/org.table.ts';
import { noticeDeliveries, noticeRobots, noticeSettings, noticeUserSettings } from './delivery.table.ts';
import { notices } from './notices.table.ts';

const SETTINGS_ID = 'default';

export type NoticeSettingsRow = typeof noticeSettings.$inferSelect;
export type NoticeRobotRow = typeof noticeRobots.$inferSelect & { departmentName: string | null };
export type DeliveryRow = typeof noticeDeliveries.$inferSelect;
export type DeliveryInsert = typeof noticeDeliveries.$inferInsert;

/** A notice about to be dispatched, with what delivery needs to know of its recipient. */
export interface PendingNotice {
  id: string;
  category: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  objectId: string | null;
  actorName: string | null;
  recipientId: string;
  recipientName: string;
  email: string | null;
  departmentId: string | null;
  isAdmin: boolean;
  /** The person's own e-mail categories, or null: the administrator's default. */
  emailCategories: string[] | null;
  digest: boolean;
}

export function createDeliveryRepo(db: Db): DeliveryRepo {
  return queryGroups(settingsQueries(db), robotQueries(db), outboxQueries(db), {
    transaction: transactionOf(db, createDeliveryRepo),
  });
}
export type DeliveryRepo = ReturnType<typeof settingsQueries> &
  ReturnType<typeof robotQueries> &
  ReturnType<typeof outboxQueries> & { transaction<T>(work: (repo: DeliveryRepo) => Promise<T>): Promise<T> };

function settingsQueries(db: Db) {
  return {
    async settings(): Promise<NoticeSettingsRow> {
      const [row] = await db.select().from(noticeSettings).where(eq(noticeSettings.id, SETTINGS_ID));
      if (row) return row;
      await db.insert(noticeSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
      const [made] = await db.select().from(noticeSettings).where(eq(noticeSettings.id, SETTINGS_ID));
      return made!;
    },
    async saveSettings(values: Partial<Omit<NoticeSettingsRow, 'id'>>) {
      await db
        .insert(noticeSettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: noticeSettings.id, set: { ...values, updatedAt: new Date() } });
    },
    async userSettings(userId: string) {
      const [row] = await db.select().from(noticeUserSettings).where(eq(noticeUserSettings.userId, userId));
      return row ?? null;
    },
    async saveUserSettings(userId: string, values: { emailCategories: string[]; digest: boolean }) {
      await db
        .insert(noticeUserSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: noticeUserSettings.userId, set: { ...values, updatedAt: new Date() } });
    },
    async emailOf(userId: string): Promise<string | null> {
      const [row] = await queryRows<{ email: string | null }>(
        db,
        sql`select email from users where id = ${userId}`,
      );
      return row?.email ?? null;
    },
  };
}

function robotQueries(db: Db) {
  const select = () =>
    db
      .select({
        id: noticeRobots.id,
        name: noticeRobots.name,
        channel: noticeRobots.channel,
        webhookSealed: noticeRobots.webhookSealed,
        secretSealed: noticeRobots.secretSealed,
        departmentId: noticeRobots.departmentId,
        categories: noticeRobots.categories,
        enabled: noticeRobots.enabled,
        createdAt: noticeRobots.createdAt,
        departmentName: departments.name,
      })
      .from(noticeRobots)
      .leftJoin(departments, eq(departments.id, noticeRobots.departmentId));
  return {
    robots(): Promise<NoticeRobotRow[]> {
      return select().orderBy(asc(noticeRobots.createdAt), asc(noticeRobots.id));
    },
    async robot(id: string): Promise<NoticeRobotRow | null> {
      const [row] = await select().where(eq(noticeRobots.id, id));
      return row ?? null;
    },
    async saveRobot(values: typeof noticeRobots.$inferInsert) {
      await db
        .insert(noticeRobots)
        .values(values)
        .onConflictDoUpdate({ target: noticeRobots.id, set: { ...values, createdAt: undefined } });
    },
    async deleteRobot(id: string) {
      return (await db.delete(noticeRobots).where(eq(noticeRobots.id, id)).returning({ id: noticeRobots.id }))
        .length;
    },
    async departmentExists(id: string) {
      return (
        (await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id))).length > 0
      );
    },
  };
}

function outboxQueries(db: Db) {
  return {
    /** Notices not yet dispatched, oldest first, locked against other instances (skip locked). */
    pendingNotices(limit: number): Promise<PendingNotice[]> {
      return queryRows<PendingNotice>(
        db,
        sql`select n.id, n.category, n.kind, n.title, n.body, n.link, n.object_id as "objectId",
                   n.actor_name as "actorName", n.recipient_id as "recipientId", u.name as "recipientName",
                   nullif(u.email, '') as email, u.department_id as "departmentId",
                   exists (select 1 from user_roles r where r.user_id = u.id and r.role_id = ${ROLE_IDS.admin}) as "isAdmin",
                   s.email_categories as "emailCategories", coalesce(s.digest, false) as digest
            from (select * from notices where dispatched_at is null order by created_at, id limit ${limit}
                  for update skip locked) n
              join users u on u.id = n.recipient_id
              left join notice_user_settings s on s.user_id = n.recipient_id
            order by n.created_at, n.id`,
      );
    },
    async markDispatched(ids: readonly string[], at: Date) {
      if (ids.length === 0) return;
      await db
        .update(notices)
        .set({ dispatchedAt: at })
        .where(inArray(notices.id, [...ids]));
    },
    async insertDeliveries(rows: DeliveryInsert[]) {
      if (rows.length > 0) await db.insert(noticeDeliveries).values(rows);
    },
    /**
     * Takes the deliveries that are due and leases them for 10 minutes (a sender that dies lets them come
     * back); one UPDATE with skip locked, so two instances never take the same one.
     */
    claimDue(limit: number): Promise<DeliveryRow[]> {
      return queryRows<DeliveryRow>(
        db,
        sql`update notice_deliveries d set attempts = d.attempts + 1,
            next_attempt_at = now() + interval '10 minutes'
          where d.id in (select id from notice_deliveries where state = 'pending' and next_attempt_at <= now()
                         order by next_attempt_at limit ${limit} for update skip locked)
          returning d.id, d.notice_id as "noticeId", d.channel, d.target, d.recipient_name as "recipientName",
            d.subject, d.content, d.link, d.state, d.attempts, d.next_attempt_at as "nextAttemptAt",
            d.last_error as "lastError", d.created_at as "createdAt", d.sent_at as "sentAt"`,
      );
    },
    async markSent(id: string, at: Date) {
      await db
        .update(noticeDeliveries)
        .set({ state: 'sent', sentAt: at, lastError: null })
        .where(eq(noticeDeliveries.id, id));
    },
    async markFailed(id: string, input: { error: string; retryAt: Date | null }) {
      await db
        .update(noticeDeliveries)
        .set(
          input.retryAt
            ? { lastError: input.error, nextAttemptAt: input.retryAt }
            : { state: 'failed', lastError: input.error },
        )
        .where(eq(noticeDeliveries.id, id));
    },
    async deliveries(
      filter: { state?: string | undefined; channel?: string | undefined; keyword?: string | undefined },
      paging: { pageNum: number; pageSize: number },
    ) {
      const conditions: SQL[] = [];
      if (filter.state) conditions.push(eq(noticeDeliveries.state, filter.state));
      if (filter.channel) conditions.push(eq(noticeDeliveries.channel, filter.channel));
      if (filter.keyword) {
        const pattern = likePattern(filter.keyword);
        conditions.push(
          sql`(${noticeDeliveries.recipientName} ilike ${pattern} or ${noticeDeliveries.subject} ilike ${pattern})`,
        );
      }
      const where = conditions.length > 0 ? and(...conditions) : sql`true`;
      const { records, total } = await pagedRows<Record<string, unknown>>(
        db,
        sql`select ${tableColumns(noticeDeliveries)} from ${noticeDeliveries} where ${where}
            order by ${noticeDeliveries.createdAt} desc, ${noticeDeliveries.id} desc`,
        paging,
      );
      return { records: records.map((raw) => tableRowOf(noticeDeliveries, raw)), total };
    },
    /** The notices of people who take a daily digest, since their last one, in their categories. */
    digestCandidates(
      day: string,
    ): Promise<{ userId: string; name: string; email: string; titles: string[]; links: string[] }[]> {
      return queryRows(
        db,
        sql`select u.id as "userId", u.name, u.email,
                   array_agg(n.title order by n.created_at) as titles, array_agg(n.link order by n.created_at) as links
            from notice_user_settings s join users u on u.id = s.user_id
              join notices n on n.recipient_id = s.user_id and n.category = any(s.email_categories)
                and n.created_at > coalesce((select max(d.sent_at) from notice_digests d where d.user_id = s.user_id), now() - interval '1 day')
            where s.digest and nullif(u.email, '') is not null
              and not exists (select 1 from notice_digests d where d.user_id = s.user_id and d.day = ${day})
            group by u.id, u.name, u.email`,
      );
    },
    /** Takes the day's digest of a person; false when another instance already did. */
    async claimDigest(userId: string, day: string): Promise<boolean> {
      const rows = await queryRows<{ userId: string }>(
        db,
        sql`insert into notice_digests (user_id, day) values (${userId}, ${day}) on conflict do nothing returning user_id as "userId"`,
      );
      return rows.length > 0;
    },
  };
}
