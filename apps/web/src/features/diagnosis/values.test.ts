import { COUNT_FIGURES, computeTaskFigures, effectiveValue, type QualityRow } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import {
  canEnterResult,
  cellKind,
  diagnosisResultText,
  displayValue,
  enteredValueError,
  fileStageOf,
  gradeText,
  isUnfinished,
  percentNumber,
  ROW_FLAG_LEGEND,
  resultText,
  rowClassName,
  rowFlag,
  rowFlagColor,
  sampleSourceText,
  targetText,
  warningCycleText,
  warningRuleText,
} from './values.ts';

const values = (
  dataType: string,
  v: Partial<Pick<QualityRow, 'target' | 'revisedTarget' | 'result' | 'revisedResult'>>,
) => ({
  dataType,
  target: null,
  revisedTarget: null,
  result: null,
  revisedResult: null,
  ...v,
});

describe('effective target and result', () => {
  it('prefers the revised target and result when present', () => {
    const row = values('float', { target: '80', revisedTarget: '75.5', result: '70', revisedResult: '72' });
    expect(targetText(row)).toBe('75.50');
    expect(resultText(row)).toBe('72.00');
  });
  it('falls back to target / result when the revision is empty', () => {
    const row = values('percent', {
      target: '80',
      revisedTarget: '  ',
      result: '66.5%',
      revisedResult: null,
    });
    expect(targetText(row)).toBe('80%');
    expect(resultText(row)).toBe('66.5%');
  });
  it('shows a dash when nothing is there', () => {
    expect(targetText(values('integer', {}))).toBe('-');
    expect(displayValue('float', '')).toBe('-');
    expect(displayValue('float', null)).toBe('-');
  });
  it('formats float with two decimals, percent with %, others as written', () => {
    expect(displayValue('float', '3')).toBe('3.00');
    expect(displayValue('percent', '85')).toBe('85%');
    expect(displayValue('whether', '是')).toBe('是');
    expect(displayValue('integer', '12')).toBe('12');
    expect(displayValue('unknown', 'x')).toBe('x');
  });
});

describe('row highlight', () => {
  const none = { result: null, revisedResult: null };
  const entered = { result: '80', revisedResult: null };
  it('classifies unfinished before below standard', () => {
    expect(rowFlag({ below: true, ...none })).toBe('unfinished');
    expect(rowFlag({ below: true, ...entered })).toBe('below');
    expect(rowFlag({ below: false, ...entered })).toBeNull();
  });
  it('highlights as 未完成 every point without an effective result, as the report counts 未完成, open task or closed', () => {
    // Issue 26: an open task's point without a result was plain in the table and 未填报 in the drawer,
    // while the task list and the report counted it 未完成.
    const rows = [
      { below: false, ...none },
      { below: false, result: '  ', revisedResult: null },
      { below: false, result: null, revisedResult: '90' },
      { below: true, result: '50', revisedResult: '' },
      { below: false, ...entered },
    ];
    const facts = rows.map((row) => ({
      hasResult: effectiveValue(row.result, row.revisedResult) !== null,
      below: row.below,
      warnings: 0,
      handledWarnings: 0,
    }));
    const highlighted = rows.filter((row) => rowFlag(row) === 'unfinished');
    expect(highlighted).toHaveLength(computeTaskFigures(facts).unfinishedCount);
    expect(highlighted).toHaveLength(2);
    expect(rows.map(isUnfinished)).toEqual([true, true, false, false, false]);
  });
  it('gives two distinct classes and none for a normal row', () => {
    const unfinished = rowClassName({ below: false, ...none });
    const below = rowClassName({ below: true, ...entered });
    expect(unfinished).not.toBe(below);
    expect(unfinished).not.toBe('');
    expect(rowClassName({ below: false, ...entered })).toBe('');
    expect(rowFlagColor({ below: false, ...none })).not.toBe(rowFlagColor({ below: true, ...entered }));
    expect(rowFlagColor({ below: false, ...entered })).toBeUndefined();
  });
  it('names the diagnosis result with the legend’s and the figure catalogue’s words, never 未填报', () => {
    expect(diagnosisResultText({ below: false, ...none })).toBe('未完成');
    expect(diagnosisResultText({ below: false, result: ' ', revisedResult: null })).toBe('未完成');
    expect(diagnosisResultText({ below: true, ...entered })).toBe('未达标');
    expect(diagnosisResultText({ below: false, ...entered })).toBe('达标');
    expect(diagnosisResultText({ below: false, result: null, revisedResult: '90' })).toBe('达标');
    expect(ROW_FLAG_LEGEND.map((item) => item.label)).toEqual([
      COUNT_FIGURES.unfinishedCount.name,
      COUNT_FIGURES.belowCount.name,
    ]);
  });
});

describe('cellKind', () => {
  it('offers 无/有 for have and 否/是 for whether', () => {
    expect(cellKind({ dataType: 'have', calcMode: 'result' })).toEqual({
      kind: 'select',
      options: [
        { value: '无', label: '无' },
        { value: '有', label: '有' },
      ],
    });
    const whether = cellKind({ dataType: 'whether', calcMode: 'result' });
    expect(whether.kind === 'select' && whether.options.map((o) => o.label)).toEqual(['否', '是']);
  });
  it('offers grade names storing the grade in level mode', () => {
    const kind = cellKind({ dataType: 'float', calcMode: 'level' });
    expect(kind.kind).toBe('select');
    if (kind.kind === 'select') {
      expect(kind.options.map((o) => o.value)).toEqual(['A', 'B', 'C', 'D']);
      expect(kind.options[0]?.label).toBe('A（优秀）');
    }
  });
  it('uses numbers for percent, integer, float and text otherwise', () => {
    expect(cellKind({ dataType: 'percent', calcMode: 'result' })).toEqual({ kind: 'percent' });
    expect(cellKind({ dataType: 'integer', calcMode: 'result' })).toEqual({ kind: 'integer' });
    expect(cellKind({ dataType: 'float', calcMode: 'result' })).toEqual({ kind: 'float' });
    expect(cellKind({ dataType: 'other', calcMode: 'result' })).toEqual({ kind: 'text', maxLength: 500 });
  });
});

describe('entry helpers', () => {
  const rule = {
    dataType: 'integer',
    direction: '>' as const,
    calcMode: 'result' as const,
    calRule: [],
    warningRule: null,
  };
  it('checks entered values with the judgement module', () => {
    expect(enteredValueError(rule, '12')).toBeNull();
    expect(enteredValueError(rule, '1.5')).toBe('请输入整数');
    expect(enteredValueError(rule, '')).toBeNull();
    expect(enteredValueError({ ...rule, dataType: 'other' }, 'x'.repeat(501))).toBe('最多只能输入500个字符');
  });
  it('reads percent numbers', () => {
    expect(percentNumber('85%')).toBe(85);
    expect(percentNumber('12.5')).toBe(12.5);
    expect(percentNumber('')).toBeNull();
    expect(percentNumber(null)).toBeNull();
  });
  it('lets the charger enter reported results until submitted', () => {
    expect(canEnterResult({ isEdit: true, collectionMethod: 'report', auditState: 'draft' })).toBe(true);
    expect(canEnterResult({ isEdit: true, collectionMethod: 'report', auditState: 'refused' })).toBe(true);
    expect(canEnterResult({ isEdit: true, collectionMethod: 'report', auditState: 'submitted' })).toBe(false);
    expect(canEnterResult({ isEdit: true, collectionMethod: 'sql', auditState: 'draft' })).toBe(false);
    expect(canEnterResult({ isEdit: false, collectionMethod: 'report', auditState: 'draft' })).toBe(false);
  });
  it('shows grades and warning facts', () => {
    expect(gradeText('A')).toBe('A');
    expect(gradeText('Y')).toBe('是');
    expect(gradeText(null)).toBe('-');
    expect(
      warningRuleText({
        dataType: 'percent',
        warningRule: { mode: 'result', condition: '<', value: '60', period: 'month' },
      }),
    ).toBe('< 60%');
    expect(
      warningRuleText({
        dataType: 'float',
        warningRule: { mode: 'level', condition: '>=', value: 'C', period: 'week' },
      }),
    ).toBe('>= C');
    expect(
      warningCycleText({ warningRule: { mode: 'level', condition: '>=', value: 'C', period: 'week' } }),
    ).toBe('周');
    expect(warningCycleText({ warningRule: null })).toBe('-');
  });
});

describe('sampleSourceText', () => {
  it('tells a typed sample, with its typist, from a computed one', () => {
    expect(sampleSourceText({ source: 'typed', enteredBy: '王老师' })).toBe('手工录入（王老师）');
    expect(sampleSourceText({ source: 'typed', enteredBy: null })).toBe('手工录入');
    expect(sampleSourceText({ source: 'collected', enteredBy: null })).toBe('算法计算');
  });
});

describe('fileStageOf: where a file added from the drawer is filed', () => {
  const point = { below: false, result: null, revisedResult: null };
  it('keeps evidence for a point not yet filled in with its diagnosis while the task runs', () => {
    expect(fileStageOf(point, false)).toBe('diagnosis');
  });
  it('files it under 总结改进（未完成） once the task has finished without a result', () => {
    expect(fileStageOf(point, true)).toBe('unfinish');
    expect(fileStageOf({ ...point, revisedResult: '80' }, true)).toBe('diagnosis');
  });
  it('files a point below its target under 未达标 in either state', () => {
    expect(fileStageOf({ below: true, result: '50', revisedResult: null }, false)).toBe('disqualified');
  });
});
