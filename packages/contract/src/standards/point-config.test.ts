import { describe, expect, it } from 'vitest';
import { calRuleProblems, gradesFor, pointConfigProblems } from './point-config.ts';

const base = {
  dataType: 'float' as const,
  calcMode: 'result' as const,
  direction: '>' as const,
  standardValue: '3.5',
  warningMode: null,
  warningCondition: null,
  warningValue: null,
  grades: [],
  calRule: [],
};

describe('point configuration rules', () => {
  it('wants thresholds descending for ">" and ascending for "<"', () => {
    const rule = [
      { value: '4', dxLevel: 'A' },
      { value: '3', dxLevel: 'B' },
    ];
    expect(calRuleProblems({ ...base, calRule: rule })).toEqual([]);
    expect(calRuleProblems({ ...base, direction: '<', calRule: rule })[0]).toMatch(/从小到大/);
    expect(calRuleProblems({ ...base, calRule: [...rule, { value: '3', dxLevel: 'C' }] })[0]).toMatch(
      /从大到小/,
    );
  });

  it('refuses a grade twice, an unknown grade and a grade unfit for the data type', () => {
    expect(
      calRuleProblems({
        ...base,
        calRule: [
          { value: '4', dxLevel: 'A' },
          { value: '3', dxLevel: 'a' },
        ],
      }),
    ).toEqual(['计算规则中等级「A」重复']);
    expect(calRuleProblems({ ...base, calRule: [{ value: '4', dxLevel: 'Q' }] })[0]).toMatch(/不正确/);
    expect(calRuleProblems({ ...base, calRule: [{ value: '4', dxLevel: 'Y' }] })[0]).toMatch(/不适用/);
    expect(gradesFor('whether', 'result')).toEqual(['Y', 'N']);
  });

  it('checks rule values, standard and warning values against the data type', () => {
    expect(
      calRuleProblems({ ...base, dataType: 'integer', calRule: [{ value: '4.5', dxLevel: 'A' }] })[0],
    ).toMatch(/整数/);
    expect(pointConfigProblems({ ...base, dataType: 'percent', standardValue: '101' })).toEqual([
      { field: 'standardValue', message: '标准值不正确：请输入0到100之间的百分比' },
    ]);
    expect(pointConfigProblems({ ...base, dataType: 'have', standardValue: '是' })[0]!.message).toMatch(
      /有或无/,
    );
    expect(pointConfigProblems({ ...base, calcMode: 'level', standardValue: 'B' })).toEqual([]);
    expect(
      pointConfigProblems({ ...base, warningMode: 'result', warningCondition: '<', warningValue: 'x' })[0]!
        .field,
    ).toBe('warningValue');
    expect(pointConfigProblems({ ...base, warningMode: 'level', warningValue: 'g' })).toEqual([]);
    expect(pointConfigProblems({ ...base, warningCondition: '<' })[0]!.field).toBe('warningMode');
  });
});
