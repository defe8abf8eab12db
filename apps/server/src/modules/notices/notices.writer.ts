import type { NoticeCategory } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryNamedRows } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';

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

/** The columns `notify` writes, in the order of its arrays. */
const COLUMNS = [
  'id',
  'recipient_id',
  'category',
  'kind',
  'title',
  'body',
  'link',
  'object_id',
  'actor_id',
  'dedupe_key',
] as const;

/**
 * Writes messages on the connection it is given — the producer's transaction, so that a change that rolls
 * back leaves no message. Recipients are resolved by the producer with the object's own access rules.
 * Returns how many rows were written.
 *
 * One statement of fixed text however many messages, each column an array (`unnest`): it is prepared once
 * per connection and needs no query building per write, which kept its cost on a light write (a 督办) at
 * a tenth of the request (`bench:notices`). The actor's name, as it is now, is read by the same statement.
 */
export async function notify(db: Db, inputs: readonly NoticeInput[]): Promise<number> {
  if (!noticeWriting.enabled) return 0;
  const columns: Record<(typeof COLUMNS)[number], (string | null)[]> = Object.fromEntries(
    COLUMNS.map((c) => [c, []]),
  ) as never;
  for (const input of inputs) {
    const actorId = input.actorId ?? null;
    const recipients = [...new Set(input.recipientIds)].filter(
      (id) => id && (input.toSelf || id !== actorId),
    );
    for (const recipientId of recipients) {
      columns.id.push(newId());
      columns.recipient_id.push(recipientId);
      columns.category.push(input.category);
      columns.kind.push(input.kind);
      columns.title.push(input.title);
      columns.body.push(input.body);
      columns.link.push(input.link);
      columns.object_id.push(input.objectId ?? null);
      columns.actor_id.push(actorId);
      columns.dedupe_key.push(input.dedupeKey ?? null);
    }
  }
  if (columns.id.length === 0) return 0;
  const arrays = sql.join(
    COLUMNS.map((c) => sql`${sql.param(columns[c])}::text[]`),
    sql`, `,
  );
  const rows = await queryNamedRows<{ id: string }>(
    db,
    'notify',
    sql`insert into notices (id, recipient_id, category, kind, title, body, link, object_id, actor_id,
          actor_name, dedupe_key)
        select m.id, m.recipient_id, m.category, m.kind, m.title, m.body, m.link, m.object_id, m.actor_id,
               u.name, m.dedupe_key
        from unnest(${arrays}) as m(${sql.raw(COLUMNS.join(', '))})
        left join users u on u.id = m.actor_id
        on conflict (recipient_id, dedupe_key) where dedupe_key is not null do nothing
        returning id`,
  );
  return rows.length;
}

/** What a repository bound to a transaction offers its service: `notify` on that transaction. */
export const noticesOn = (db: Db) => ({
  notify: (inputs: readonly NoticeInput[]) => notify(db, inputs),
});
