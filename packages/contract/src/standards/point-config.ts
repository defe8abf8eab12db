import { type PointRule, valueError } from '../diagnosis/judgement.ts';
import {
  type CalcMode,
  type DataType,
  GRADES,
  type Grade,
  LEVEL_GRADES,
  WARNING_GRADES,
} from './standards.enums.ts';

/** What the cross-field rules of a quality point's configuration look at: its rule, standard value and grades. */
export interface PointConfigInput extends PointRule {
  standardValue: string | null;
  grades: readonly Grade[];
}

export type PointConfigField =
  | 'standardValue'
  | 'warningMode'
  | 'warningCondition'
  | 'warningValue'
  | 'grades'
  | 'calRule';

export interface PointConfigProblem {
  field: PointConfigField;
  message: string;
}

const isBinary = (dataType: DataType) => dataType === 'whether' || dataType === 'have';

/** The grades a point of this kind may use: Y/N for whether/have, else A–D. */
export function gradesFor(dataType: DataType, calcMode: CalcMode): readonly Grade[] {
  if (calcMode === 'result' && isBinary(dataType)) return ['Y', 'N'];
  return LEVEL_GRADES;
}

/** The numeric threshold of a rule value, or null. Percent values may carry a '%'. */
function thresholdOf(raw: string): number | null {
  const t = raw.trim().replace(/%$/, '').trim();
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : null;
}

const ruleOwner = {
  direction: '>' as const,
  calRule: [],
  warningMode: null,
  warningCondition: null,
  warningValue: null,
};

/**
 * Problems of a grading rule (`calRule`): each value valid for the data type, grades from GRADES (and
 * fitting the point), no grade twice, and thresholds in evaluation order — descending for '>'
 * (bigger is better), ascending for '<'. Level-mode points grade themselves and need no rule.
 */
export function calRuleProblems(
  input: Pick<PointRule, 'dataType' | 'calcMode' | 'direction' | 'calRule'>,
): string[] {
  const { dataType, calcMode, direction, calRule } = input;
  const problems: string[] = [];
  if (calcMode === 'level') {
    if (calRule.length > 0) problems.push('计算方式为等级时不需要计算规则');
    return problems;
  }
  const allowed = gradesFor(dataType, calcMode);
  const seen = new Set<string>();
  const thresholds: number[] = [];
  calRule.forEach((item, index) => {
    const n = index + 1;
    const grade = item.dxLevel.trim().toUpperCase();
    if (!(GRADES as readonly string[]).includes(grade)) {
      problems.push(`计算规则第${n}项的等级「${item.dxLevel}」不正确，只能是${GRADES.join('、')}`);
    } else if (!(allowed as readonly string[]).includes(grade)) {
      problems.push(`计算规则第${n}项的等级「${grade}」不适用于该数据类型，只能是${allowed.join('、')}`);
    } else if (seen.has(grade)) {
      problems.push(`计算规则中等级「${grade}」重复`);
    }
    seen.add(grade);
    const valueProblem = valueError({ ...ruleOwner, dataType, calcMode }, item.value);
    if (valueProblem) {
      problems.push(`计算规则第${n}项的值「${item.value}」不正确：${valueProblem}`);
      return;
    }
    if (!isBinary(dataType)) {
      const threshold = thresholdOf(item.value);
      if (threshold !== null) thresholds.push(threshold);
    }
  });
  if (problems.length === 0 && thresholds.length === calRule.length) {
    for (let i = 1; i < thresholds.length; i++) {
      const previous = thresholds[i - 1]!;
      const current = thresholds[i]!;
      if (direction === '>' && !(current < previous)) {
        problems.push('期望方向为“越大越好”时，计算规则的值必须从大到小排列且不能重复');
        break;
      }
      if (direction === '<' && !(current > previous)) {
        problems.push('期望方向为“越小越好”时，计算规则的值必须从小到大排列且不能重复');
        break;
      }
    }
  }
  return problems;
}

/** The message of a value in this point's terms ('标准值…'), or null. */
export function pointValueProblem(
  input: { dataType: DataType; calcMode: CalcMode },
  label: string,
  raw: string | null,
): string | null {
  if (raw === null || raw.trim() === '') return null;
  const problem = valueError({ ...ruleOwner, ...input }, raw);
  return problem ? `${label}不正确：${problem}` : null;
}

/**
 * Every cross-field problem of a point's configuration (spec 1 §3, DESIGN §7), each with its field and
 * a Chinese message; empty when the configuration is consistent. Shared by the server's schema, the
 * Excel import and the point form.
 */
export function pointConfigProblems(input: PointConfigInput): PointConfigProblem[] {
  const problems: PointConfigProblem[] = [];
  const standard = pointValueProblem(input, '标准值', input.standardValue);
  if (standard) problems.push({ field: 'standardValue', message: standard });

  for (const message of calRuleProblems(input)) problems.push({ field: 'calRule', message });

  const allowed = gradesFor(input.dataType, input.calcMode);
  const foreign = input.grades.filter((g) => !(allowed as readonly string[]).includes(g));
  if (foreign.length > 0) {
    problems.push({
      field: 'grades',
      message: `等级「${foreign.join('、')}」不适用于该数据类型，只能是${allowed.join('、')}`,
    });
  }

  const hasValue = input.warningValue !== null && input.warningValue.trim() !== '';
  if (input.warningMode === null) {
    if (input.warningCondition !== null || hasValue) {
      problems.push({ field: 'warningMode', message: '设置了预警条件或预警值时请选择预警方式' });
    }
  } else if (input.warningMode === 'result') {
    if (input.warningCondition === null) {
      problems.push({ field: 'warningCondition', message: '预警方式为结果值比较时请选择预警条件' });
    }
    if (!hasValue) {
      problems.push({ field: 'warningValue', message: '请输入预警值' });
    } else {
      const problem = pointValueProblem(input, '预警值', input.warningValue);
      if (problem) problems.push({ field: 'warningValue', message: problem });
    }
  } else {
    const grade = input.warningValue?.trim().toUpperCase() ?? '';
    if (!(WARNING_GRADES as readonly string[]).includes(grade)) {
      problems.push({
        field: 'warningValue',
        message: `预警方式为等级比较时，预警值只能是预警等级${WARNING_GRADES.join('、')}`,
      });
    }
  }
  return problems;
}
