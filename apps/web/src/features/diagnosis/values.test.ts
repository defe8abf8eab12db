import type { QualityRowWire } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import {
  canEnterResult,
  cellKind,
  diagnosisResultText,
  displayValue,
  enteredValueError,
  gradeText,
  percentNumber,
  resultText,
  rowClassName,
  rowFlag,
  rowFlagColor,
  targetText,
  warningCycleText,
  warningRuleText,
} from './values.ts';

const values = (zlx: string, v: Partial<Pick<QualityRowWire, 'mbz' | 'xzmbz' | 'jgz' | 'xzjgz'>>) => ({
  zlx,
  mbz: null,
  xzmbz: null,
  jgz: null,
  xzjgz: null,
  ...v,
});

describe('effective target and result', () => {
  it('prefers the revised target and result when present', () => {
    const row = values('float', { mbz: '80', xzmbz: '75.5', jgz: '70', xzjgz: '72' });
    expect(targetText(row)).toBe('75.50');
    expect(resultText(row)).toBe('72.00');
  });
  it('falls back to mbz / jgz when the revision is empty', () => {
    const row = values('percent', { mbz: '80', xzmbz: '  ', jgz: '66.5%', xzjgz: null });
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
  it('classifies unfinished before below standard', () => {
    expect(rowFlag({ unfin: true, dis: true })).toBe('unfin');
    expect(rowFlag({ unfin: false, dis: true })).toBe('dis');
    expect(rowFlag({ unfin: false, dis: false })).toBeNull();
  });
  it('gives two distinct classes and none for a normal row', () => {
    const unfin = rowClassName({ unfin: true, dis: false });
    const dis = rowClassName({ unfin: false, dis: true });
    expect(unfin).not.toBe(dis);
    expect(unfin).not.toBe('');
    expect(rowClassName({ unfin: false, dis: false })).toBe('');
    expect(rowFlagColor({ unfin: true, dis: false })).not.toBe(rowFlagColor({ unfin: false, dis: true }));
    expect(rowFlagColor({ unfin: false, dis: false })).toBeUndefined();
  });
  it('names the diagnosis result', () => {
    const entered = { jgz: '80', xzjgz: null };
    expect(diagnosisResultText({ unfin: true, dis: false, jgz: null, xzjgz: null })).toBe('未完成');
    expect(diagnosisResultText({ unfin: false, dis: true, ...entered })).toBe('未达标');
    expect(diagnosisResultText({ unfin: false, dis: false, ...entered })).toBe('达标');
    expect(diagnosisResultText({ unfin: false, dis: false, jgz: null, xzjgz: '90' })).toBe('达标');
    expect(diagnosisResultText({ unfin: false, dis: false, jgz: null, xzjgz: null })).toBe('未填报');
    expect(diagnosisResultText({ unfin: false, dis: false, jgz: ' ', xzjgz: null })).toBe('未填报');
  });
});

describe('cellKind', () => {
  it('offers 无/有 for have and 否/是 for whether', () => {
    expect(cellKind({ zlx: 'have', jsfs: 'result' })).toEqual({
      kind: 'select',
      options: [
        { value: '无', label: '无' },
        { value: '有', label: '有' },
      ],
    });
    const whether = cellKind({ zlx: 'whether', jsfs: 'result' });
    expect(whether.kind === 'select' && whether.options.map((o) => o.label)).toEqual(['否', '是']);
  });
  it('offers grade names storing the grade in level mode', () => {
    const kind = cellKind({ zlx: 'float', jsfs: 'level' });
    expect(kind.kind).toBe('select');
    if (kind.kind === 'select') {
      expect(kind.options.map((o) => o.value)).toEqual(['A', 'B', 'C', 'D']);
      expect(kind.options[0]?.label).toBe('A（优秀）');
    }
  });
  it('uses numbers for percent, integer, float and text otherwise', () => {
    expect(cellKind({ zlx: 'percent', jsfs: 'result' })).toEqual({ kind: 'percent' });
    expect(cellKind({ zlx: 'integer', jsfs: 'result' })).toEqual({ kind: 'integer' });
    expect(cellKind({ zlx: 'float', jsfs: 'result' })).toEqual({ kind: 'float' });
    expect(cellKind({ zlx: 'other', jsfs: 'result' })).toEqual({ kind: 'text', maxLength: 500 });
  });
});

describe('entry helpers', () => {
  const rule = { zlx: 'integer', qwfx: '>' as const, jsfs: 'result' as const, calRule: [], warningVo: null };
  it('checks entered values with the judgement module', () => {
    expect(enteredValueError(rule, '12')).toBeNull();
    expect(enteredValueError(rule, '1.5')).toBe('请输入整数');
    expect(enteredValueError(rule, '')).toBeNull();
    expect(enteredValueError({ ...rule, zlx: 'other' }, 'x'.repeat(501))).toBe('最多只能输入500个字符');
  });
  it('reads percent numbers', () => {
    expect(percentNumber('85%')).toBe(85);
    expect(percentNumber('12.5')).toBe(12.5);
    expect(percentNumber('')).toBeNull();
    expect(percentNumber(null)).toBeNull();
  });
  it('lets the charger enter reported results until submitted', () => {
    expect(canEnterResult({ isEdit: true, cjfs: 'report', shzt: 'draft' })).toBe(true);
    expect(canEnterResult({ isEdit: true, cjfs: 'report', shzt: 'refused' })).toBe(true);
    expect(canEnterResult({ isEdit: true, cjfs: 'report', shzt: 'submitted' })).toBe(false);
    expect(canEnterResult({ isEdit: true, cjfs: 'sql', shzt: 'draft' })).toBe(false);
    expect(canEnterResult({ isEdit: false, cjfs: 'report', shzt: 'draft' })).toBe(false);
  });
  it('shows grades and warning facts', () => {
    expect(gradeText('A')).toBe('A');
    expect(gradeText('Y')).toBe('是');
    expect(gradeText(null)).toBe('-');
    expect(
      warningRuleText({ zlx: 'percent', warningVo: { yjlx: 'result', yjtj: '<', yjz: '60', yjzq: 'month' } }),
    ).toBe('< 60%');
    expect(
      warningRuleText({ zlx: 'float', warningVo: { yjlx: 'level', yjtj: '>=', yjz: 'C', yjzq: 'week' } }),
    ).toBe('>= C');
    expect(warningCycleText({ warningVo: { yjlx: 'level', yjtj: '>=', yjz: 'C', yjzq: 'week' } })).toBe('周');
    expect(warningCycleText({ warningVo: null })).toBe('-');
  });
});
