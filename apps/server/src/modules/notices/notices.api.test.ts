import { noticeEndpoints as N, type NoticeMessage, noticeLinks } from '@eduqa/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/app.ts';
import { API, createYearTarget, type GoalWorld, ok, startGoalWorld } from '../goals/goals.fixtures.ts';
import { notices } from './notices.table.ts';
import { notify } from './notices.writer.ts';

/**
 * 消息中心 end to end on its first producer, 督办: who receives the message (those who answer for the urged
 * department, no one else), what it says, and reading it; the writer's transaction and dedupe rules.
 */
let w: GoalWorld;
beforeAll(async () => {
  w = await startGoalWorld();
}, 120_000);
afterAll(() => w?.t.close());

const bell = (s: Session) => s.call(N.bell);
const messages = (s: Session, query: { category?: 'urge'; read?: 'unread' | 'read' } = {}) =>
  s.call(N.list, { query: { pageNum: 1, pageSize: 50, ...query } });

describe('督办 as a message', () => {
  let urged: NoticeMessage;

  it('reaches the urged department’s head and auditor, and no one else', async () => {
    const target = await createYearTarget(w, '提升专业建设水平');
    ok(
      await w.creator.post(`${API}/yearTargetUrge/batchInsert`, {
        list: [
          {
            yearTargetId: target.id,
            departmentId: w.departmentId,
            currentStatus: 2,
            content: '请尽快分解目标',
          },
        ],
      }),
    );
    const head = await bell(w.head);
    expect(head.unread).toBe(1);
    urged = head.latest[0]!;
    expect(urged).toMatchObject({
      category: 'urge',
      kind: 'goal.urge',
      title: '督办：提升专业建设水平',
      link: noticeLinks.urges(),
      read: false,
    });
    expect(urged.body).toMatch(/^督办.+：请尽快分解目标$/);
    expect(urged.actorName).toBeTruthy();
    expect((await bell(w.auditor)).unread).toBe(1);
    for (const other of [w.creator, w.otherPublisher, w.principal, w.collaborator, w.outsider]) {
      expect((await bell(other)).unread).toBe(0);
    }
  });

  it('filters by category and read state, and is marked read by its recipient only', async () => {
    expect((await messages(w.head, { category: 'urge', read: 'unread' })).total).toBe(1);
    const other = await w.outsider.send(N.read, { params: { id: urged.id } });
    expect(other.statusCode).toBe(404);
    expect(other.json().meta.message).toBe('消息不存在');
    const read = await w.head.call(N.read, { params: { id: urged.id } });
    expect(read.read).toBe(true);
    expect((await bell(w.head)).unread).toBe(0);
    expect((await messages(w.head, { read: 'read' })).records.map((m) => m.id)).toEqual([urged.id]);
    expect((await messages(w.head, { read: 'unread' })).total).toBe(0);
    expect((await bell(w.auditor)).unread).toBe(1);
    expect(await w.auditor.call(N.readAll)).toEqual({ count: 1 });
    expect(await w.auditor.call(N.readAll)).toEqual({ count: 0 });
  });

  it('pages the list newest first with the total of every page, as the bell reads it', async () => {
    const base = Date.parse('2026-03-01T08:00:00Z');
    await w.t.db.insert(notices).values(
      [0, 1, 2, 3, 4].map((i) => ({
        id: `paged-${i}`,
        recipientId: w.outsider.userId,
        category: 'reminder',
        kind: 'test.paged',
        title: `提醒${i}`,
        createdAt: new Date(base + (i % 3) * 60_000),
        ...(i === 4 ? { readAt: new Date(base) } : {}),
      })),
    );
    const page = (pageNum: number, read?: 'read' | 'unread') =>
      w.outsider.call(N.list, { query: { pageNum, pageSize: 2, ...(read ? { read } : {}) } });
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((p) => [p.total, p.records.length])).toEqual([
      [5, 2],
      [5, 2],
      [5, 1],
      [5, 0],
    ]);
    const listed = pages.flatMap((p) => p.records);
    expect(listed.map((m) => m.id)).toEqual(['paged-2', 'paged-4', 'paged-1', 'paged-3', 'paged-0']);
    expect(listed).toEqual((await bell(w.outsider)).latest);
    expect((await page(1, 'read')).records.map((m) => [m.id, m.read])).toEqual([['paged-4', true]]);
    expect((await page(3, 'unread')).total).toBe(4);
    await w.t.db.delete(notices).where(eq(notices.kind, 'test.paged'));
  });

  it('answers a bad filter with a Chinese 400', async () => {
    const bad = await w.head.get('/api/user/notices', { category: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().meta.message).toContain('消息类别不正确');
  });
});

describe('the writer', () => {
  const input = (over: Partial<Parameters<typeof notify>[1][number]> = {}) => ({
    recipientIds: [w.head.userId, w.head.userId, w.creator.userId],
    category: 'reminder' as const,
    kind: 'test.reminder',
    title: '提醒',
    body: '',
    link: '',
    actorId: w.creator.userId,
    ...over,
  });

  it('writes nothing for a change that rolled back', async () => {
    const before = (await w.t.db.select().from(notices)).length;
    await expect(
      w.t.db.transaction(async (tx) => {
        await notify(tx, [input()]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await w.t.db.select().from(notices)).length).toBe(before);
  });

  it('skips the actor and repeated recipients, and writes a keyed message once', async () => {
    expect(await notify(w.t.db, [input({ dedupeKey: 'fill:1:due-1' })])).toBe(1);
    expect(await notify(w.t.db, [input({ dedupeKey: 'fill:1:due-1' })])).toBe(0);
    expect(await notify(w.t.db, [input({ toSelf: true, dedupeKey: 'fill:1:due-1' })])).toBe(1);
  });
});
