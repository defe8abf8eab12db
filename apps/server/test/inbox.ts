import { noticeEndpoints as N, type NoticeMessage } from '@eduqa/contract';
import { expect } from 'vitest';
import type { Session } from './app.ts';

/** A person's whole message list (消息中心), newest first. */
export async function inbox(s: Session): Promise<NoticeMessage[]> {
  return (await s.call(N.list, { query: { pageNum: 1, pageSize: 1000 } })).records;
}

/**
 * The messages each person of the world received while `act` ran: what a producer's test checks, so that
 * both who got a message and who got none are exact.
 */
export async function deliveredBy<K extends string>(
  people: Record<K, Session>,
  act: () => Promise<unknown>,
): Promise<Record<K, NoticeMessage[]>> {
  const entries = Object.entries(people) as [K, Session][];
  const before = new Map<K, Set<string>>();
  for (const [name, s] of entries) before.set(name, new Set((await inbox(s)).map((m) => m.id)));
  await act();
  const after = {} as Record<K, NoticeMessage[]>;
  for (const [name, s] of entries) after[name] = (await inbox(s)).filter((m) => !before.get(name)!.has(m.id));
  return after;
}

/** The message a recipient should get, as the tests name it. */
export type Expected = Partial<Pick<NoticeMessage, 'category' | 'kind' | 'title' | 'body' | 'link'>>;

/**
 * Each named person got exactly the expected messages (in any order), everyone else in the world none.
 */
export function expectOnly<K extends string>(
  delivered: Record<K, NoticeMessage[]>,
  expected: Partial<Record<K, Expected[]>>,
) {
  const got = Object.fromEntries(
    Object.entries<NoticeMessage[]>(delivered).map(([name, list]) => [name, list.length]),
  );
  const want = Object.fromEntries(
    Object.keys(delivered).map((name) => [name, (expected as Record<string, Expected[]>)[name]?.length ?? 0]),
  );
  expect(got).toEqual(want);
  for (const [name, list] of Object.entries(expected) as [K, Expected[]][]) {
    expect(delivered[name]).toEqual(
      expect.arrayContaining(list.map((message) => expect.objectContaining(message))),
    );
  }
}
