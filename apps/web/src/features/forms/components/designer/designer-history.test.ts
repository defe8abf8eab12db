import type { FormDefinition } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { definitionProblems, keyProblem } from './definition-problems.ts';
import { designerHistory, startHistory } from './designer-history.ts';
import { createField } from './new-field.ts';

const empty: FormDefinition = { formType: 'floating', layout: 'normal', fields: [] };
const keys = (d: FormDefinition) => d.fields.map((f) => f.key);

function withThreeFields() {
  let state = startHistory(empty);
  for (const component of ['text', 'email', 'date'] as const)
    state = designerHistory(state, { type: 'add', field: createField(component, state.present.fields) });
  return state;
}

describe('designer history', () => {
  it('adds fields with suggested keys, at the end or at a place', () => {
    let state = withThreeFields();
    expect(keys(state.present)).toEqual(['field_1', 'field_2', 'field_3']);
    state = designerHistory(state, {
      type: 'add',
      field: createField('year', state.present.fields),
      index: 0,
    });
    expect(keys(state.present)).toEqual(['field_4', 'field_1', 'field_2', 'field_3']);
    expect(state.past).toHaveLength(4);
  });

  it('moves, updates and deletes a field', () => {
    let state = withThreeFields();
    state = designerHistory(state, { type: 'move', from: 0, to: 2 });
    expect(keys(state.present)).toEqual(['field_2', 'field_3', 'field_1']);
    state = designerHistory(state, { type: 'update', index: 1, patch: { label: '出生日期' } });
    expect(state.present.fields[1]?.label).toBe('出生日期');
    state = designerHistory(state, { type: 'remove', index: 0 });
    expect(keys(state.present)).toEqual(['field_3', 'field_1']);
  });

  it('undoes and redoes whole steps', () => {
    let state = withThreeFields();
    state = designerHistory(state, { type: 'remove', index: 1 });
    state = designerHistory(state, { type: 'undo' });
    expect(keys(state.present)).toEqual(['field_1', 'field_2', 'field_3']);
    state = designerHistory(state, { type: 'undo' });
    expect(keys(state.present)).toEqual(['field_1', 'field_2']);
    state = designerHistory(state, { type: 'redo' });
    state = designerHistory(state, { type: 'redo' });
    expect(keys(state.present)).toEqual(['field_1', 'field_3']);
    expect(designerHistory(state, { type: 'redo' })).toBe(state);
  });

  it('clears redo after a new edit', () => {
    let state = withThreeFields();
    state = designerHistory(state, { type: 'undo' });
    expect(state.future).toHaveLength(1);
    state = designerHistory(state, { type: 'settings', patch: { layout: 'table' } });
    expect(state.future).toEqual([]);
    expect(designerHistory(state, { type: 'redo' }).present.layout).toBe('table');
  });

  it('merges typing in one input into one step', () => {
    let state = withThreeFields();
    for (const label of ['姓', '姓名'])
      state = designerHistory(state, { type: 'update', index: 0, patch: { label }, mergeKey: '0.label' });
    state = designerHistory(state, { type: 'undo' });
    expect(state.present.fields[0]?.label).toBe('单行文本');
  });

  it('ignores edits that change nothing', () => {
    const state = withThreeFields();
    expect(designerHistory(state, { type: 'move', from: 1, to: 1 })).toBe(state);
    expect(designerHistory(state, { type: 'remove', index: 9 })).toBe(state);
  });
});

describe('definition problems', () => {
  it('names the field of each problem in Chinese', () => {
    const state = withThreeFields();
    const definition = {
      ...state.present,
      fields: [...state.present.fields, { ...createField('select', []), key: 'field_1', label: '学院' }],
    };
    expect(definitionProblems(definition)).toEqual([
      '第4个字段「学院」：字段标识「field_1」重复',
      '第4个字段「学院」：字段「学院」需要选择常量类型作为选项来源',
    ]);
    expect(definitionProblems(empty)).toEqual(['表单至少需要一个字段']);
    expect(definitionProblems(state.present)).toEqual([]);
  });

  it('checks a key for format, reserved words and uniqueness', () => {
    const fields = withThreeFields().present.fields;
    expect(keyProblem('Name', fields, 0)).toMatch(/小写字母开头/);
    expect(keyProblem('filler_id', fields, 0)).toMatch(/系统保留/);
    expect(keyProblem('field_2', fields, 0)).toMatch(/重复/);
    expect(keyProblem('field_1', fields, 0)).toBeNull();
  });
});
