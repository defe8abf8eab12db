import {
  AUDIT_KIND_LABELS,
  type AuditEntry,
  type AuditKind,
  auditResultText,
  CHANGE_ABSENT,
  type ChangeRow,
  changesView,
  LOGIN_EVENT_LABELS,
  objectsText,
} from '@eduqa/contract';
import { type CellValue, type SheetColumn, writeWorkbook } from '../../platform/excel/write.ts';

interface ExportColumn extends SheetColumn {
  value: (entry: AuditEntry) => string;
}

/** Excel keeps at most 32,767 characters in a cell; the formula guard may still add its apostrophe. */
const CELL_CHARS = 32_000;
const fitCell = (text: string) => (text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS - 1)}…` : text);

const at: ExportColumn = { header: '时间', value: (e) => e.at };
const account: ExportColumn = { header: '账号', value: (e) => e.actorAccount ?? '' };
const name: ExportColumn = { header: '姓名', value: (e) => e.actorName ?? '' };
const department: ExportColumn = { header: '部门', value: (e) => e.departmentName ?? '' };
const address: ExportColumn = { header: '来源地址', value: (e) => e.address ?? '' };
const browser: ExportColumn = { header: '浏览器', value: (e) => e.userAgent ?? '' };
const result: ExportColumn = { header: '结果', value: (e) => auditResultText(e.result) };
const detail: ExportColumn = { header: '说明', value: (e) => e.detail ?? '' };

/** 涉及对象 as the list shows it: the changed objects by name where the entry kept them, else the ids. */
function objectsCell(entry: AuditEntry): string {
  const text = objectsText(entry);
  return text === CHANGE_ABSENT ? '' : text;
}

const changedLines = (rows: readonly ChangeRow[]) =>
  rows.filter((row) => row.isChanged).map((row) => `${row.field}：${row.before} → ${row.after}`);

/** 修改前后 as readable lines (字段：前 → 后, under each object's name), not the stored JSON. */
function changesText(changes: unknown): string {
  const view = changesView(changes);
  switch (view.kind) {
    case 'none':
      return '';
    case 'table':
      return changedLines(view.rows).join('\n');
    case 'objects':
      return view.objects.map((o) => [o.title, ...changedLines(o.rows)].join('\n')).join('\n');
    case 'json':
      return view.text;
  }
}

const COLUMNS: Record<AuditKind, readonly ExportColumn[]> = {
  operation: [
    at,
    account,
    name,
    department,
    { header: '模块', value: (e) => e.module },
    { header: '操作', value: (e) => e.operation },
    { header: '请求方法', value: (e) => e.method },
    { header: '请求路径', value: (e) => e.path },
    { header: '涉及对象', value: objectsCell },
    address,
    browser,
    result,
    detail,
    { header: '修改前后', value: (e) => changesText(e.changes) },
  ],
  login: [
    at,
    account,
    name,
    department,
    { header: '事件', value: (e) => (e.event ? LOGIN_EVENT_LABELS[e.event] : e.operation) },
    address,
    browser,
    result,
    detail,
  ],
};

export const cutNote = (maxRows: number) =>
  `符合条件的日志超过 ${maxRows} 条，仅导出了最新的 ${maxRows} 条；请缩小时间范围或筛选条件后分批导出`;

/**
 * The sheet's rows, at most `maxRows` of them; when the entries go on past that, a blank row and the
 * note saying so end the sheet, and the entries are read no further.
 */
async function* sheetRows(input: {
  columns: readonly ExportColumn[];
  entries: AsyncIterable<AuditEntry>;
  maxRows: number;
}): AsyncGenerator<CellValue[]> {
  let written = 0;
  for await (const entry of input.entries) {
    if (written === input.maxRows) {
      yield [];
      yield [cutNote(input.maxRows)];
      return;
    }
    yield input.columns.map((column) => fitCell(column.value(entry)));
    written += 1;
  }
}

/** 导出操作日志 / 登录日志: one sheet, the header frozen, every text cell through the formula guard. */
export function auditWorkbook(input: {
  kind: AuditKind;
  entries: AsyncIterable<AuditEntry>;
  maxRows: number;
}): Promise<Buffer> {
  const columns = COLUMNS[input.kind];
  return writeWorkbook([
    {
      name: AUDIT_KIND_LABELS[input.kind],
      columns,
      rows: sheetRows({ columns, entries: input.entries, maxRows: input.maxRows }),
    },
  ]);
}
