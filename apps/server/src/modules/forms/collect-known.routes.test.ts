import {
  collectEndpoints as C,
  formsEndpoints as F,
  homeEndpoints as H,
  warehouseEndpoints as W,
} from '@eduqa/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, refused, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import { diagnosisObjects } from '../diagnosis/diagnosis.table.ts';
import { users } from '../org/org.table.ts';

/**
 * 数据只采一次: a floating form's field names a source — another form's audited record of the same filler
 * and cycle, or a warehouse row of the filler's object — and the fill page gets that value with its
 * source; a commit that keeps a different value leaves a notice for the source's owner.
 */

let t: TestApp;
let manager: Session;
let otherManager: Session;
let head: Session;
let filler: Session;
let stranger: Session;
let departmentId: string;
let rosterTableId: string;
let rosterPhysical: string;
let seq = 0;

const field = (key: string, label: string, extra: Record<string, unknown> = {}) => ({
  key,
  label,
  component: 'text',
  ...extra,
});

async function createForm(fields: Record<string, unknown>[], formType: 'floating' | 'fixed' = 'floating') {
  return manager.call(F.formInsert, {
    body: {
      name: `已有数据${++seq}`,
      definition: { formType, layout: formType === 'fixed' ? 'table' : 'normal', fields },
    },
  });
}
async function publishedForm(fields: Record<string, unknown>[]) {
  const form = await createForm(fields);
  await manager.call(F.formPublish, { params: { id: form.id } });
  return form.id;
}

/** A task of the form for the department, allocated to the filler; answers the filler's fill task id. */
async function fillOf(formId: string) {
  const day = 86_400_000;
  const task = await manager.call(C.taskCreate, {
    body: {
      name: `采集${++seq}`,
      formIds: [formId],
      startAt: new Date(Date.now() - day).toISOString(),
      deadline: new Date(Date.now() + 30 * day).toISOString(),
      departmentIds: [departmentId],
    },
  });
  const [allocation] = (
    await head.call(C.allocationPage, { query: { taskId: task.id, pageNum: 1, pageSize: 10 } })
  ).records;
  await head.call(C.allocate, { body: { allocationId: allocation!.id, fillerIds: [filler.userId] } });
  const [fill] = (await filler.call(C.fillTaskPage, { query: { taskId: task.id, pageNum: 1, pageSize: 10 } }))
    .records;
  return fill!.id;
}

async function fillAndCommit(fillTaskId: string, data: Record<string, string>) {
  const [saved] = (await filler.call(C.fillTaskDetail, { params: { id: fillTaskId } })).records;
  const record = saved ? { id: saved.id, revision: saved.revision, data } : { data };
  await filler.call(C.saveRecords, { body: { fillTaskId, records: [record] } });
  return filler.call(C.commitFill, { params: { id: fillTaskId } });
}

const unread = async (s: Session) =>
  (await s.call(C.valueNoticePage, { query: { read: '0', pageNum: 1, pageSize: 50 } })).records;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  const m2 = await createUser(t, { roles: ['dataManager'] });
  otherManager = await signIn(t, m2.account, m2.password);
  const h = await createUser(t, { heads: true });
  departmentId = h.departmentId!;
  head = await signIn(t, h.account, h.password);
  const f = await createUser(t, { roles: ['dataCollector'], name: '王老师' });
  await t.db.update(users).set({ departmentId }).where(eq(users.id, f.id));
  filler = await signIn(t, f.account, f.password);
  const s = await createUser(t, { roles: ['dataCollector'] });
  stranger = await signIn(t, s.account, s.password);
  // The filler is the teacher object T90001; the personnel roster holds a row for it.
  await t.db
    .insert(diagnosisObjects)
    .values({ id: newId(), level: 'teacher', code: 'T90001', name: '王老师', userId: f.id });
  const wh = await manager.call(W.warehouseInsert, { body: { ckmc: '人事库' } });
  const table = await manager.call(W.tableInsert, { body: { ckid: wh.id, bmc: '教师名册' } });
  const column = (zdmc: string, zddm: string, zdlx: 'text' | 'integer' | 'date', extra = {}) =>
    manager.call(W.fieldInsert, { body: { ckbid: table.id, zdmc, zddm, zdlx, ...extra } });
  await column('工号', 'gh', 'text', { gllx: 'object' });
  await column('职称', 'zc', 'text');
  await column('入职日期', 'rzrq', 'date');
  await column('论文数', 'lws', 'integer');
  await manager.call(W.createPhysical, { body: { id: table.id } });
  rosterTableId = table.id;
  const detail = await manager.call(W.tableDetail, { query: { id: table.id } });
  rosterPhysical = detail.wlbm;
  await t.db.execute(
    sql.raw(`insert into ${rosterPhysical} (c_gh, c_zc, c_rzrq, c_lws) values
      ('T90001', '讲师', '2015-09-01', 2), ('T90001', '副教授', '2015-09-01', 5), ('T90002', '教授', '2001-09-01', 9)`),
  );
}, 60_000);
afterAll(() => t.close());

const roster = (fieldCode: string) => ({
  prefill: { source: 'warehouse', tableId: rosterTableId, fieldCode, matchCode: 'gh' },
});

describe('values the school already holds', () => {
  it('fills from the newest roster row of the filler’s own object, typed as the field stores it', async () => {
    const formId = await publishedForm([
      field('zc', '职称', roster('zc')),
      field('rzrq', '入职日期', { component: 'date', ...roster('rzrq') }),
      field('lws', '论文数', { component: 'integer', ...roster('lws') }),
      field('bz', '备注'),
    ]);
    const detail = await filler.call(C.fillTaskDetail, { params: { id: await fillOf(formId) } });
    expect(detail.known).toEqual({
      zc: { value: '副教授', source: '数据仓库「教师名册」' },
      rzrq: { value: '2015-09-01', source: '数据仓库「教师名册」' },
      lws: { value: 5, source: '数据仓库「教师名册」' },
    });
  });

  it('fills from another form’s audited record of the same filler, and only once it is audited', async () => {
    const sourceId = await publishedForm([field('gh', '工号'), field('dh', '联系电话')]);
    const sourceFill = await fillOf(sourceId);
    await fillAndCommit(sourceFill, { gh: 'T90001', dh: '13900000001' });
    const targetId = await publishedForm([
      field('dh', '电话', { prefill: { source: 'form', formId: sourceId, fieldKey: 'dh' } }),
    ]);
    const targetFill = await fillOf(targetId);
    // Committed but not yet audited: not yet something the school holds.
    expect((await filler.call(C.fillTaskDetail, { params: { id: targetFill } })).known).toEqual({});
    await head.call(C.auditFill, { params: { id: sourceFill }, body: { decision: 'pass' } });
    const { known } = await filler.call(C.fillTaskDetail, { params: { id: targetFill } });
    expect(known.dh?.value).toBe('13900000001');
    expect(known.dh?.source).toMatch(/^表单「已有数据\d+」（已审核）$/);
  });

  it('tells the source’s owner when a commit keeps a different value, and withdraws it when it agrees again', async () => {
    const sourceId = await publishedForm([field('xm', '姓名'), field('dh', '联系电话')]);
    const sourceFill = await fillOf(sourceId);
    await fillAndCommit(sourceFill, { xm: '王老师', dh: '13900000002' });
    await head.call(C.auditFill, { params: { id: sourceFill }, body: { decision: 'pass' } });
    const targetId = await publishedForm([
      field('dh', '电话', { prefill: { source: 'form', formId: sourceId, fieldKey: 'dh' } }),
      field('zc', '职称', roster('zc')),
    ]);
    const fillTaskId = await fillOf(targetId);
    const before = (await manager.call(H.workbench)).todos.find((d) => d.kind === 'valueChangesToReview');

    await fillAndCommit(fillTaskId, { dh: '13900000009', zc: '副教授' });
    const mine = (await unread(manager)).filter((n) => n.formName.startsWith('已有数据'));
    const notice = mine.find((n) => n.fieldLabel === '电话');
    expect(notice).toMatchObject({
      knownValue: '13900000002',
      newValue: '13900000009',
      objectName: '王老师',
      isRead: false,
    });
    // The roster's 职称 was kept: no notice for it.
    expect(mine.some((n) => n.fieldLabel === '职称' && n.newValue === '副教授')).toBe(false);
    const after = (await manager.call(H.workbench)).todos.find((d) => d.kind === 'valueChangesToReview');
    expect(after!.count).toBe((before?.count ?? 0) + 1);

    // Nobody else reads or confirms it.
    await refused(
      stranger.call(C.valueNoticeRead, { params: { id: notice!.id } }),
      404,
      /数据变更提醒不存在/,
    );
    expect((await unread(stranger)).some((n) => n.id === notice!.id)).toBe(false);

    // Sent back and committed again with the source's value: the unread notice goes.
    await head.call(C.auditFill, {
      params: { id: fillTaskId },
      body: { decision: 'rollback', reason: '核对电话' },
    });
    await fillAndCommit(fillTaskId, { dh: '13900000002', zc: '副教授' });
    expect((await unread(manager)).some((n) => n.id === notice!.id)).toBe(false);
  });

  it('sends a warehouse value’s change to the data managers, who confirm it', async () => {
    const formId = await publishedForm([field('zc', '职称', roster('zc'))]);
    const fillTaskId = await fillOf(formId);
    await fillAndCommit(fillTaskId, { zc: '教授' });
    const notice = (await unread(otherManager)).find((n) => n.newValue === '教授');
    expect(notice).toMatchObject({
      source: '数据仓库「教师名册」',
      knownValue: '副教授',
      fieldLabel: '职称',
    });
    const read = await otherManager.call(C.valueNoticeRead, { params: { id: notice!.id } });
    expect(read.isRead).toBe(true);
    expect((await unread(manager)).some((n) => n.id === notice!.id)).toBe(false);
    const all = await manager.call(C.valueNoticePage, { query: { read: '1', pageNum: 1, pageSize: 50 } });
    expect(all.records.some((n) => n.id === notice!.id)).toBe(true);
  });
});

describe('checked when the form is published', () => {
  it('refuses sources a filler could never read, each in Chinese', async () => {
    const unpublished = await createForm([field('dh', '电话')]);
    const fixedForm = await createForm([field('dh', '电话')], 'fixed');
    await manager.call(F.formPublish, { params: { id: fixedForm.id } });
    const floating = await publishedForm([field('dh', '电话')]);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ source: 'form', formId: unpublished.id, fieldKey: 'dh' }, /来源表单不存在或尚未发布/],
      [{ source: 'form', formId: fixedForm.id, fieldKey: 'dh' }, /必须是浮动表单/],
      [{ source: 'form', formId: floating, fieldKey: 'nope' }, /来源字段不在来源表单/],
      [{ source: 'warehouse', tableId: 'nope', fieldCode: 'zc', matchCode: 'gh' }, /数据表不存在/],
      [{ source: 'warehouse', tableId: rosterTableId, fieldCode: 'nope', matchCode: 'gh' }, /取值字段不在/],
      [{ source: 'warehouse', tableId: rosterTableId, fieldCode: 'zc', matchCode: 'zc' }, /关联诊断对象/],
    ];
    for (const [prefill, message] of cases) {
      const form = await createForm([field('dh', '电话', { prefill })]);
      await refused(manager.call(F.formPublish, { params: { id: form.id } }), 400, message);
    }
    const self = await createForm([field('dh', '电话')]);
    await manager.call(F.formUpdate, {
      params: { id: self.id },
      body: {
        definition: {
          formType: 'floating',
          layout: 'normal',
          fields: [field('dh', '电话', { prefill: { source: 'form', formId: self.id, fieldKey: 'dh' } })],
        },
      },
    });
    await refused(manager.call(F.formPublish, { params: { id: self.id } }), 400, /不能引用本表单/);
  });

  it('refuses a source on a fixed form’s field, whose rows are no one object', async () => {
    const form = await createForm([field('zc', '职称', roster('zc'))], 'fixed');
    await refused(
      manager.call(F.formPublish, { params: { id: form.id } }),
      400,
      /只有浮动表单的字段可以引用已有数据/,
    );
  });
});
