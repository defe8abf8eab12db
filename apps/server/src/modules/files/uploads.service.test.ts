import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/app.ts';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { createLocalFileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { uploadChunks, uploads } from './files.table.ts';
import { createUploadsRepo } from './uploads.repo.ts';
import { createUploadsService, type UploadsOptions } from './uploads.service.ts';

const DAY = 86_400_000;
const actor: Actor = {
  userId: 'u-sweep',
  sessionId: 's',
  csrfSecret: 'c',
  roleIds: [],
  menuKeys: new Set(),
  actions: new Set(),
};

let database: Database;
let drop: () => Promise<void>;
let filesDir: string;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-sweep-'));
});
afterAll(async () => {
  await database.close();
  await drop();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const storage = () => createLocalFileStorage(filesDir);
const service = (options: UploadsOptions = {}) =>
  createUploadsService({ repo: createUploadsRepo(database.db), storage: storage(), options });
const folder = (guid: string) => path.join(filesDir, 'uploads', guid);
const guid = () => `g${newId().slice(0, 16)}`;

async function storeChunks(uploadsService: ReturnType<typeof service>, id: string, count: number) {
  for (let chunk = 0; chunk < count; chunk += 1) {
    await uploadsService.storeChunk(actor, {
      guid: id,
      chunk,
      chunks: count,
      bytes: Buffer.from(`chunk ${chunk}`),
    });
  }
}

/** The upload was last touched `ms` ago, by the database clock. */
async function age(id: string, ms: number) {
  await database.db
    .update(uploads)
    .set({ updatedAt: sql`now() - (${ms} * interval '1 millisecond')` })
    .where(eq(uploads.id, id));
}

/** The folder (and what is in it) was last written `ms` ago. */
function ageFolder(id: string, ms: number) {
  const when = new Date(Date.now() - ms);
  for (const name of fs.readdirSync(folder(id))) fs.utimesSync(path.join(folder(id), name), when, when);
  fs.utimesSync(folder(id), when, when);
}

const rowsOf = async (id: string) => ({
  upload: (await database.db.select().from(uploads).where(eq(uploads.id, id))).length,
  chunks: (await database.db.select().from(uploadChunks).where(eq(uploadChunks.uploadId, id))).length,
});

describe('the sweep of abandoned chunks', () => {
  it('removes the chunks, stray files and rows of an upload untouched for a day; a live upload keeps all', async () => {
    const s = service();
    const killed = guid();
    const live = guid();
    await storeChunks(s, killed, 3);
    await storeChunks(s, live, 2);
    // The server died mid-write: a temporary file no chunk row knows of.
    fs.writeFileSync(path.join(folder(killed), '3.4242.tmp'), 'half');
    await age(killed, DAY + 60_000);
    ageFolder(killed, DAY + 60_000);
    // The live upload's files are old too (a slow client); its row was touched an hour ago.
    await age(live, 3_600_000);
    ageFolder(live, 2 * DAY);

    await s.sweep();

    expect(fs.existsSync(folder(killed))).toBe(false);
    expect(await rowsOf(killed)).toEqual({ upload: 0, chunks: 0 });
    expect(fs.readdirSync(folder(live)).sort()).toEqual(['0', '1']);
    expect(await rowsOf(live)).toEqual({ upload: 1, chunks: 2 });
    expect(await s.chunkList(actor, live)).toEqual({ state: 'uploading', received: [0, 1] });
    await s.close();
  });

  it('removes a chunk folder older than a day that no upload owns; younger ones stay', async () => {
    const s = service();
    const orphan = guid();
    const young = guid();
    for (const id of [orphan, young]) {
      fs.mkdirSync(folder(id), { recursive: true });
      fs.writeFileSync(path.join(folder(id), '0'), 'bytes');
    }
    ageFolder(orphan, DAY + 60_000);
    ageFolder(young, DAY - 3_600_000);

    await s.sweep();

    expect(fs.existsSync(folder(orphan))).toBe(false);
    expect(fs.readdirSync(folder(young))).toEqual(['0']);
    fs.rmSync(folder(young), { recursive: true });
    await s.close();
  });

  it('a chunk sent to an upload idle for a day touches it first, so the sweep then leaves it', async () => {
    const s = service();
    const resumed = guid();
    await storeChunks(s, resumed, 1);
    await age(resumed, DAY + 60_000);
    await s.storeChunk(actor, { guid: resumed, chunk: 1, chunks: 2, bytes: Buffer.from('late') });

    await s.sweep();

    expect(await rowsOf(resumed)).toEqual({ upload: 1, chunks: 2 });
    expect(fs.readdirSync(folder(resumed)).sort()).toEqual(['0', '1']);
    await s.close();
  });

  it('runs on its own once started, one sweep at a time, and stops at close', async () => {
    // A clock two days ahead: every folder written now counts as older than a day.
    const s = service({ sweepMs: 20, now: () => Date.now() + 2 * DAY });
    const orphan = guid();
    fs.mkdirSync(folder(orphan), { recursive: true });
    fs.writeFileSync(path.join(folder(orphan), '0'), 'bytes');
    s.start();
    const until = Date.now() + 5_000;
    while (fs.existsSync(folder(orphan)) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(fs.existsSync(folder(orphan))).toBe(false);

    await s.close();
    const later = guid();
    fs.mkdirSync(folder(later), { recursive: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(fs.existsSync(folder(later))).toBe(true);
  });
});
