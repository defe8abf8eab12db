import {
  ANALYSIS_YEAR_MAX,
  ANALYSIS_YEAR_MIN,
  DEMO_DATA_LABEL,
  type ImportRowError,
  PEER_TABLE_KIND_LABELS,
  type PeerImportResult,
  type PeerIndicator,
  type PeerValueFilter,
} from '@eduqa/contract';
import { z } from 'zod';
import { type Actor, access, assertCan } from '../../platform/access.ts';
import { duplicateMessage, firstRows } from '../../platform/excel/columns.ts';
import { type ExcelLimits, UnreadableWorkbookError } from '../../platform/excel/limits.ts';
import { readSheetRows } from '../../platform/excel/read-sheet.ts';
import { importErrors, RowErrors } from '../../platform/excel/row-errors.ts';
import type { WorkbookInput } from '../../platform/excel/source.ts';
import { type CellValue, helpColumns, templateWorkbook, writeWorkbook } from '../../platform/excel/write.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { createExcelImport } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { PeersRepo, ValueInput } from './peers.repo.ts';
import { valueFilterOf } from './peers.service.ts';

/** The job kind of the 年报数据 import. */
export const PEER_IMPORT_JOB = 'analysis-peer-value-import';

const SHEET = '年报数据';
const CODE = '学校标识码';
const NAME = '学校名称';
const YEAR = '年份';
/**
 * The export's mark of a row holding the seeded sample: invented figures under real schools' names must not
 * leave the platform looking published. `是` on a row makes the import skip it, so that exporting and
 * importing back never turns an invented value into a real one.
 */
const DEMO = DEMO_DATA_LABEL;
const DEMO_YES = '是';
const DEMO_NOTE = `标为「${DEMO}」的行含系统演示用的虚构数值，并非该校公布的年报数据，请勿引用。`;
const DEMO_IMPORT_NOTE = `「${DEMO}」列为“${DEMO_YES}”的行导入时跳过；填入真实数值后请清空该格。`;

/** Headers compare without spaces and with either width of brackets and quotes: 国(境) = 国（境）. */
export function headerKey(header: string): string {
  return header.replace(/\s+/g, '').replace(/\(/g, '（').replace(/\)/g, '）').replace(/["“”]/g, '"');
}

interface Columns {
  code: number;
  name: number;
  year: number;
  /** The export's 演示数据 column, -1 when absent (a template has none). */
  demo: number;
  indicators: Map<number, PeerIndicator>;
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export interface ParsedPeerValues {
  values: ValueInput[];
  schools: number;
  errors: ImportRowError[];
  errorCount: number;
}

/**
 * Reads the sheet: 学校标识码 (or 学校名称 when the code is empty), 年份, then one column per indicator
 * name. Every cell is checked; an empty indicator cell leaves the stored value as it is.
 */
export async function readPeerValues(input: {
  bytes: WorkbookInput;
  indicators: readonly PeerIndicator[];
  schools: { codes: ReadonlySet<string>; byName: ReadonlyMap<string, string> };
  limits?: Partial<ExcelLimits>;
}): Promise<ParsedPeerValues> {
  const errors = new RowErrors();
  const indicatorByKey = new Map(input.indicators.map((i) => [headerKey(i.name), i]));
  const values: ValueInput[] = [];
  const earlier = firstRows();
  const schools = new Set<string>();
  let columns: Columns | null = null;
  let rows = 0;
  try {
    for await (const row of readSheetRows(input.bytes, { sheet: SHEET, limits: input.limits })) {
      if (!columns) {
        const found: Columns = { code: -1, name: -1, year: -1, demo: -1, indicators: new Map() };
        row.cells.forEach((cell, i) => {
          const key = headerKey(cell);
          if (!key) return;
          if (key === CODE) found.code = i;
          else if (key === NAME) found.name = i;
          else if (key === YEAR) found.year = i;
          else if (key === DEMO) found.demo = i;
          else {
            const indicator = indicatorByKey.get(key);
            if (indicator) found.indicators.set(i, indicator);
            else
              errors.add({
                row: 1,
                column: cell,
                message: `未知的指标「${cell}」，请使用下载的模板中的指标名称`,
              });
          }
        });
        if (found.code < 0 && found.name < 0)
          errors.add({ row: 1, column: CODE, message: `缺少列「${CODE}」或「${NAME}」，请使用下载的模板` });
        if (found.year < 0)
          errors.add({ row: 1, column: YEAR, message: `缺少列「${YEAR}」，请使用下载的模板` });
        if (found.indicators.size === 0 && errors.count === 0)
          errors.add({ row: 1, column: '', message: '表中没有指标列，请使用下载的模板' });
        if (errors.count > 0) break;
        columns = found;
        continue;
      }
      const cell = (i: number) => (i < 0 ? '' : (row.cells[i] ?? '').trim());
      if (row.cells.every((c) => !c.trim())) continue;
      rows++;
      if (cell(columns.demo) === DEMO_YES) continue;
      const fail = (column: string, message: string) => errors.add({ row: row.number, column, message });
      const code = cell(columns.code);
      const name = cell(columns.name);
      let schoolCode: string | undefined;
      if (code) {
        if (input.schools.codes.has(code)) schoolCode = code;
        else fail(CODE, `未找到学校标识码为「${code}」的学校`);
      } else if (name) {
        schoolCode = input.schools.byName.get(name);
        if (!schoolCode) fail(NAME, `未找到名为「${name}」的学校`);
      } else fail(CODE, `请填写${CODE}或${NAME}`);
      const yearText = cell(columns.year);
      const year = Number(yearText);
      const isYear = Number.isInteger(year) && year >= ANALYSIS_YEAR_MIN && year <= ANALYSIS_YEAR_MAX;
      if (!yearText) fail(YEAR, `请填写${YEAR}`);
      else if (!isYear) fail(YEAR, `年份应为${ANALYSIS_YEAR_MIN}–${ANALYSIS_YEAR_MAX}之间的整数`);
      if (schoolCode && isYear) {
        const repeated = earlier(`${schoolCode}|${year}`, row.number);
        if (repeated !== undefined) fail(YEAR, duplicateMessage(repeated, '学校和年份'));
      }
      for (const [i, indicator] of columns.indicators) {
        const raw = cell(i).replace(/,/g, '');
        if (!raw) continue;
        if (!NUMBER.test(raw) || !Number.isFinite(Number(raw))) {
          fail(indicator.name, `「${indicator.name}」应为数字`);
          continue;
        }
        if (schoolCode && isYear)
          values.push({ schoolCode, indicatorId: indicator.id, year, value: Number(raw) });
      }
      if (schoolCode) schools.add(schoolCode);
    }
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return {
      values: [],
      schools: 0,
      errors: [{ row: 0, column: '', message: error.message }],
      errorCount: 1,
    };
  }
  if (columns && rows === 0 && errors.count === 0)
    errors.add({ row: 2, column: '', message: '表中没有数据' });
  return { values, schools: schools.size, errors: errors.listed, errorCount: errors.count };
}

const fixedColumns = [{ header: CODE }, { header: NAME }, { header: YEAR }];

export function peerTemplate(indicators: readonly PeerIndicator[]): Promise<Buffer> {
  return templateWorkbook({
    sheet: SHEET,
    columns: [...fixedColumns, ...indicators.map((i) => ({ header: i.name }))],
    example: ['4133012345', '示例职业技术学院', 2025, ...indicators.map(() => null)],
    help: {
      columns: helpColumns(),
      rows: [
        [CODE, '二选一', '10位学校标识码（全国高等学校名单）；留空时按学校名称查找'],
        [NAME, '二选一', '学校全称，须与高校名录一致；填写了标识码时以标识码为准'],
        [YEAR, '是', `年报所属年份，${ANALYSIS_YEAR_MIN}–${ANALYSIS_YEAR_MAX}之间的整数`],
        ...indicators.map((i) => [
          i.name,
          '否',
          `${PEER_TABLE_KIND_LABELS[i.tableKind]}，${i.unit ? `单位：${i.unit}，` : ''}填数字；留空则不改变已有的值`,
        ]),
        [],
        [
          '说明',
          '',
          '同一学校同一年份只写一行；已有的值被覆盖。任何一处有误则不导入任何数据，并列出每个有误的行、列与原因。',
        ],
        [DEMO, '否', `导出文件带有此列：${DEMO_IMPORT_NOTE}`],
      ],
    },
  });
}

/**
 * 年报数据 import (a job), export and template. The import is all or nothing: a file with any bad cell
 * writes nothing; otherwise every value is inserted or overwritten (and is no longer demo data).
 */
export function createPeerTransfer(deps: { repo: PeersRepo; jobs: Jobs; storage: FileStorage }) {
  const { repo } = deps;
  const MANAGE = access.action('analysis.manage');
  return {
    async template(actor: Actor): Promise<Buffer> {
      assertCan(actor, access.menu('analysis'));
      return peerTemplate(await repo.indicators());
    },

    async exportValues(actor: Actor, filter: PeerValueFilter): Promise<Buffer> {
      assertCan(actor, access.menu('analysis'));
      const valueFilter = await valueFilterOf(repo, filter);
      const all = await repo.indicators();
      const indicators = valueFilter.indicatorIds
        ? all.filter((i) => valueFilter.indicatorIds!.includes(i.id))
        : all;
      const { records } = await repo.valuePage(valueFilter, null);
      return writeWorkbook([
        {
          name: SHEET,
          columns: [...fixedColumns, { header: DEMO }, ...indicators.map((i) => ({ header: i.name }))],
          rows: records.map((r): CellValue[] => {
            const byId = new Map(r.values.map((v) => [v.indicatorId, v.value]));
            return [
              r.school.code,
              r.school.name,
              r.year,
              r.isDemo ? DEMO_YES : '',
              ...indicators.map((i) => byId.get(i.id) ?? null),
            ];
          }),
        },
        { name: '说明', columns: [{ header: '说明' }], rows: [[DEMO_NOTE], [DEMO_IMPORT_NOTE]] },
      ]);
    },

    valueImport: createExcelImport(deps, {
      kind: PEER_IMPORT_JOB,
      label: '导入对标数据',
      input: z.object({}),
      async prepare(actor) {
        assertCan(actor, MANAGE);
        return {};
      },
      async run({ bytes, stage }): Promise<PeerImportResult> {
        const [indicators, schools] = await Promise.all([repo.indicators(), repo.schoolKeys()]);
        const parsed = await readPeerValues({ bytes, indicators, schools });
        if (parsed.errorCount > 0)
          return {
            imported: false,
            schools: 0,
            values: 0,
            ...importErrors(parsed.errors, parsed.errorCount),
          };
        await stage('writing');
        await repo.upsertValues(parsed.values);
        return { imported: true, schools: parsed.schools, values: parsed.values.length, errors: [] };
      },
    }),
  };
}

export type PeerTransfer = ReturnType<typeof createPeerTransfer>;
