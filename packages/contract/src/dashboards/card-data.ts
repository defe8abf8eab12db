import type { CardKind, CardSource } from './dashboards.enums.ts';
import type { MeasureResult } from './measures.schema.ts';

/**
 * Pure rules of dashboard cards and dynamic charts, shared by the API, the card editor and the card
 * renderers: the iframe viewer's address (spec 2 §2.9), the progress ratio (spec 1 §5), which source
 * may feed which kind, and how an algorithm's rows become what a card draws.
 */

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;
/** `host:port…` looks like a scheme but is an address without one. */
const HOST_PORT_RE = /^[a-z0-9.-]+:\d+(?:[/?#]|$)/i;

/**
 * The iframe viewer's address: `http://` is added when the address has no scheme (spec 2 §2.9); any
 * scheme other than http(s) (`javascript:`, `data:`, `file:`) answers null, as does text that is no URL.
 * A path of this site (`/api/docs`) stays as it is: the product's own pages need no host.
 */
export function normalizeCardUrl(raw: string): string | null {
  const text = raw.trim();
  if (!text || /\s/.test(text)) return null;
  if (/^\/(?![/\\])/.test(text)) return text;
  // `/\host` and `\\host` are read as another host by browsers: no address of ours looks like that.
  if (/^(\/\\|\\)/.test(text)) return null;
  // `//host/path` is a scheme-relative address: it gets http too.
  const withScheme =
    SCHEME_RE.test(text) && !HOST_PORT_RE.test(text) ? text : `http://${text.replace(/^\/\//, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return withScheme;
}

/**
 * A percentage already computed (a measure, an algorithm's value) as the progress circle shows it: 0–100,
 * two decimals; 0 when missing (spec 1 §5; the ratio itself is judgement.ts's `progressPercent`).
 */
export function clampPercent(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  const clamped = Math.min(100, Math.max(0, value));
  return Math.round(clamped * 100) / 100;
}

/** Which sources may feed a kind: the iframe viewer only an address, every other kind data. */
export const KIND_SOURCES: Record<CardKind, readonly CardSource[]> = {
  number: ['algorithm', 'measure'],
  line: ['algorithm', 'measure'],
  bar: ['algorithm', 'measure'],
  pie: ['algorithm', 'measure'],
  table: ['algorithm', 'measure'],
  progress: ['algorithm', 'measure'],
  iframe: ['url'],
};

export interface CardBinding {
  kind: CardKind;
  source: CardSource;
  algorithmGroupId?: string | null | undefined;
  measure?: string | null | undefined;
  url?: string | null | undefined;
}

/** The Chinese reason a card's kind and binding do not fit together, or null when they do. */
export function checkCardBinding(card: CardBinding): string | null {
  if (!KIND_SOURCES[card.kind].includes(card.source)) {
    return card.kind === 'iframe' ? '内嵌页面卡片的数据来源必须是网址' : '网址只能用于内嵌页面卡片';
  }
  if (card.source === 'algorithm' && !card.algorithmGroupId) return '请选择算法组';
  if (card.source === 'measure' && !card.measure) return '请选择内置指标';
  if (card.source === 'url') {
    if (!card.url?.trim()) return '请输入网址';
    if (!normalizeCardUrl(card.url)) return '网址必须以 http:// 或 https:// 开头';
  }
  return null;
}

export type RowValue = string | number | null;
export type DataRow = Record<string, unknown>;

const NUMERIC_TEXT_RE = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** A driver's value as a number: numbers, and numeric text (PostgreSQL's `numeric` arrives as text). */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMERIC_TEXT_RE.test(value.trim())) return Number(value);
  return null;
}

/** A column is numeric when it has a value in some row and every value it has reads as a number. */
function isNumericColumn(column: string, rows: readonly DataRow[]): boolean {
  let seen = false;
  for (const row of rows) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    if (numberOf(value) === null) return false;
    seen = true;
  }
  return seen;
}

const cellOf = (value: unknown): RowValue => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '是' : '否';
  return JSON.stringify(value);
};

/**
 * An algorithm's rows as what a card of this kind draws: the first numeric column is the value (a
 * number card, the progress ratio), the first text column names the categories and every numeric
 * column is a series (line, bar; a pie takes the first), a table keeps every column.
 */
export function rowsToMeasure(input: {
  key: string;
  label: string;
  kind: CardKind;
  columns: readonly string[];
  rows: readonly DataRow[];
  asOf: string;
}): MeasureResult {
  const { key, label, kind, columns, rows, asOf } = input;
  const base = { key, label, asOf };
  const numeric = columns.filter((c) => isNumericColumn(c, rows));
  const firstNumeric = numeric[0];
  const firstValue = firstNumeric === undefined ? null : numberOf(rows[0]?.[firstNumeric]);
  switch (kind) {
    case 'number':
      return { ...base, shape: 'number', value: firstValue };
    case 'progress':
      return { ...base, shape: 'progress', value: firstValue === null ? null : clampPercent(firstValue) };
    case 'line':
    case 'bar':
    case 'pie': {
      const category = columns.find((c) => !numeric.includes(c));
      const categories = rows.map((row, i) => {
        const value = category === undefined ? null : row[category];
        return value === null || value === undefined ? `第${i + 1}行` : String(cellOf(value));
      });
      const seriesColumns = kind === 'pie' ? numeric.slice(0, 1) : numeric;
      return {
        ...base,
        shape: 'series',
        categories,
        series: seriesColumns.map((c) => ({ name: c, data: rows.map((row) => numberOf(row[c])) })),
      };
    }
    default:
      return {
        ...base,
        shape: 'table',
        columns: [...columns],
        rows: rows.map((row) => Object.fromEntries(columns.map((c) => [c, cellOf(row[c])]))),
      };
  }
}
