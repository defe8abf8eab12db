import { type IndicatorNodeWire, ROLE_IDS } from '@eduqa/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  multipart,
  postMultipart,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';

/** 权重 (qz) of indicators: the form's API, the tree, and the Excel export and import. */

const B = '/api/herm-mbbz';

let t: TestApp;
let publisher: Session;
beforeAll(async () => {
  t = await createTestApp();
  const p = await createUser(t, { roles: [ROLE_IDS.diagnosisPublisher] });
  publisher = await signIn(t, p.account, p.password);
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

function ok<T = { id: string }>(response: LightMyRequestResponse): T {
  expect(response.json().meta, response.body).toMatchObject({ success: true });
  return response.json().data as T;
}

function badRequest(response: LightMyRequestResponse, message: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().meta.message).toMatch(message);
}

async function category() {
  return ok(
    await publisher.post(`${B}/category/insert`, {
      name: unique('权重分类'),
      icon: 'school',
      level: 'school',
    }),
  ).id;
}

const tree = async (categoryId: string) =>
  ok<IndicatorNodeWire[]>(await publisher.get(`${B}/indicator/selectTree`, { categoryId }));

describe('indicator weights through the API', () => {
  it('creates, changes, keeps and clears a weight, shown as qz in the tree', async () => {
    const categoryId = await category();
    const top = ok(await publisher.post(`${B}/indicator/insert`, { categoryId, name: '一级', qz: 0.35 })).id;
    const child = ok(
      await publisher.post(`${B}/indicator/insert`, { categoryId, name: '二级', parentId: top }),
    ).id;
    expect((await tree(categoryId))[0]).toMatchObject({
      id: top,
      qz: 0.35,
      children: [{ id: child, qz: null }],
    });

    ok(await publisher.post(`${B}/indicator/update`, { id: child, name: '二级', qz: 2 }));
    expect((await tree(categoryId))[0]?.children[0]?.qz).toBe(2);
    // Renaming without qz keeps the weight; qz null clears it.
    ok(await publisher.post(`${B}/indicator/update`, { id: child, name: '二级改名' }));
    expect((await tree(categoryId))[0]?.children[0]).toMatchObject({ name: '二级改名', qz: 2 });
    ok(await publisher.post(`${B}/indicator/update`, { id: child, name: '二级改名', qz: null }));
    expect((await tree(categoryId))[0]?.children[0]?.qz).toBeNull();
  });

  it('refuses a weight that is not a positive number with at most two decimals, in Chinese', async () => {
    const categoryId = await category();
    const insert = (qz: unknown) =>
      publisher.post(`${B}/indicator/insert`, { categoryId, name: unique('指标'), qz });
    badRequest(await insert(0), /权重须为大于0的数字/);
    badRequest(await insert(-1), /权重须为大于0的数字/);
    badRequest(await insert(1.234), /权重最多两位小数/);
    badRequest(await insert('很重'), /权重必须是数字/);
    expect(await tree(categoryId)).toEqual([]);
  });
});

describe('indicator weights in Excel', () => {
  const upload = (bytes: Uint8Array) =>
    postMultipart(t, publisher, `${B}/quality/upload`, multipart({ name: '指标.xlsx', bytes }));

  async function workbookOf(bytes: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('指标体系')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    return { workbook, sheet, headers };
  }

  /** A sheet built on the template's header with one row per point, cells by header. */
  async function sheetWith(rows: Array<Record<string, string>>) {
    const template = (await publisher.get(`${B}/quality/downloadtemplate`)).rawPayload;
    const { workbook, sheet, headers } = await workbookOf(template);
    const example = (sheet.getRow(2).values as unknown[]).slice(1);
    sheet.spliceRows(2, 1);
    for (const changes of rows) {
      const values = [...example];
      for (const [k, v] of Object.entries(changes)) values[headers.indexOf(k)] = v;
      sheet.addRow(values);
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it('has a weight column after each level column', async () => {
    const { headers } = await workbookOf((await publisher.get(`${B}/quality/downloadtemplate`)).rawPayload);
    expect(headers.slice(4, 10)).toEqual([
      '一级指标',
      '一级指标权重',
      '二级指标',
      '二级指标权重',
      '三级指标',
      '三级指标权重',
    ]);
  });

  it('imports weights, updates a stored one, and exports them back', async () => {
    const name = unique('导入分类');
    const base = { 分类名称: name, 分类层级: '学校', 三级指标: '', 三级指标权重: '' };
    const first = await sheetWith([
      { ...base, 一级指标: '甲', 一级指标权重: '0.6', 二级指标: '甲一', 二级指标权重: '', 质控点名称: '点1' },
      { ...base, 一级指标: '甲', 一级指标权重: '', 二级指标: '甲二', 二级指标权重: '3', 质控点名称: '点2' },
      { ...base, 一级指标: '乙', 一级指标权重: '0.4', 二级指标: '乙一', 二级指标权重: '', 质控点名称: '点3' },
    ]);
    expect(ok<{ imported: boolean }>(await upload(first))).toMatchObject({ imported: true, indicators: 5 });
    const categories = ok<Array<{ id: string; name: string }>>(
      await publisher.get(`${B}/category/selectAll`),
    );
    const categoryId = categories.find((c) => c.name === name)!.id;
    const weights = (nodes: IndicatorNodeWire[]): unknown =>
      nodes.map((n) => [n.name, n.qz, weights(n.children)]);
    expect(weights(await tree(categoryId))).toEqual([
      [
        '甲',
        0.6,
        [
          ['甲一', null, []],
          ['甲二', 3, []],
        ],
      ],
      ['乙', 0.4, [['乙一', null, []]]],
    ]);

    // A second import changes a stored weight; a blank cell keeps one.
    const second = await sheetWith([
      { ...base, 一级指标: '甲', 一级指标权重: '', 二级指标: '甲一', 二级指标权重: '', 质控点名称: '点1' },
      {
        ...base,
        一级指标: '乙',
        一级指标权重: '0.25',
        二级指标: '乙一',
        二级指标权重: '',
        质控点名称: '点3',
      },
    ]);
    expect(ok<{ imported: boolean }>(await upload(second))).toMatchObject({ imported: true, indicators: 0 });
    expect(weights(await tree(categoryId))).toEqual([
      [
        '甲',
        0.6,
        [
          ['甲一', null, []],
          ['甲二', 3, []],
        ],
      ],
      ['乙', 0.25, [['乙一', null, []]]],
    ]);

    const exported = await workbookOf((await publisher.get(`${B}/quality/download`)).rawPayload);
    const cell = (row: ExcelJS.Row, header: string) =>
      String(row.getCell(exported.headers.indexOf(header) + 1).value ?? '');
    const rows: string[][] = [];
    exported.sheet.eachRow((row, n) => {
      if (n > 1 && cell(row, '分类名称') === name)
        rows.push(['一级指标', '一级指标权重', '二级指标', '二级指标权重'].map((h) => cell(row, h)));
    });
    expect(rows).toEqual([
      ['甲', '0.6', '甲一', ''],
      ['甲', '0.6', '甲二', '3'],
      ['乙', '0.25', '乙一', ''],
    ]);
  });

  it('refuses bad weights and two different weights for one indicator, importing nothing', async () => {
    const name = unique('坏权重分类');
    const base = { 分类名称: name, 分类层级: '学校', 三级指标: '', 三级指标权重: '', 二级指标权重: '' };
    const bytes = await sheetWith([
      { ...base, 一级指标: '甲', 一级指标权重: '0', 二级指标: '甲一', 质控点名称: '点1' },
      { ...base, 一级指标: '乙', 一级指标权重: '1.5', 二级指标: '乙一', 质控点名称: '点2' },
      { ...base, 一级指标: '乙', 一级指标权重: '2', 二级指标: '乙二', 质控点名称: '点3' },
      { ...base, 一级指标: '丙', 一级指标权重: 'abc', 二级指标: '丙一', 质控点名称: '点4' },
      { ...base, 一级指标: '丁', 一级指标权重: '', 二级指标: '', 二级指标权重: '2', 质控点名称: '点5' },
    ]);
    const result = ok<{ imported: boolean; errors: unknown[] }>(await upload(bytes));
    expect(result.imported).toBe(false);
    expect(result.errors).toEqual([
      { row: 2, column: '一级指标权重', message: '权重须为大于0的数字' },
      { row: 4, column: '一级指标权重', message: '与第3行「乙」的权重1.5不一致' },
      { row: 5, column: '一级指标权重', message: '权重必须是数字' },
      { row: 6, column: '二级指标权重', message: '请先填写「二级指标」' },
    ]);
    const categories = ok<Array<{ name: string }>>(await publisher.get(`${B}/category/selectAll`));
    expect(categories.some((c) => c.name === name)).toBe(false);
  });
});
