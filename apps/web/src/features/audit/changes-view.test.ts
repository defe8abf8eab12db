import { describe, expect, it } from 'vitest';
import { ABSENT, changesView, EMPTY, VALUE_FIELD, valueText } from './changes-view.ts';

describe('changesView', () => {
  it('shows nothing when the entry kept no changes', () => {
    expect(changesView(null)).toEqual({ kind: 'none' });
    expect(changesView(undefined)).toEqual({ kind: 'none' });
  });

  it('lays before and after side by side, field by field, marking what changed', () => {
    const view = changesView({
      before: { name: '旧名称', weight: 1, tags: ['a'] },
      after: { name: '新名称', weight: 1, tags: ['a', 'b'], remark: null },
    });
    expect(view).toEqual({
      kind: 'table',
      rows: [
        { field: 'name', before: '旧名称', after: '新名称', isChanged: true },
        { field: 'weight', before: '1', after: '1', isChanged: false },
        { field: 'tags', before: '["a"]', after: '["a","b"]', isChanged: true },
        { field: 'remark', before: ABSENT, after: EMPTY, isChanged: true },
      ],
    });
  });

  it('shows every field of a created or deleted object against an absent side', () => {
    expect(changesView({ before: null, after: { name: '新' } })).toEqual({
      kind: 'table',
      rows: [{ field: 'name', before: ABSENT, after: '新', isChanged: true }],
    });
  });

  it('takes plain values on both sides as one row', () => {
    expect(changesView({ before: 'draft', after: 'published' })).toEqual({
      kind: 'table',
      rows: [{ field: VALUE_FIELD, before: 'draft', after: 'published', isChanged: true }],
    });
  });

  it('formats anything else as indented JSON, markup left as text', () => {
    const mark = { throughSeq: 12, note: '<img src=x onerror=alert(1)>' };
    expect(changesView(mark)).toEqual({ kind: 'json', text: JSON.stringify(mark, null, 2) });
    expect(changesView([1, 2])).toEqual({ kind: 'json', text: '[\n  1,\n  2\n]' });
    expect(changesView({ before: { a: 1 } })).toMatchObject({ kind: 'json' });
  });
});

describe('valueText', () => {
  it('keeps text as it is and writes other values as JSON', () => {
    expect(valueText('<b>粗体</b>')).toBe('<b>粗体</b>');
    expect(valueText(true)).toBe('true');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText('')).toBe(EMPTY);
  });
});
