import { DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A year as callers hold it: a number, a numeric string, or empty (null, undefined, '' or the text 'null'). */
export type YearInput = number | string | null | undefined;

/** The range handed back: each end a year or null; a set start is never after a set end. */
export type YearRange = [start: number | null, end: number | null];

/** Spec 1 §2 piece 1: the value 'null' counts as empty, like null, undefined and ''. */
export function toYear(input: YearInput): number | null {
  if (input === null || input === undefined) return null;
  const text = String(input).trim();
  if (text === '' || text === 'null' || !/^\d{4}$/.test(text)) return null;
  return Number(text);
}

/**
 * The range after one end changed: a start later than the end (or an end earlier than the start) moves
 * the other end with it, so start ≤ end always holds.
 */
export function nextYearRange(current: YearRange, side: 'start' | 'end', year: number | null): YearRange {
  const [start, end] = current;
  if (side === 'start') return [year, year !== null && end !== null && year > end ? year : end];
  return [start !== null && year !== null && start > year ? year : start, year];
}

/** A year the other end rules out: after the end for the start, before the start for the end. */
export function isYearOutOfRange(year: number, side: 'start' | 'end', other: number | null): boolean {
  if (other === null) return false;
  return side === 'start' ? year > other : year < other;
}

export interface YearRangePickerProps {
  value?: readonly [YearInput, YearInput];
  onChange?: (range: YearRange) => void;
  disabled?: boolean;
  /** Placeholders; 开始年份 and 结束年份 by default. */
  placeholder?: readonly [string, string];
  width?: number;
}

const asDayjs = (year: number | null): Dayjs | null => (year === null ? null : dayjs(`${year}-01-01`));

/** 开始年份 – 结束年份 (spec 1 §2 piece 1): two year pickers, the end never before the start. */
export function YearRangePicker({
  value,
  onChange,
  disabled,
  placeholder = ['开始年份', '结束年份'],
  width = 120,
}: YearRangePickerProps) {
  const range: YearRange = [toYear(value?.[0]), toYear(value?.[1])];
  const change = (side: 'start' | 'end', date: Dayjs | null) =>
    onChange?.(nextYearRange(range, side, date ? date.year() : null));
  return (
    <Space.Compact>
      <DatePicker
        picker="year"
        style={{ width }}
        placeholder={placeholder[0]}
        aria-label={placeholder[0]}
        disabled={disabled}
        value={asDayjs(range[0])}
        disabledDate={(date) => isYearOutOfRange(date.year(), 'start', range[1])}
        onChange={(date) => change('start', date)}
      />
      <DatePicker
        picker="year"
        style={{ width }}
        placeholder={placeholder[1]}
        aria-label={placeholder[1]}
        disabled={disabled}
        value={asDayjs(range[1])}
        disabledDate={(date) => isYearOutOfRange(date.year(), 'end', range[0])}
        onChange={(date) => change('end', date)}
      />
    </Space.Compact>
  );
}
