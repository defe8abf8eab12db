import { z } from 'zod';

/**
 * Wire shapes of the diagnosis warnings (`/api/herm-zdgj` warningflow/): a point's warning rule and
 * records, the warning table and the counts, with the spec's pinyin names (spec 2 §2.3). Like
 * diagnosis.wire.ts, the mappers below are the only place these meet the English names.
 */

export const WarningRecordWireSchema = z.object({
  id: z.string().describe('预警记录编号'),
  yjsj: z.string().describe('预警时间 yyyy-MM-dd HH:mm:ss'),
  yjz: z.string().describe('预警值或等级'),
  jgz: z.string().describe('监测值或等级'),
  zlx: z.string().describe('值类型'),
  clsj: z.string().nullable().describe('处理时间'),
  clcs: z.string().nullable().describe('处理措施'),
  yyfx: z.string().nullable().describe('原因分析'),
  clrmc: z.string().nullable().describe('处理人'),
});
export type WarningRecordWire = z.infer<typeof WarningRecordWireSchema>;

export const WarningRuleWireSchema = z.object({
  yjlx: z.enum(['result', 'level']).describe('预警方式：结果值比较 / 等级比较'),
  yjtj: z.string().describe('比较条件 < <= = >= >'),
  yjz: z.string().describe('预警值或等级'),
  yjzq: z.enum(['month', 'week', 'day', 'no']).describe('预警周期'),
});

/** The warning table (spec 2 §2.3): one row per assigned point with warnings. */
export const WarningRowWireSchema = z.object({
  zgzkdid: z.string(),
  zkdmc: z.string().describe('质控点名称'),
  gzdxmc: z.string().describe('诊断对象'),
  rwmc: z.string().describe('任务名称'),
  zlx: z.string().describe('数据类型，决定预警值的显示'),
  yjz: z.string().describe('预警值'),
  yyfx: z.string().nullable().describe('最近一次原因分析'),
  clcs: z.string().nullable().describe('最近一次处理措施'),
  allNum: z.number().int().describe('预警次数'),
  disposeNum: z.number().int().describe('已处理次数'),
  clrmc: z.string().nullable().describe('处理人'),
  latestWarningId: z.string().nullable().describe('最近一条未处理预警编号'),
});
export type WarningRowWire = z.infer<typeof WarningRowWireSchema>;

export const WarnCountWireSchema = z.object({
  allNum: z.number().int().describe('预警次数'),
  disposeNum: z.number().int().describe('已处理次数'),
  undisposeNum: z.number().int().describe('未处理次数'),
});

// ---------------------------------------------------------------------------------------------------
// Domain types (English names, used inside the server) and the one mapper per resource onto the wire.

export interface WarningRule {
  mode: 'result' | 'level';
  condition: string;
  value: string;
  period: 'month' | 'week' | 'day' | 'no';
}

export interface WarningRecord {
  id: string;
  warnedAt: string;
  warningValue: string;
  monitoredValue: string;
  dataType: string;
  handledAt: string | null;
  measure: string | null;
  cause: string | null;
  handlerName: string | null;
}

export function toWarningRecordWire(r: WarningRecord): WarningRecordWire {
  return {
    id: r.id,
    yjsj: r.warnedAt,
    yjz: r.warningValue,
    jgz: r.monitoredValue,
    zlx: r.dataType,
    clsj: r.handledAt,
    clcs: r.measure,
    yyfx: r.cause,
    clrmc: r.handlerName,
  };
}

export interface WarningRow {
  assignedPointId: string;
  pointName: string;
  objectName: string;
  taskName: string;
  dataType: string;
  warningValue: string;
  cause: string | null;
  measure: string | null;
  allCount: number;
  handledCount: number;
  handlerName: string | null;
  latestOpenWarningId: string | null;
}

export const toWarningRowWire = (r: WarningRow): WarningRowWire => ({
  zgzkdid: r.assignedPointId,
  zkdmc: r.pointName,
  gzdxmc: r.objectName,
  rwmc: r.taskName,
  zlx: r.dataType,
  yjz: r.warningValue,
  yyfx: r.cause,
  clcs: r.measure,
  allNum: r.allCount,
  disposeNum: r.handledCount,
  clrmc: r.handlerName,
  latestWarningId: r.latestOpenWarningId,
});

export interface WarnCount {
  all: number;
  handled: number;
}
export const toWarnCountWire = (c: WarnCount): z.infer<typeof WarnCountWireSchema> => ({
  allNum: c.all,
  disposeNum: c.handled,
  undisposeNum: c.all - c.handled,
});
