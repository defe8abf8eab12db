import { EXAMPLE_POINT_CONFIG, type QualityPoint } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import {
  cleanCalRule,
  describeCalRule,
  pointBodyOf,
  pointFormProblems,
  pointFormValuesOf,
  valueChoices,
} from './point-form.ts';

/** The example point, with values off its defaults so the round trip shows each field. */
const point: QualityPoint = {
  ...EXAMPLE_POINT_CONFIG,
  id: 'p1',
  indicatorId: 'i1',
  categoryId: 'c1',
  categoryName: '人才培养',
  indicatorPath: [{ id: 'i1', name: '就业' }],
  code: 'RC-01',
  name: '就业率',
  connotation: '内涵',
  diagnosticStandard: '标准',
  warningPeriod: 'week',
  isJoin: false,
  hideNoReachTarget: true,
  isFilePoint: true,
  grades: ['A', 'B'],
  calRule: [
    { value: '95', dxLevel: 'A' },
    { value: '90', dxLevel: 'B' },
  ],
  sort: 3,
};

describe('point form', () => {
  it('starts a new point at the category level with the default flags', () => {
    const values = pointFormValuesOf(null, 'teacher');
    expect(values.dimension).toBe('teacher');
    expect(values.flags).toEqual(['isQuantitative', 'isJoin']);
  });

  it('round-trips a point through the form into the same body fields', () => {
    const body = pointBodyOf(pointFormValuesOf(point, 'school'), 'i1');
    expect(body).toMatchObject({
      indicatorId: 'i1',
      name: '就业率',
      connotation: '内涵',
      diagnosticStandard: '标准',
      standardValue: '90',
      warningPeriod: 'week',
      warningCondition: '<',
      warningValue: '85',
      calRule: point.calRule,
      isJoin: false,
      hideNoReachTarget: true,
      isFilePoint: true,
      sort: 3,
    });
  });

  it('drops the condition outside result comparison and the rule in level mode', () => {
    const values = {
      ...pointFormValuesOf(point, 'school'),
      warningMode: 'level' as const,
      warningValue: 'E',
    };
    expect(pointBodyOf(values, 'i1')).toMatchObject({ warningCondition: null, warningValue: 'E' });
    const level = { ...values, calcMode: 'level' as const };
    expect(pointBodyOf(level, 'i1').calRule).toEqual([]);
    const none = { ...values, warningMode: null };
    expect(pointBodyOf(none, 'i1')).toMatchObject({ warningValue: null, warningCondition: null });
  });

  it('drops empty rule rows but keeps half-filled ones for the check', () => {
    expect(cleanCalRule([{ value: ' ', dxLevel: '' }, { value: '90', dxLevel: '' }, {}])).toEqual([
      { value: '90', dxLevel: '' },
    ]);
  });

  it('reports the server rules by field', () => {
    const values = pointFormValuesOf(point, 'school');
    expect(pointFormProblems(values)).toEqual({});
    const ascending = { ...values, calRule: [...values.calRule].reverse() };
    expect(pointFormProblems(ascending).calRule).toMatch(/从大到小/);
    expect(pointFormProblems({ ...values, standardValue: '120' }).standardValue).toMatch(/0到100/);
    expect(pointFormProblems({ ...values, warningCondition: null }).warningCondition).toBeDefined();
    expect(pointFormProblems({ ...values, warningMode: 'level', warningValue: 'Z' }).warningValue).toMatch(
      /A、B/,
    );
  });

  it('offers choices for whether, have and level mode', () => {
    expect(valueChoices('whether', 'result')).toEqual(['否', '是']);
    expect(valueChoices('have', 'result')).toEqual(['无', '有']);
    expect(valueChoices('integer', 'level')).toEqual(['A', 'B', 'C', 'D']);
    expect(valueChoices('float', 'result')).toBeNull();
  });

  it('describes a rule in its direction', () => {
    expect(describeCalRule(point.calRule, '>', 'percent')).toBe('≥95%→A，≥90%→B');
    expect(describeCalRule([{ value: '3', dxLevel: 'A' }], '<', 'integer')).toBe('≤3→A');
    expect(describeCalRule([], '>', 'integer')).toBe('-');
  });
});
