import zlib from 'node:zlib';
import { backupEndpoints, backupFutureTasks, type FutureTask } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  refused,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

async function waitForBackup(taskId: string, timeoutMs = 60_000): Promise<FutureTask> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = await admin.call(backupFutureTasks.result, { query: { taskId } });
    if (job.state === 'finished' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('backup job did not end');
}

describe('备份与恢复 on the screen', () => {
  it('backs up as a job, lists the archive with who and what, and downloads it', async () => {
    expect(await admin.call(backupEndpoints.list, {})).toEqual([]);
    const { taskId } = await admin.call(backupEndpoints.start, {});
    const job = await waitForBackup(taskId);
    expect(job, job.message).toMatchObject({ state: 'finished', progress: 100 });

    const [archive, ...others] = await admin.call(backupEndpoints.list, {});
    expect(others).toEqual([]);
    expect(archive).toMatchObject({ name: expect.stringMatching(/^eduqa-backup-\d{8}-\d{6}\.tar\.gz$/) });
    expect(archive?.createdByName).toBeTruthy();
    expect(archive?.rows).toBeGreaterThan(0);

    const answer = await admin.send(backupEndpoints.download, { query: { name: archive!.name } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/gzip');
    expect(answer.rawPayload.length).toBe(archive!.size);
    const tar = zlib.gunzipSync(answer.rawPayload);
    expect(tar.includes(Buffer.from('manifest.json'))).toBe(true);
  });

  it('refuses a name that is not an archive, a missing one, and anyone without 系统设置', async () => {
    await refused(admin.call(backupEndpoints.download, { query: { name: '../pglite/PG_VERSION' } }), 400);
    await refused(
      admin.call(backupEndpoints.download, { query: { name: 'eduqa-backup-20200101-000000.tar.gz' } }),
      404,
    );
    const user = await createUser(t);
    const other = await signIn(t, user.account, user.password);
    await refused(other.call(backupEndpoints.list, {}), 403);
    await refused(other.call(backupEndpoints.start, {}), 403);
  });
});
