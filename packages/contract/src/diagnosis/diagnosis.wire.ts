import { z } from 'zod';
import { GRADES } from '../standards/standards.enums.ts';
import { AUDIT_STATES, FILE_STAGES } from './diagnosis.enums.ts';
import {
  toWarningRecordWire,
  type WarningRecord,
  WarningRecordWireSchema,
  type WarningRule,
  WarningRuleWireSchema,
} from './diagnosis.warnings.wire.ts';
import { RESULT_SOURCES, type ResultSource, SAMPLE_SOURCES, type SampleSource } from './result-source.ts';

/**
 * Wire shapes of the diagnosis service (`/api/herm-zdgj`), with the spec's pinyin names (spec 2 §3,
 * GLOSSARY.md). Inside the server and the web app the English names of diagnosis.schema.ts are used;
 * the mappers in this file and in its -tasks and -warnings siblings are the only place the two meet.
 */

export const QualityFileWireSchema = z.object({
  fileId: z.string().describe('附件编号'),
  fileName: z.string().describe('文件名'),
  fileType: z.string().describe('扩展名'),
  stage: z.enum(FILE_STAGES).describe('阶段'),
  size: z.number().int().describe('字节数'),
  url: z.string().describe('下载地址'),
});
export type QualityFileWire = z.infer<typeof QualityFileWireSchema>;

const LEVEL_COUNT = 6;
const levelShape = Object.fromEntries(
  Array.from({ length: LEVEL_COUNT }, (_, i) => [
    [
      `level${i + 1}Id`,
      z
        .string()
        .optional()
        .describe(`${i + 1}级指标编号`),
    ],
    [
      `level${i + 1}Name`,
      z
        .string()
        .optional()
        .describe(`${i + 1}级指标名称`),
    ],
  ]).flat(),
) as Record<`level${1 | 2 | 3 | 4 | 5 | 6}${'Id' | 'Name'}`, z.ZodOptional<z.ZodString>>;

/** One quality point of an object task: the row of the shared table (spec 2 §2.1) and of the drawer. */
export const QualityRowWireSchema = z.object({
  id: z.string().describe('诊改质控点编号 zgzkdid'),
  zkdid: z.string().describe('质控点编号'),
  zkdmc: z.string().describe('质控点名称'),
  nh: z.string().describe('内涵'),
  zdbz: z.string().describe('诊断标准'),
  rwid: z.string().describe('任务编号'),
  rwmc: z.string().describe('任务名称'),
  dxrwid: z.string().describe('对象任务编号'),
  gzdxid: z.string().describe('诊断对象编号'),
  gzdxmc: z.string().describe('诊断对象名称'),
  bzz: z.string().nullable().describe('标准值'),
  mbz: z.string().nullable().describe('目标值'),
  xzmbz: z.string().nullable().describe('修正目标值'),
  jgz: z.string().nullable().describe('结果值'),
  xzjgz: z.string().nullable().describe('修正结果值'),
  jgdj: z.enum(GRADES).nullable().describe('本次等级'),
  jgly: z
    .enum(RESULT_SOURCES)
    .describe(
      '结果来源：typed 手工录入、collected 算法计算、revised 修正结果值、none 暂无结果（结果取值规则见为什么是这个值）',
    ),
  sljsz: z.string().nullable().describe('上次结果'),
  sldj: z.enum(GRADES).nullable().describe('上次等级'),
  dis: z.boolean().describe('未达标'),
  unfin: z
    .boolean()
    .describe('未完成：尚无结果（修正结果优先），无论任务是否已结束；与任务列表、报告的未完成数同一定义'),
  yyfx: z.string().describe('原因分析'),
  gjcs: z.string().describe('改进措施'),
  zlx: z.string().describe('数据类型 integer/float/percent/whether/have'),
  jsfs: z.enum(['level', 'result']).describe('计算方式'),
  qwfx: z.enum(['>', '<']).describe('期望方向'),
  calRule: z.array(z.object({ value: z.string(), dxLevel: z.string() })).describe('等级规则'),
  cjfs: z.string().describe('采集方式'),
  notAllowChange: z.boolean().describe('不允许修改目标值'),
  sfdl: z.boolean().describe('是否定量'),
  shzt: z.enum(AUDIT_STATES).describe('审核状态'),
  shyj: z.string().nullable().describe('审核意见'),
  focus: z.boolean().describe('当前用户是否关注'),
  isEdit: z.boolean().describe('当前用户是否可编辑'),
  chargerId: z.string().nullable().describe('负责人编号'),
  chargerName: z.string().nullable().describe('负责人'),
  sharePos: z.array(z.object({ userId: z.string(), gxrmc: z.string() })).describe('共享人'),
  datasourceVos: z.array(z.object({ xsfs: z.string().describe('显示方式') })).describe('数据源'),
  warningVo: WarningRuleWireSchema.nullable().describe('预警规则'),
  warningFlowVos: z.array(WarningRecordWireSchema).describe('预警记录'),
  qualityFileList: z.array(QualityFileWireSchema).describe('支撑附件'),
  ...levelShape,
});
export type QualityRowWire = z.infer<typeof QualityRowWireSchema>;

export const SampleWireSchema = z.object({
  id: z.string(),
  zgzkdid: z.string().describe('诊改质控点编号'),
  sj: z.string().describe('采样时间 yyyy-MM-dd HH:mm:ss'),
  cjz: z.string().describe('采集值'),
  zlx: z.string().describe('数据类型'),
  sfdl: z.boolean().describe('是否定量'),
  ration: z.number().nullable().describe('数值'),
  calRule: z.array(z.object({ value: z.string(), dxLevel: z.string() })).describe('等级规则'),
  // Not in the spec (issue 26): English names, like the computed wire's.
  source: z.enum(SAMPLE_SOURCES).describe('来源：手工录入或算法计算'),
  enteredBy: z.string().nullable().describe('录入人（手工录入的采样）'),
});
export type SampleWire = z.infer<typeof SampleWireSchema>;

export const AuditRecordWireSchema = z.object({
  id: z.string(),
  action: z.enum(['submit', 'pass', 'refuse']),
  reason: z.string().nullable(),
  actorName: z.string(),
  time: z.string(),
});

/** A chunked upload's merge answer: `state` merging while the message is 'waitting'. */
export const MergeWireSchema = z.object({
  state: z.enum(['merging', 'done']),
  fjId: z.string().nullable().describe('附件编号'),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
});

export const UploadWireSchema = z.object({
  fjlx: z.string().describe('附件类型（扩展名）'),
  bh: z.string().describe('附件编号'),
  fileName: z.string(),
  size: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------
// Domain types (English names, used inside the server) and the one mapper per resource onto the wire.

type LevelFields = Partial<Record<`level${1 | 2 | 3 | 4 | 5 | 6}${'Id' | 'Name'}`, string>>;

export interface Sharer {
  userId: string;
  name: string;
}

export interface QualityFile {
  fileId: string;
  fileName: string;
  fileType: string;
  stage: (typeof FILE_STAGES)[number];
  size: number;
  url: string;
}

/** An assigned point (诊改质控点) with everything the shared table and the drawer show. */
export interface QualityRow {
  id: string;
  qualityPointId: string;
  name: string;
  connotation: string;
  diagnosticStandard: string;
  taskId: string;
  taskName: string;
  objectTaskId: string;
  objectId: string;
  objectName: string;
  standardValue: string | null;
  target: string | null;
  revisedTarget: string | null;
  result: string | null;
  revisedResult: string | null;
  grade: (typeof GRADES)[number] | null;
  /** Where the effective result came from (contract `result-source.ts`), as every list shows it. */
  resultSource: ResultSource;
  previousResult: string | null;
  previousGrade: (typeof GRADES)[number] | null;
  below: boolean;
  unfinished: boolean;
  cause: string;
  measure: string;
  dataType: string;
  calcMode: 'level' | 'result';
  direction: '>' | '<';
  calRule: Array<{ value: string; dxLevel: string }>;
  collectionMethod: string;
  notAllowChange: boolean;
  isQuantitative: boolean;
  auditState: (typeof AUDIT_STATES)[number];
  auditReason: string | null;
  focus: boolean;
  isEdit: boolean;
  chargerId: string | null;
  chargerName: string | null;
  sharers: Sharer[];
  displayMode: string;
  warningRule: WarningRule | null;
  warnings: WarningRecord[];
  files: QualityFile[];
  /** The indicator path, level 1 first. */
  indicatorPath: Array<{ id: string; name: string }>;
}

export const toSharerWire = (s: Sharer) => ({ userId: s.userId, gxrmc: s.name });

export const toQualityFileWire = (f: QualityFile): QualityFileWire => ({ ...f });

export function toQualityRowWire(r: QualityRow): QualityRowWire {
  const levels: LevelFields = {};
  r.indicatorPath.slice(0, 6).forEach((node, i) => {
    const n = (i + 1) as 1 | 2 | 3 | 4 | 5 | 6;
    levels[`level${n}Id`] = node.id;
    levels[`level${n}Name`] = node.name;
  });
  return {
    id: r.id,
    zkdid: r.qualityPointId,
    zkdmc: r.name,
    nh: r.connotation,
    zdbz: r.diagnosticStandard,
    rwid: r.taskId,
    rwmc: r.taskName,
    dxrwid: r.objectTaskId,
    gzdxid: r.objectId,
    gzdxmc: r.objectName,
    bzz: r.standardValue,
    mbz: r.target,
    xzmbz: r.revisedTarget,
    jgz: r.result,
    xzjgz: r.revisedResult,
    jgdj: r.grade,
    jgly: r.resultSource,
    sljsz: r.previousResult,
    sldj: r.previousGrade,
    dis: r.below,
    unfin: r.unfinished,
    yyfx: r.cause,
    gjcs: r.measure,
    zlx: r.dataType,
    jsfs: r.calcMode,
    qwfx: r.direction,
    calRule: r.calRule,
    cjfs: r.collectionMethod,
    notAllowChange: r.notAllowChange,
    sfdl: r.isQuantitative,
    shzt: r.auditState,
    shyj: r.auditReason,
    focus: r.focus,
    isEdit: r.isEdit,
    chargerId: r.chargerId,
    chargerName: r.chargerName,
    sharePos: r.sharers.map(toSharerWire),
    datasourceVos: [{ xsfs: r.displayMode }],
    warningVo: r.warningRule
      ? {
          yjlx: r.warningRule.mode,
          yjtj: r.warningRule.condition,
          yjz: r.warningRule.value,
          yjzq: r.warningRule.period,
        }
      : null,
    warningFlowVos: r.warnings.map(toWarningRecordWire),
    qualityFileList: r.files.map(toQualityFileWire),
    ...levels,
  };
}

export interface Sample {
  id: string;
  assignedPointId: string;
  sampledAt: string;
  value: string;
  dataType: string;
  isQuantitative: boolean;
  numericValue: number | null;
  calRule: Array<{ value: string; dxLevel: string }>;
  source: SampleSource;
  enteredBy: string | null;
}

export const toSampleWire = (s: Sample): SampleWire => ({
  id: s.id,
  zgzkdid: s.assignedPointId,
  sj: s.sampledAt,
  cjz: s.value,
  zlx: s.dataType,
  sfdl: s.isQuantitative,
  ration: s.numericValue,
  calRule: s.calRule,
  source: s.source,
  enteredBy: s.enteredBy,
});

export interface AuditRecord {
  id: string;
  action: 'submit' | 'pass' | 'refuse';
  reason: string | null;
  actorName: string;
  time: string;
}
export const toAuditRecordWire = (a: AuditRecord): z.infer<typeof AuditRecordWireSchema> => ({ ...a });

/** The chunks the server holds for an upload, and its state. */
export const ChunkListWireSchema = z.object({
  state: z.enum(['uploading', 'merging', 'done', 'failed']).describe('上传状态'),
  received: z.array(z.number().int()).describe('已收到的分片序号'),
});
