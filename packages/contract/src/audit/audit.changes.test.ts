import { describe, expect, it } from 'vitest';
import {
  CHANGE_ABSENT,
  CHANGE_EMPTY,
  CHANGE_VALUE_FIELD,
  changesView,
  objectsText,
  valueText,
} from './audit.changes.ts';

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
        { field: 'tags', before: 'a', after: 'a、b', isChanged: true },
        { field: 'remark', before: CHANGE_ABSENT, after: CHANGE_EMPTY, isChanged: true },
      ],
    });
  });

  it('shows every field of a created or deleted object against an absent side', () => {
    expect(changesView({ before: null, after: { name: '新' } })).toEqual({
      kind: 'table',
      rows: [{ field: 'name', before: CHANGE_ABSENT, after: '新', isChanged: true }],
    });
  });

  it('titles each changed object by what it is and its name, created and deleted ones said so', () => {
    const view = changesView([
      {
        object: '用户',
        id: 'u1',
        name: '张三',
        before: { 姓名: '张山', 角色: [] },
        after: { 姓名: '张三', 角色: ['诊断对象'] },
      },
      { object: '角色', id: 'r1', name: '新角色', before: null, after: { 角色名称: '新角色' } },
      { object: '角色', id: 'r2', name: '旧角色', before: { 角色名称: '旧角色' }, after: null },
    ]);
    expect(view).toEqual({
      kind: 'objects',
      objects: [
        {
          title: '用户「张三」',
          rows: [
            { field: '姓名', before: '张山', after: '张三', isChanged: true },
            { field: '角色', before: CHANGE_EMPTY, after: '诊断对象', isChanged: true },
          ],
        },
        {
          title: '角色（新增）「新角色」',
          rows: [{ field: '角色名称', before: CHANGE_ABSENT, after: '新角色', isChanged: true }],
        },
        {
          title: '角色（已删除）「旧角色」',
          rows: [{ field: '角色名称', before: '旧角色', after: CHANGE_ABSENT, isChanged: true }],
        },
      ],
    });
  });

  it('names the changed objects in the list, else the ids the request named', () => {
    const changes = [
      { object: '用户', id: 'u1', name: '张三', before: { 姓名: '张山' }, after: { 姓名: '张三' } },
    ];
    expect(objectsText({ changes, objectIds: ['u1'] })).toBe('用户「张三」');
    expect(objectsText({ changes: null, objectIds: ['a', 'b'] })).toBe('a，b');
    expect(objectsText({ changes: null, objectIds: [] })).toBe(CHANGE_ABSENT);
  });

  it('takes plain values on both sides as one row', () => {
    expect(changesView({ before: 'draft', after: 'published' })).toEqual({
      kind: 'table',
      rows: [{ field: CHANGE_VALUE_FIELD, before: 'draft', after: 'published', isChanged: true }],
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
    expect(valueText('')).toBe(CHANGE_EMPTY);
  });
});
