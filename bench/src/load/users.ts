/**
 * The timed phase: each virtual user opens the pages of its kind — the API calls the web app makes for
 * them, sent together as the page sends them — with 1–3 s to think between, and now and then writes:
 * a point's result (quality/updateupjgz), its fill draft (datas/updateOrInsert, after reading it), a
 * progress report on a goal node it is principal of, or, for a task's creator, the audit of a report.
 * Beside them, the ping floor: GET /api/ping at a steady rate.
 */
import {
  collectEndpoints as C,
  diagnosisEndpoints as D,
  type DataOf,
  type Endpoint,
  goalsEndpoints as G,
  homeEndpoints as H,
  noticeEndpoints as N,
} from '@eduqa/contract';
import { pause, pick, THINK_MS, type VirtualUser, WRITE_SHARE } from './config.ts';
import { type GoalNode, REPORT_MARK } from './database.ts';
import type { Api, Objects } from './setup.ts';
import { draftData } from './setup.ts';
import { type Answer, type CallArgs, callApi, type Recorder, type Session } from './transport.ts';

/** Every endpoint the run calls, by the name the report files it under. */
const NAMES = new Map<Endpoint, string>();
for (const [group, endpoints] of Object.entries({
  goals: G,
  diagnosis: D,
  collect: C,
  home: H,
  notices: N,
})) {
  for (const [name, endpoint] of Object.entries(endpoints))
    NAMES.set(endpoint as Endpoint, `${group}.${name}`);
}

/** What the virtual users share: the nodes of the progress cycle, and which fill drafts are being edited. */
export interface Shared {
  nodes: GoalNode[];
  busyNodes: Set<string>;
  editing: Set<string>;
  /** Successful writes by kind (with the preparation's, what the database must show afterwards). */
  writes: Record<WriteKind, number>;
  writtenPoints: Set<string>;
}
export type WriteKind = 'pointResult' | 'fillDraft' | 'progressReport' | 'progressAudit';

export interface Context {
  api: Api;
  recorder: Recorder;
  shared: Shared;
  user: VirtualUser;
  session: Session;
  objects: Objects;
}

async function call<E extends Endpoint>(ctx: Context, endpoint: E, args: CallArgs<E> = {}): Promise<Answer> {
  const answer = await callApi(ctx.api.transport, ctx.api.baseUrl, ctx.session, endpoint, args);
  ctx.recorder.note(NAMES.get(endpoint) ?? endpoint.path, answer);
  return answer;
}

export type Page = (ctx: Context) => Promise<unknown>;
const FIRST = { pageNum: 1, pageSize: 10 };

/** The pages a user may open, given what it found; the home page and its bell for everyone. */
export function pagesOf(objects: Objects, user: VirtualUser): Page[] {
  const pages: Page[] = [(ctx) => Promise.all([call(ctx, H.workbench), call(ctx, N.bell)])];
  if (objects.goalTasks.length) {
    const view = objects.goalView;
    pages.push((ctx) => call(ctx, G.targetTasks, { query: { ...FIRST, ...(view ? { view } : {}) } }));
    pages.push((ctx) => call(ctx, G.targetTaskDetail, { query: { id: pick(objects.goalTasks) } }));
  }
  if (user.persona !== 'manager' && objects.points.length)
    pages.push((ctx) => call(ctx, D.myPoints, { query: { ...FIRST, shzt: 'draft' } }));
  if (objects.diagnosisTasks.length) pages.push((ctx) => call(ctx, D.taskList, { query: FIRST }));
  if (objects.objectTasks.length)
    pages.push((ctx) => call(ctx, D.points, { query: { dxrwid: pick(objects.objectTasks) } }));
  if (objects.points.length)
    pages.push((ctx) => call(ctx, D.point, { query: { zgzkkid: pick(objects.points) } }));
  if (objects.fillTask) {
    const id = objects.fillTask;
    pages.push((ctx) => call(ctx, C.fillTaskPage, { query: { ...FIRST, scope: 'mine' } }));
    pages.push((ctx) => call(ctx, C.fillTaskDetail, { params: { id } }));
  }
  if (objects.auditsFills)
    pages.push((ctx) =>
      call(ctx, C.fillTaskPage, { query: { ...FIRST, scope: 'audit', state: 'unaudited' } }),
    );
  return pages;
}

export type Write = (ctx: Context) => Promise<boolean>;

const pointResult: Write = async (ctx) => {
  const point = pick(ctx.objects.writablePoints);
  await call(ctx, D.point, { query: { zgzkkid: point.id } });
  const saved = await call(ctx, D.resultUpdate, { body: { zgzkdid: point.id, jgz: point.value } });
  if (saved.ok) ctx.shared.writtenPoints.add(point.id);
  return saved.ok;
};

/** Reads the draft and saves it back changed; one virtual user at a time edits a given draft. */
const fillDraft: Write = async (ctx) => {
  const id = ctx.objects.fillTask as string;
  if (ctx.shared.editing.has(id)) return false;
  ctx.shared.editing.add(id);
  try {
    const read = await call(ctx, C.fillTaskDetail, { params: { id } });
    if (!read.ok) return false;
    const [record] = (read.data as DataOf<typeof C.fillTaskDetail>).records;
    const data = draftData(ctx.session.account, Math.floor(Math.random() * 1000));
    const saved = await call(ctx, C.saveRecords, {
      body: {
        fillTaskId: id,
        records: [record ? { id: record.id, data, revision: record.revision } : { data }],
      },
    });
    return saved.ok;
  } finally {
    ctx.shared.editing.delete(id);
  }
};

/** Takes a free node of the cycle that `test` accepts, for the length of `work`. */
async function withNode(
  ctx: Context,
  test: (n: GoalNode) => boolean,
  work: (n: GoalNode) => Promise<boolean>,
) {
  const node = ctx.shared.nodes.find((n) => !n.done && !ctx.shared.busyNodes.has(n.id) && test(n));
  if (!node) return false;
  ctx.shared.busyNodes.add(node.id);
  try {
    return await work(node);
  } finally {
    ctx.shared.busyNodes.delete(node.id);
  }
}

const progressReport: Write = (ctx) =>
  withNode(
    ctx,
    (n) => n.principal === ctx.session.account && n.openReportId === null,
    async (node) => {
      const body = {
        nodeId: node.id,
        type: 'process' as const,
        content: `本周完成阶段工作${REPORT_MARK}`,
        completion: 60,
      };
      const saved = await call(ctx, G.progressInsert, { body });
      if (saved.ok) node.openReportId = (saved.data as { id: string }).id;
      return saved.ok;
    },
  );

const progressAudit: Write = (ctx) =>
  withNode(
    ctx,
    (n) => n.creator === ctx.session.account && n.openReportId !== null,
    async (node) => {
      const id = node.openReportId as string;
      const saved = await call(ctx, G.progressAudit, {
        body: { id, decision: 'pass', opinion: '审核通过。' },
      });
      if (saved.ok) {
        // A passed final report (one of the demo's) finishes its node: no more reports there.
        node.done = node.openReportFinal;
        node.openReportId = null;
        node.openReportFinal = false;
      }
      return saved.ok;
    },
  );

export function writesOf(ctx: Context): Array<[WriteKind, Write]> {
  const writes: Array<[WriteKind, Write]> = [];
  const account = ctx.session.account;
  if (ctx.objects.writablePoints.length) writes.push(['pointResult', pointResult]);
  if (ctx.objects.fillTask) writes.push(['fillDraft', fillDraft]);
  if (ctx.shared.nodes.some((n) => n.principal === account)) writes.push(['progressReport', progressReport]);
  if (ctx.shared.nodes.some((n) => n.creator === account)) writes.push(['progressAudit', progressAudit]);
  return writes;
}

/** One virtual user's loop until `until` (performance.now()). */
export async function runUser(ctx: Omit<Context, 'objects'> & { objects: Objects }, until: number) {
  const pages = pagesOf(ctx.objects, ctx.user);
  const writes = writesOf(ctx);
  // Staggered starts: the users arrive over the first think time, not all in the same millisecond.
  await pause(Math.random() * THINK_MS[1]);
  while (performance.now() < until) {
    if (writes.length && Math.random() < WRITE_SHARE) {
      const [kind, write] = pick(writes);
      if (await write(ctx)) ctx.shared.writes[kind] += 1;
    } else await pick(pages)(ctx);
    await pause(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
  }
}

/** GET /api/ping every 1/rate seconds until `until`, each filed under `ping`. */
export async function pingFloor(api: Api, recorder: Recorder, rate: number, until: number) {
  const pending: Promise<void>[] = [];
  const gap = 1000 / rate;
  for (let next = performance.now(); next < until; next += gap) {
    await pause(Math.max(0, next - performance.now()));
    pending.push(
      api.transport
        .send('GET', `${api.baseUrl}/api/ping`, {})
        .then((answer) => recorder.note('ping', answer)),
    );
  }
  await Promise.all(pending);
}
