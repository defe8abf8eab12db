import {
  type CalcMode,
  type CalRuleItem,
  cycleKeyOf,
  type DataType,
  type Direction,
  type PointRule,
  type WarningCondition,
  type WarningMode,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { schoolTimeZone } from '../../platform/time.ts';

/**
 * Diagnosis's public entry for the modules that judge a point's value themselves (computed results,
 * analysis): the point's grading rule as the queries read it, and today on the school's calendar. The
 * grading itself is the contract's `judgement.ts`; recompute.ts is diagnosis's own.
 */

/** A quality point's rule as the queries read it: the columns of `RULE_COLUMNS`. */
export interface RuleColumns {
  data_type: string;
  direction: string;
  calc_mode: string;
  cal_rule: CalRuleItem[] | string | null;
  warning_mode: string | null;
  warning_condition: string | null;
  warning_value: string | null;
}

/** The select list of `RuleColumns`, from the quality point aliased `qp`. */
export const RULE_COLUMNS = sql`qp.data_type, qp.direction, qp.calc_mode, qp.cal_rule, qp.warning_mode,
  qp.warning_condition, qp.warning_value`;

/** The `cal_rule` jsonb column: the drivers answer it parsed or as text. */
export function calRuleOf(raw: CalRuleItem[] | string | null): CalRuleItem[] {
  return (typeof raw === 'string' ? (JSON.parse(raw) as CalRuleItem[]) : raw) ?? [];
}

export function ruleOf(row: RuleColumns): PointRule {
  return {
    dataType: row.data_type as DataType,
    direction: row.direction as Direction,
    calcMode: row.calc_mode as CalcMode,
    calRule: calRuleOf(row.cal_rule),
    warningMode: (row.warning_mode || null) as WarningMode | null,
    warningCondition: (row.warning_condition || null) as WarningCondition | null,
    warningValue: row.warning_value,
  };
}

/** Today on the school's calendar, 'YYYY-MM-DD'. */
export const todayOf = (now: Date): string =>
  cycleKeyOf('day', now, schoolTimeZone()) ?? now.toISOString().slice(0, 10);
