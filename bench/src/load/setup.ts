/**
 * Before the timed phase: every virtual user signs in on its own (a few at a time, the limiter's refusals
 * retried with a backoff and counted apart), a collection task is opened for the teachers as in a deadline
 * week, and each account finds, through the same lists the web app shows it, what it reads and what it may
 * write: goal tasks, object tasks and points, its fill task.
 */
import {
  collectEndpoints as C,
  diagnosisEndpoints as D,
  type DataOf,
  type Endpoint,
  formsEndpoints as F,
  FormCreateBodySchema,
  goalsEndpoints as G,
} from '@eduqa/contract';
import { DEMO_DEPARTMENTS } from '../../../apps/server/src/seed/demo.ts';
import { openWindow } from '../forms/database.ts';
import { mapLimit } from '../forms/http.ts';
import { DEMO_PASSWORD } from '../harness.ts';
import { type Persona, pause, SIGN_IN_CONCURRENCY } from './config.ts';
import { type CallArgs, callApi, type Session, type Transport } from './transport.ts';

export interface Api {
  transport: Transport;
  baseUrl: string;
}

/** A call that must succeed (the preparation's): its data, or an error naming the call. */
export async function must<E extends Endpoint>(
  api: Api,
  session: Session,
  endpoint: E,
  args: CallArgs<E> = {},
) {
  const answer = await callApi(api.transport, api.baseUrl, session, endpoint, args);
  if (!answer.ok) throw new Error(`${session.account} ${endpoint.path}: ${answer.status} ${answer.message}`);
  return answer.data as DataOf<E>;
}

export interface SignIns {
  sessions: Session[];
  /** Refusals (the limiter's or any other) retried after a pause. */
  retries: number;
  seconds: number;
}

/** One session per entry of `accounts` (the same account may come many times), `SIGN_IN_CONCURRENCY` at once. */
export async function signInAll(api: Api, accounts: string[]): Promise<SignIns> {
  let retries = 0;
  const start = performance.now();
  const signIn = async (account: string): Promise<Session> => {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await api.transport.send(
        'POST',
        `${api.baseUrl}/api/user/login`,
        { 'content-type': 'application/json' },
        JSON.stringify({ username: account, password: DEMO_PASSWORD }),
      );
      if (answer.ok) {
        const cookie = answer.cookie.split(';')[0] ?? '';
        return { account, cookie, csrfSecret: (answer.data as { csrfSecret: string }).csrfSecret };
      }
      if (attempt >= 8) throw new Error(`sign-in of ${account}: ${answer.status} ${answer.message}`);
      retries += 1;
      await pause(250 * 2 ** attempt);
    }
  };
  const sessions = await mapLimit(accounts, SIGN_IN_CONCURRENCY, signIn);
  return { sessions, retries, seconds: (performance.now() - start) / 1000 };
}

const FORM = FormCreateBodySchema.parse({
  name: '教师年度工作量（压测）',
  remark: '每位教师一份',
  syncType: 'syn',
  definition: {
    formType: 'floating',
    layout: 'normal',
    fields: [
      { key: 'gh', label: '工号', component: 'text', validations: [{ type: 'require' }] },
      { key: 'xm', label: '姓名', component: 'text', validations: [{ type: 'require' }] },
      { key: 'ks', label: '年授课学时', component: 'integer' },
      { key: 'jj', label: '工作小结', component: 'editor', span: 24 },
    ],
  },
});

/** A draft of the benchmark's form; `n` changes the hours, so that every save changes something. */
export const draftData = (account: string, n: number) => ({
  gh: `T${String(account.length * 1000 + (account.charCodeAt(0) % 1000)).padStart(5, '0')}`,
  xm: account,
  ks: String(200 + (n % 300)),
  jj: '主讲课程两门，指导学生技能竞赛，完成课程标准修订。',
});

/**
 * The data manager publishes the form and opens a collection task for every department with fillers;
 * each head names the department's fillers. Answers the form and each filler account's fill task.
 */
export async function openCollection(
  api: Api,
  sessionOf: (account: string) => Session,
  fillers: Array<{ id: string; account: string; departmentId: string }>,
) {
  const manager = sessionOf('hejun');
  const form = await must(api, manager, F.formInsert, { body: FORM });
  await must(api, manager, F.formPublish, { params: { id: form.id } });
  const departments = DEMO_DEPARTMENTS.filter((d) => fillers.some((f) => f.departmentId === d.id));
  const task = await must(api, manager, C.taskCreate, {
    body: {
      name: '年度工作量填报（压测）',
      formIds: [form.id],
      departmentIds: departments.map((d) => d.id),
      ...openWindow(),
    },
  });
  for (const department of departments) {
    const head = sessionOf(department.head);
    const page = await must(api, head, C.allocationPage, {
      query: { taskId: task.id, pageNum: 1, pageSize: 50 },
    });
    const allocation = page.records.find((a) => a.departmentId === department.id);
    if (!allocation) throw new Error(`no allocation for ${department.id}`);
    const fillerIds = fillers.filter((f) => f.departmentId === department.id).map((f) => f.id);
    await must(api, head, C.allocate, { body: { allocationId: allocation.id, fillerIds } });
  }
  const fillTasks = new Map<string, string>();
  for (const filler of fillers) {
    const page = await must(api, sessionOf(filler.account), C.fillTaskPage, {
      query: { scope: 'mine', taskId: task.id, pageNum: 1, pageSize: 10 },
    });
    const own = page.records[0];
    if (own) fillTasks.set(filler.account, own.id);
  }
  return { formId: form.id, fillTasks };
}

/** What one account reads and writes during the run, found through its own lists. */
export interface Objects {
  goalView: 'mine' | 'department' | undefined;
  goalTasks: string[];
  diagnosisTasks: string[];
  objectTasks: string[];
  points: string[];
  /** Points it may enter a result for, each with a result value the point's rule accepts. */
  writablePoints: Array<{ id: string; value: string }>;
  fillTask: string | null;
  /** Whether it audits fills (填报审核): heads and data managers. */
  auditsFills: boolean;
}

const GOAL_VIEWS: Record<Persona, Objects['goalView'] | null> = {
  teacher: null,
  head: 'department',
  principal: 'mine',
  manager: undefined,
};
const FIRST = { pageNum: 1, pageSize: 20 };

/** The ids a call lists, or none when the account may not open that list (its menu does not show it). */
async function idsOf(api: Api, session: Session, endpoint: Endpoint, args: CallArgs<Endpoint>) {
  const answer = await callApi(api.transport, api.baseUrl, session, endpoint, args);
  if (!answer.ok) return [];
  const data = answer.data as { records?: Array<{ id: string }> } | Array<{ id: string }>;
  return (Array.isArray(data) ? data : (data.records ?? [])).map((r) => r.id);
}

export async function discover(api: Api, session: Session, persona: Persona, fillTask: string | null) {
  const view = GOAL_VIEWS[persona];
  const objects: Objects = {
    goalView: view ?? undefined,
    goalTasks:
      view === null
        ? []
        : await idsOf(api, session, G.targetTasks, { query: { ...FIRST, ...(view ? { view } : {}) } }),
    diagnosisTasks: [],
    objectTasks: [],
    points: [],
    writablePoints: [],
    fillTask,
    auditsFills: (
      await callApi(api.transport, api.baseUrl, session, C.fillTaskPage, {
        query: { ...FIRST, scope: 'audit' },
      })
    ).ok,
  };
  // Their own points (我负责的质控点), to read and to enter results for.
  for (const shzt of ['draft', 'refused'] as const) {
    const mine = await callApi(api.transport, api.baseUrl, session, D.myPoints, {
      query: { ...FIRST, shzt },
    });
    if (!mine.ok) continue;
    for (const row of (mine.data as DataOf<typeof D.myPoints>).records) {
      objects.points.push(row.id);
      if (!objects.objectTasks.includes(row.dxrwid)) objects.objectTasks.push(row.dxrwid);
      const value = row.jgz ?? row.xzjgz ?? row.mbz;
      if (value === null) continue;
      // One save now, as its owner would: a point the rules refuse this account is left out of the writes.
      const saved = await callApi(api.transport, api.baseUrl, session, D.resultUpdate, {
        body: { zgzkdid: row.id, jgz: value },
      });
      if (saved.ok) objects.writablePoints.push({ id: row.id, value });
    }
  }
  if (persona === 'manager' || persona === 'head') {
    objects.diagnosisTasks = await idsOf(api, session, D.taskList, { query: FIRST });
    for (const rwid of objects.diagnosisTasks.slice(0, 3)) {
      objects.objectTasks.push(...(await idsOf(api, session, D.objectTasks, { query: { ...FIRST, rwid } })));
    }
    for (const dxrwid of objects.objectTasks.slice(0, 3)) {
      objects.points.push(...(await idsOf(api, session, D.points, { query: { dxrwid } })));
    }
  }
  return objects;
}
