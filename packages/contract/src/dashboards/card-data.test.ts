import { describe, expect, it } from 'vitest';
import { checkCardBinding, clampPercent, normalizeCardUrl, rowsToMeasure } from './card-data.ts';
import { CardBodySchema } from './dashboards.schema.ts';

describe('normalizeCardUrl', () => {
  it('adds http:// when the address has no scheme and keeps http(s) ones', () => {
    expect(normalizeCardUrl('www.example.edu.cn/a?b=1')).toBe('http://www.example.edu.cn/a?b=1');
    expect(normalizeCardUrl('  https://example.com/x ')).toBe('https://example.com/x');
    expect(normalizeCardUrl('localhost:3000/api/docs')).toBe('http://localhost:3000/api/docs');
    expect(normalizeCardUrl('//cdn.example.com/p')).toBe('http://cdn.example.com/p');
    expect(normalizeCardUrl('/api/docs')).toBe('/api/docs');
    expect(normalizeCardUrl('/\\evil.example.com')).toBeNull();
  });

  it('refuses other schemes and text that is no address', () => {
    expect(normalizeCardUrl('javascript:alert(1)')).toBeNull();
    expect(normalizeCardUrl('JavaScript:alert(1)')).toBeNull();
    expect(normalizeCardUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(normalizeCardUrl('file:///etc/passwd')).toBeNull();
    expect(normalizeCardUrl('a b')).toBeNull();
    expect(normalizeCardUrl('')).toBeNull();
  });
});

describe('clampPercent', () => {
  it('caps 0–100 with two decimals and reads missing as 0', () => {
    expect(clampPercent(83.456)).toBe(83.46);
    expect(clampPercent(120)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(null)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});

describe('checkCardBinding', () => {
  it('pairs the iframe viewer with an address only', () => {
    expect(checkCardBinding({ kind: 'iframe', source: 'measure', measure: 'openTodos' })).toMatch(/网址/);
    expect(checkCardBinding({ kind: 'bar', source: 'url', url: 'http://a.cn' })).toMatch(/内嵌页面/);
    expect(checkCardBinding({ kind: 'bar', source: 'algorithm' })).toBe('请选择算法组');
    expect(checkCardBinding({ kind: 'iframe', source: 'url', url: 'javascript:alert(1)' })).toMatch(/http/);
    expect(checkCardBinding({ kind: 'iframe', source: 'url', url: 'example.com' })).toBeNull();
  });

  it('is what the card body schema answers', () => {
    const parsed = CardBodySchema.safeParse({
      name: '外链',
      kind: 'iframe',
      source: 'url',
      url: 'javascript:x',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('网址必须以 http:// 或 https:// 开头');
  });
});

describe('rowsToMeasure', () => {
  const base = { key: 'c1', label: '卡片', asOf: '2026-01-01T00:00:00.000Z' };
  const columns = ['专业', '人数', '占比'];
  const rows = [
    { 专业: '机电一体化', 人数: 12, 占比: '40.00' },
    { 专业: '电子商务', 人数: 18, 占比: '60.00' },
  ];

  it('takes the first text column as categories and the numeric ones (numeric text too) as series', () => {
    expect(rowsToMeasure({ ...base, kind: 'bar', columns, rows })).toMatchObject({
      shape: 'series',
      categories: ['机电一体化', '电子商务'],
      series: [
        { name: '人数', data: [12, 18] },
        { name: '占比', data: [40, 60] },
      ],
    });
    expect(rowsToMeasure({ ...base, kind: 'pie', columns, rows }).series).toHaveLength(1);
  });

  it('answers the first numeric value for a number and a clamped one for progress', () => {
    expect(rowsToMeasure({ ...base, kind: 'number', columns, rows }).value).toBe(12);
    const progress = rowsToMeasure({
      ...base,
      kind: 'progress',
      columns: ['value'],
      rows: [{ value: '123.4' }],
    });
    expect(progress).toMatchObject({ shape: 'progress', value: 100 });
    expect(
      rowsToMeasure({ ...base, kind: 'number', columns: ['名称'], rows: [{ 名称: 'x' }] }).value,
    ).toBeNull();
  });

  it('keeps every column of a table and an empty answer as empty', () => {
    const table = rowsToMeasure({ ...base, kind: 'table', columns, rows });
    expect(table.columns).toEqual(columns);
    expect(table.rows?.[1]).toEqual({ 专业: '电子商务', 人数: 18, 占比: '60.00' });
    expect(rowsToMeasure({ ...base, kind: 'line', columns, rows: [] })).toMatchObject({
      categories: [],
      series: [],
    });
  });
});
