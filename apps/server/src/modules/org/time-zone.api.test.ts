import {
  authEndpoints,
  collectEndpoints,
  DEFAULT_APP_ID,
  DEFAULT_TIME_ZONE,
  formatZonedDateTime,
  homeEndpoints,
  orgEndpoints,
  TIME_ZONE_INVALID,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { setSchoolTimeZone } from '../../platform/time.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';

/** 时区 (issue 26): the setting, its check, and the times and days that follow it. */
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await signIn(t, 'admin', DEMO_PASSWORD);
}, 180_000);
afterAll(async () => {
  await t?.close();
  // The next file of this worker starts on the default, as its own app would load it.
  setSchoolTimeZone(DEFAULT_TIME_ZONE);
});

const params = { appId: DEFAULT_APP_ID };
const saveZone = (session: Session, timeZone: string) =>
  session.send(orgEndpoints.adminUpdateTimeZone, { params, body: { timeZone } });
const storedZone = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/user/systemSetting/${DEFAULT_APP_ID}` })).json().data
    .timeZone;

async function exportedTexts(taskId: string): Promise<string[]> {
  const response = await admin.send(collectEndpoints.allocationExport, { query: { taskId } });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const texts: string[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') texts.push(cell.value);
      });
    });
  });
  return texts;
}

describe('时区', () => {
  it('is 北京时间 until the administrator chooses, and refuses a zone no one knows, in Chinese', async () => {
    expect(await storedZone()).toBe('Asia/Shanghai');
    for (const bad of ['Mars/Olympus', '+08:00', 'UTC+8', "Asia/Shanghai'; drop table users; --"]) {
      const response = await saveZone(admin, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().meta.message).toBe(TIME_ZONE_INVALID);
    }
    const teacher = await signIn(t, 'yanbo', DEMO_PASSWORD);
    expect((await saveZone(teacher, 'UTC')).json().meta).toMatchObject({ success: false, statusCode: 403 });
    expect(await storedZone()).toBe('Asia/Shanghai');
  });

  it('moves the exported times, the session and the days counted in SQL to the chosen zone', async () => {
    const yanbo = await signIn(t, 'yanbo', DEMO_PASSWORD);
    // A deadline at 20:00 UTC: the same day in UTC, already the next day in Beijing.
    const [deadline] = (await yanbo.call(homeEndpoints.workbench)).deadlines.filter(
      (d) => d.kind === 'collectTask',
    );
    const today = new Date();
    const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 3, 20));
    await t.db.execute(sql`update collect_tasks set deadline = ${at.toISOString()}::timestamptz
      where id = ${deadline!.taskId}`);
    const utcDay = at.toISOString().slice(0, 10);
    const beijingDay = new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10);
    const endDate = async () =>
      (await yanbo.call(homeEndpoints.workbench)).deadlines.find((d) => d.taskId === deadline!.taskId)
        ?.endDate;
    expect(await endDate()).toBe(beijingDay);

    const [fill] = await queryRows<{ taskId: string; ms: number }>(
      t.db,
      sql`select ft.task_id as "taskId", (extract(epoch from ft.committed_at) * 1000)::float8 as ms
          from fill_tasks ft where ft.committed_at is not null order by ft.committed_at limit 1`,
    );
    expect(await exportedTexts(fill!.taskId)).toContain(formatZonedDateTime(fill!.ms, 'Asia/Shanghai'));

    const saved = await admin.call(orgEndpoints.adminUpdateTimeZone, { params, body: { timeZone: 'utc' } });
    expect(saved.timeZone).toBe('UTC');
    expect(await storedZone()).toBe('UTC');
    expect((await admin.call(authEndpoints.tryLoginUserInfo)).timeZone).toBe('UTC');
    expect(await exportedTexts(fill!.taskId)).toContain(formatZonedDateTime(fill!.ms, 'UTC'));
    expect(await endDate()).toBe(utcDay);

    const tokyo = await admin.call(orgEndpoints.adminUpdateTimeZone, {
      params,
      body: { timeZone: 'Asia/Tokyo' },
    });
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    expect(await exportedTexts(fill!.taskId)).toContain(formatZonedDateTime(fill!.ms, 'Asia/Tokyo'));
    expect(await endDate()).toBe(beijingDay);
  });
});
