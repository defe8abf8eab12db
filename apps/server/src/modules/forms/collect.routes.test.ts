import {
  collectFutureTasks,
  collectEndpoints as E,
  formsEndpoints as F,
  FILL_IMPORT,
  type FillImportResult,
  FORM_MESSAGES,
  type FormDefinition,
  FormDefinitionSchema,
  type FutureTask,
  isJobActive,
  STATE_MESSAGES,
  warehouseEndpoints as W,
} from '@eduqa/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  multipart,
  postMultipart,
  refused,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { UNREADABLE_MESSAGE } from '../../platform/excel/limits.ts';
import { newId } from '../../platform/ids.ts';
import { users } from '../org/org.table.ts';
import { forms, formVersions } from './forms.table.ts';

let t: TestApp;
let manager: Session;
let headA: Session;
let headB: Session;
let fillerA1: Session;
let fillerA2: Session;
let fillerB: Session;
let deptA: string;
let deptB: string;

const DEFINITION: FormDefinition = FormDefinitionSchema.parse({
  formType: 'floating',
  layout: 'normal',
  fields: [
    { key: 'name', label: '姓名', component: 'text', validations: [{ type: 'require' }] },
    { key: 'code', label: '工号', component: 'text', validations: [{ type: 'require' }, { type: 'unique' }] },
    { key: 'email', label: '邮箱', component: 'email' },
    { key: 'papers', label: '论文数', component: 'integer' },
  ],
});

let seq = 0;
/** A form as the form service leaves it once published (its own CRUD is another module's). */
async function publishedForm(
  options: { published?: boolean; syncType?: 'syn' | 'unsyn'; definition?: FormDefinition } = {},
) {
  const id = newId();
  const definition = options.definition ?? DEFINITION;
  const published = options.published ?? true;
  seq += 1;
  await t.db.insert(forms).values({
    id,
    name: `教师基本信息${seq}`,
    formType: definition.formType,
    layout: definition.layout,
    syncType: options.syncType ?? 'syn',
    publishState: published ? 'published' : 'unpublished',
    publishedVersion: published ? 1 : null,
    createdBy: 'test',
  });
  await t.db.insert(formVersions).values({ formId: id, version: 1, definition, createdBy: 'test' });
  return id;
}

async function filler(departmentId: string) {
  const user = await createUser(t, { roles: ['dataCollector'] });
  await t.db.update(users).set({ departmentId }).where(eq(users.id, user.id));
  return signIn(t, user.account, user.password);
}

const day = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

async function newTask(formIds: string[], departmentIds = [deptA, deptB], deadline = iso(30 * day)) {
  return manager.call(E.taskCreate, {
    body: { name: `本学期采集${++seq}`, formIds, startAt: iso(-day), deadline, departmentIds },
  });
}

/** A task of one form allocated in department A to both its fillers; answers the fill tasks by filler. */
async function allocatedTask(formId: string) {
  const task = await newTask([formId]);
  const [allocation] = (
    await headA.call(E.allocationPage, { query: { taskId: task.id, pageNum: 1, pageSize: 10 } })
  ).records;
  await headA.call(E.allocate, {
    body: { allocationId: allocation!.id, fillerIds: [fillerA1.userId, fillerA2.userId] },
  });
  const fillOf = async (s: Session) =>
    (await s.call(E.fillTaskPage, { query: { taskId: task.id, pageNum: 1, pageSize: 10 } })).records[0]!;
  return { task, allocation: allocation!, fill1: await fillOf(fillerA1), fill2: await fillOf(fillerA2) };
}

const good = (code: string) => ({ name: '张三', code, email: 'zs@example.edu.cn', papers: '3' });

async function saveDraft(s: Session, fillTaskId: string, data: Record<string, string>) {
  return s.call(E.saveRecords, { body: { fillTaskId, records: [{ data }] } });
}

/** The rows a form's warehouse table (`schema.table`) holds, by code: what the mirror wrote. */
function mirroredRows(physicalName: string) {
  const [schema, name] = physicalName.split('.') as [string, string];
  return queryRows<Record<string, unknown>>(
    t.db,
    sql`select c_record_id, c_fill_task_id, c_filler_id, c_department_id, c_name, c_code, c_papers
        from ${sql.identifier(schema)}.${sql.identifier(name)} order by c_code`,
  );
}

/**
 * On PostgreSQL, waits until another connection waits for a lock (the commit, for the fill row). PGlite has
 * one connection: there the commit runs once the holding transaction ends, so a pause is enough.
 */
async function commitWaitingForLock() {
  const started = Date.now();
  if (!process.env.TEST_DATABASE_URL) return new Promise((resolve) => setTimeout(resolve, 100));
  while (Date.now() - started < 10_000) {
    const [row] = await queryRows<{ n: string | number }>(
      t.db,
      sql`select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()`,
    );
    if (Number(row?.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the commit never waited for the fill');
}

/** Starts the sync of a task and polls its job to the end. */
async function syncTask(taskId: string) {
  const started = await manager.call(E.sync, { body: { taskId } });
  let job: FutureTask;
  do {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = await manager.call(collectFutureTasks.result, { query: { taskId: started.taskId } });
  } while (isJobActive(job.state));
  expect(job.state).toBe('finished');
  return job.result as { forms: number; rows: number; skipped: string[] };
}

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  const a = await createUser(t, { heads: true });
  const b = await createUser(t, { heads: true });
  deptA = a.departmentId!;
  deptB = b.departmentId!;
  headA = await signIn(t, a.account, a.password);
  headB = await signIn(t, b.account, b.password);
  fillerA1 = await filler(deptA);
  fillerA2 = await filler(deptA);
  fillerB = await filler(deptB);
}, 60_000);
afterAll(() => t.close());

describe('collection tasks', () => {
  it('creates a task of published forms with one unallocated allocation per department', async () => {
    const formId = await publishedForm();
    const task = await newTask([formId]);
    expect(task.state).toBe('normal');
    expect(task.forms).toEqual([expect.objectContaining({ formId, formVersion: 1 })]);
    expect(task.departments.map((d) => d.departmentId).sort()).toEqual([deptA, deptB].sort());
    const page = await manager.call(E.allocationPage, {
      query: { taskId: task.id, pageNum: 1, pageSize: 10 },
    });
    expect(page.records.map((r) => r.state)).toEqual(['unallocated', 'unallocated']);
    const list = await manager.call(E.taskPage, { query: { keyword: task.name, pageNum: 1, pageSize: 10 } });
    expect(list.records.map((r) => r.id)).toEqual([task.id]);
  });

  it('refuses unpublished forms, no departments, a deadline before the start and non-managers', async () => {
    const draft = await publishedForm({ published: false });
    await refused(newTask([draft]), 422, /尚未发布/);
    const formId = await publishedForm();
    await refused(newTask([formId], []), 400, /下发部门/);
    await refused(newTask([formId], ['nope']), 400, /部门不存在/);
    await refused(newTask([formId], [deptA], iso(-2 * day)), 400, /截止时间必须晚于开始时间/);
    await refused(
      manager.call(E.taskCreate, {
        body: { name: 'x', formIds: [formId], startAt: 'soon', deadline: iso(day), departmentIds: [deptA] },
      }),
      400,
      /开始时间格式不正确/,
    );
    await refused(
      fillerA1.call(E.taskCreate, {
        body: { name: 'x', formIds: [formId], startAt: iso(0), deadline: iso(day), departmentIds: [deptA] },
      }),
      403,
    );
  });

  it('pauses, resumes and finishes a task through the contract rules, refusing illegal moves', async () => {
    const task = await newTask([await publishedForm()]);
    const params = { id: task.id };
    await refused(manager.call(E.taskUpdate, { params, body: { action: 'resume' } }), 422, /未暂停/);
    expect(
      (await manager.call(E.taskUpdate, { params, body: { action: 'pause', name: '改名' } })).state,
    ).toBe('pause');
    await refused(manager.call(E.taskUpdate, { params, body: { action: 'pause' } }), 422, /已暂停/);
    expect((await manager.call(E.taskUpdate, { params, body: { action: 'resume' } })).state).toBe('normal');
    const finished = await manager.call(E.taskUpdate, { params, body: { action: 'finish', remark: '到期' } });
    expect(finished).toMatchObject({ state: 'finished', name: '改名', remark: '到期' });
    await refused(manager.call(E.taskUpdate, { params, body: { action: 'finish' } }), 422, /已结束/);
  });

  it('deletes a task only while nothing was committed', async () => {
    const formId = await publishedForm();
    const fresh = await newTask([formId]);
    await manager.call(E.taskDelete, { params: { id: fresh.id } });
    await refused(manager.call(E.taskDelete, { params: { id: fresh.id } }), 404);

    const { task, fill1 } = await allocatedTask(formId);
    await saveDraft(fillerA1, fill1.id, good('D001'));
    await fillerA1.call(E.commitFill, { params: { id: fill1.id } });
    await refused(manager.call(E.taskDelete, { params: { id: task.id } }), 422, /已有填报数据提交/);
  });

  it('closeOutdatedTask finishes open and paused tasks past their deadline', async () => {
    const formId = await publishedForm();
    const late = await newTask([formId]);
    const latePaused = await newTask([formId]);
    const open = await newTask([formId]);
    await manager.call(E.taskUpdate, { params: { id: latePaused.id }, body: { action: 'pause' } });
    await t.db.execute(
      sql`update collect_tasks set deadline = now() - interval '1 hour' where id in (${late.id}, ${latePaused.id})`,
    );
    const { closed } = await manager.call(E.closeOutdated);
    expect(closed).toBeGreaterThanOrEqual(2);
    const states = await queryRows<{ id: string; state: string }>(
      t.db,
      sql`select id, state from collect_tasks where id in (${late.id}, ${latePaused.id}, ${open.id}) order by id`,
    );
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({
      [late.id]: 'finished',
      [latePaused.id]: 'finished',
      [open.id]: 'normal',
    });
    await refused(headA.call(E.closeOutdated), 403);
  });
});

describe('allocations', () => {
  it('lets the head name fillers of the department only, and lists only their departments', async () => {
    const formId = await publishedForm();
    const task = await newTask([formId]);
    const mine = await headA.call(E.allocationPage, { query: { taskId: task.id, pageNum: 1, pageSize: 10 } });
    expect(mine.records.map((r) => r.departmentId)).toEqual([deptA]);
    const allocationA = mine.records[0]!;
    await refused(
      headB.call(E.allocate, { body: { allocationId: allocationA.id, fillerIds: [fillerB.userId] } }),
      403,
      /负责人/,
    );
    await refused(
      headA.call(E.allocate, { body: { allocationId: allocationA.id, fillerIds: [fillerB.userId] } }),
      400,
      /该部门的用户/,
    );
    await refused(headA.call(E.allocate, { body: { allocationId: allocationA.id, fillerIds: [] } }), 400);
    const allocated = await headA.call(E.allocate, {
      body: { allocationId: allocationA.id, fillerIds: [fillerA1.userId, fillerA2.userId] },
    });
    expect(allocated).toMatchObject({ state: 'allocated', fillCount: 2, uncommittedCount: 2 });
  });

  it('re-allocating keeps the fill tasks of kept fillers and refuses to drop one who submitted', async () => {
    const formId = await publishedForm();
    const { allocation, fill1, fill2 } = await allocatedTask(formId);
    await saveDraft(fillerA2, fill2.id, good('R001'));
    const kept = await headA.call(E.allocate, {
      body: { allocationId: allocation.id, fillerIds: [fillerA2.userId] },
    });
    expect(kept.fillerIds).toEqual([fillerA2.userId]);
    const detail = await fillerA2.call(E.fillTaskDetail, { params: { id: fill2.id } });
    expect(detail.records).toHaveLength(1);
    await refused(fillerA1.call(E.fillTaskDetail, { params: { id: fill1.id } }), 404);

    await fillerA2.call(E.commitFill, { params: { id: fill2.id } });
    await refused(
      headA.call(E.allocate, { body: { allocationId: allocation.id, fillerIds: [fillerA1.userId] } }),
      422,
      /已提交过数据/,
    );
  });

  it('audits a department only once every fill passed, and rolls it back with a reason', async () => {
    const formId = await publishedForm();
    const { task, allocation, fill1, fill2 } = await allocatedTask(formId);
    const auditParams = { params: { id: allocation.id } };
    await refused(manager.call(E.auditAllocation, auditParams), 422, /还有 2 个填报任务未审核通过/);
    for (const [s, fill, code] of [
      [fillerA1, fill1, 'AL01'],
      [fillerA2, fill2, 'AL02'],
    ] as const) {
      await saveDraft(s, fill.id, good(code));
      await s.call(E.commitFill, { params: { id: fill.id } });
      await headA.call(E.auditFill, { params: { id: fill.id }, body: { decision: 'pass' } });
    }
    await refused(headA.call(E.auditAllocation, auditParams), 403);
    expect((await manager.call(E.auditAllocation, auditParams)).state).toBe('audited');
    await refused(manager.call(E.auditAllocation, auditParams), 422, /已审核/);

    const body = { taskId: task.id, departmentId: deptA, reason: '数据有误，请核对' };
    await refused(manager.call(E.rollbackAllocation, { body: { ...body, reason: ' ' } }), 400, /退回原因/);
    await refused(headA.call(E.rollbackAllocation, { body }), 403);
    const back = await manager.call(E.rollbackAllocation, { body });
    expect(back).toMatchObject({
      state: 'allocated',
      reason: body.reason,
      rollbackCount: 2,
      finishedCount: 0,
    });
    const mine = await fillerA1.call(E.fillTaskPage, {
      query: { taskId: task.id, pageNum: 1, pageSize: 10 },
    });
    expect(mine.records[0]).toMatchObject({ state: 'rollback', rollbackReason: body.reason });
  });

  it('exports the allocations and fill progress of a task', async () => {
    const { task } = await allocatedTask(await publishedForm());
    const response = await manager.send(E.allocationExport, { query: { taskId: task.id } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(
      (await headA.send(E.allocationExport, { query: { taskId: task.id } })).json().meta.statusCode,
    ).toBe(403);
  });
});

describe('fill tasks', () => {
  it('walks commit → rollback → commit → pass, refusing every illegal move in Chinese', async () => {
    const formId = await publishedForm();
    const { fill1 } = await allocatedTask(formId);
    const params = { params: { id: fill1.id } };
    await refused(headA.call(E.auditFill, { ...params, body: { decision: 'pass' } }), 422, /尚未提交/);
    await refused(fillerA1.call(E.commitFill, params), 422, /请先填写数据/);

    await saveDraft(fillerA1, fill1.id, { name: '', code: 'F001', email: 'bad', papers: '1.5' });
    const bad = await fillerA1.send(E.commitFill, params);
    expect(bad.statusCode).toBe(400);
    const message = bad.json().meta.message as string;
    expect(message).toContain('「姓名」：请输入数据！');
    expect(message).toContain('「邮箱」：请输入正确的邮箱格式！');
    expect(message).toContain('「论文数」：请输入整数！');

    const detail = await fillerA1.call(E.fillTaskDetail, params);
    const record = detail.records[0]!;
    await fillerA1.call(E.saveRecords, {
      body: {
        fillTaskId: fill1.id,
        records: [{ id: record.id, revision: record.revision, data: good('F001') }],
      },
    });
    await refused(fillerA2.call(E.commitFill, params), 404);
    const committed = await fillerA1.call(E.commitFill, params);
    expect(committed.state).toBe('unaudited');
    await refused(fillerA1.call(E.commitFill, params), 422, /等待审核/);
    await refused(saveDraft(fillerA1, fill1.id, good('F002')), 422, /等待审核/);

    await refused(
      fillerA1.call(E.auditFill, { ...params, body: { decision: 'pass' } }),
      403,
      /负责人或数据管理员/,
    );
    await refused(headB.call(E.auditFill, { ...params, body: { decision: 'pass' } }), 403);
    await refused(headA.call(E.auditFill, { ...params, body: { decision: 'rollback' } }), 422, /退回原因/);
    await refused(headA.call(E.auditFill, { ...params, body: { decision: 'maybe' as 'pass' } }), 400);
    const back = await headA.call(E.auditFill, {
      ...params,
      body: { decision: 'rollback', reason: '邮箱写错' },
    });
    expect(back).toMatchObject({ state: 'rollback', rollbackReason: '邮箱写错' });
    await refused(headA.call(E.auditFill, { ...params, body: { decision: 'pass' } }), 422, /已退回/);
    await refused(manager.call(E.rollbackFill, { body: { id: fill1.id, reason: '再退' } }), 422, /已退回/);

    expect((await fillerA1.call(E.commitFill, params)).state).toBe('unaudited');
    const again = await manager.call(E.rollbackFill, { body: { id: fill1.id, reason: '论文数核对' } });
    expect(again.rollbackReason).toBe('论文数核对');
    await fillerA1.call(E.commitFill, params);
    const passed = await headA.call(E.auditFill, { ...params, body: { decision: 'pass' } });
    expect(passed).toMatchObject({ state: 'finished', rollbackReason: '' });
    await refused(headA.call(E.auditFill, { ...params, body: { decision: 'pass' } }), 422, /不能重复审核/);
    await refused(fillerA1.call(E.commitFill, params), 422, /已审核通过/);
    await refused(saveDraft(fillerA1, fill1.id, good('F003')), 422, /已审核通过/);
  });

  it('refuses commits of a paused task and lists fill tasks per scope', async () => {
    const formId = await publishedForm();
    const { task, fill1 } = await allocatedTask(formId);
    await saveDraft(fillerA1, fill1.id, good('P001'));
    await manager.call(E.taskUpdate, { params: { id: task.id }, body: { action: 'pause' } });
    await refused(fillerA1.call(E.commitFill, { params: { id: fill1.id } }), 422, /已暂停/);

    const query = { taskId: task.id, pageNum: 1, pageSize: 10 };
    expect((await headA.call(E.fillTaskPage, { query: { ...query, scope: 'audit' } })).total).toBe(2);
    expect((await headB.call(E.fillTaskPage, { query: { ...query, scope: 'audit' } })).total).toBe(0);
    expect((await manager.call(E.fillTaskPage, { query: { ...query, scope: 'audit' } })).total).toBe(2);
    await refused(fillerA1.call(E.fillTaskPage, { query: { ...query, scope: 'audit' } }), 403);
    const mine = await fillerA1.call(E.fillTaskPage, { query });
    expect(mine.records).toEqual([
      expect.objectContaining({ id: fill1.id, taskState: 'pause', formName: expect.any(String) }),
    ]);
  });

  it('answers a stale draft save with 409 naming the fields another editor changed', async () => {
    const { fill1 } = await allocatedTask(await publishedForm());
    const first = await saveDraft(fillerA1, fill1.id, good('S001'));
    const { id, revision } = first.records[0]!;
    const base = good('S001');
    const second = await fillerA1.call(E.saveRecords, {
      body: {
        fillTaskId: fill1.id,
        records: [{ id, revision, data: { ...base, email: 'new@example.edu.cn' } }],
      },
    });
    expect(second.records[0]!.revision).toBe(revision + 1);
    expect(second.revision).toBeGreaterThan(first.revision);
    await refused(
      fillerA1.call(E.saveRecords, {
        body: { fillTaskId: fill1.id, records: [{ id, revision, base, data: { ...base, papers: '9' } }] },
      }),
      409,
      /邮箱/,
    );
    await refused(
      fillerA1.call(E.saveRecords, { body: { fillTaskId: fill1.id, records: [{ data: { nope: 'x' } }] } }),
      400,
      /没有字段/,
    );
    await refused(saveDraft(fillerA1, fill1.id, good('S002')), 422, /只填写一条记录/);
    await refused(saveDraft(fillerA2, fill1.id, good('S003')), 404);
  });

  it('commits the rows of a fixed form, numbering each row’s messages and repeated unique values', async () => {
    const definition = FormDefinitionSchema.parse({ ...DEFINITION, formType: 'fixed', layout: 'table' });
    const { fill1 } = await allocatedTask(await publishedForm({ definition }));
    const saved = await fillerA1.call(E.saveRecords, {
      body: {
        fillTaskId: fill1.id,
        records: [
          { data: good('X001') },
          { data: { ...good('X001'), papers: 'many' } },
          { data: good('X003') },
        ],
      },
    });
    expect(saved.records).toHaveLength(3);
    const bad = await fillerA1.send(E.commitFill, { params: { id: fill1.id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().meta.message).toBe(
      '第2行「论文数」：请输入整数！；第2行「工号」：该值已存在，不能重复！',
    );
    const second = saved.records[1]!;
    await fillerA1.call(E.saveRecords, {
      body: { fillTaskId: fill1.id, records: [], removeIds: [second.id] },
    });
    expect((await fillerA1.call(E.commitFill, { params: { id: fill1.id } })).state).toBe('unaudited');
    const detail = await fillerA1.call(E.fillTaskDetail, { params: { id: fill1.id } });
    expect(detail.records.map((r) => r.data.code)).toEqual(['X001', 'X003']);
    expect(detail.definition.layout).toBe('table');
  });

  it('lets exactly one of two concurrent commits claim a unique value', async () => {
    const { fill1, fill2 } = await allocatedTask(await publishedForm());
    await saveDraft(fillerA1, fill1.id, good('U001'));
    await saveDraft(fillerA2, fill2.id, good('U001'));
    const answers = await Promise.all([
      fillerA1.send(E.commitFill, { params: { id: fill1.id } }),
      fillerA2.send(E.commitFill, { params: { id: fill2.id } }),
    ]);
    const ok = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(ok).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect([400, 409]).toContain(lost[0]!.statusCode);
    expect(lost[0]!.json().meta.message).toMatch(/工号|唯一/);
    const claims = await queryRows<{ n: string | number }>(
      t.db,
      sql`select count(*) as n from form_unique_values where value = 'U001'`,
    );
    expect(Number(claims[0]!.n)).toBe(1);
  });

  it('commits a fill once when its filler presses 提交 twice at once', async () => {
    const { fill1 } = await allocatedTask(await publishedForm());
    const saved = await saveDraft(fillerA1, fill1.id, good('D001'));
    const answers = await Promise.all([
      fillerA1.send(E.commitFill, { params: { id: fill1.id } }),
      fillerA1.send(E.commitFill, { params: { id: fill1.id } }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json().meta.message).toBe(STATE_MESSAGES.fillCommitted);
    const detail = await fillerA1.call(E.fillTaskDetail, { params: { id: fill1.id } });
    expect(detail.fillTask.state).toBe('unaudited');
    expect(detail.fillTask.revision).toBe(saved.revision + 1);
    const claims = await queryRows<{ value: string }>(
      t.db,
      sql`select value from form_unique_values where record_id = ${saved.records[0]!.id}`,
    );
    expect(claims.map((c) => c.value)).toEqual(['D001']);
  });

  it('commits the records a save left while the commit waited for the fill', async () => {
    const { fill1 } = await allocatedTask(await publishedForm());
    const saved = await saveDraft(fillerA1, fill1.id, good('W001'));
    let answer: ReturnType<typeof fillerA1.send> | undefined;
    // A save's transaction as the draft service runs it: the fill locked, its records changed, revision + 1.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from fill_tasks where id = ${fill1.id} for update`);
      await tx.execute(
        sql`update form_records set data = jsonb_set(data, '{code}', '"W002"') where fill_task_id = ${fill1.id}`,
      );
      await tx.execute(sql`update fill_tasks set revision = revision + 1 where id = ${fill1.id}`);
      answer = fillerA1.send(E.commitFill, { params: { id: fill1.id } });
      await commitWaitingForLock();
    });
    expect((await answer!).statusCode).toBe(200);
    const claims = await queryRows<{ value: string }>(
      t.db,
      sql`select value from form_unique_values where record_id = ${saved.records[0]!.id}`,
    );
    expect(claims.map((c) => c.value)).toEqual(['W002']);
  });

  it('checkDataUnique answers whether another submitted record holds a value', async () => {
    const formId = await publishedForm();
    const { fill1 } = await allocatedTask(formId);
    const saved = await saveDraft(fillerA1, fill1.id, good('C001'));
    const check = (value: string, recordId?: string) =>
      fillerA2.call(E.checkUnique, {
        body: { formId, fieldKey: 'code', value, ...(recordId ? { recordId } : {}) },
      });
    expect((await check('C001')).isUnique).toBe(true);
    await fillerA1.call(E.commitFill, { params: { id: fill1.id } });
    expect(await check(' C001 ')).toEqual({ isUnique: false, message: '该值已存在，不能重复！' });
    expect((await check('C001', saved.records[0]!.id)).isUnique).toBe(true);
    await refused(
      fillerA2.call(E.checkUnique, { body: { formId: 'nope', fieldKey: 'code', value: 'x' } }),
      404,
    );
    // A filler of another department, without a fill of this form, cannot probe its values.
    await refused(fillerB.call(E.checkUnique, { body: { formId, fieldKey: 'code', value: 'C001' } }), 404);
    expect(
      (await manager.call(E.checkUnique, { body: { formId, fieldKey: 'code', value: 'C001' } })).isUnique,
    ).toBe(false);
  });
});

describe('collected data', () => {
  it('browses a form’s records with a field filter, for data managers only', async () => {
    const formId = await publishedForm();
    const { task, fill1, fill2 } = await allocatedTask(formId);
    await saveDraft(fillerA1, fill1.id, { ...good('Q001'), name: '李四' });
    await saveDraft(fillerA2, fill2.id, { ...good('Q002'), name: '王五' });
    const page = await manager.call(E.queryData, {
      query: { formId, taskId: task.id, fieldKey: 'name', value: '李', pageNum: 1, pageSize: 10 },
    });
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      fillTaskId: fill1.id,
      state: 'uncommitted',
      data: { name: '李四' },
    });
    await refused(fillerA1.call(E.queryData, { query: { formId, pageNum: 1, pageSize: 10 } }), 403);
  });

  it('syncs passed records into the form’s warehouse table, the same rows on a second run', async () => {
    const formId = await publishedForm();
    const wh = await manager.call(W.warehouseInsert, { body: { ckmc: `采集库${++seq}` } });
    const table = await manager.call(W.tableInsert, { body: { ckid: wh.id, bmc: '教师基本信息' } });
    const field = (zdmc: string, zddm: string, zdlx: 'text' | 'integer', extra = {}) =>
      manager.call(W.fieldInsert, { body: { ckbid: table.id, zdmc, zddm, zdlx, ...extra } });
    await field('记录', 'record_id', 'text', { sfwy: true });
    await field('填报任务', 'fill_task_id', 'text');
    await field('填报人', 'filler_id', 'text');
    await field('部门', 'department_id', 'text');
    await field('姓名', 'name', 'text');
    await field('工号', 'code', 'text');
    await field('论文数', 'papers', 'integer');
    await manager.call(W.createPhysical, { body: { id: table.id } });
    await t.db.update(forms).set({ warehouseTableId: table.id }).where(eq(forms.id, formId));

    const { task, fill1, fill2 } = await allocatedTask(formId);
    for (const [s, fill, code] of [
      [fillerA1, fill1, 'W001'],
      [fillerA2, fill2, 'W002'],
    ] as const) {
      await saveDraft(s, fill.id, good(code));
      await s.call(E.commitFill, { params: { id: fill.id } });
    }
    await headA.call(E.auditFill, { params: { id: fill1.id }, body: { decision: 'pass' } });

    const runSync = () => syncTask(task.id);
    const rows = () => mirroredRows(table.wlbm);
    expect(await runSync()).toMatchObject({ rows: 1, removed: 0 });
    const first = await rows();
    expect(first).toEqual([
      expect.objectContaining({
        c_fill_task_id: fill1.id,
        c_filler_id: fillerA1.userId,
        c_department_id: deptA,
        c_code: 'W001',
        c_name: '张三',
      }),
    ]);
    expect(Number(first[0]!.c_papers)).toBe(3);
    expect((await runSync()).rows).toBe(1);
    expect(await rows()).toEqual(first);

    await headA.call(E.auditFill, { params: { id: fill2.id }, body: { decision: 'pass' } });
    expect((await runSync()).rows).toBe(2);
    expect((await rows()).map((r) => r.c_code)).toEqual(['W001', 'W002']);

    // The department's data sent back after the sync: the next sync takes its rows out again.
    await manager.call(E.rollbackAllocation, {
      body: { taskId: task.id, departmentId: deptA, reason: '工号有误，请核对后重新提交' },
    });
    expect(await runSync()).toMatchObject({ rows: 0, removed: 2 });
    expect(await rows()).toEqual([]);
    await refused(fillerA1.call(E.sync, { body: { taskId: task.id } }), 403);
    await refused(manager.call(E.sync, { body: { taskId: 'nope' } }), 404);
  });

  it('skips forms kept in the collection store or without a warehouse table keyed by record', async () => {
    const kept = await publishedForm({ syncType: 'unsyn' });
    const unbacked = await publishedForm();
    const task = await newTask([kept, unbacked]);
    const result = await syncTask(task.id);
    expect(result).toMatchObject({ forms: 0, rows: 0 });
    expect(result.skipped).toHaveLength(2);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/：不同步$/),
        expect.stringMatching(/没有可写入的数据仓库表/),
      ]),
    );
  });
});

describe('public links', () => {
  const submit = (linkId: string, data: Record<string, string>, address = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: `/api/herm-sjcj/public/${linkId}`,
      payload: { data },
      remoteAddress: address,
    });

  it('opens a published form without sign-in, lands answers as records and closes', async () => {
    const formId = await publishedForm();
    await refused(
      fillerA1.call(E.publicLinkCreate, { params: { id: formId }, body: { title: 'x', maxSubmissions: 5 } }),
      403,
    );
    await refused(
      manager.call(E.publicLinkCreate, {
        params: { id: await publishedForm({ published: false }) },
        body: { title: 'x', maxSubmissions: 5 },
      }),
      422,
    );
    const link = await manager.call(E.publicLinkCreate, {
      params: { id: formId },
      body: { title: '用人单位满意度调查', maxSubmissions: 10 },
    });
    const page = await t.app.inject({ method: 'GET', url: `/api/herm-sjcj/public/${link.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ title: '用人单位满意度调查', remaining: 10 });

    const answer = await submit(link.id, good('PUB1'));
    expect(answer.statusCode).toBe(200);
    const recordId = answer.json().data.recordId as string;
    const duplicate = await submit(link.id, good('PUB1'));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().meta.message).toContain('「工号」：该值已存在，不能重复！');
    expect((await submit(link.id, { ...good('PUB2'), email: 'x' })).statusCode).toBe(400);
    const stored = await queryRows<{ public_link_id: string }>(
      t.db,
      sql`select public_link_id from form_records where id = ${recordId}`,
    );
    expect(stored).toEqual([{ public_link_id: link.id }]);
    const links = await manager.call(E.publicLinkList, { params: { id: formId } });
    expect(links).toEqual([expect.objectContaining({ id: link.id, submissionCount: 1, isClosed: false })]);

    expect((await manager.call(E.publicLinkClose, { params: { id: link.id } })).isClosed).toBe(true);
    const closed = await t.app.inject({ method: 'GET', url: `/api/herm-sjcj/public/${link.id}` });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().meta.message).toBe('该链接已关闭，不能再填写');
    expect((await submit(link.id, good('PUB3'))).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/herm-sjcj/public/nope' })).statusCode).toBe(404);
  });

  /** A form published through the form service, so its warehouse table is the one publishing makes. */
  async function surveyForm(syncType: 'syn' | 'unsyn' = 'syn') {
    const form = await manager.call(F.formInsert, {
      body: { name: `用人单位满意度调查${++seq}`, syncType, definition: DEFINITION },
    });
    const published = await manager.call(F.formPublish, { params: { id: form.id } });
    const table = await manager.call(W.tableDetail, { query: { id: published.warehouseTableId! } });
    const rows = () => mirroredRows(table.wlbm);
    const [schema, name] = table.wlbm.split('.') as [string, string];
    const physical = sql`${sql.identifier(schema)}.${sql.identifier(name)}`;
    return { formId: form.id, rows, clear: () => t.db.execute(sql`delete from ${physical}`) };
  }

  it('mirrors each anonymous answer into the form’s warehouse table as it is accepted', async () => {
    const { formId, rows } = await surveyForm();
    const link = await manager.call(E.publicLinkCreate, {
      params: { id: formId },
      body: { title: '用人单位满意度调查', maxSubmissions: 10 },
    });
    const first = await submit(link.id, good('S001'));
    expect(first.statusCode).toBe(200);
    expect(await rows()).toEqual([
      {
        c_record_id: first.json().data.recordId,
        c_fill_task_id: null,
        c_filler_id: null,
        c_department_id: null,
        c_name: '张三',
        c_code: 'S001',
        c_papers: expect.anything(),
      },
    ]);
    expect(Number((await rows())[0]!.c_papers)).toBe(3);
    // A refused answer (its unique value taken) leaves the warehouse as it was.
    expect((await submit(link.id, good('S001'))).statusCode).toBe(400);
    expect((await submit(link.id, { ...good('S002'), papers: '' })).statusCode).toBe(200);
    expect((await rows()).map((r) => [r.c_code, r.c_papers])).toEqual([
      ['S001', expect.anything()],
      ['S002', null],
    ]);
  });

  it('brings earlier public answers missing from the warehouse along with the next one', async () => {
    const { formId, rows, clear } = await surveyForm();
    const link = await manager.call(E.publicLinkCreate, {
      params: { id: formId },
      body: { title: '调查', maxSubmissions: 10 },
    });
    expect((await submit(link.id, good('M001'))).statusCode).toBe(200);
    // As answers taken before public answers reached the warehouse: in form_records, not in the table.
    await clear();
    expect(await rows()).toEqual([]);
    expect((await submit(link.id, good('M002'), '198.51.100.20')).statusCode).toBe(200);
    expect((await rows()).map((r) => r.c_code)).toEqual(['M001', 'M002']);
  });

  it('keeps the answers of a form kept in the collection store out of the warehouse', async () => {
    const { formId, rows } = await surveyForm('unsyn');
    const link = await manager.call(E.publicLinkCreate, {
      params: { id: formId },
      body: { title: '调查', maxSubmissions: 10 },
    });
    expect((await submit(link.id, good('U001'))).statusCode).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('throttles an address to five answers per link in ten minutes', async () => {
    const formId = await publishedForm();
    const link = await manager.call(E.publicLinkCreate, {
      params: { id: formId },
      body: { title: '调查', maxSubmissions: 100 },
    });
    for (let i = 0; i < 5; i += 1) expect((await submit(link.id, good(`T${i}`))).statusCode).toBe(200);
    const sixth = await submit(link.id, good('T5'));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().meta.message).toMatch(/频繁/);
    expect((await submit(link.id, good('T6'), '198.51.100.9')).statusCode).toBe(200);
    await t.db.execute(
      sql`update form_public_hits set at = now() - interval '11 minutes' where link_id = ${link.id}`,
    );
    expect((await submit(link.id, good('T7'))).statusCode).toBe(200);
  });

  it('takes no more answers than the link allows, even at once', async () => {
    const formId = await publishedForm();
    const link = await manager.call(E.publicLinkCreate, {
      params: { id: formId },
      body: { title: '调查', maxSubmissions: 2 },
    });
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) => submit(link.id, good(`L${i}`), `192.0.2.${i + 1}`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const full = answers.find((a) => a.statusCode !== 200)!;
    expect(full.statusCode).toBe(422);
    expect(full.json().meta.message).toBe('该链接的提交份数已满，不能再填写');
    const page = await t.app.inject({ method: 'GET', url: `/api/herm-sjcj/public/${link.id}` });
    expect(page.statusCode).toBe(422);
  });
});

/** Rows the import refuses whole (row 3 breaks three rules, row 4 repeats row 2's key), and the refusal. */
const BAD_ROWS = [
  ['P1', '数字孪生实训平台', '12.5', '2026-09-01'],
  ['P2', '', 'abc', '2026-02-30'],
  ['P1', '重复编号', '', ''],
];
const BAD_ROW_ERRORS = expect.arrayContaining([
  expect.objectContaining({ row: 3, column: '项目名称', message: FORM_MESSAGES.required }),
  expect.objectContaining({ row: 3, column: '经费', message: FORM_MESSAGES.float }),
  expect.objectContaining({ row: 3, column: '立项日期', message: FORM_MESSAGES.date }),
  expect.objectContaining({ row: 4, column: '项目编号' }),
]);
/** Rows the import appends after the draft's own row. */
const GOOD_ROWS = [
  ['P1', '数字孪生实训平台', '12.5', '2026-09-01'],
  ['P2', '课程思政案例库', '', ''],
];

describe('rows of a fixed form from Excel', () => {
  const FIXED: FormDefinition = FormDefinitionSchema.parse({
    formType: 'fixed',
    layout: 'table',
    fields: [
      {
        key: 'code',
        label: '项目编号',
        component: 'text',
        validations: [{ type: 'require' }, { type: 'unique' }],
      },
      { key: 'title', label: '项目名称', component: 'text', validations: [{ type: 'require' }] },
      { key: 'funds', label: '经费', component: 'float' },
      { key: 'started', label: '立项日期', component: 'date' },
    ],
  });
  async function sheet(rows: unknown[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const s = book.addWorksheet('填报数据');
    s.addRow(['项目编号', '项目名称', '经费', '立项日期']);
    for (const row of rows) s.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  const upload = (session: Session, fillTaskId: string, bytes: Buffer) =>
    postMultipart(t, session, E.fillImport.path, multipart({ name: '项目.xlsx', bytes }, { fillTaskId }));
  const startJob = (session: Session, fillTaskId: string, bytes: Buffer) =>
    postMultipart(
      t,
      session,
      FILL_IMPORT.start.path,
      multipart({ name: '项目.xlsx', bytes }, { fillTaskId }),
    );

  /** Starts the import as a job, as the import dialog does, and polls datas/fill/getFutureTaskResult to its end. */
  async function importAsJob(session: Session, fillTaskId: string, bytes: Buffer) {
    const started = await startJob(session, fillTaskId, bytes);
    expect(started.statusCode, started.body).toBe(200);
    const { taskId } = started.json().data as { taskId: string };
    for (;;) {
      const job = await session.call(FILL_IMPORT.poll, { query: { taskId } });
      if (!isJobActive(job.state)) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('gives the form its template, refuses a file with bad rows whole, then appends the fixed rows', async () => {
    const { fill1 } = await allocatedTask(await publishedForm({ definition: FIXED }));
    const template = await t.app.inject({
      method: 'GET',
      url: E.fillTemplate.path,
      query: { fillTaskId: fill1.id },
      headers: { cookie: fillerA1.cookie },
    });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('填报数据')?.getRow(1).values).toEqual([
      undefined,
      '项目编号',
      '项目名称',
      '经费',
      '立项日期',
    ]);

    await saveDraft(fillerA1, fill1.id, { code: 'P0', title: '已填的项目', funds: '', started: '' });
    const bad = await upload(fillerA1, fill1.id, await sheet(BAD_ROWS));
    const refusedAnswer = bad.json().data;
    expect(refusedAnswer.imported).toBe(false);
    expect(refusedAnswer.errors).toEqual(BAD_ROW_ERRORS);
    const unchanged = await fillerA1.call(E.fillTaskDetail, { params: { id: fill1.id } });
    expect(unchanged.records).toHaveLength(1);

    const good = await upload(fillerA1, fill1.id, await sheet(GOOD_ROWS));
    expect(good.json().data).toMatchObject({ imported: true, count: 2 });
    const detail = await fillerA1.call(E.fillTaskDetail, { params: { id: fill1.id } });
    expect(detail.records.map((r) => r.data.code)).toEqual(['P0', 'P1', 'P2']);

    // Only the filler imports into the fill, and only while it is theirs to edit.
    const other = await upload(fillerA2, fill1.id, await sheet([['P9', 'x', '', '']]));
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
    await fillerA1.call(E.commitFill, { params: { id: fill1.id } });
    const late = await upload(fillerA1, fill1.id, await sheet([['P9', 'x', '', '']]));
    expect(late.statusCode).toBe(422);
    expect(late.json().meta).toMatchObject({ success: false, message: STATE_MESSAGES.fillCommitted });
  });

  it('runs the same import as a job: bad rows refused whole, good rows appended, the filler alone polling', async () => {
    const { fill1, fill2 } = await allocatedTask(await publishedForm({ definition: FIXED }));
    await saveDraft(fillerA1, fill1.id, { code: 'P0', title: '已填的项目', funds: '', started: '' });
    const bad = await importAsJob(fillerA1, fill1.id, await sheet(BAD_ROWS));
    expect(bad).toMatchObject({ state: 'finished', progress: 100 });
    const refusedAnswer = bad.result as FillImportResult;
    expect(refusedAnswer.imported).toBe(false);
    expect(refusedAnswer.errors).toEqual(BAD_ROW_ERRORS);
    const unchanged = await fillerA1.call(E.fillTaskDetail, { params: { id: fill1.id } });
    expect(unchanged.records).toHaveLength(1);

    const good = await importAsJob(fillerA1, fill1.id, await sheet(GOOD_ROWS));
    expect(good).toEqual({
      taskId: good.taskId,
      state: 'finished',
      progress: 100,
      message: '',
      result: { imported: true, count: 2, errors: [] },
      fileName: null,
    });
    const detail = await fillerA1.call(E.fillTaskDetail, { params: { id: fill1.id } });
    expect(detail.records.map((r) => r.data.code)).toEqual(['P0', 'P1', 'P2']);
    expect(detail.records.map((r) => r.data.funds)).toEqual(['', '12.5', null]);

    // The job is its starter's: another filler polls it as a missing one; acknowledged, it is gone.
    const polled = fillerA2.call(FILL_IMPORT.poll, { query: { taskId: good.taskId } });
    await expect(polled).rejects.toMatchObject({ statusCode: 404, meta: { message: '任务不存在' } });
    expect(await fillerA1.call(FILL_IMPORT.done, { body: { taskId: good.taskId } })).toBeNull();
    await refused(fillerA1.call(FILL_IMPORT.poll, { query: { taskId: good.taskId } }), 404, /任务不存在/);

    // Only the filler starts an import into the fill; the other's own fill is untouched.
    const other = await startJob(fillerA2, fill1.id, await sheet([['P9', 'x', '', '']]));
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
    expect((await fillerA2.call(E.fillTaskDetail, { params: { id: fill2.id } })).records).toEqual([]);

    // Once committed the fill is not theirs to change: refused in Chinese before any job starts, nothing written.
    await fillerA1.call(E.commitFill, { params: { id: fill1.id } });
    const late = await startJob(fillerA1, fill1.id, await sheet([['P9', 'x', '', '']]));
    expect(late.statusCode).toBe(422);
    expect(late.json().meta).toMatchObject({ success: false, message: STATE_MESSAGES.fillCommitted });
    const kept = await fillerA1.call(E.fillTaskDetail, { params: { id: fill1.id } });
    expect(kept.records.map((r) => r.data.code)).toEqual(['P0', 'P1', 'P2']);
  });

  it('answers a bad file or a missing fill task in Chinese 4xx before any job starts', async () => {
    const { fill1 } = await allocatedTask(await publishedForm({ definition: FIXED }));
    const bytes = await sheet([['P1', '数字孪生实训平台', '', '']]);
    for (const [fields, file, message] of [
      [{ fillTaskId: fill1.id }, null, '请先选取文件!'],
      [{ fillTaskId: fill1.id }, { name: '项目.xlsx', bytes: Buffer.alloc(0) }, '文件为空'],
      [{ fillTaskId: fill1.id }, { name: '项目.xls', bytes }, '只能上传xlsx的文件'],
      [{}, { name: '项目.xlsx', bytes }, '请选择填报任务'],
    ] as const) {
      const response = await postMultipart(t, fillerA1, FILL_IMPORT.start.path, multipart(file, fields));
      expect(response.statusCode).toBe(400);
      expect(response.json().meta).toMatchObject({ success: false, message });
    }
    // A file that is no workbook at all is read by the job: it ends with that one error, nothing imported.
    const garbage = await importAsJob(fillerA1, fill1.id, Buffer.from('这不是一个 Excel 文件'));
    expect(garbage).toMatchObject({ state: 'finished', progress: 100 });
    expect(garbage.result).toEqual({
      imported: false,
      count: 0,
      errors: [{ row: 0, column: '', message: UNREADABLE_MESSAGE }],
      errorCount: 1,
    });
    expect((await fillerA1.call(E.fillTaskDetail, { params: { id: fill1.id } })).records).toEqual([]);
  });
});
