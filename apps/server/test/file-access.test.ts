import { randomBytes } from 'node:crypto';
import {
  CHUNK_SIZE,
  diagnosisEndpoints as D,
  DOCUMENT_DOWNLOAD_PATH,
  goalsEndpoints as G,
  MERGE_WAITING,
  type ProgressReportWire,
  goalReportsEndpoints as R,
  type ReportJob,
  ROLE_IDS,
  type TargetReport,
  type TaskNodeWire,
} from '@eduqa/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, setupTask } from '../src/modules/diagnosis/diagnosis.fixtures.ts';
import {
  createTask,
  createYearTarget,
  day,
  API as GOALS_API,
  type GoalWorld,
  ok,
  startGoalWorld,
  taskBody,
} from '../src/modules/goals/goals.fixtures.ts';
import {
  createTestApp,
  createUser,
  csrfQuery,
  multipart,
  type Session,
  signIn,
  type TestApp,
} from './app.ts';

/**
 * Issue 10, item 1: a stored file is served only by the route of the object that owns it, after that
 * object's access check; `document/download` serves none of them (only the logo and avatars).
 *
 * Every owner and its file are made through the real routes. For each owner type the rightful users get
 * the bytes from the owner's route (so the route is not simply refusing everyone), four foreign users are
 * refused there, and `document/download` refuses the file to all of them, the rightful users included.
 *
 * The removed sharer is someone who could read the file and lost that right:
 * - diagnosis (attachment, chunked upload): a sharer of the object task, removed by the publisher through
 *   `obj/updatePushedCharger` (the charger/sharer route);
 * - goals (task file, progress file, report): goal tasks have no sharers. What gives a user a task beyond
 *   their department is being its principal, so the nearest equivalent is a former principal, replaced
 *   by the creator through `targetTask/update`. (A collaborating department's head would be the other
 *   candidate, but collaborators never see a task's report, so removing one would prove nothing there.)
 *   Files are uploaded by other users, so the former principal is not kept in by being the uploader.
 * Before the removal each removed sharer is answered the bytes, so the removal is what refuses them.
 */

const OWNERS = [
  'diagnosis attachment',
  'chunked upload',
  'goal task file',
  'progress file',
  'generated report',
] as const;
type OwnerKind = (typeof OWNERS)[number];
const FOREIGN = ['no menus', 'other department head', 'removed sharer', 'outside expert'] as const;
type ForeignKind = (typeof FOREIGN)[number];

interface OwnedFile {
  /** The stored file's id: what `document/download?attachmentId=` is asked for. */
  fileId: string;
  /** The bytes the owner's route serves. */
  expected: Buffer;
  /** The owner's download route, as the given user. */
  fetch(session: Session): Promise<LightMyRequestResponse>;
  /** Those who must get the file: its owner (charger, principal) and the head of the owning department. */
  rightful: Array<{ who: string; session: Session }>;
  removedSharer: Session;
  /** The removed sharer's answer while they still had access. */
  answerBeforeRemoval: LightMyRequestResponse;
}

let t: TestApp;
const owned = {} as Record<OwnerKind, OwnedFile>;
const foreign = {} as Record<Exclude<ForeignKind, 'removed sharer'>, Session>;

const foreignUser = (kind: OwnerKind, who: ForeignKind) =>
  who === 'removed sharer' ? owned[kind].removedSharer : foreign[who];

const marker = (label: string) => Buffer.from(`${label}：${randomBytes(6).toString('hex')}`);

async function session(roles: string[], heads = false) {
  const user = await createUser(t, { roles, heads });
  return signIn(t, user.account, user.password);
}

function postFile(s: Session, url: string, file: { name: string; bytes: Uint8Array }, fields = {}) {
  const body = multipart(file, fields);
  return t.app.inject({
    method: 'POST',
    url,
    query: csrfQuery(s.csrfSecret),
    headers: { ...body.headers, cookie: s.cookie },
    payload: body.payload,
  });
}

/** A file sent in chunks of CHUNK_SIZE, then merged; the merge is polled while it answers 'waitting'. */
async function uploadInChunks(s: Session, name: string, bytes: Buffer): Promise<string> {
  const guid = `g${randomBytes(8).toString('hex')}`;
  const chunks = Math.ceil(bytes.length / CHUNK_SIZE);
  for (let i = 0; i < chunks; i += 1) {
    const chunk = bytes.subarray(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE);
    const fields = { guid, chunk: String(i), chunks: String(chunks) };
    ok(await postFile(s, D.chunkUpload.path, { name: 'blob', bytes: chunk }, fields));
  }
  const body = { guid, fileName: name, fName: name, chunks, size: bytes.length };
  for (let i = 0; i < 500; i += 1) {
    const answer = await s.post(D.chunkMerge.path, body);
    if (answer.json().meta.message !== MERGE_WAITING) return ok<{ fjId: string }>(answer).fjId;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the merge did not end');
}

/**
 * A teacher object's task (charger, one sharer, the head of the object's department) with a single
 * upload and a chunked upload attached to one of its points; then the sharer is removed.
 */
async function diagnosisFiles(): Promise<Record<'diagnosis attachment' | 'chunked upload', OwnedFile>> {
  const w = await buildWorld(t);
  const task = await setupTask(w);
  const single = marker('诊断附件');
  const { bh } = ok<{ bh: string }>(
    await postFile(w.charger, D.upload.path, { name: '自评报告.txt', bytes: single }),
  );
  // Two chunks and a bit: the merged file is assembled from several stored pieces.
  const large = Buffer.concat([marker('分片上传'), Buffer.alloc(CHUNK_SIZE + 1024, 0x61)]);
  const fjId = await uploadInChunks(w.charger, '佐证材料.txt', large);
  ok(
    await w.charger.post(D.fileList.path, {
      zgzkdid: task.pointIds.rate,
      objTaskId: task.objectTaskId,
      stage: 'zwzd',
      list: [
        { fileId: bh, fileName: '自评报告.txt', fileType: 'txt' },
        { fileId: fjId, fileName: '佐证材料.txt', fileType: 'txt' },
      ],
    }),
  );
  const fetch = (id: string) => (s: Session) => s.get(D.fileDownload.path, { id });
  const before = { single: await fetch(bh)(w.sharer), chunked: await fetch(fjId)(w.sharer) };
  ok(
    await w.publisher.post(D.objectTaskCharger.path, {
      id: task.objectTaskId,
      chargerId: w.charger.userId,
      sharerIds: [],
    }),
  );
  const rightful = [
    { who: 'the charger', session: w.charger },
    { who: "the head of the object's department", session: w.head },
  ];
  const common = { rightful, removedSharer: w.sharer };
  return {
    'diagnosis attachment': {
      ...common,
      fileId: bh,
      expected: single,
      fetch: fetch(bh),
      answerBeforeRemoval: before.single,
    },
    'chunked upload': {
      ...common,
      fileId: fjId,
      expected: large,
      fetch: fetch(fjId),
      answerBeforeRemoval: before.chunked,
    },
  };
}

/**
 * A task led by `former`, with a node of `w.principal` executing after the decomposition audit: the
 * department head submits and moves what a task principal moves, so `former` holds nothing but the
 * task's principal seat (no node of his keeps the task visible to him after he is replaced).
 */
async function executingTask(w: GoalWorld, formerId: string) {
  const target = await createYearTarget(w);
  const task = await createTask(w, target.id, { principalId: formerId });
  const node = ok<TaskNodeWire>(
    await w.head.post(`${GOALS_API}/targetTaskNode`, {
      taskId: task.id,
      name: '调研与方案',
      startDate: day(-20),
      endDate: day(20),
      principalId: w.principal.userId,
    }),
  );
  ok(await w.head.post(`${GOALS_API}/targetTaskAudit`, { taskId: task.id }));
  ok(await w.creator.post(`${GOALS_API}/targetTaskAudit/update`, { taskId: task.id, auditState: 1 }));
  for (const [s, event] of [
    [w.head, 'push'],
    [w.principal, 'accept'],
    [w.principal, 'resolve'],
    [w.head, 'define'],
  ] as const) {
    ok(await s.post(`${GOALS_API}/targetTaskNode/transition`, { id: node.id, event }));
  }
  return { yearTargetId: target.id, taskId: task.id, nodeId: node.id };
}

/** The task's report, generated by the department head as a job polled to its end. */
async function generatedReport(head: Session, taskId: string) {
  let job = ok<ReportJob>(await head.post(R.generateReport.path, { taskId }));
  for (let i = 0; i < 400 && job.state === 'running'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    job = ok<ReportJob>(await head.get(R.futureTaskResult.path, { id: job.id }));
  }
  expect(job.state).toBe('done');
  const report = ok<TargetReport>(await head.get(R.reportByTask.path, { taskId }));
  const fetch = (s: Session) => s.get(R.download.path, { id: report.id! });
  const first = await fetch(head);
  expect(first.statusCode, first.body).toBe(200);
  return { fileId: report.fileId!, expected: first.rawPayload, fetch };
}

/** A goal task's support file (attached by its creator), a progress report's file and the task's report. */
async function goalFiles(): Promise<
  Record<'goal task file' | 'progress file' | 'generated report', OwnedFile>
> {
  const w = await startGoalWorld(t);
  const former = await session([ROLE_IDS.targetTaskPrincipal]);
  const task = await executingTask(w, former.userId);
  const upload = async (s: Session, name: string, bytes: Buffer) =>
    ok<{ fileId: string }>(await postFile(s, G.fileUpload.path, { name, bytes })).fileId;
  const linkFetch = (linkId: string) => (s: Session) => s.get(G.fileDownload.path, { id: linkId });

  const support = marker('目标任务附件');
  const supportId = await upload(w.creator, '方案.txt', support);
  const [link] = ok<Array<{ id: string }>>(
    await w.creator.post(`${GOALS_API}/targetTaskFile`, {
      ownerType: 'YearTask',
      ownerId: task.taskId,
      fileType: 'targetSupportDocument',
      fileIds: [supportId],
    }),
  );
  const progress = marker('进度附件');
  const progressId = await upload(w.principal, '进度.txt', progress);
  const reported = ok<ProgressReportWire>(
    await w.principal.post(`${GOALS_API}/targetTaskProgress`, {
      nodeId: task.nodeId,
      type: 'process',
      content: '阶段进展',
      fileIds: [progressId],
    }),
  );
  const report = await generatedReport(w.head, task.taskId);

  const files = {
    'goal task file': { fileId: supportId, expected: support, fetch: linkFetch(link!.id) },
    'progress file': { fileId: progressId, expected: progress, fetch: linkFetch(reported.files[0]!.id) },
    'generated report': report,
  };
  const before = {
    'goal task file': await files['goal task file'].fetch(former),
    'progress file': await files['progress file'].fetch(former),
    'generated report': await report.fetch(former),
  };
  ok(
    await w.creator.post(`${GOALS_API}/targetTask/update`, {
      ...taskBody(w, task.yearTargetId, { principalId: w.principal.userId }),
      id: task.taskId,
    }),
  );
  const rightful = [
    { who: 'the principal', session: w.principal },
    { who: 'the head of the responsible department', session: w.head },
  ];
  const own = (kind: keyof typeof files): OwnedFile => ({
    ...files[kind],
    rightful,
    removedSharer: former,
    answerBeforeRemoval: before[kind],
  });
  return {
    'goal task file': own('goal task file'),
    'progress file': own('progress file'),
    'generated report': own('generated report'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  // Everyone but the outside expert holds the menus of both areas, so their refusal is the owner's check.
  foreign['no menus'] = await session([]);
  foreign['other department head'] = await session(
    [ROLE_IDS.diagnosisObject, ROLE_IDS.targetTaskDepartPrincipal],
    true,
  );
  foreign['outside expert'] = await session([ROLE_IDS.outsideExpert]);
  Object.assign(owned, await diagnosisFiles(), await goalFiles());
});
afterAll(() => t.close());

/** Refused in the envelope with a Chinese message: 403 (HTTP 200, the spec's way) or 404; no bytes. */
function expectRefused(answer: LightMyRequestResponse, file: OwnedFile) {
  expect(answer.headers['content-type'], answer.body).toMatch(/^application\/json/);
  const envelope = answer.json() as { meta: { success: boolean; message: string; statusCode: number } };
  expect(envelope.meta.success, answer.body).toBe(false);
  expect([
    [200, 403],
    [404, 404],
  ]).toContainEqual([answer.statusCode, envelope.meta.statusCode]);
  expect(envelope.meta.message).toMatch(/\p{Script=Han}/u);
  expect(answer.rawPayload.includes(file.expected)).toBe(false);
}

function expectServed(answer: LightMyRequestResponse, file: OwnedFile) {
  expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
  expect(answer.rawPayload.equals(file.expected)).toBe(true);
}

const documentDownload = (fileId: string, s: Session) =>
  t.app.inject({
    method: 'GET',
    url: DOCUMENT_DOWNLOAD_PATH,
    query: { attachmentId: fileId },
    headers: { cookie: s.cookie },
  });

describe("a file is served by its owner's route", () => {
  it.each(OWNERS)('%s: the rightful users get the bytes', async (kind) => {
    const file = owned[kind];
    for (const { who, session } of file.rightful) {
      const answer = await file.fetch(session);
      expect(answer.statusCode, `${who}: ${answer.body.slice(0, 200)}`).toBe(200);
      expectServed(answer, file);
    }
  });

  it.each(OWNERS)('%s: the removed sharer got the bytes before the removal', (kind) => {
    expectServed(owned[kind].answerBeforeRemoval, owned[kind]);
  });

  const matrix = OWNERS.flatMap((kind) => FOREIGN.map((who) => [kind, who] as const));
  it.each(matrix)('%s: refused to a foreign user (%s)', async (kind, who) => {
    const file = owned[kind];
    expectRefused(await file.fetch(foreignUser(kind, who)), file);
  });
});

describe('document/download', () => {
  it.each(OWNERS)('%s: refused to the rightful and every foreign user, as missing', async (kind) => {
    const file = owned[kind];
    const callers = [...file.rightful, ...FOREIGN.map((who) => ({ who, session: foreignUser(kind, who) }))];
    for (const { who, session } of callers) {
      const answer = await documentDownload(file.fileId, session);
      expect(answer.statusCode, who).toBe(404);
      expect(answer.json().meta.message, who).toBe('附件不存在');
      expect(answer.rawPayload.includes(file.expected), who).toBe(false);
    }
  });
});
