import { FIELD_TYPE_LABELS, type FieldType } from '@eduqa/contract';

/** The PostgreSQL type of each field type; these literals are the only types that reach DDL. */
export const SQL_TYPES: Record<FieldType, string> = {
  text: 'text',
  integer: 'bigint',
  decimal: 'numeric',
  date: 'date',
  datetime: 'timestamp',
  boolean: 'boolean',
};

export type Parsed = { ok: true; value: string } | { ok: false; message: string };

const TRUE_WORDS = new Set(['是', 'true', 't', 'y', 'yes', '1', '对']);
const FALSE_WORDS = new Set(['否', 'false', 'f', 'n', 'no', '0', '错']);

const INTEGER = /^[-+]?\d{1,18}$/;
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d{1,3})?$/;
const DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const DATETIME = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?$/;

const pad = (n: number) => String(n).padStart(2, '0');

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** A calendar date that exists (2024-02-30 does not), as yyyy-MM-dd; arithmetic, not a Date per cell. */
function realDate(y: number, m: number, d: number): string | null {
  if (y < 1 || m < 1 || m > 12 || d < 1) return null;
  if (d > (m === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[m - 1]!)) return null;
  return `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
}

const bad = (type: FieldType): Parsed => ({ ok: false, message: `不是有效的${FIELD_TYPE_LABELS[type]}` });

/**
 * A cell or a filter value as the canonical text PostgreSQL reads for the field's type; the import writes
 * these texts with a cast, so a value the parser accepted is one the database accepts.
 */
export function parseValue(type: FieldType, raw: string): Parsed {
  const text = raw.trim();
  switch (type) {
    case 'text':
      return { ok: true, value: raw };
    case 'integer':
      return INTEGER.test(text) ? { ok: true, value: text } : { ok: false, message: '不是有效的整数' };
    case 'decimal':
      return DECIMAL.test(text) ? { ok: true, value: text } : bad(type);
    case 'date': {
      const m = DATE.exec(text);
      const value = m ? realDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
      return value ? { ok: true, value } : { ok: false, message: '不是有效的日期（如 2024-09-01）' };
    }
    case 'datetime': {
      const m = DATETIME.exec(text);
      const day = m ? realDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
      const [h, min, s] = [Number(m?.[4] ?? 0), Number(m?.[5] ?? 0), Number(m?.[6] ?? 0)];
      if (!day || h > 23 || min > 59 || s > 59) {
        return { ok: false, message: '不是有效的日期时间（如 2024-09-01 08:30:00）' };
      }
      return { ok: true, value: `${day} ${pad(h)}:${pad(min)}:${pad(s)}` };
    }
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: 'true' };
      if (FALSE_WORDS.has(word)) return { ok: true, value: 'false' };
      return { ok: false, message: '不是有效的是/否（填 是 或 否）' };
    }
  }
}
