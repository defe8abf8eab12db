import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MESSAGES,
  CHUNK_SIZE,
  MAX_UPLOAD_MB,
  MERGE_WAITING,
  ROLE_IDS,
} from '@eduqa/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  multipart,
  pngOfSize,
  postMultipart,
  type Session,
  signIn,
  type TestApp,
  TINY_PNG,
} from '../../../test/app.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { createLocalFileStorage } from '../../platform/file-storage.ts';
import { seedIfEmpty } from '../../seed/seed.ts';
import { files, uploads } from '../files/files.table.ts';
import { createPointFixture, readZip } from './attachments.fixtures.ts';

const UPLOAD = '/api/herm-sjgl/document/upload';
const CHUNK = '/api/herm-sjgl/file/burster/upload';
const CHUNKS = '/api/herm-sjgl/file/burster/chunks';
const MERGE = '/api/herm-sjgl/file/burster/merge';
const DOWNLOAD = '/api/herm-sjgl/file/download';
const ZIP = '/api/herm-sjgl/file/downloadFiles';
const SAVE = '/api/herm-zdgj/quality/uploadFileList';
const DELETE = '/api/herm-zdgj/quality/deleteFile';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const uploadFile = (t: TestApp, session: Session, name: string, bytes: Uint8Array) =>
  postMultipart(t, session, UPLOAD, multipart({ name, bytes }));

const uploadChunk = (
  t: TestApp,
  s: Session,
  guid: string,
  index: number,
  chunks: number,
  bytes: Uint8Array,
) =>
  postMultipart(
    t,
    s,
    CHUNK,
    multipart({ name: 'blob', bytes }, { guid, chunk: String(index), chunks: String(chunks) }),
  );

const chunksOf = (bytes: Buffer) =>
  Array.from({ length: Math.ceil(bytes.length / CHUNK_SIZE) }, (_, i) =>
    bytes.subarray(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE),
  );

const mergeBody = (guid: string, fileName: string, bytes: Buffer) => ({
  guid,
  fileName,
  fName: fileName,
  chunks: chunksOf(bytes).length,
  size: bytes.length,
});

/** Polls the merge every 20 ms (the client: every second) while the answer is 'waitting'. */
async function mergeUntilDone(s: Session, body: ReturnType<typeof mergeBody>) {
  for (let i = 0; i < 500; i += 1) {
    const answer = (await s.post(MERGE, body)).json();
    if (!answer.meta.success || answer.meta.message !== MERGE_WAITING) return answer;
    await sleep(20);
  }
  throw new Error('merge did not end');
}

async function uploadChunked(t: TestApp, s: Session, name: string, bytes: Buffer) {
  const guid = `g${randomBytes(8).toString('hex')}`;
  const chunks = chunksOf(bytes);
  for (const [i, chunk] of chunks.entries()) {
    const answer = (await uploadChunk(t, s, guid, i, chunks.length, chunk)).json();
    expect(answer.meta.success).toBe(true);
  }
  const done = await mergeUntilDone(s, mergeBody(guid, name, bytes));
  return { guid, done };
}

describe('attachments', () => {
  let t: TestApp;
  let charger: Session;
  let sharer: Session;
  let stranger: Session;
  let point: Awaited<ReturnType<typeof createPointFixture>>;
  const pointName = '毕业生就业率';

  beforeAll(async () => {
    t = await createTestApp();
    const publisher = await createUser(t, { roles: [ROLE_IDS.diagnosisPublisher] });
    const chargerUser = await createUser(t);
    const sharerUser = await createUser(t);
    const strangerUser = await createUser(t);
    point = await createPointFixture(t.db, {
      publisherId: publisher.id,
      chargerId: chargerUser.id,
      sharerIds: [sharerUser.id],
      pointName,
    });
    charger = await signIn(t, chargerUser.account, chargerUser.password);
    sharer = await signIn(t, sharerUser.account, sharerUser.password);
    stranger = await signIn(t, strangerUser.account, strangerUser.password);
  });
  afterAll(() => t.close());

  describe('single upload', () => {
    it('refuses a type outside the list with the spec message', async () => {
      const answer = (await uploadFile(t, charger, 'virus.exe', Buffer.from('MZ'))).json();
      expect(answer.meta.success).toBe(false);
      expect(answer.meta.message).toBe(ATTACHMENT_MESSAGES.wrongType(ATTACHMENT_EXTENSIONS));
      expect(answer.meta.message).toBe(
        '只能上传gif、jpg、png、txt、doc、docx、wps、ppt、pptx、xls、xlsx、pdf、rar、zip的文件',
      );
    });

    it('refuses an empty file', async () => {
      const answer = (await uploadFile(t, charger, '空.txt', new Uint8Array())).json();
      expect(answer.meta.success).toBe(false);
      expect(answer.meta.message).toBe('文件为空');
    });

    it('refuses a file above the maximum, naming it', async () => {
      const big = Buffer.alloc(MAX_UPLOAD_MB * 1024 * 1024 + 1, 1);
      const response = await uploadFile(t, charger, '大文件.pdf', big);
      expect(response.json().meta.success).toBe(false);
      expect(response.json().meta.message).toBe(`'大文件.pdf'文件大小超过${MAX_UPLOAD_MB}MB`);
    });

    it('refuses a picture past the pixel limits, or one that is no picture, since pictures are shown inline', async () => {
      const big = (await uploadFile(t, charger, '现场照片.png', pngOfSize(20_000, 20_000))).json();
      expect(big.meta.success).toBe(false);
      expect(big.meta.message).toMatch(/^图片尺寸过大（20000×20000 像素）/);
      const fake = (await uploadFile(t, charger, '现场照片.gif', Buffer.from('png-bytes'))).json();
      expect(fake.meta.message).toBe('图片文件已损坏或格式无法识别');
    });

    it('stores a file and answers its type and id; only the uploader may read it until attached', async () => {
      const bytes = Buffer.from('%PDF-1.4 hello');
      const answer = (await uploadFile(t, charger, '自评报告.PDF', bytes)).json();
      expect(answer.meta.success).toBe(true);
      expect(answer.data).toMatchObject({ fjlx: 'pdf', fileName: '自评报告.PDF', size: bytes.length });
      const own = await charger.get(DOWNLOAD, { id: answer.data.bh });
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(bytes)).toBe(true);
      expect(own.headers['content-disposition']).toMatch(/^inline;/);
      expect(own.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('自评报告.PDF')}`,
      );
      expect((await sharer.get(DOWNLOAD, { id: answer.data.bh })).statusCode).toBe(404);
      expect((await stranger.get(DOWNLOAD, { id: answer.data.bh })).statusCode).toBe(404);
    });
  });

  describe("saving a point's attachments", () => {
    it('lets the charger attach their uploads at a stage; readers download; others get not-found', async () => {
      const png = (await uploadFile(t, charger, '现场照片.png', TINY_PNG)).json().data;
      const doc = (await uploadFile(t, charger, '方案.docx', Buffer.from('docx-bytes'))).json().data;
      const answer = (
        await charger.post(SAVE, {
          zgzkdid: point.assignedPointId,
          objTaskId: point.objectTaskId,
          stage: 'zwzd',
          list: [
            { fileId: png.bh, fileName: '现场照片.png', fileType: 'png' },
            { fileId: doc.bh, fileName: '方案.docx', fileType: 'docx' },
          ],
        })
      ).json();
      expect(answer.meta.success).toBe(true);
      const saved = answer.data.filter((f: { fileId: string }) => [png.bh, doc.bh].includes(f.fileId));
      expect(saved).toHaveLength(2);
      expect(saved[0]).toMatchObject({
        stage: 'diagnosis',
        fileType: 'png',
        url: `${DOWNLOAD}?id=${png.bh}`,
      });

      const image = await sharer.get(DOWNLOAD, { id: png.bh });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-disposition']).toMatch(/^inline;/);
      const word = await sharer.get(DOWNLOAD, { id: doc.bh });
      expect(word.headers['content-disposition']).toMatch(/^attachment;/);
      expect((await stranger.get(DOWNLOAD, { id: png.bh })).statusCode).toBe(404);
    });

    it('maps every stage key', async () => {
      const keys = {
        mbbz: 'standard',
        jcyj: 'warning',
        zjgj: 'diagnosis',
        unfinish: 'unfinish',
        disqualified: 'disqualified',
      };
      for (const [key, stage] of Object.entries(keys)) {
        const file = (await uploadFile(t, charger, `${key}.txt`, Buffer.from(key))).json().data;
        const answer = (
          await charger.post(SAVE, {
            zgzkdid: point.assignedPointId,
            stage: key,
            list: [{ fileId: file.bh, fileName: `${key}.txt`, fileType: 'txt' }],
          })
        ).json();
        expect(answer.data.find((f: { fileId: string }) => f.fileId === file.bh).stage).toBe(stage);
      }
    });

    it('refuses a sharer (reader), a stranger, and a file someone else uploaded', async () => {
      const own = (await uploadFile(t, sharer, '共享人.txt', Buffer.from('x'))).json().data;
      const body = (fileId: string) => ({
        zgzkdid: point.assignedPointId,
        stage: 'mbbz',
        list: [{ fileId, fileName: 'a.txt', fileType: 'txt' }],
      });
      const asSharer = (await sharer.post(SAVE, body(own.bh))).json();
      expect(asSharer.meta.success).toBe(false);
      expect(asSharer.meta.statusCode).toBe(403);
      const asStranger = await stranger.post(SAVE, body(own.bh));
      expect(asStranger.statusCode).toBe(404);
      const foreign = await charger.post(SAVE, body(own.bh));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().meta.message).toBe('附件不存在');
    });

    it('lets the charger delete an attachment, nobody else', async () => {
      const file = (await uploadFile(t, charger, '待删除.txt', Buffer.from('bye'))).json().data;
      await charger.post(SAVE, {
        zgzkdid: point.assignedPointId,
        stage: 'jcyj',
        list: [{ fileId: file.bh, fileName: '待删除.txt', fileType: 'txt' }],
      });
      const target = { zgzkdid: point.assignedPointId, fileId: file.bh };
      expect((await sharer.post(DELETE, target)).json().meta.statusCode).toBe(403);
      expect((await stranger.post(DELETE, target)).statusCode).toBe(404);
      expect((await charger.post(DELETE, target)).json().meta.success).toBe(true);
      expect((await charger.post(DELETE, target)).statusCode).toBe(404);
      expect((await sharer.get(DOWNLOAD, { id: file.bh })).statusCode).toBe(404);
    });
  });

  describe("zip of a point's files", () => {
    it('holds every file with its content under distinct names, named after the point', async () => {
      const other = await createPointFixture(t.db, {
        publisherId: (await createUser(t, { roles: [ROLE_IDS.diagnosisPublisher] })).id,
        chargerId: charger.userId,
        sharerIds: [sharer.userId],
        pointName: '双师型教师比例',
      });
      const contents = [
        { name: 'report.pdf', bytes: randomBytes(3000) },
        { name: 'report.pdf', bytes: randomBytes(1000) },
        { name: '图片.png', bytes: TINY_PNG },
      ];
      const ids: string[] = [];
      for (const file of contents)
        ids.push((await uploadFile(t, charger, file.name, file.bytes)).json().data.bh);
      await charger.post(SAVE, {
        zgzkdid: other.assignedPointId,
        stage: 'zwzd',
        list: ids.map((fileId, i) => ({ fileId, fileName: contents[i]!.name, fileType: 'pdf' })),
      });

      const response = await sharer.get(ZIP, { zgzkdid: other.assignedPointId });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('双师型教师比例支撑附件.zip')}`,
      );
      const entries = readZip(response.rawPayload);
      expect(entries.map((e) => e.name)).toEqual(['report.pdf', 'report(1).pdf', '图片.png']);
      entries.forEach((entry, i) => {
        expect(sha256(entry.bytes)).toBe(sha256(contents[i]!.bytes));
      });

      const some = readZip(
        (await charger.get(ZIP, { zgzkdid: other.assignedPointId, ids: ids[2]! })).rawPayload,
      );
      expect(some.map((e) => e.name)).toEqual(['图片.png']);
      expect((await stranger.get(ZIP, { zgzkdid: other.assignedPointId })).statusCode).toBe(404);
    });
  });

  describe('chunked upload', () => {
    const original = randomBytes(CHUNK_SIZE * 4 + 12_345);

    it('merges once under two concurrent merge calls; the merged file has the original checksum', async () => {
      const guid = `g${randomBytes(8).toString('hex')}`;
      const chunks = chunksOf(original);
      // Three in parallel, as the client does; the first chunk twice (a retried chunk is harmless).
      await Promise.all(chunks.slice(0, 3).map((c, i) => uploadChunk(t, charger, guid, i, chunks.length, c)));
      const again = (await uploadChunk(t, charger, guid, 0, chunks.length, chunks[0]!)).json();
      expect(again.meta.success).toBe(true);
      for (let i = 3; i < chunks.length; i += 1)
        await uploadChunk(t, charger, guid, i, chunks.length, chunks[i]!);

      const body = mergeBody(guid, '大文件.zip', original);
      const [first, second] = await Promise.all([charger.post(MERGE, body), charger.post(MERGE, body)]);
      for (const answer of [first.json(), second.json()]) {
        expect(answer.meta.success).toBe(true);
        expect(answer.meta.message).toBe(MERGE_WAITING);
        expect(answer.data.state).toBe('merging');
      }
      const done = await mergeUntilDone(charger, body);
      expect(done.meta.success).toBe(true);
      expect(done.data).toMatchObject({ state: 'done', fileName: '大文件.zip', size: original.length });
      const stored = await t.db.select().from(files).where(eq(files.name, '大文件.zip'));
      expect(stored).toHaveLength(1);

      const download = await charger.get(DOWNLOAD, { id: done.data.fjId });
      expect(sha256(download.rawPayload)).toBe(sha256(original));
      // Later merge calls answer the same file; a chunk after the merge is refused.
      expect((await charger.post(MERGE, body)).json().data.fjId).toBe(done.data.fjId);
      const late = (await uploadChunk(t, charger, guid, 0, chunks.length, chunks[0]!)).json();
      expect(late.meta.success).toBe(false);
      expect((await charger.get(CHUNKS, { guid })).json().data).toEqual({ state: 'done', received: [] });
    });

    it('keeps another user out of an upload id', async () => {
      const guid = `g${randomBytes(8).toString('hex')}`;
      await uploadChunk(t, charger, guid, 0, 2, Buffer.from('first'));
      expect((await uploadChunk(t, stranger, guid, 1, 2, Buffer.from('evil'))).statusCode).toBe(404);
      expect((await stranger.get(CHUNKS, { guid })).statusCode).toBe(404);
      expect((await stranger.post(MERGE, { guid, fileName: 'a.txt', chunks: 2, size: 9 })).statusCode).toBe(
        404,
      );
      expect((await charger.get(CHUNKS, { guid })).json().data.received).toEqual([0]);
    });

    it('names the missing chunks, and checks type, size and the pixels of a picture at the merge', async () => {
      const guid = `g${randomBytes(8).toString('hex')}`;
      await uploadChunk(t, charger, guid, 0, 3, Buffer.from('abc'));
      const missing = (await charger.post(MERGE, { guid, fileName: 'a.txt', chunks: 3, size: 9 })).json();
      expect(missing.meta.success).toBe(false);
      expect(missing.meta.message).toBe('还有2个分片未上传，请重新上传');

      const bad = `g${randomBytes(8).toString('hex')}`;
      await uploadChunk(t, charger, bad, 0, 1, Buffer.from('MZ'));
      const wrongType = (
        await charger.post(MERGE, { guid: bad, fileName: 'a.exe', chunks: 1, size: 2 })
      ).json();
      expect(wrongType.meta.message).toBe(ATTACHMENT_MESSAGES.wrongType(ATTACHMENT_EXTENSIONS));

      const picture = `g${randomBytes(8).toString('hex')}`;
      const big = pngOfSize(20_000, 20_000);
      await uploadChunk(t, charger, picture, 0, 1, big);
      const tooManyPixels = await mergeUntilDone(charger, mergeBody(picture, '照片.png', big));
      expect(tooManyPixels.meta.success).toBe(false);
      expect(tooManyPixels.meta.message).toMatch(/^图片尺寸过大（20000×20000 像素）/);

      const liar = `g${randomBytes(8).toString('hex')}`;
      await uploadChunk(t, charger, liar, 0, 1, Buffer.from('abc'));
      const size = (await charger.post(MERGE, { guid: liar, fileName: 'a.txt', chunks: 1, size: 4 })).json();
      expect(size.meta.success).toBe(false);

      const tooBig = (
        await uploadChunk(
          t,
          charger,
          `g${randomBytes(8).toString('hex')}`,
          0,
          1,
          Buffer.alloc(CHUNK_SIZE + 1),
        )
      ).json();
      expect(tooBig.meta.success).toBe(false);
    });

    it('attaches a chunked file to a point', async () => {
      const { done } = await uploadChunked(t, charger, '评估材料.rar', original);
      const answer = (
        await charger.post(SAVE, {
          zgzkdid: point.assignedPointId,
          stage: 'disqualified',
          list: [{ fileId: done.data.fjId, fileName: '评估材料.rar', fileType: 'rar' }],
        })
      ).json();
      expect(answer.data.find((f: { fileId: string }) => f.fileId === done.data.fjId)).toMatchObject({
        stage: 'disqualified',
        size: original.length,
      });
      expect(sha256((await sharer.get(DOWNLOAD, { id: done.data.fjId })).rawPayload)).toBe(sha256(original));
    });
  });
});

describe('chunked upload across a server restart', () => {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-restart-'));
  let database: Awaited<ReturnType<typeof openDatabase>>;
  // One object whose app is replaced at each restart, so signed-in sessions keep working.
  const t = {} as TestApp;

  /** A new app on the same database and file storage: the server restarted. */
  async function start() {
    const storage = createLocalFileStorage(filesDir);
    const { app, routes } = await buildApp({
      config: { sessionIdleMs: 3_600_000, sessionMaxMs: 86_400_000, webDist: path.join(filesDir, 'no-web') },
      database,
      storage,
    });
    await app.ready();
    Object.assign(t, { app, routes, db: database.db, close: async () => app.close() });
  }

  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    await seedIfEmpty({ db: database.db, demo: false, adminPassword: ADMIN_PASSWORD });
    await start();
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('resumes an upload killed mid-way: received chunks are listed, the rest sent, the merge matches', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    const original = randomBytes(CHUNK_SIZE * 5 + 777);
    const chunks = chunksOf(original);
    const guid = `g${randomBytes(8).toString('hex')}`;
    await uploadChunk(t, session, guid, 0, chunks.length, chunks[0]!);
    await uploadChunk(t, session, guid, 2, chunks.length, chunks[2]!);

    await t.app.close();
    await start();

    const held = (await session.get(CHUNKS, { guid })).json().data;
    expect(held).toEqual({ state: 'uploading', received: [0, 2] });
    for (const [i, chunk] of chunks.entries()) {
      if (!held.received.includes(i)) await uploadChunk(t, session, guid, i, chunks.length, chunk);
    }
    const done = await mergeUntilDone(session, mergeBody(guid, '断点续传.zip', original));
    expect(done.meta.success).toBe(true);
    expect(sha256((await session.get(DOWNLOAD, { id: done.data.fjId })).rawPayload)).toBe(sha256(original));
  });

  it('takes over a merge the previous server left half done', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    const original = randomBytes(CHUNK_SIZE * 2 + 5);
    const chunks = chunksOf(original);
    const guid = `g${randomBytes(8).toString('hex')}`;
    for (const [i, chunk] of chunks.entries()) await uploadChunk(t, session, guid, i, chunks.length, chunk);
    // The server died right after claiming the merge: state merging, heartbeat long ago.
    await t.db
      .update(uploads)
      .set({
        state: 'merging',
        fileName: '中断.pdf',
        totalChunks: chunks.length,
        size: original.length,
        fileId: `f${randomBytes(8).toString('hex')}`,
        updatedAt: sql`now() - interval '1 hour'`,
      })
      .where(eq(uploads.id, guid));

    await t.app.close();
    await start();

    const done = await mergeUntilDone(session, mergeBody(guid, '中断.pdf', original));
    expect(done.meta.success).toBe(true);
    expect(done.data.fileName).toBe('中断.pdf');
    expect(sha256((await session.get(DOWNLOAD, { id: done.data.fjId })).rawPayload)).toBe(sha256(original));
  });

  it('removes an upload abandoned for a week, with its chunks, at the next start', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    const guid = `g${randomBytes(8).toString('hex')}`;
    await uploadChunk(t, session, guid, 0, 3, Buffer.from('left behind'));
    const chunkFile = path.join(filesDir, 'uploads', guid, '0');
    expect(fs.existsSync(chunkFile)).toBe(true);
    await t.db.update(uploads).set({ updatedAt: sql`now() - interval '8 days'` }).where(eq(uploads.id, guid));

    await t.app.close();
    await start();
    // The clean-up runs in the background after start-up.
    for (let i = 0; i < 100 && fs.existsSync(chunkFile); i += 1) await sleep(20);

    expect(fs.existsSync(chunkFile)).toBe(false);
    expect(await t.db.select().from(uploads).where(eq(uploads.id, guid))).toEqual([]);
  });
});
