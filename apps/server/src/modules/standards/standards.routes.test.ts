import { auditEndpoints, EXAMPLE_POINT_CONFIG, NO_PERMISSION_MESSAGE, ROLE_IDS } from '@eduqa/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  multipart,
  postMultipart,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import type { AuditChange } from '../../platform/audit-trail.ts';
import { newId } from '../../platform/ids.ts';
import {
  assignedPoints,
  diagnosisObjects,
  diagnosisTasks,
  objectTasks,
} from '../diagnosis/diagnosis.table.ts';
import { roles } from '../org/org.table.ts';

const B = '/api/herm-mbbz';
const D = '/api/herm-sjgl';

let t: TestApp;
let publisher: Session;
let reader: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  const p = await createUser(t, { roles: [ROLE_IDS.diagnosisPublisher] });
  publisher = await signIn(t, p.account, p.password);
  await t.db
    .insert(roles)
    .values({ id: 'targetReader', name: '目标标准只读', menuKeys: ['target'], actions: [] });
  const r = await createUser(t, { roles: ['targetReader'] });
  reader = await signIn(t, r.account, r.password);
  const o = await createUser(t, { roles: [ROLE_IDS.diagnosisObject] });
  outsider = await signIn(t, o.account, o.password);
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

function ok(response: LightMyRequestResponse) {
  expect(response.json().meta, response.body).toMatchObject({ success: true });
  return response.json().data;
}

function refused(response: LightMyRequestResponse, message: string | RegExp) {
  expect(response.json().meta.success, response.body).toBe(false);
  if (typeof message === 'string') expect(response.json().meta.message).toBe(message);
  else expect(response.json().meta.message).toMatch(message);
}

async function category(level = 'school') {
  return ok(await publisher.post(`${B}/category/insert`, { name: unique('分类'), icon: 'school', level }));
}

async function indicator(categoryId: string, parentId?: string) {
  return ok(
    await publisher.post(`${B}/indicator/insert`, {
      categoryId,
      name: unique('指标'),
      ...(parentId ? { parentId } : {}),
    }),
  ).id as string;
}

/** A valid body: the example point's configuration (without its level, the category's), under wire names. */
const pointBody = (indicatorId: string, extra: Record<string, unknown> = {}) => {
  const { level: _level, standardValue, ...config } = EXAMPLE_POINT_CONFIG;
  return {
    ...config,
    indicatorId,
    zkdmc: unique('质控点'),
    nh: '内涵',
    zdbz: '诊断标准',
    bzz: standardValue,
    displayMode: 'table',
    ...extra,
  };
};

async function leaf() {
  const c = await category();
  const top = await indicator(c.id);
  const child = await indicator(c.id, top);
  return { category: c, top, child };
}

describe('permissions', () => {
  it('refuses a user without the target menu with 403', async () => {
    const response = await outsider.get(`${B}/category/selectAll`);
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toMatchObject({
      success: false,
      statusCode: 403,
      message: NO_PERMISSION_MESSAGE,
    });
    expect((await outsider.get(`${D}/cycleType/getCycleType`)).json().meta.statusCode).toBe(403);
  });

  it('lets a reader read but not write', async () => {
    ok(await reader.get(`${B}/category/selectAll`));
    ok(await reader.get(`${B}/quality/selectPage`));
    const write = await reader.post(`${B}/category/insert`, {
      name: '只读分类',
      icon: 'school',
      level: 'school',
    });
    expect(write.json().meta).toMatchObject({ success: false, statusCode: 403 });
    expect(
      (await reader.post(`${D}/dimension/insert`, { dimension_Name: 'x', display_Name: 'x' })).json().meta
        .statusCode,
    ).toBe(403);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${B}/category/selectAll` });
    expect(response.statusCode).toBe(401);
  });
});

describe('categories and the indicator tree', () => {
  it('creates a category with its default table name and refuses a duplicate name', async () => {
    const created = ok(
      await publisher.post(`${B}/category/insert`, { name: '人才培养', icon: 'student', level: 'school' }),
    );
    expect(created).toMatchObject({
      name: '人才培养',
      tableName: 'scorecard',
      icon: 'student',
      indicatorCount: 0,
    });
    refused(
      await publisher.post(`${B}/category/insert`, { name: '人才培养', icon: 'student', level: 'school' }),
      '同一层级下分类名称已存在',
    );
    refused(
      await publisher.post(`${B}/category/insert`, { name: 'x', icon: 'nope', level: 'school' }),
      /分类图标/,
    );
  });

  it('builds a nested, ordered tree and moves siblings', async () => {
    const c = await category();
    const a = await indicator(c.id);
    const b = await indicator(c.id);
    const a1 = await indicator(c.id, a);
    const tree = ok(await reader.get(`${B}/indicator/selectTree`, { categoryId: c.id }));
    expect(tree.map((n: { id: string }) => n.id)).toEqual([a, b]);
    expect(tree[0].children[0]).toMatchObject({ id: a1, level: 2, parentId: a });
    ok(await publisher.post(`${B}/indicator/${b}/move`, { direction: 'up' }));
    const moved = ok(await reader.get(`${B}/indicator/selectTree`, { categoryId: c.id }));
    expect(moved.map((n: { id: string }) => n.id)).toEqual([b, a]);
    refused(await publisher.post(`${B}/indicator/${b}/move`, { direction: 'up' }), '已经是第一个');
  });

  it('refuses duplicate sibling names and deletes only empty nodes and categories', async () => {
    const { category: c, top, child } = await leaf();
    const tree = ok(await reader.get(`${B}/indicator/selectTree`, { categoryId: c.id }));
    refused(
      await publisher.post(`${B}/indicator/insert`, {
        categoryId: c.id,
        parentId: top,
        name: tree[0].children[0].name,
      }),
      '同级指标名称已存在',
    );
    refused(await publisher.post(`${B}/indicator/${top}/delete`), '该指标下仍有下级指标，不能删除');
    refused(await publisher.post(`${B}/category/${c.id}/delete`), '该分类下仍有指标，不能删除');
    const point = ok(await publisher.post(`${B}/quality/insert`, pointBody(child)));
    refused(await publisher.post(`${B}/indicator/${child}/delete`), '该指标下仍有质控点，不能删除');
    refused(
      await publisher.post(`${B}/indicator/insert`, { categoryId: c.id, parentId: child, name: '更下级' }),
      '该指标下已有质控点，不能添加下级指标',
    );
    ok(await publisher.post(`${B}/quality/ids/delete`, { ids: [point.zkdid] }));
    ok(await publisher.post(`${B}/indicator/${child}/delete`));
    ok(await publisher.post(`${B}/indicator/${top}/delete`));
    ok(await publisher.post(`${B}/category/${c.id}/delete`));
  });
});

describe('quality points', () => {
  it('creates, reads, searches and updates a point with its whole configuration', async () => {
    const { category: c, child } = await leaf();
    const created = ok(
      await publisher.post(
        `${B}/quality/insert`,
        pointBody(child, { zkdmc: '毕业生就业率', notAllowChange: true }),
      ),
    );
    expect(created).toMatchObject({
      zkdmc: '毕业生就业率',
      nh: '内涵',
      zdbz: '诊断标准',
      bzz: '90',
      level: 'school',
      notAllowChange: true,
      isJoin: true,
      categoryId: c.id,
    });
    expect(created.indicatorPath).toHaveLength(2);
    const detail = ok(await reader.get(`${B}/quality/selectById`, { id: created.zkdid }));
    expect(detail.calRule).toEqual(created.calRule);
    const page = ok(await reader.get(`${B}/quality/selectPage`, { keyword: '就业', categoryId: c.id }));
    expect(page).toMatchObject({ total: 1, current: 1 });
    const byTop = ok(
      await reader.get(`${B}/quality/selectPage`, { indicatorId: created.indicatorPath[0].id }),
    );
    expect(byTop.total).toBe(1);
    const updated = ok(
      await publisher.post(`${B}/quality/update`, {
        ...pointBody(child, { zkdmc: '毕业生就业率', direction: '<' }),
        zkdid: created.zkdid,
        calRule: [
          { value: '5', dxLevel: 'A' },
          { value: '10', dxLevel: 'B' },
        ],
        warningMode: 'level',
        warningCondition: '',
        warningValue: 'e',
      }),
    );
    expect(updated).toMatchObject({
      direction: '<',
      warningMode: 'level',
      warningValue: 'E',
      warningCondition: null,
    });
  });

  it('accepts a form-encoded body with the rule as JSON text', async () => {
    const { child } = await leaf();
    const body = pointBody(child);
    const form: Record<string, string> = Object.fromEntries(
      Object.entries({ ...body, calRule: JSON.stringify(body.calRule), grades: 'A,B,C,D' }).map(
        ([key, value]) => [key, String(value)],
      ),
    );
    ok(await publisher.post(`${B}/quality/insert`, form, { form: true }));
  });

  it('refuses a bad grading rule', async () => {
    const { child } = await leaf();
    const bad = (calRule: unknown, extra: Record<string, unknown> = {}) =>
      publisher.post(`${B}/quality/insert`, pointBody(child, { calRule, ...extra }));
    refused(
      await bad([
        { value: '80', dxLevel: 'A' },
        { value: '90', dxLevel: 'B' },
      ]),
      /越大越好.*从大到小/,
    );
    refused(
      await bad(
        [
          { value: '90', dxLevel: 'A' },
          { value: '80', dxLevel: 'B' },
        ],
        { direction: '<', warningCondition: '>' },
      ),
      /越小越好.*从小到大/,
    );
    refused(
      await bad([
        { value: '90', dxLevel: 'A' },
        { value: '80', dxLevel: 'A' },
      ]),
      /等级「A」重复/,
    );
    refused(await bad([{ value: '90', dxLevel: 'X' }]), /等级「X」不正确/);
    refused(await bad([{ value: '120', dxLevel: 'A' }]), /0到100/);
  });

  it('refuses values that do not fit the data type', async () => {
    const { child } = await leaf();
    refused(await publisher.post(`${B}/quality/insert`, pointBody(child, { bzz: '101' })), /标准值不正确/);
    refused(
      await publisher.post(
        `${B}/quality/insert`,
        pointBody(child, {
          dataType: 'whether',
          bzz: '有',
          calRule: [],
          grades: [],
          warningMode: '',
          warningCondition: '',
          warningValue: '',
        }),
      ),
      /请选择是或否/,
    );
    refused(
      await publisher.post(
        `${B}/quality/insert`,
        pointBody(child, { warningMode: 'level', warningValue: 'H' }),
      ),
      /预警等级A、B、C、D、E、F、G/,
    );
    refused(
      await publisher.post(
        `${B}/quality/insert`,
        pointBody(child, { calcMode: 'level', bzz: '90', calRule: [] }),
      ),
      /等级A、B、C、D/,
    );
    ok(
      await publisher.post(
        `${B}/quality/insert`,
        pointBody(child, {
          dataType: 'have',
          bzz: '有',
          calRule: [{ value: '有', dxLevel: 'Y' }],
          grades: ['Y', 'N'],
          warningMode: '',
          warningCondition: '',
          warningValue: '',
        }),
      ),
    );
  });

  it('refuses a duplicate name, a point under a non-leaf and a level unlike its category', async () => {
    const { top, child } = await leaf();
    const body = pointBody(child);
    ok(await publisher.post(`${B}/quality/insert`, body));
    refused(await publisher.post(`${B}/quality/insert`, body), '该指标下已有同名质控点');
    refused(await publisher.post(`${B}/quality/insert`, pointBody(top)), '只能在末级指标下添加质控点');
    refused(
      await publisher.post(`${B}/quality/insert`, pointBody(child, { level: 'major' })),
      /层级应与所属分类的层级一致/,
    );
  });

  it('refuses to delete a point assigned to an object task', async () => {
    const { child } = await leaf();
    const point = ok(await publisher.post(`${B}/quality/insert`, pointBody(child)));
    const [taskId, objectId, objectTaskId] = [newId(), newId(), newId()];
    await t.db
      .insert(diagnosisObjects)
      .values({ id: objectId, level: 'school', code: unique('S'), name: '本校' });
    await t.db.insert(diagnosisTasks).values({
      id: taskId,
      name: '任务',
      level: 'school',
      period: '2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      publisherUserId: publisher.userId,
    });
    await t.db.insert(objectTasks).values({ id: objectTaskId, taskId, objectId });
    await t.db.insert(assignedPoints).values({ id: newId(), objectTaskId, qualityPointId: point.zkdid });
    refused(
      await publisher.post(`${B}/quality/ids/delete`, { ids: [point.zkdid] }),
      `质控点「${point.zkdmc}」已分配给诊断对象任务，不能删除`,
    );
  });
});

describe('operation log', () => {
  /** Per entry that changed an object, newest first, its changes of that object. */
  async function changesOf(id: string) {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const log = await admin.call(auditEndpoints.operationLog, { query: { pageSize: 100 } });
    return log.records
      .map((e) => ((e.changes ?? []) as AuditChange[]).filter((c) => c.id === id))
      .filter((changes) => changes.length > 0);
  }

  it('keeps a standard, an indicator and a point before and after: names, standard values, weights', async () => {
    const c = await category();
    ok(
      await publisher.post(`${B}/category/update`, {
        id: c.id,
        name: `${c.name}改`,
        icon: 'school',
        level: 'school',
      }),
    );
    const id = ok(
      await publisher.post(`${B}/indicator/insert`, { categoryId: c.id, name: '就业质量', qz: 0.5 }),
    ).id as string;
    ok(await publisher.post(`${B}/indicator/update`, { id, name: '就业质量', qz: 0.8 }));
    const point = ok(
      await publisher.post(`${B}/quality/insert`, pointBody(id, { zkdmc: '就业率', bzz: '90' })),
    );
    ok(
      await publisher.post(`${B}/quality/update`, {
        ...pointBody(id, { zkdmc: '就业率', bzz: '95' }),
        zkdid: point.zkdid,
      }),
    );
    ok(await publisher.post(`${B}/quality/ids/delete`, { ids: [point.zkdid] }));
    ok(await publisher.post(`${B}/indicator/${id}/delete`));

    const [categoryUpdate, categoryCreate] = await changesOf(c.id);
    expect(categoryCreate).toEqual([
      expect.objectContaining({
        object: '指标分类',
        before: null,
        after: expect.objectContaining({ 名称: c.name }),
      }),
    ]);
    expect(categoryUpdate).toEqual([
      {
        object: '指标分类',
        id: c.id,
        name: `${c.name}改`,
        before: { 名称: c.name },
        after: { 名称: `${c.name}改` },
      },
    ]);
    const [indicatorDelete, indicatorUpdate, indicatorCreate] = await changesOf(id);
    expect(indicatorCreate).toEqual([
      {
        object: '指标',
        id,
        name: '就业质量',
        before: null,
        after: { 名称: '就业质量', 编码: null, 权重: 0.5, 所属分类: `${c.name}改`, 上级指标: null },
      },
    ]);
    expect(indicatorUpdate).toEqual([
      expect.objectContaining({ before: { 权重: 0.5 }, after: { 权重: 0.8 } }),
    ]);
    expect(indicatorDelete).toEqual([expect.objectContaining({ object: '指标', after: null })]);
    const [removed, updated, created] = await changesOf(point.zkdid);
    expect(created?.[0]).toMatchObject({
      object: '质控点',
      name: '就业率',
      before: null,
      after: { 名称: '就业率', 标准值: '90', 所属指标: `${c.name}改 / 就业质量` },
    });
    expect(updated).toEqual([expect.objectContaining({ before: { 标准值: '90' }, after: { 标准值: '95' } })]);
    expect(removed).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ 标准值: '95' }), after: null }),
    ]);
  });
});

describe('cycles and dimensions', () => {
  it('keeps exactly one default per type', async () => {
    const type = ok(await publisher.post(`${D}/cycleType/insert`, { lxmc: '学年' }));
    refused(await publisher.post(`${D}/cycleType/insert`, { lxmc: '学年' }), '周期类型名称已存在');
    const a = ok(await publisher.post(`${D}/cycle/insert`, { typeId: type.id, cycleNumber: '2024-2025' }));
    const b = ok(await publisher.post(`${D}/cycle/insert`, { typeId: type.id, cycleNumber: '2025-2026' }));
    refused(
      await publisher.post(`${D}/cycle/insert`, { typeId: type.id, cycleNumber: '2025-2026' }),
      '该类型下周期已存在',
    );
    expect([a.defaultsStatus, b.defaultsStatus]).toEqual([1, 0]);
    ok(await publisher.post(`${D}/cycle/${b.cycleId}/defaultStatusChange`));
    ok(await publisher.post(`${D}/cycle/${b.cycleId}/defaultStatusChange`));
    const page = ok(await reader.get(`${D}/cycle/selectquery`, { typeId: type.id }));
    expect(
      page.records
        .filter((c: { defaultsStatus: number }) => c.defaultsStatus === 1)
        .map((c: { cycleId: string }) => c.cycleId),
    ).toEqual([b.cycleId]);
    const list = ok(await reader.get(`${D}/cycle/selectByTypeName`, { typeName: '学年' }));
    expect(list.cycleDefaultsValue).toEqual({ cycleNumber: '2025-2026', cycleId: b.cycleId });
    refused(
      await publisher.post(`${D}/cycle/${b.cycleId}/hideStatusChange`, { status: true }),
      '默认周期不能隐藏',
    );
    ok(await publisher.post(`${D}/cycle/${a.cycleId}/hideStatusChange`, { status: true }));
    expect(ok(await reader.get(`${D}/cycle/selectByTypeName`, { typeName: '学年' })).list).toHaveLength(1);
    ok(await publisher.post(`${D}/cycle/delete`, { cycleId: b.cycleId }));
    const after = ok(
      await reader.get(`${D}/cycle/selectByTypeName`, { typeName: '学年', withHidden: 'true' }),
    );
    expect(after.cycleDefaultsValue).toEqual({ cycleNumber: '2024-2025', cycleId: a.cycleId });
    expect(
      ok(await reader.get(`${D}/cycleType/getCycleType`)).map((x: { lxmc: string }) => x.lxmc),
    ).toContain('学年');
  });

  it('pages, reads, updates and deletes dimension types and refuses duplicate names', async () => {
    for (const name of ['学院维度', '专业维度', '课程维度']) {
      ok(
        await publisher.post(`${D}/dimension/insert`, { dimension_Name: name, display_Name: `${name}显示` }),
      );
    }
    refused(
      await publisher.post(`${D}/dimension/insert`, { dimension_Name: '学院维度', display_Name: 'x' }),
      '维度名称已存在',
    );
    const page = ok(await reader.get(`${D}/dimension/query`, { pageNum: 1, pageSize: 2 }));
    expect(page).toMatchObject({ total: 3, pages: 2, size: 2 });
    const first = page.records[0];
    expect(ok(await reader.get(`${D}/dimension/detail`, { pk_Dimension_Id: first.pk_Dimension_Id }))).toEqual(
      first,
    );
    const updated = ok(await publisher.post(`${D}/dimension/update`, { ...first, display_Name: '新显示名' }));
    expect(updated.display_Name).toBe('新显示名');
    ok(await publisher.post(`${D}/dimension/delete`, { pk_Dimension_Id: first.pk_Dimension_Id }));
    expect(ok(await reader.get(`${D}/dimension/query`)).total).toBe(2);
  });
});

describe('Excel export and import', () => {
  const upload = (session: Session, name: string, bytes: Uint8Array) =>
    postMultipart(t, session, `${B}/quality/upload`, multipart({ name, bytes }));

  async function sheetOf(bytes: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return workbook;
  }

  it('serves a template whose example row imports', async () => {
    const response = await reader.get(`${B}/quality/downloadtemplate`);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = await sheetOf(response.rawPayload);
    expect(workbook.getWorksheet('填写说明')).toBeDefined();
    expect(workbook.getWorksheet('指标体系')!.getRow(1).getCell(1).value).toBe('分类名称');
    const result = ok(await upload(publisher, '模板.xlsx', response.rawPayload));
    expect(result).toMatchObject({ imported: true, points: 1, errors: [] });
    const again = ok(await upload(publisher, '模板.xlsx', response.rawPayload));
    expect(again).toMatchObject({ imported: true, categories: 0, indicators: 0, points: 1 });
  });

  it('round-trips: export → import changes nothing and re-reads every point as it was', async () => {
    const { child } = await leaf();
    ok(
      await publisher.post(
        `${B}/quality/insert`,
        pointBody(child, { zkdmc: '往返质控点', isFilePoint: true }),
      ),
    );
    ok(
      await publisher.post(
        `${B}/quality/insert`,
        pointBody(child, {
          dataType: 'whether',
          bzz: '是',
          calRule: [],
          grades: ['Y', 'N'],
          warningMode: 'level',
          warningCondition: '',
          warningValue: 'C',
        }),
      ),
    );
    await category('teacher');
    const before = ok(await reader.get(`${B}/quality/selectPage`, { pageSize: 1000 }));
    const categoriesBefore = ok(await reader.get(`${B}/category/selectAll`));
    const exported = (await reader.get(`${B}/quality/download`)).rawPayload;
    const result = ok(await upload(publisher, '导出.xlsx', exported));
    expect(result).toMatchObject({
      imported: true,
      categories: 0,
      indicators: 0,
      points: before.total,
      errors: [],
    });
    expect(ok(await reader.get(`${B}/quality/selectPage`, { pageSize: 1000 }))).toEqual(before);
    expect(ok(await reader.get(`${B}/category/selectAll`))).toEqual(categoriesBefore);
  });

  it('imports nothing when a row is bad and lists every bad row', async () => {
    const template = (await reader.get(`${B}/quality/downloadtemplate`)).rawPayload;
    const workbook = await sheetOf(template);
    const sheet = workbook.getWorksheet('指标体系')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const example = (sheet.getRow(2).values as unknown[]).slice(1);
    const col = (name: string) => headers.indexOf(name);
    const row = (changes: Record<string, string>) => {
      const values = [...example];
      for (const [k, v] of Object.entries(changes)) values[col(k)] = v;
      return values;
    };
    sheet.addRow(row({ 质控点名称: '好的新质控点' }));
    sheet.addRow(row({ 质控点名称: '坏数据类型', 数据类型: '字符串' }));
    sheet.addRow(row({ 质控点名称: '坏规则', 计算规则: '80:A;90:B' }));
    sheet.addRow(row({ 质控点名称: '坏标准值', 标准值: '150' }));
    sheet.addRow(row({ 质控点名称: '好的新质控点' }));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = ok(await reader.get(`${B}/quality/selectPage`, { keyword: '好的新质控点' })).total;
    const result = ok(await upload(publisher, '有误.xlsx', bytes));
    expect(result.imported).toBe(false);
    expect(result.errors).toEqual([
      expect.objectContaining({ row: 4, column: '数据类型' }),
      expect.objectContaining({ row: 5, column: '计算规则' }),
      expect.objectContaining({ row: 6, column: '标准值' }),
      expect.objectContaining({ row: 7, column: '质控点名称', message: '与第3行的质控点重复' }),
    ]);
    expect(ok(await reader.get(`${B}/quality/selectPage`, { keyword: '好的新质控点' })).total).toBe(before);
  });

  it('refuses a file that is not xlsx and writers only', async () => {
    refused(await upload(publisher, 'a.txt', new Uint8Array([1, 2, 3])), '只能上传xlsx的文件');
    expect((await upload(reader, 'a.xlsx', new Uint8Array([1]))).json().meta.statusCode).toBe(403);
    const broken = ok(await upload(publisher, 'a.xlsx', new Uint8Array([1, 2, 3])));
    expect(broken.imported).toBe(false);
    expect(broken.errors[0].message).toMatch(/无法读取文件/);
  });
});
