import type { NoticeCategory } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryNamedRows } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { recordsetOf } from '../../platform/sql.ts';
import { notices } from './notices.table.ts';

/**
 * Benchmarks turn the writes off to measure what messages cost a write (`bench:notices`, `bench:forms-commit`
 * with BENCH_NOTICES=off); nothing in the app does.
 */
export const noticeWriting = { enabled: true };

/** One message as a producer writes it: to whom, about what, in the reader's words. */
export interface NoticeInput {
  /** Each recipient gets its own row; duplicates and the actor themselves are dropped (see `toSelf`). */
  recipientIds: readonly string[];
  category: NoticeCategory;
  /** The event, e.g. `goal.urge`; tests and delivery settings tell events apart by it. */
  kind: string;
  /** The event and the object, e.g. 「督办：提升专业建设水平」. */
  title: string;
  /** Who did what, with the reason where there is one. */
  body: string;
  /** A path of the web app (`noticeLinks`), or '' for none. */
  link: string;
  objectId?: string | null;
  /** Who caused it (their name is kept as it is now); null for the system (a reminder, a job). */
  actorId?: string | null;
  /** The person's own work (an import that ended): sent to the actor too. */
  toSelf?: boolean;
  /** Written at most once per recipient and key (a reminder); a second write is skipped. */
  dedupeKey?: string;
}

/** The columns `notify` writes from its rows; the actor's name is read by the statement. */
const NOTICE_KEYS = [
  'id',
  'recipientId',
  'category',
  'kind',
  'title',
  'body',
  'link',
  'objectId',
  'actorId',
  'dedupeKey',
] as const;

type NoticeRow = Pick<typeof notices.$inferInsert, (typeof NOTICE_KEYS)[number]>;

/** The rows of these messages: one per recipient (duplicates and the actor dropped); none while writing is off. */
export function noticeRows(inputs: readonly NoticeInput[]): NoticeRow[] {
  if (!noticeWriting.enabled) return [];
  return inputs.flatMap((input) => {
    const actorId = input.actorId ?? null;
    const recipients = [...new Set(input.recipientIds)].filter(
      (id) => id && (input.toSelf || id !== actorId),
    );
    return recipients.map((recipientId) => ({
      id: newId(),
      recipientId,
      category: input.category,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
      objectId: input.objectId ?? null,
      actorId,
      dedupeKey: input.dedupeKey ?? null,
    }));
  });
}

/**
 * The insert of `notify`, of fixed text whatever the rows (one JSON parameter), returning the ids written.
 * A write at a deadline (a fill's commit) runs it as a part of its own statement, to spare a round trip.
 */
export function insertNotices(rows: readonly NoticeRow[]) {
  const m = recordsetOf(notices, NOTICE_KEYS, rows, 'm');
  return sql`insert into ${notices} (${m.columns}, actor_name)
      select m.*, u.name from ${m.from}
      left join users u on u.id = m.actor_id
      on conflict (recipient_id, dedupe_key) where dedupe_key is not null do nothing
      returning id`;
}

/**
 * Writes messages on the connection it is given — the producer's transaction, so that a change that rolls
 * back leaves no message. Recipients are resolved by the producer with the object's own access rules.
 * Returns how many rows were written.
 *
 * One statement of fixed text however many messages, its rows one JSON parameter (`json_to_recordset`):
 * prepared once per connection, with no query building per write. Of the forms measured it cost least
 * (0.09 ms a message inside a transaction, against 0.3 ms for arrays through `unnest`). The actor's name,
 * as it is now, is read by the same statement.
 */
export async function notify(db: Db, inputs: readonly NoticeInput[]): Promise<number> {
  const rows = noticeRows(inputs);
  if (rows.length === 0) return 0;
  const written = await queryNamedRows<{ id: string }>(db, 'notify', insertNotices(rows));
  return written.length;
}

/** What a repository bound to a transaction offers its service: `notify` on that transaction. */
export const noticesOn = (db: Db) => ({
  notify: (inputs: readonly NoticeInput[]) => notify(db, inputs),
});
