import { noticeEndpoints as N } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInstances, createUser, signIn } from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { fillDueIn } from './reminders.fixtures.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) process.stdout.write('reminders.pg.test.ts: TEST_DATABASE_URL is not set, skipped\n');

/**
 * The reminder schedule on PostgreSQL: two instances on one database register the same pg-boss schedule; each
 * minute's tick becomes one job for both, and a fill due tomorrow is reminded once.
 */
describe.skipIf(!url)('到期提醒 across two instances (pg-boss schedule)', () => {
  let deployment: Awaited<ReturnType<typeof createTestInstances>>;

  beforeAll(async () => {
    deployment = await createTestInstances({
      count: 2,
      fileStorage: 'local',
      jobs: [{ pollSeconds: 0.5 }, { pollSeconds: 0.5 }],
      notices: { reminders: true, delivery: false, reminderEveryMinutes: 1 },
    });
  }, 120_000);
  afterAll(() => deployment?.close());

  it('fires each tick on one instance, and the fill is reminded once', async () => {
    const [a] = deployment.instances;
    const filler = await createUser(a!, { heads: true });
    const session = await signIn(a!, filler.account, filler.password);
    await fillDueIn(a!.db, {
      fillerId: filler.id,
      departmentId: filler.departmentId!,
      daysLeft: 1,
      name: '明天截止的采集',
    });
    const list = () => session.call(N.list, { query: { pageNum: 1, pageSize: 10, category: 'reminder' } });
    const deadline = Date.now() + 150_000;
    while ((await list()).total === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const jobs = () =>
      queryRows<{ state: string; minute: string }>(
        a!.db,
        sql`select state, date_trunc('minute', created_on)::text as minute from pgboss.job
            where name = 'notice-reminders'`,
      );
    // Let the other instance's worker poll past the tick too.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const page = await list();
    expect(page.total).toBe(1);
    expect(page.records[0]!.title).toBe('填报提醒：明天截止的采集');
    const ticks = await jobs();
    expect(ticks.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ticks.map((j) => j.minute)).size).toBe(ticks.length);
    expect(ticks.filter((j) => j.state === 'completed').length).toBeGreaterThanOrEqual(1);
  }, 200_000);
});
