import { describe, expect, it } from 'vitest';
import { parseValue } from './warehouse.values.ts';

describe('parseValue', () => {
  it('reads each type into the text PostgreSQL casts', () => {
    expect(parseValue('integer', ' 42 ')).toEqual({ ok: true, value: '42' });
    expect(parseValue('decimal', '3.5')).toEqual({ ok: true, value: '3.5' });
    expect(parseValue('date', '2024/9/1')).toEqual({ ok: true, value: '2024-09-01' });
    expect(parseValue('datetime', '2024-09-01 8:30')).toEqual({ ok: true, value: '2024-09-01 08:30:00' });
    expect(parseValue('boolean', '是')).toEqual({ ok: true, value: 'true' });
    expect(parseValue('text', ' a ')).toEqual({ ok: true, value: ' a ' });
  });

  it('refuses what does not convert, in Chinese', () => {
    expect(parseValue('integer', '1.5')).toEqual({ ok: false, message: '不是有效的整数' });
    expect(parseValue('date', '2024-02-30').ok).toBe(false);
    expect(parseValue('date', '2023-02-29').ok).toBe(false);
    expect(parseValue('date', '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(parseValue('date', '1900-02-29').ok).toBe(false);
    expect(parseValue('datetime', '2024-01-01 25:00').ok).toBe(false);
    expect(parseValue('boolean', '也许').ok).toBe(false);
    expect(parseValue('decimal', 'abc').ok).toBe(false);
  });
});
