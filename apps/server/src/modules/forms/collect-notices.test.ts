import {
  collectEndpoints as C,
  formsEndpoints as F,
  noticeLinks,
  warehouseEndpoints as W,
} from '@eduqa/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { deliveredBy, expectOnly } from '../../../test/inbox.ts';
import { newId } from '../../platform/ids.ts';
import { formatDateTime } from '../../platform/time.ts';
import { diagnosisObjects } from '../diagnosis/diagnosis.table.ts';
import { users } from '../org/org.table.ts';

/**
 * 数据采集's messages (消息中心): each event reaches exactly its people — the filler for their fill's
 * allocation, return and pass; the department's head and the data managers for a commit; the source's
 * owner (or the data managers) for a 数据变更提醒 — and nobody else of the world.
 */

let t: TestApp;
let world: Record<'admin' | 'manager' | 'headA' | 'headB' | 'filler1' | 'filler2' | 'fillerB', Session>;
let deptA: string;
let rosterTableId: string;
let seq = 0;

const field = (key: string, label: string, extra: Record<string, unknown> = {}) => ({
  key,
  label,
  component: 'text',
  ...extra,
});

async function publishedForm(fields: Record<string, unknown>[]) {
  const form = await world.manager.call(F.formInsert, {
    body: { name: `消息表单${++seq}`, definition: { formType: 'floating', layout: 'normal', fields } },
  });
  await world.manager.call(F.formPublish, { params: { id: form.id } });
  return form;
}

/** A task of the forms for department A; with the deadline as sent. */
async function newTask(formIds: string[]) {
  const day = 86_400_000;
  const deadline = new Date(Date.now() + 30 * day);
  const task = await world.manager.call(C.taskCreate, {
    body: {
      name: `消息采集${++seq}`,
      formIds,
      startAt: new Date(Date.now() - day).toISOString(),
      deadline: deadline.toISOString(),
      departmentIds: [deptA],
    },
  });
  return { ...task, deadlineAt: deadline };
}

async function allocationOf(taskId: string) {
  const page = await world.headA.call(C.allocationPage, { query: { taskId, pageNum: 1, pageSize: 10 } });
  return page.records[0]!;
}

const allocate = async (allocationId: string, fillers: Session[]) =>
  world.headA.call(C.allocate, { body: { allocationId, fillerIds: fillers.map((f) => f.userId) } });

async function fillOf(s: Session, taskId: string) {
  return (await s.call(C.fillTaskPage, { query: { taskId, pageNum: 1, pageSize: 10 } })).records[0]!;
}

async function commit(s: Session, fillTaskId: string, data: Record<string, string>) {
  const [saved] = (await s.call(C.fillTaskDetail, { params: { id: fillTaskId } })).records;
  const record = saved ? { id: saved.id, revision: saved.revision, data } : { data };
  await s.call(C.saveRecords, { body: { fillTaskId, records: [record] } });
  return s.call(C.commitFill, { params: { id: fillTaskId } });
}

/** A task of one form allocated in department A to filler1; answers the task, form and fill. */
async function allocatedToFiller1(fields = [field('xm', '姓名')]) {
  const form = await publishedForm(fields);
  const task = await newTask([form.id]);
  await allocate((await allocationOf(task.id)).id, [world.filler1]);
  return { form, task, fill: await fillOf(world.filler1, task.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  const person = async (options: Parameters<typeof createUser>[1]) => {
    const u = await createUser(t, options);
    return { user: u, session: await signIn(t, u.account, u.password) };
  };
  const manager = await person({ roles: ['dataManager'] });
  const headA = await person({ heads: true });
  const headB = await person({ heads: true });
  deptA = headA.user.departmentId!;
  const filler = async (departmentId: string, name: string) => {
    const f = await createUser(t, { roles: ['dataCollector'], name });
    await t.db.update(users).set({ departmentId }).where(eq(users.id, f.id));
    return { user: f, session: await signIn(t, f.account, f.password) };
  };
  const filler1 = await filler(deptA, '王老师');
  const filler2 = await filler(deptA, '李老师');
  const fillerB = await filler(headB.user.departmentId!, '赵老师');
  world = {
    admin: await signIn(t, 'admin', ADMIN_PASSWORD),
    manager: manager.session,
    headA: headA.session,
    headB: headB.session,
    filler1: filler1.session,
    filler2: filler2.session,
    fillerB: fillerB.session,
  };
  // filler1 is the teacher object T80001, whose roster row the school holds (a warehouse source).
  await t.db
    .insert(diagnosisObjects)
    .values({ id: newId(), level: 'teacher', code: 'T80001', name: '王老师', userId: filler1.user.id });
  const wh = await world.manager.call(W.warehouseInsert, { body: { ckmc: '人事库' } });
  const table = await world.manager.call(W.tableInsert, { body: { ckid: wh.id, bmc: '教师名册' } });
  await world.manager.call(W.fieldInsert, {
    body: { ckbid: table.id, zdmc: '工号', zddm: 'gh', zdlx: 'text', gllx: 'object' },
  });
  await world.manager.call(W.fieldInsert, {
    body: { ckbid: table.id, zdmc: '职称', zddm: 'zc', zdlx: 'text' },
  });
  await world.manager.call(W.createPhysical, { body: { id: table.id } });
  rosterTableId = table.id;
  const { wlbm } = await world.manager.call(W.tableDetail, { query: { id: table.id } });
  await t.db.execute(sql.raw(`insert into ${wlbm} (c_gh, c_zc) values ('T80001', '讲师')`));
}, 120_000);
afterAll(() => t?.close());

describe('a fill’s own events reach its filler', () => {
  it('allocation: each new fill to its filler, a kept filler is not told again', async () => {
    const form = await publishedForm([field('xm', '姓名')]);
    const task = await newTask([form.id]);
    const allocation = await allocationOf(task.id);
    const first = await deliveredBy(world, () => allocate(allocation.id, [world.filler1, world.filler2]));
    const fill1 = await fillOf(world.filler1, task.id);
    const fill2 = await fillOf(world.filler2, task.id);
    const deadline = formatDateTime(task.deadlineAt);
    const message = (fillId: string) => ({
      category: 'fill' as const,
      kind: 'fill.allocated',
      title: `填报任务：${form.name}`,
      body: `采集任务「${task.name}」请您填报「${form.name}」，截止时间 ${deadline}`,
      link: noticeLinks.fill(fillId),
    });
    expectOnly(first, { filler1: [message(fill1.id)], filler2: [message(fill2.id)] });
    expect(first.filler1[0]!.read).toBe(false);
    const again = await deliveredBy(world, () => allocate(allocation.id, [world.filler1]));
    expectOnly(again, {});
  });

  it('a return with its reason, and a pass', async () => {
    const { form, task, fill } = await allocatedToFiller1();
    await commit(world.filler1, fill.id, { xm: '王老师' });
    const returned = await deliveredBy(world, () =>
      world.headA.call(C.auditFill, {
        params: { id: fill.id },
        body: { decision: 'rollback', reason: '姓名写全' },
      }),
    );
    expectOnly(returned, {
      filler1: [
        {
          category: 'audit',
          kind: 'fill.returned',
          title: `填报退回：${form.name}`,
          body: `采集任务「${task.name}」的「${form.name}」被退回，原因：姓名写全`,
          link: noticeLinks.fill(fill.id),
        },
      ],
    });
    expect(returned.filler1[0]!.actorName).toBeTruthy();
    await commit(world.filler1, fill.id, { xm: '王小明' });
    const passed = await deliveredBy(world, () =>
      world.manager.call(C.auditFill, { params: { id: fill.id }, body: { decision: 'pass' } }),
    );
    expectOnly(passed, {
      filler1: [
        {
          category: 'audit',
          kind: 'fill.passed',
          title: `填报通过：${form.name}`,
          body: `采集任务「${task.name}」的「${form.name}」已审核通过`,
          link: noticeLinks.fill(fill.id),
        },
      ],
    });
  });

  it('the department’s data sent back: each passed fill to its filler', async () => {
    const { form, task, fill } = await allocatedToFiller1();
    await commit(world.filler1, fill.id, { xm: '王老师' });
    await world.headA.call(C.auditFill, { params: { id: fill.id }, body: { decision: 'pass' } });
    const sentBack = await deliveredBy(world, () =>
      world.manager.call(C.rollbackAllocation, {
        body: { taskId: task.id, departmentId: deptA, reason: '数据口径有误' },
      }),
    );
    expectOnly(sentBack, {
      filler1: [
        {
          kind: 'fill.returned',
          title: `填报退回：${form.name}`,
          body: `采集任务「${task.name}」的「${form.name}」被退回，原因：数据口径有误`,
          link: noticeLinks.fill(fill.id),
        },
      ],
    });
  });
});

describe('a commit', () => {
  it('reaches the department’s head and the data managers', async () => {
    const { form, task, fill } = await allocatedToFiller1();
    const committed = await deliveredBy(world, () => commit(world.filler1, fill.id, { xm: '王老师' }));
    const message = {
      category: 'fill' as const,
      kind: 'fill.committed',
      title: `填报待审核：${form.name}`,
      body: `王老师提交了采集任务「${task.name}」的「${form.name}」，请审核`,
      link: noticeLinks.fillAudits(),
    };
    expectOnly(committed, { headA: [message], manager: [message], admin: [message] });
  });

  it('leaves a 数据变更 message for the source form’s owner', async () => {
    const source = await publishedForm([field('dh', '联系电话')]);
    const sourceTask = await newTask([source.id]);
    await allocate((await allocationOf(sourceTask.id)).id, [world.filler1]);
    const sourceFill = await fillOf(world.filler1, sourceTask.id);
    await commit(world.filler1, sourceFill.id, { dh: '13900000001' });
    await world.headA.call(C.auditFill, { params: { id: sourceFill.id }, body: { decision: 'pass' } });
    const { form, fill } = await allocatedToFiller1([
      field('dh', '电话', { prefill: { source: 'form', formId: source.id, fieldKey: 'dh' } }),
    ]);
    const committed = await deliveredBy(world, () => commit(world.filler1, fill.id, { dh: '13900000009' }));
    const changed = {
      category: 'valueChange' as const,
      kind: 'fill.valueChanged',
      title: '数据变更：电话',
      body: `王老师在「${form.name}」中将电话由「13900000001」改为「13900000009」（原值来自表单「${source.name}」（已审核））`,
      link: noticeLinks.valueChanges(),
    };
    const toAudit = { kind: 'fill.committed' };
    expectOnly(committed, { headA: [toAudit], manager: [toAudit, changed], admin: [toAudit] });
  });

  it('sends a warehouse value’s change to the data managers', async () => {
    const { form, fill } = await allocatedToFiller1([
      field('zc', '职称', {
        prefill: { source: 'warehouse', tableId: rosterTableId, fieldCode: 'zc', matchCode: 'gh' },
      }),
    ]);
    const committed = await deliveredBy(world, () => commit(world.filler1, fill.id, { zc: '教授' }));
    const changed = {
      kind: 'fill.valueChanged',
      title: '数据变更：职称',
      body: `王老师在「${form.name}」中将职称由「讲师」改为「教授」（原值来自数据仓库「教师名册」）`,
      link: noticeLinks.valueChanges(),
    };
    const toAudit = { kind: 'fill.committed' };
    expectOnly(committed, { headA: [toAudit], manager: [toAudit, changed], admin: [toAudit, changed] });
  });

  it('writes no message when the commit is refused', async () => {
    const { fill } = await allocatedToFiller1([field('xm', '姓名', { validations: [{ type: 'require' }] })]);
    await world.filler1.call(C.saveRecords, {
      body: { fillTaskId: fill.id, records: [{ data: { xm: '' } }] },
    });
    let status = 0;
    const refused = await deliveredBy(world, async () => {
      status = (await world.filler1.send(C.commitFill, { params: { id: fill.id } })).statusCode;
    });
    expect(status).toBe(400);
    expectOnly(refused, {});
  });
});
