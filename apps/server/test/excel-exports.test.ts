import fs from 'node:fs';
import path from 'node:path';
import {
  annualEndpoints,
  auditEndpoints,
  collectEndpoints,
  diagnosisEndpoints,
  type Endpoint,
  FormDefinitionSchema,
  formsEndpoints,
  goalSituationEndpoints,
  goalsEndpoints,
  peersEndpoints,
  schoolEndpoints,
  standardsEndpoints,
  warehouseEndpoints,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { forms, formVersions } from '../src/modules/forms/forms.table.ts';
import { departments } from '../src/modules/org/org.table.ts';
import { createTestApp, type Session, signIn, type TestApp } from './app.ts';

/**
 * Every Excel the server sends, opened as a user would: no cell may be a formula, and text a
 * spreadsheet would run (`= + - @`, tab, CR at the start) is written behind an apostrophe.
 */
const EXPORTS: ReadonlyArray<{
  name: string;
  endpoint: Endpoint;
  seeded: boolean;
  /** The warehouse table's exports name the table (set up below). */
  ofTable?: boolean;
  /** The collection task's export names the task (set up below). */
  ofTask?: boolean;
  /** A filler's own fill task of a many-row form (the demo's 科研项目登记 of 张伟). */
  ofFill?: boolean;
  /** A target task with sub-tasks and nodes (its 完成情况). */
  ofGoalTask?: boolean;
  /** An object task of the demo's diagnosis (its 质控点 table). */
  ofObjectTask?: boolean;
}> = [
  { name: '目标任务明细', endpoint: goalsEndpoints.exportTaskDetail, seeded: true },
  { name: '年度目标任务', endpoint: annualEndpoints.yearTaskExport, seeded: true },
  { name: '负责人', endpoint: annualEndpoints.chargerExport, seeded: true },
  { name: '指标体系', endpoint: standardsEndpoints.qualityDownload, seeded: true },
  { name: '目标任务导入模板', endpoint: goalsEndpoints.targetTaskTemplate, seeded: false },
  { name: '年度目标任务导入模板', endpoint: annualEndpoints.yearTaskExample, seeded: false },
  { name: '负责人导入模板', endpoint: annualEndpoints.chargerExample, seeded: false },
  { name: '指标体系导入模板', endpoint: standardsEndpoints.qualityTemplate, seeded: false },
  { name: '维度', endpoint: standardsEndpoints.dimensionDownload, seeded: true },
  { name: '维度导入模板', endpoint: standardsEndpoints.dimensionTemplate, seeded: false },
  { name: '仓库表数据', endpoint: warehouseEndpoints.dataExport, seeded: true, ofTable: true },
  { name: '仓库表结构', endpoint: warehouseEndpoints.structureExport, seeded: false, ofTable: true },
  { name: '仓库表导入模板', endpoint: warehouseEndpoints.template, seeded: false, ofTable: true },
  { name: '常量导入模板', endpoint: formsEndpoints.constantTemplate, seeded: false },
  { name: '高校名录导入模板', endpoint: schoolEndpoints.schoolTemplate, seeded: false },
  { name: '年报数据', endpoint: peersEndpoints.download, seeded: false },
  { name: '年报数据导入模板', endpoint: peersEndpoints.template, seeded: false },
  { name: '采集任务分配进度', endpoint: collectEndpoints.allocationExport, seeded: true, ofTask: true },
  { name: '固定表单导入模板', endpoint: collectEndpoints.fillTemplate, seeded: false, ofFill: true },
  { name: '操作日志', endpoint: auditEndpoints.operationLogExport, seeded: false },
  { name: '登录日志', endpoint: auditEndpoints.loginLogExport, seeded: false },
  { name: '对象任务质控点', endpoint: diagnosisEndpoints.pointsExport, seeded: false, ofObjectTask: true },
  { name: '未达标质控点', endpoint: diagnosisEndpoints.disqualifiedExport, seeded: false },
  { name: '预警表', endpoint: diagnosisEndpoints.warnGridExport, seeded: false },
  // One task's names, not all six hostile starts: `seeded` would ask for every one of them.
  {
    name: '任务完成情况',
    endpoint: goalSituationEndpoints.performSituationExport,
    seeded: false,
    ofGoalTask: true,
  },
];

// A stored CR comes back as LF: XML parsers normalise line ends (Excel's too).
const STARTS_READ_BACK = ['=', '+', '-', '@', '\t', '\n'] as const;
const RUNNABLE = /^[=+\-@\t\r\n]/;

/** Prefixes the rows' text in turn with each dangerous start (the first a whole formula). */
const hostile = (column: string) =>
  sql.raw(
    `(case (row_number() over (order by id) - 1) % 6 when 0 then '=1+1*' when 1 then '+' when 2 then '-'
    when 3 then '@' when 4 then chr(9) else chr(13) end) || ${column}`,
  );

async function prefixAll(t: TestApp, table: string, columns: readonly string[]) {
  for (const column of columns) {
    await t.db.execute(sql`
      update ${sql.identifier(table)} as target set ${sql.identifier(column)} = source.value
      from (select id, ${hostile(column)} as value from ${sql.identifier(table)}) as source
      where source.id = target.id`);
  }
}

/** A warehouse table whose six rows start with each dangerous text in turn. */
async function hostileWarehouseTable(admin: Session): Promise<string> {
  const warehouse = await admin.call(warehouseEndpoints.warehouseInsert, { body: { ckmc: '导出检查' } });
  const table = await admin.call(warehouseEndpoints.tableInsert, {
    body: { ckid: warehouse.id, bmc: '备注表' },
  });
  await admin.call(warehouseEndpoints.fieldInsert, {
    body: { ckbid: table.id, zdmc: '备注', zddm: 'note', zdlx: 'text' },
  });
  await admin.call(warehouseEndpoints.createPhysical, { body: { id: table.id } });
  const [schema, name] = table.wlbm.split('.') as [string, string];
  await t.db.execute(sql`insert into ${sql.identifier(schema)}.${sql.identifier(name)} (c_note)
    select v from unnest(array['=1+1*a', '+b', '-c', '@d', chr(9) || 'e', chr(13) || 'f']) as v`);
  return table.id;
}

/** A collection task of a published form sent to every (hostile-named) department. */
async function collectTask(admin: Session): Promise<string> {
  const formId = 'exportform';
  await t.db.insert(forms).values({
    id: formId,
    name: '导出检查表单',
    formType: 'floating',
    layout: 'normal',
    publishState: 'published',
    publishedVersion: 1,
    createdBy: 'test',
  });
  const definition = FormDefinitionSchema.parse({
    formType: 'floating',
    layout: 'normal',
    fields: [{ key: 'name', label: '姓名', component: 'text' }],
  });
  await t.db.insert(formVersions).values({ formId, version: 1, definition, createdBy: 'test' });
  const all = await t.db.select({ id: departments.id }).from(departments);
  const task = await admin.call(collectEndpoints.taskCreate, {
    body: {
      name: '导出检查任务',
      formIds: [formId],
      startAt: '2026-01-01',
      deadline: '2099-12-31',
      departmentIds: all.map((d) => d.id),
    },
  });
  return task.id;
}

let t: TestApp;
let admin: Session;
let tableId: string;
let taskId: string;
let filler: Session;
let fillTaskId: string;
let goalTaskId: string;
let objectTaskId: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  await prefixAll(t, 'departments', ['name']);
  await prefixAll(t, 'users', ['name']);
  await prefixAll(t, 'goal_year_targets', ['name']);
  await prefixAll(t, 'goal_tasks', ['name', 'detail', 'situation']);
  await prefixAll(t, 'goal_target_types', ['name']);
  await prefixAll(t, 'goal_chargers', ['phone', 'remark']);
  await prefixAll(t, 'indicator_categories', ['name']);
  await prefixAll(t, 'indicators', ['name']);
  await prefixAll(t, 'quality_points', ['name']);
  await prefixAll(t, 'dimension_types', ['name', 'display_name']);
  admin = await signIn(t, 'admin', 'Eduqa@2026');
  tableId = await hostileWarehouseTable(admin);
  taskId = await collectTask(admin);
  filler = await signIn(t, 'zhangwei', 'Eduqa@2026');
  const [fill] = await queryRows<{ id: string }>(
    t.db,
    sql`select ft.id from fill_tasks ft join forms f on f.id = ft.form_id
        where f.name = '科研项目登记' and ft.filler_id = ${filler.userId}`,
  );
  fillTaskId = fill!.id;
  const [goalTask] = await queryRows<{ id: string }>(
    t.db,
    sql`select t.id from goal_tasks t where exists (select 1 from goal_tasks c where c.parent_id = t.id)
        and exists (select 1 from goal_nodes n where n.task_id = t.id) order by t.id limit 1`,
  );
  goalTaskId = goalTask!.id;
  const [objectTask] = await queryRows<{ id: string }>(
    t.db,
    sql`select ot.id from object_tasks ot
        where exists (select 1 from assigned_points p where p.object_task_id = ot.id) order by ot.id limit 1`,
  );
  objectTaskId = objectTask!.id;
}, 120_000);
afterAll(() => t.close());

async function cellsOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: ExcelJS.Cell[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(cell);
      });
    });
  });
  return cells;
}

describe('every Excel export goes through the formula guard', () => {
  for (const { name, endpoint, seeded, ofTable, ofTask, ofFill, ofGoalTask, ofObjectTask } of EXPORTS) {
    it(`${name}: no formula cells, runnable text behind an apostrophe`, async () => {
      const query = ofTable
        ? { id: tableId }
        : ofTask
          ? { taskId }
          : ofFill
            ? { fillTaskId }
            : ofGoalTask
              ? { id: goalTaskId }
              : ofObjectTask
                ? { dxrwid: objectTaskId }
                : undefined;
      const response = await (ofFill ? filler : admin).send(endpoint, query ? { query } : {});
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const cells = await cellsOf(response.rawPayload);
      expect(cells.length).toBeGreaterThan(1);
      expect(cells.filter((c) => c.type === ExcelJS.ValueType.Formula).map((c) => c.address)).toEqual([]);
      const texts = cells.map((c) => c.value).filter((v): v is string => typeof v === 'string');
      expect(texts.filter((text) => RUNNABLE.test(text))).toEqual([]);
      if (seeded) {
        // The seeded names reached this export, every dangerous start among them, each guarded.
        const guarded = new Set(texts.filter((text) => text.startsWith("'")).map((text) => text[1]));
        expect([...guarded].sort()).toEqual([...STARTS_READ_BACK].sort());
      }
    });
  }

  it('the list above is every workbook the server sends, and only the platform writer builds them', () => {
    const modules = path.join(import.meta.dirname, '../src/modules');
    const sources = fs
      .readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => fs.readFileSync(path.join(modules, file), 'utf8'));
    const sent = sources.reduce((n, source) => n + (source.match(/sendWorkbook\(/g)?.length ?? 0), 0);
    expect(sent).toBe(EXPORTS.length);
    expect(sources.filter((source) => /from 'exceljs'/.test(source))).toEqual([]);
  });
});
