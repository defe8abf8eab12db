import { ROLE_IDS } from '@eduqa/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createUser,
  multipart,
  postMultipart,
  type Session,
  signIn,
} from '../../../test/app.ts';
import { departments, roles } from '../org/org.table.ts';
import {
  createYearTarget,
  day,
  failed,
  forbidden,
  type GoalWorld,
  notFound,
  ok,
  refused,
  startGoalWorld,
  taskBody,
} from './goals.fixtures.ts';

const API = '/api/annual-targets';
type Page<T> = { records: T[]; total: number; current: number; size: number };
type Task = {
  id: string;
  name: string;
  isTop: boolean;
  targetTypeId: string | null;
  targetTypeName: string | null;
  kind: string;
  isWithdrawn: boolean;
  children?: Task[];
};
type Average = Task & {
  status: string;
  averageValue: number;
  targetNumber: number;
  actualValue: number | null;
  isBeyondAverage: boolean;
  isReached: boolean | null;
  targetValue: string;
};
type Named = { id: string; name: string };

let w: GoalWorld;
let admin: Session;
/** A school leader: reads every task through the annual menu, manages nothing. */
let leader: Session;
/** Holds the annual menu through a custom role but sees no task (neither publisher nor leader). */
let stranger: Session;

beforeAll(async () => {
  w = await startGoalWorld();
  admin = await signIn(w.t, 'admin', ADMIN_PASSWORD);
  const l = await createUser(w.t, { roles: [ROLE_IDS.schoolLeader] });
  leader = await signIn(w.t, l.account, l.password);
  await w.t.db
    .insert(roles)
    .values({ id: 'annualViewer', name: '年度目标查看', menuKeys: ['newTaskManagement'] });
  const s = await createUser(w.t, { roles: ['annualViewer'] });
  stranger = await signIn(w.t, s.account, s.password);
});
afterAll(() => w.t.close());

let typeCounter = 0;
async function createType(name?: string) {
  typeCounter += 1;
  return ok<Named>(await w.creator.post(`${API}/targetType`, { name: name ?? `目标类型${typeCounter}` }));
}
async function createAnnualTask(yearTargetId: string, over: Record<string, unknown> = {}) {
  return ok<Task>(await w.creator.post(`${API}/yearTask`, taskBody(w, yearTargetId, over)));
}
const averageBody = (yearTargetId: string, over: Record<string, unknown> = {}) =>
  taskBody(w, yearTargetId, {
    name: '生师比',
    averageValue: 18,
    targetNumber: 16,
    direction: '<',
    ...over,
  });

describe('feature flag 年度目标分解', () => {
  const menusOf = async (s: Session) =>
    ok<{ menus: Record<string, string> }>(await s.get('/api/user/tryLoginUserInfo')).menus;

  it('is on by default: the menu key is in the session and the routes answer', async () => {
    expect(await menusOf(w.creator)).toHaveProperty('newTaskManagement');
    expect(
      ok<{ annualTargetBreakdown: boolean }>(await admin.get('/api/user/systemSetting/001')),
    ).toMatchObject({
      annualTargetBreakdown: true,
    });
    ok(await w.creator.get(`${API}/targetType`));
  });

  it('only the administrator switches it, and the value is checked', async () => {
    forbidden(await w.creator.post('/api/user/systemSetting/001/features', { annualTargetBreakdown: false }));
    failed(
      await admin.post('/api/user/systemSetting/001/features', { annualTargetBreakdown: 'maybe' }),
      400,
      '布尔值',
    );
  });

  it('off: the key leaves every session and the routes refuse like a missing key; on again restores both', async () => {
    const off = ok<{ annualTargetBreakdown: boolean }>(
      await admin.post(
        '/api/user/systemSetting/001/features',
        { annualTargetBreakdown: 'false' },
        { form: true },
      ),
    );
    expect(off.annualTargetBreakdown).toBe(false);
    try {
      expect(await menusOf(w.creator)).not.toHaveProperty('newTaskManagement');
      expect(await menusOf(admin)).not.toHaveProperty('newTaskManagement');
      expect(await menusOf(w.creator)).toHaveProperty('targetTaskManagement');
      forbidden(await w.creator.get(`${API}/targetType`));
      forbidden(await admin.get(`${API}/yearTask`));
      forbidden(await w.creator.post(`${API}/targetType`, { name: '关闭时新建' }));
    } finally {
      ok(await admin.post('/api/user/systemSetting/001/features', { annualTargetBreakdown: true }));
    }
    expect(await menusOf(w.creator)).toHaveProperty('newTaskManagement');
    ok(await w.creator.get(`${API}/targetType`));
  });
});

describe('access', () => {
  it('refuses callers without the annual menu and without a session', async () => {
    forbidden(await w.head.get(`${API}/yearTask`));
    forbidden(await w.principal.get(`${API}/charger`));
    const anonymous = await w.t.app.inject({ method: 'GET', url: `${API}/targetType` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('target types', () => {
  it('a publisher manages them; a leader reads; inputs are checked in Chinese', async () => {
    failed(await w.creator.post(`${API}/targetType`, {}), 400, '请输入类型名称');
    failed(await w.creator.post(`${API}/targetType`, { name: '甲'.repeat(61) }), 400, '最多只能输入60个字符');
    failed(await w.creator.post(`${API}/targetType`, { name: '人才', sort: -1 }), 400, '排序不能小于0');
    forbidden(await leader.post(`${API}/targetType`, { name: '领导新建' }), '年度目标发布者');
    const type = await createType('人才培养');
    failed(await w.otherPublisher.post(`${API}/targetType`, { name: '人才培养' }), 409, '同名');
    const renamed = ok<Named & { description: string }>(
      await w.otherPublisher.post(`${API}/targetType/update`, {
        id: type.id,
        name: '人才培养质量',
        description: '说明',
      }),
    );
    expect(renamed).toMatchObject({ name: '人才培养质量', description: '说明' });
    notFound(await w.creator.post(`${API}/targetType/update`, { id: 'nope', name: 'x' }), '目标类型不存在');
    const page = ok<Page<Named>>(await leader.get(`${API}/targetType`, { keyword: '人才' }));
    expect(page.records.map((r) => r.name)).toContain('人才培养质量');
    forbidden(await leader.post(`${API}/targetType/delete`, { ids: [type.id] }));
  });

  it('refuses to delete a type a task or a charger uses, naming it', async () => {
    const target = await createYearTarget(w);
    const used = await createType('科学研究');
    await createAnnualTask(target.id, { targetTypeId: used.id });
    refused(
      await w.creator.post(`${API}/targetType/delete`, { ids: [used.id] }),
      '目标类型「科学研究」已被1个任务使用',
    );
    const charged = await createType('社会服务');
    ok(
      await w.creator.post(`${API}/charger`, {
        departmentId: w.departmentId,
        targetTypeId: charged.id,
        userId: w.principal.userId,
      }),
    );
    refused(await w.creator.post(`${API}/targetType/delete`, { ids: [charged.id] }), '已设置1位负责人');
    const free = await createType();
    ok(await w.creator.post(`${API}/targetType/delete`, { ids: [free.id] }));
    notFound(await w.creator.post(`${API}/targetType/delete`, { ids: [free.id] }));
  });
});

describe('year-target tasks', () => {
  it('creates through the goal rules with a target type, pins a task first, and searches the tree', async () => {
    const target = await createYearTarget(w);
    const type = await createType();
    failed(await w.creator.post(`${API}/yearTask`, { yearTargetId: target.id }), 400, '请输入任务名称');
    refused(
      await w.creator.post(`${API}/yearTask`, taskBody(w, target.id, { targetTypeId: 'missing' })),
      '目标类型不存在',
    );
    forbidden(await leader.post(`${API}/yearTask`, taskBody(w, target.id)), '年度目标发布者');
    const first = await createAnnualTask(target.id, { name: '第一项任务', targetTypeId: type.id });
    expect(first).toMatchObject({ targetTypeName: type.name, isTop: false, kind: 'task' });
    const second = await createAnnualTask(target.id, { name: '第二项任务' });
    const child = await createAnnualTask(target.id, {
      name: '就业子任务',
      parentId: first.id,
      startDate: day(-10),
      endDate: day(10),
    });

    const names = async (s: Session, query: Record<string, string> = {}) =>
      ok<Page<Task>>(await s.get(`${API}/yearTask/tree`, { yearTargetId: target.id, ...query })).records.map(
        (r) => `${r.name}${r.isTop ? '*' : ''}[${(r.children ?? []).map((c) => c.name).join(',')}]`,
      );
    expect(await names(w.creator)).toEqual(['第一项任务[就业子任务]', '第二项任务[]']);

    // Only the creator pins; to another publisher the task does not exist.
    notFound(
      await w.otherPublisher.post(`${API}/yearTask/top`, { id: second.id, isTop: true }),
      '目标任务不存在',
    );
    notFound(await stranger.post(`${API}/yearTask/top`, { id: second.id, isTop: true }));
    failed(await w.creator.post(`${API}/yearTask/top`, { id: second.id, isTop: 'yes' }), 400, '是否置顶');
    expect(ok<Task>(await w.creator.post(`${API}/yearTask/top`, { id: second.id, isTop: true })).isTop).toBe(
      true,
    );
    expect(await names(leader)).toEqual(['第二项任务*[]', '第一项任务[就业子任务]']);
    expect(await names(w.creator, { keyword: '就业' })).toEqual(['第一项任务[就业子任务]']);
    expect(await names(w.creator, { pageSize: '1', pageNum: '2' })).toEqual(['第一项任务[就业子任务]']);
    failed(await w.creator.get(`${API}/yearTask/tree`), 400, '请选择年度目标');

    // The flat list: pinned first, filtered by type; a caller who sees no task sees an empty page.
    const flat = ok<Page<Task>>(await w.creator.get(`${API}/yearTask`, { yearTargetId: target.id }));
    expect(flat.records.map((r) => r.id)).toEqual([second.id, first.id, child.id]);
    const byType = ok<Page<Task>>(await w.creator.get(`${API}/yearTask`, { targetTypeId: type.id }));
    expect(byType.records.map((r) => r.id)).toEqual([first.id]);
    expect(ok<Page<Task>>(await stranger.get(`${API}/yearTask`, { yearTargetId: target.id })).total).toBe(0);
  });

  it('updates and deletes only as the creator; the export is a workbook', async () => {
    const target = await createYearTarget(w);
    const type = await createType();
    const task = await createAnnualTask(target.id);
    const update = { ...taskBody(w, target.id, { name: '改过的任务', targetTypeId: type.id }), id: task.id };
    notFound(await w.otherPublisher.post(`${API}/yearTask/update`, update));
    notFound(await leader.post(`${API}/yearTask/update`, update));
    const updated = ok<Task>(await w.creator.post(`${API}/yearTask/update`, update));
    expect(updated).toMatchObject({ name: '改过的任务', targetTypeId: type.id });
    const exported = await w.creator.get(`${API}/yearTask/export`, { yearTargetId: target.id });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).getCell(3).value).toBe('改过的任务');
    expect((await w.creator.get(`${API}/yearTask/example`)).headers['content-type']).toContain(
      'spreadsheetml',
    );
    notFound(await w.otherPublisher.post(`${API}/yearTask/delete`, { ids: [task.id] }));
    failed(await w.creator.post(`${API}/yearTask/delete`, { ids: [] }), 400, '请选择记录');
    ok(await w.creator.post(`${API}/yearTask/delete`, { ids: [task.id] }));
  });

  it('imports all-or-nothing through the goal import', async () => {
    failed(await w.creator.post(`${API}/yearTask/import`), 400);
    failed(
      await upload(w.creator, `${API}/yearTask/import`, { name: 'a.txt', bytes: Buffer.from('x') }),
      400,
      'xlsx',
    );
    const template = (await w.creator.get(`${API}/yearTask/example`)).rawPayload;
    failed(
      await upload(w.creator, `${API}/yearTask/import`, { name: '模板.xlsx', bytes: template }),
      400,
      '请选择年度目标',
    );
    const target = await createYearTarget(w);
    // The template's example names a department and an account this school does not have: nothing is imported.
    const result = ok<{ imported: boolean; count: number; errors: { column: string }[] }>(
      await upload(
        w.creator,
        `${API}/yearTask/import`,
        { name: '模板.xlsx', bytes: template },
        { yearTargetId: target.id },
      ),
    );
    expect(result).toMatchObject({ imported: false, count: 0 });
    expect(result.errors.map((e) => e.column)).toContain('责任部门');
    forbidden(
      await upload(
        leader,
        `${API}/yearTask/import`,
        { name: '模板.xlsx', bytes: template },
        { yearTargetId: target.id },
      ),
    );
  });
});

describe('average-level targets', () => {
  it('creates one against the average, lists it, and checks the numbers in Chinese', async () => {
    const target = await createYearTarget(w);
    failed(
      await w.creator.post(`${API}/averageTarget`, averageBody(target.id, { averageValue: 'abc' })),
      400,
      '平均水平值',
    );
    failed(
      await w.creator.post(`${API}/averageTarget`, averageBody(target.id, { direction: '=' })),
      400,
      '比较方向',
    );
    forbidden(await leader.post(`${API}/averageTarget`, averageBody(target.id)));
    const average = ok<Average>(await w.creator.post(`${API}/averageTarget`, averageBody(target.id)));
    expect(average).toMatchObject({
      kind: 'average',
      status: 'normal',
      averageValue: 18,
      targetNumber: 16,
      isBeyondAverage: true,
      isReached: null,
      targetValue: '≤16（平均水平 18）',
    });
    await createAnnualTask(target.id, { name: '普通任务' });
    const page = ok<Page<Average>>(await leader.get(`${API}/averageTarget`, { yearTargetId: target.id }));
    expect(page.records.map((r) => r.name)).toEqual(['生师比']);
    const kinds = ok<Page<Task>>(
      await w.creator.get(`${API}/yearTask`, { yearTargetId: target.id, kind: 'average' }),
    );
    expect(kinds.records.map((r) => r.id)).toEqual([average.id]);
    expect(ok<Page<Average>>(await stranger.get(`${API}/averageTarget`)).total).toBe(0);
  });

  it('moves its status by the rules and withdraws; only the creator, others not-found', async () => {
    const target = await createYearTarget(w);
    const average = ok<Average>(await w.creator.post(`${API}/averageTarget`, averageBody(target.id)));
    const status = (s: Session, body: Record<string, unknown>) =>
      s.post(`${API}/averageTarget/updateTaskStauts`, { id: average.id, ...body });
    notFound(await status(w.otherPublisher, { status: 'pause' }), '平均水平目标不存在');
    failed(await status(w.creator, { status: 'done' }), 400, '请选择状态');
    refused(await status(w.creator, { status: 'finished' }), '完成目标时请填写实际值');
    refused(await status(w.creator, { status: 'normal' }), '已是');
    expect(ok<Average>(await status(w.creator, { status: 'pause' })).status).toBe('pause');
    const finished = ok<Average>(await status(w.creator, { status: 'finished', actualValue: '15.5' }));
    expect(finished).toMatchObject({ status: 'finished', actualValue: 15.5, isReached: true });
    refused(await status(w.creator, { status: 'normal' }), '不能改为');

    const other = ok<Average>(
      await w.creator.post(`${API}/averageTarget`, averageBody(target.id, { name: '师资' })),
    );
    notFound(await w.otherPublisher.post(`${API}/averageTarget/withdrawTask`, { id: other.id }));
    const withdrawn = ok<Average>(
      await w.creator.post(`${API}/averageTarget/withdrawTask`, { id: other.id }),
    );
    expect(withdrawn.isWithdrawn).toBe(true);
    refused(await w.creator.post(`${API}/averageTarget/withdrawTask`, { id: other.id }), '撤回');
  });

  it('updates and deletes only average-level targets', async () => {
    const target = await createYearTarget(w);
    const average = ok<Average>(await w.creator.post(`${API}/averageTarget`, averageBody(target.id)));
    const plainTask = await createAnnualTask(target.id);
    const body = {
      ...averageBody(target.id, { averageValue: 20, targetNumber: 22, direction: '>' }),
      id: average.id,
    };
    notFound(await w.otherPublisher.post(`${API}/averageTarget/update`, body));
    notFound(
      await w.creator.post(`${API}/averageTarget/update`, { ...body, id: plainTask.id }),
      '平均水平目标不存在',
    );
    const updated = ok<Average>(await w.creator.post(`${API}/averageTarget/update`, body));
    expect(updated).toMatchObject({
      averageValue: 20,
      targetNumber: 22,
      direction: '>',
      isBeyondAverage: true,
    });
    refused(
      await w.creator.post(`${API}/yearTask/update`, { ...taskBody(w, target.id), id: average.id }),
      '平均水平目标请在',
    );
    notFound(await w.creator.post(`${API}/averageTarget/delete`, { ids: [plainTask.id] }));
    ok(await w.creator.post(`${API}/averageTarget/delete`, { ids: [average.id] }));
    expect(
      ok<Page<Average>>(await w.creator.get(`${API}/averageTarget`, { yearTargetId: target.id })).total,
    ).toBe(0);
  });
});

function upload(
  s: Session,
  url: string,
  file: { name: string; bytes: Uint8Array },
  fields: Record<string, string> = {},
) {
  return postMultipart(w.t, s, url, multipart(file, fields));
}
async function chargerSheet(rows: string[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('负责人');
  sheet.addRow(['部门', '目标类型', '负责人账号', '联系电话', '备注']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('chargers', () => {
  it('one per department and type, checked in Chinese; a publisher manages, a leader reads', async () => {
    const type = await createType('党建思政');
    const body = { departmentId: w.departmentId, targetTypeId: type.id, userId: w.principal.userId };
    failed(await w.creator.post(`${API}/charger`, { ...body, phone: '12345' }), 400, '请输入正确的联系电话');
    failed(await w.creator.post(`${API}/charger`, { targetTypeId: type.id }), 400, '请选择部门');
    refused(await w.creator.post(`${API}/charger`, { ...body, userId: 'nobody' }), '负责人不存在');
    refused(await w.creator.post(`${API}/charger`, { ...body, departmentId: 'nowhere' }), '部门不存在');
    forbidden(await leader.post(`${API}/charger`, body));
    const charger = ok<{ id: string; userName: string; targetTypeName: string }>(
      await w.creator.post(`${API}/charger`, { ...body, phone: '13800001111' }),
    );
    expect(charger.targetTypeName).toBe('党建思政');
    failed(await w.otherPublisher.post(`${API}/charger`, body), 409, '已有负责人');
    const moved = ok<{ userId: string }>(
      await w.creator.post(`${API}/charger/update`, { ...body, id: charger.id, userId: w.creator.userId }),
    );
    expect(moved.userId).toBe(w.creator.userId);
    const page = ok<Page<{ id: string }>>(await leader.get(`${API}/charger`, { targetTypeId: type.id }));
    expect(page.records.map((r) => r.id)).toEqual([charger.id]);
    forbidden(await leader.post(`${API}/charger/delete`, { ids: [charger.id] }));
    ok(await w.creator.post(`${API}/charger/delete`, { ids: [charger.id] }));
    notFound(await w.creator.post(`${API}/charger/delete`, { ids: [charger.id] }), '负责人记录不存在');
  });

  it('imports all-or-nothing, reporting every bad row with its column and reason, then exports', async () => {
    const type = await createType('国际交流');
    const [dept] = await w.t.db.select().from(departments).where(eq(departments.id, w.departmentId));
    const bad = await chargerSheet([
      [dept!.name, '国际交流', w.principalAccount, '', ''],
      ['不存在的部门', '国际交流', w.principalAccount, '', ''],
      [dept!.name, '没有的类型', 'ghost', 'abc', ''],
      [dept!.name, '国际交流', w.principalAccount, '', ''],
      ['', '', '', '', '只有备注'],
    ]);
    const refusedImport = ok<{
      imported: boolean;
      errors: { row: number; column: string; message: string }[];
    }>(await upload(w.creator, `${API}/charger/import`, { name: '负责人.xlsx', bytes: bad }));
    expect(refusedImport.imported).toBe(false);
    expect(refusedImport.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: '部门', message: '部门「不存在的部门」不存在' },
        { row: 4, column: '目标类型', message: '目标类型「没有的类型」不存在' },
        { row: 4, column: '负责人账号', message: '账号「ghost」不存在或已停用' },
        { row: 4, column: '联系电话', message: '请输入正确的联系电话' },
        { row: 5, column: '目标类型', message: '与第2行的部门和目标类型重复' },
        { row: 6, column: '部门', message: '请填写部门' },
      ]),
    );
    expect(ok<Page<unknown>>(await w.creator.get(`${API}/charger`, { targetTypeId: type.id })).total).toBe(0);
    forbidden(await upload(leader, `${API}/charger/import`, { name: '负责人.xlsx', bytes: bad }));
    failed(await upload(w.creator, `${API}/charger/import`, { name: '负责人.csv', bytes: bad }), 400, 'xlsx');

    const good = await chargerSheet([[dept!.name, '国际交流', w.principalAccount, '0571-88886666', '分管']]);
    const imported = ok<{ imported: boolean; count: number }>(
      await upload(w.creator, `${API}/charger/import`, { name: '负责人.xlsx', bytes: good }),
    );
    expect(imported).toMatchObject({ imported: true, count: 1 });
    const exported = await w.creator.get(`${API}/charger/export`, { targetTypeId: type.id });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const row = book.worksheets[0]!.getRow(2);
    expect([row.getCell(1).value, row.getCell(2).value, row.getCell(3).value]).toEqual([
      dept!.name,
      '国际交流',
      w.principalAccount,
    ]);
    const template = await w.creator.get(`${API}/charger/example`);
    expect(template.headers['content-disposition']).toContain(encodeURIComponent('负责人导入模板'));
  });
});

describe('mission statements', () => {
  it('the task creator writes them; readers read; others do not see them', async () => {
    const target = await createYearTarget(w);
    const task = await createAnnualTask(target.id, { name: '任务书任务' });
    const body = { taskId: task.id, title: '2026年任务书', content: '完成就业率95%', signedDate: day(0) };
    failed(await w.creator.post(`${API}/missionStatement`, { taskId: task.id }), 400, '请输入任务书标题');
    failed(
      await w.creator.post(`${API}/missionStatement`, { ...body, signedDate: '2026-13-01' }),
      400,
      '签订日期',
    );
    notFound(await stranger.post(`${API}/missionStatement`, body), '目标任务不存在');
    forbidden(await leader.post(`${API}/missionStatement`, body), '只有任务创建人');
    forbidden(await w.otherPublisher.post(`${API}/missionStatement`, body), '只有任务创建人');
    const mission = ok<{ id: string; canEdit: boolean; taskName: string }>(
      await w.creator.post(`${API}/missionStatement`, body),
    );
    expect(mission).toMatchObject({ canEdit: true, taskName: '任务书任务' });

    const leaderView = ok<Page<{ id: string; canEdit: boolean }>>(
      await leader.get(`${API}/missionStatement`, { taskId: task.id }),
    );
    expect(leaderView.records).toEqual([expect.objectContaining({ id: mission.id, canEdit: false })]);
    expect(ok<Page<unknown>>(await stranger.get(`${API}/missionStatement`, { taskId: task.id })).total).toBe(
      0,
    );
    expect(
      ok<Page<unknown>>(await w.creator.get(`${API}/missionStatement`, { keyword: '2026年任务' })).total,
    ).toBe(1);

    const update = { id: mission.id, title: '修订任务书', content: '完成就业率96%' };
    notFound(await stranger.post(`${API}/missionStatement/update`, update), '任务书不存在');
    forbidden(await leader.post(`${API}/missionStatement/update`, update));
    expect(
      ok<{ title: string; signedDate: string | null }>(
        await w.creator.post(`${API}/missionStatement/update`, update),
      ),
    ).toMatchObject({
      title: '修订任务书',
      signedDate: null,
    });
    forbidden(await leader.post(`${API}/missionStatement/delete`, { ids: [mission.id] }));
    ok(await w.creator.post(`${API}/missionStatement/delete`, { ids: [mission.id] }));
    notFound(await w.creator.post(`${API}/missionStatement/delete`, { ids: [mission.id] }));
  });
});
