import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../../../test/app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { notices } from '../../modules/notices/notices.table.ts';
import { notify } from '../../modules/notices/notices.writer.ts';
import { AppError } from '../errors.ts';
import { createJobs, type Jobs } from './jobs.ts';

/**
 * One's own long work (消息中心): a job of a labelled kind ends with exactly one message to the person who
 * started it, written with its end; a kind without a label sends none; a message that cannot be written
 * leaves the job ended as it was. On PostgreSQL when TEST_DATABASE_URL is set (pg-boss dispatching), else PGlite.
 */

const FAST = { heartbeatMs: 50, sweepMs: 100, graceMs: 200 };
const OWNER = 'user-owner';
const OTHER = 'user-other';

let database: Database;
let drop: () => Promise<void> = async () => {};
let jobs: Jobs;
let failingNotify = false;

const messagesOf = (recipientId: string) =>
  database.db.select().from(notices).where(eq(notices.recipientId, recipientId));

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) ({ database, drop } = await freshDatabase());
  else database = await openDatabase({});
  await database.migrate();
  jobs = createJobs({
    database,
    options: FAST,
    notify: async (db, inputs) => {
      // A statement that fails inside the job's ending transaction, as a broken write would.
      if (failingNotify) await db.execute(sql`select 1 / 0`);
      return notify(db, inputs);
    },
  });
  jobs.register('annual-import', {
    payload: z.object({ rows: z.number() }),
    label: '导入年度任务',
    async run({ payload }) {
      if (payload.rows === 0) throw new AppError('UNPROCESSABLE', '第 2 行：年度不能为空');
      return { message: `已导入 ${payload.rows} 条` };
    },
  });
  jobs.register('report', {
    payload: z.object({}),
    label: '生成质量报告',
    failedMessage: '生成失败，请重试',
    async run() {
      throw new Error('disk on fire');
    },
  });
  jobs.register('unlabelled', { payload: z.object({}), run: async () => ({ message: '完成' }) });
  await jobs.start();
});
afterAll(async () => {
  await jobs.stop();
  await database.close();
  await drop();
});

async function run(kind: string, payload: unknown, actorId = OWNER) {
  const job = await jobs.enqueue(kind, { actorId, payload });
  return (await jobs.wait(job.id, 5_000))!;
}

describe('a job’s end as a message to its starter', () => {
  it('a finished import: 「导入完成：…」 with the job’s message, to the starter alone', async () => {
    const job = await run('annual-import', { rows: 12 });
    expect(job.state).toBe('finished');
    const [message, ...more] = await messagesOf(OWNER);
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      category: 'job',
      kind: 'job.finished',
      title: '导入完成：年度任务',
      body: '已导入 12 条',
      link: '',
      objectId: job.id,
      actorId: OWNER,
      readAt: null,
    });
    expect(await messagesOf(OTHER)).toEqual([]);
  });

  it('a failed one: 「导入失败：…」 / 「生成失败：…」 with the failure’s message', async () => {
    const refused = await run('annual-import', { rows: 0 }, OTHER);
    expect(refused.state).toBe('failed');
    const broken = await run('report', {}, OTHER);
    expect(broken.state).toBe('failed');
    const messages = await messagesOf(OTHER);
    expect(messages.map((m) => [m.objectId, m.kind, m.title, m.body]).sort()).toEqual(
      [
        [refused.id, 'job.failed', '导入失败：年度任务', '第 2 行：年度不能为空'],
        [broken.id, 'job.failed', '生成失败：质量报告', '生成失败，请重试'],
      ].sort(),
    );
  });

  it('sends nothing for a kind without a label', async () => {
    const before = (await messagesOf(OWNER)).length;
    expect((await run('unlabelled', {})).state).toBe('finished');
    expect(await messagesOf(OWNER)).toHaveLength(before);
  });

  it('ends the job as it was when its message cannot be written', async () => {
    const before = (await messagesOf(OWNER)).length;
    failingNotify = true;
    try {
      expect(await run('annual-import', { rows: 3 })).toMatchObject({
        state: 'finished',
        message: '已导入 3 条',
      });
      expect(await run('annual-import', { rows: 0 })).toMatchObject({ state: 'failed' });
    } finally {
      failingNotify = false;
    }
    expect(await messagesOf(OWNER)).toHaveLength(before);
  });
});
