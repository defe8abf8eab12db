import {
  schoolEndpoints as E,
  type FutureTask,
  fromSchoolWire,
  ROLE_IDS,
  SCHOOL_IMPORT,
  SCHOOL_LIMITS,
  type SchoolImportResultWire,
} from '@eduqa/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  type CallArgs,
  createTestApp,
  createUser,
  multipart,
  postMultipart,
  refused,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { DEMO_OWN_SCHOOL_CODE, seedOwnSchoolDemo } from '../../seed/schools-demo.ts';
import { roles } from '../org/org.table.ts';
import { doubleHighUnits, peerSchools } from './analysis.table.ts';
import { ensureReferenceData } from './reference-data.loader.ts';

let t: TestApp;
let admin: Session;
let leader: Session;
let screenOnly: Session;
let outsider: Session;

const ZJ_MECH = '浙江机电职业技术大学';

beforeAll(async () => {
  t = await createTestApp();
  expect(await ensureReferenceData(t.db)).toEqual({ schools: 3167, doubleHighUnits: 253 });
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const l = await createUser(t, { roles: [ROLE_IDS.schoolLeader] });
  leader = await signIn(t, l.account, l.password);
  await t.db
    .insert(roles)
    .values({ id: 'screenOnly', name: '只看大屏', menuKeys: ['dataScreen'], actions: [] });
  const s = await createUser(t, { roles: ['screenOnly'] });
  screenOnly = await signIn(t, s.account, s.password);
  const o = await createUser(t, { roles: [ROLE_IDS.diagnosisObject] });
  outsider = await signIn(t, o.account, o.password);
});
afterAll(() => t.close());

const list = (session: Session, args: CallArgs<typeof E.querySchoolList>) =>
  session.call(E.querySchoolList, args);

describe('reference data at start', () => {
  it('loads once: a second start adds nothing', async () => {
    expect(await ensureReferenceData(t.db)).toEqual({ schools: 0, doubleHighUnits: 0 });
  });

  it('answers the option lists with counts from the directory, provinces in national order', async () => {
    const options = await leader.call(E.queryAllList);
    expect(options.schoolLevel).toEqual([
      { name: '本科', count: 1365 },
      { name: '专科', count: 1554 },
      { name: '成人', count: 248 },
    ]);
    expect(options.schoolNature).toEqual([
      { name: '公办', count: 2320 },
      { name: '民办', count: 831 },
      { name: '中外合作', count: 16 },
    ]);
    const provinces = options.schoolProvince.map((p) => p.name);
    expect(provinces.slice(0, 3)).toEqual(['北京市', '天津市', '河北省']);
    expect(provinces.indexOf('四川省')).toBe(provinces.indexOf('重庆市') + 1);
    expect(provinces).toHaveLength(31);
    expect(options.schoolProvince.reduce((n, p) => n + p.count, 0)).toBe(3167);
  });

  it('stores each 双高 school under its directory code, 九江职业技术学院 under 江西职业技术大学', async () => {
    const rows = await t.db
      .select({ code: doubleHighUnits.schoolCode })
      .from(doubleHighUnits)
      .where(eq(doubleHighUnits.schoolName, '九江职业技术学院'));
    const [jiangxi] = await t.db.select().from(peerSchools).where(eq(peerSchools.name, '江西职业技术大学'));
    expect(rows.map((r) => r.code)).toEqual([jiangxi!.code, jiangxi!.code]);
    const unresolved = await t.db.$count(doubleHighUnits, eq(doubleHighUnits.round, 2019));
    expect(unresolved).toBe(253);
  });
});

describe('school list', () => {
  it('filters by name substring, province, nature and level (comma-joined), and pages', async () => {
    const page = await list(leader, {
      query: {
        keyword: '职业技术大学',
        province: '浙江省,江苏省',
        nature: '公办',
        level: '本科',
        pageSize: 5,
      },
    });
    expect(page.total).toBeGreaterThan(5);
    expect(page.records).toHaveLength(5);
    for (const r of page.records) {
      expect(r.schoolName).toContain('职业技术大学');
      expect(['浙江省', '江苏省']).toContain(r.schoolProvince);
      expect(r).toMatchObject({ schoolNature: '公办', schoolLevel: '本科', isOwn: false });
    }
    const second = await list(leader, {
      query: {
        keyword: '职业技术大学',
        province: '浙江省,江苏省',
        nature: '公办',
        level: '本科',
        pageSize: 5,
        pageNum: 2,
      },
    });
    expect(second.current).toBe(2);
    const codes = [...page.records, ...second.records].map((r) => r.schoolCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('answers the whole directory in one page of 5000 for the modal', async () => {
    const all = await list(screenOnly, { query: { pageSize: SCHOOL_LIMITS.pageSize } });
    expect(all.total).toBe(3167);
    expect(all.records).toHaveLength(3167);
    const private_ = await list(leader, { query: { nature: '民办', pageSize: 1 } });
    expect(private_.total).toBe(831);
    const adult = await list(leader, { query: { level: '成人', pageSize: 1 } });
    expect(adult.total).toBe(248);
  });

  it('takes a hostile keyword as text', async () => {
    for (const keyword of ["%' or 1=1 --", '_', '\\', '<script>alert(1)</script>']) {
      const page = await list(leader, { query: { keyword } });
      expect(page.total).toBe(0);
    }
  });

  it('refuses bad input in Chinese', async () => {
    await refused(list(leader, { query: { province: '火星省' } }), 400, /所在省份不存在：火星省/);
    await refused(list(leader, { query: { keyword: '学'.repeat(61) } }), 400, /最多/);
    await refused(list(leader, { query: { level: '研究生' } }), 400, /办学层次/);
    await refused(list(leader, { query: { nature: '私立' } }), 400, /办学性质/);
    await refused(list(leader, { query: { pageSize: 5001 } }), 400, /5000/);
    const control = await leader.get(E.querySchoolList.path, { keyword: 'a\u0000b' });
    expect(control.statusCode).toBe(400);
  });

  it('refuses a caller without 智能分析 or 数据大屏', async () => {
    await refused(list(outsider, { query: {} }), 403);
    await refused(outsider.call(E.queryAllList), 403);
    await refused(outsider.call(E.doubleHighYears), 403);
    await refused(outsider.call(E.queryOwnSchool), 403);
  });
});

describe('own school', () => {
  it('is unset without the demo; an administrator sets it, and it comes first and marked', async () => {
    expect(await leader.call(E.queryOwnSchool)).toBeNull();
    const [school] = await t.db.select().from(peerSchools).where(eq(peerSchools.name, ZJ_MECH));
    const own = await admin.call(E.updateOwnSchool, { body: { schoolCode: school!.code } });
    expect(fromSchoolWire(own)).toMatchObject({ name: ZJ_MECH, isOwn: true, province: '浙江省' });
    expect((await screenOnly.call(E.queryOwnSchool))?.schoolCode).toBe(school!.code);
    const first = await list(leader, { query: { pageSize: 1 } });
    expect(first.records[0]).toMatchObject({ schoolName: ZJ_MECH, isOwn: true });
  });

  it('refuses a non-administrator and a school not on the list', async () => {
    await refused(leader.call(E.updateOwnSchool, { body: { schoolCode: '4111010001' } }), 403);
    await refused(admin.call(E.updateOwnSchool, { body: { schoolCode: '0000000000' } }), 400, /不在高校名录/);
  });

  it('the demo names its own school, a row outside the national list', async () => {
    await seedOwnSchoolDemo(t.db);
    const own = await leader.call(E.queryOwnSchool);
    expect(own).toMatchObject({ schoolCode: DEMO_OWN_SCHOOL_CODE, source: 'own', schoolProvince: '浙江省' });
    expect(own?.schoolName).toContain('演示');
  });
});

describe('common-query settings', () => {
  it('defaults to all levels and natures and the own school province, then keeps what the caller saves', async () => {
    expect(await leader.call(E.querySchoolScreen)).toEqual({
      schoolLevel: ['本科', '专科', '成人'],
      schoolNature: ['公办', '民办', '中外合作'],
      schoolProvince: ['浙江省'],
    });
    const saved = await leader.call(E.updateSchoolScreen, {
      body: { schoolLevel: '专科', schoolNature: ['公办', '民办'], schoolProvince: '江苏省,浙江省' },
    });
    expect(saved).toEqual({
      schoolLevel: ['专科'],
      schoolNature: ['公办', '民办'],
      schoolProvince: ['江苏省', '浙江省'],
    });
    expect(await leader.call(E.querySchoolScreen)).toEqual(saved);
    await refused(leader.call(E.updateSchoolScreen, { body: { schoolProvince: '火星省' } }), 400, /火星省/);
  });

  it('needs 智能分析', async () => {
    await refused(screenOnly.call(E.querySchoolScreen), 403);
    await refused(outsider.call(E.updateSchoolScreen, { body: {} }), 403);
  });
});

describe('saved selections (常用查询)', () => {
  const codesOf = async (keyword: string, n: number) =>
    (await list(leader, { query: { keyword, pageSize: n } })).records.map((r) => r.schoolCode);

  it('saves a named selection with its filter and answers the schools in the saved order', async () => {
    const codes = (await codesOf('职业技术大学', 3)).reverse();
    const saved = await leader.call(E.saveSchoolHistory, {
      body: {
        name: '浙江职业本科',
        schoolCodes: codes.join(','),
        schoolProvince: '浙江省',
        schoolLevel: '本科',
      },
    });
    expect(saved.schools.map((s) => s.schoolCode)).toEqual(codes);
    expect(saved).toMatchObject({ schoolProvince: ['浙江省'], schoolLevel: ['本科'], schoolNature: [] });
    const histories = await leader.call(E.querySchoolHistory, { query: {} });
    expect(histories.map((h) => h.name)).toEqual(['浙江职业本科']);
    await refused(
      leader.call(E.saveSchoolHistory, { body: { name: '浙江职业本科', schoolCodes: codes } }),
      409,
      /同名/,
    );
  });

  it('belongs to its owner only', async () => {
    const other = await createUser(t, { roles: [ROLE_IDS.schoolLeader] });
    const otherSession = await signIn(t, other.account, other.password);
    expect(await otherSession.call(E.querySchoolHistory, { query: {} })).toEqual([]);
    const [mine] = await leader.call(E.querySchoolHistory, { query: {} });
    await refused(otherSession.call(E.deleteSchoolHistory, { body: { id: mine!.id } }), 404);
    expect(await leader.call(E.querySchoolHistory, { query: {} })).toHaveLength(1);
    await leader.call(E.deleteSchoolHistory, { body: { id: mine!.id } });
    expect(await leader.call(E.querySchoolHistory, { query: {} })).toEqual([]);
  });

  it('refuses a long name, unknown schools, no school and more than the limit', async () => {
    const [code] = await codesOf('大学', 1);
    await refused(
      leader.call(E.saveSchoolHistory, { body: { name: '名'.repeat(61), schoolCodes: [code!] } }),
      400,
      /最多只能输入60个字符/,
    );
    await refused(
      leader.call(E.saveSchoolHistory, { body: { name: '甲', schoolCodes: ['9999999999'] } }),
      400,
      /不在高校名录/,
    );
    await refused(leader.call(E.saveSchoolHistory, { body: { name: '甲', schoolCodes: [] } }), 400, /至少/);
    await refused(screenOnly.call(E.saveSchoolHistory, { body: { name: '甲', schoolCodes: [code!] } }), 403);
    for (let i = 0; i < SCHOOL_LIMITS.historiesPerUser; i++)
      await leader.call(E.saveSchoolHistory, { body: { name: `查询${i}`, schoolCodes: [code!] } });
    await refused(
      leader.call(E.saveSchoolHistory, { body: { name: '再一条', schoolCodes: [code!] } }),
      422,
      /最多保存50条/,
    );
  });
});

describe('双高', () => {
  it('answers the rounds and the schools of a category and grade', async () => {
    expect(await screenOnly.call(E.doubleHighYears)).toEqual([2019]);
    const a = await leader.call(E.doubleHighSchools, { query: { year: 2019 } });
    expect(a).toHaveLength(10);
    for (const s of a) {
      expect(s).toMatchObject({ category: '学校', grade: 'A' });
      expect(s.schoolCode).not.toBeNull();
      expect(s.majorGroups).toHaveLength(2);
    }
    const beijing = a.find((s) => s.noticeName === '北京电子科技职业学院');
    expect(beijing?.schoolName).toBe('北京科技职业大学');
    const groupsB = await leader.call(E.doubleHighSchools, {
      query: { year: 2019, range: 'highMajorConstructionLevelB' },
    });
    expect(groupsB).toHaveLength(59);
    const schoolsC = await leader.call(E.doubleHighSchools, {
      query: { year: 2019, range: 'highSchoolConstructionLevelC' },
    });
    expect(schoolsC.find((s) => s.noticeName === '九江职业技术学院')?.schoolName).toBe('江西职业技术大学');
    await refused(
      leader.call(E.doubleHighSchools, {
        query: { year: 2019, range: 'nope' as 'highSchoolConstructionLevelA' },
      }),
      400,
      /建设单位类型/,
    );
  });
});

describe('directory import', () => {
  async function workbook(rows: ReadonlyArray<ReadonlyArray<string>>) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('高校名录');
    sheet.addRow(['学校标识码', '学校名称', '所在地', '城市', '办学层次', '主管部门', '备注']);
    for (const row of rows) sheet.addRow([...row]);
    return new Uint8Array(await book.xlsx.writeBuffer());
  }

  function start(session: Session, bytes: Uint8Array) {
    return postMultipart(t, session, E.importSchoolList.path, multipart({ name: '高校名录.xlsx', bytes }));
  }

  async function importRows(bytes: Uint8Array): Promise<SchoolImportResultWire> {
    const answer = await start(admin, bytes);
    expect(answer.json().meta.success, answer.body).toBe(true);
    const { taskId } = answer.json().data as { taskId: string };
    for (let i = 0; i < 200; i++) {
      const task: FutureTask = await admin.call(SCHOOL_IMPORT.poll, { query: { taskId } });
      if (task.state === 'finished') {
        await admin.call(SCHOOL_IMPORT.done, { body: { taskId } });
        return task.result as SchoolImportResultWire;
      }
      expect(task.state, task.message).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the import did not end');
  }

  it('upserts by code: a renamed school is updated, a new one added, the nature derived from the note', async () => {
    const [kept] = await t.db.select().from(peerSchools).where(eq(peerSchools.name, '北京大学'));
    const result = await importRows(
      await workbook([
        [kept!.code, '北京大学（新名）', '北京市', '', '本科', '教育部', ''],
        ['4133099999', '新设民办职业学院', '浙江省', '宁波市', '专科', '浙江省', '民办'],
      ]),
    );
    expect(result).toEqual({ imported: true, created: 1, updated: 1, errors: [] });
    const page = await list(leader, { query: { keyword: '新设民办职业学院' } });
    expect(page.records[0]).toMatchObject({ schoolNature: '民办', source: 'import', city: '宁波市' });
    const renamed = await list(leader, { query: { keyword: '北京大学（新名）' } });
    expect(renamed.records[0]?.schoolCode).toBe(kept!.code);
  });

  it('imports nothing when a row is wrong and names each bad cell in Chinese', async () => {
    const result = await importRows(
      await workbook([
        ['123', '坏代码学院', '浙江省', '', '专科', '', ''],
        ['4133088888', '', '浙江省', '', '研究生', '', ''],
        ['4133077777', '好学院', '浙江省', '', '专科', '', ''],
        ['4133077777', '重复学院', '浙江省', '', '专科', '', ''],
      ]),
    );
    expect(result.imported).toBe(false);
    expect(result.errors).toEqual([
      { row: 2, column: '学校标识码', message: '学校标识码应为10位数字' },
      { row: 3, column: '学校名称', message: '请填写学校名称' },
      { row: 3, column: '办学层次', message: '办学层次只能是本科、专科、成人' },
      { row: 5, column: '学校标识码', message: '与第4行的学校标识码重复' },
    ]);
    expect((await list(leader, { query: { keyword: '好学院' } })).total).toBe(0);
  });

  it('serves the template to an administrator and refuses the import and template to others', async () => {
    const template = await admin.send(E.schoolTemplate);
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const header = book.getWorksheet('高校名录')!.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual([
      '学校标识码',
      '学校名称',
      '所在地',
      '城市',
      '办学层次',
      '主管部门',
      '备注',
    ]);
    const denied = await start(leader, await workbook([]));
    expect(denied.json().meta.statusCode).toBe(403);
    expect((await leader.send(E.schoolTemplate)).json().meta.statusCode).toBe(403);
  });
});
