import type { NoticeCategory } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { notices } from './notices.table.ts';

const NOTIFY_CHUNK = 2_000;

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

/**
 * Writes messages on the connection it is given — the producer's transaction, so that a change that rolls
 * back leaves no message. Recipients are resolved by the producer with the object's own access rules.
 * Returns how many rows were written.
 */
export async function notify(db: Db, inputs: readonly NoticeInput[]): Promise<number> {
  const rows = inputs.flatMap((input) => {
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
      // The name as it is now, read by the insert itself: no round trip of its own.
      actorName: actorId === null ? null : sql<string>`(select name from users where id = ${actorId})`,
      dedupeKey: input.dedupeKey ?? null,
    }));
  });
  let written = 0;
  // A row binds 11 parameters: chunks keep a statement far below PostgreSQL's 65,535.
  for (let i = 0; i < rows.length; i += NOTIFY_CHUNK) {
    const inserted = await db
      .insert(notices)
      .values(rows.slice(i, i + NOTIFY_CHUNK))
      .onConflictDoNothing({
        target: [notices.recipientId, notices.dedupeKey],
        where: sql`${notices.dedupeKey} is not null`,
      })
      .returning({ id: notices.id });
    written += inserted.length;
  }
  return written;
}

/** What a repository bound to a transaction offers its service: `notify` on that transaction. */
export const noticesOn = (db: Db) => ({
  notify: (inputs: readonly NoticeInput[]) => notify(db, inputs),
});
