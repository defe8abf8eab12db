import { z } from 'zod';
import { FILE_STAGES } from './diagnosis.enums.ts';

/**
 * Wire shapes of the diagnosis calls that read across an object task or a task: what the caller may do
 * with an object task (obj/authority), the analysis of a task's points (analysis/*) and the file list of
 * an object task (file/list). Pinyin names where the spec or GLOSSARY.md gives them (zkdzsl, wdbzkdsl,
 * wwczkdsl, zgQualitiesRankList, zb); the mappers here are the only place they meet the English shapes.
 */

/** What the caller may do with one object task; the page shows its buttons from it. */
export interface ObjectAuthority {
  objectTaskId: string;
  right: 'edit' | 'read';
  /** Enter results, revise, write cause and measure, attach files: the charger of an open task. */
  canEdit: boolean;
  /** Submit (上报) points for audit: the charger, while any point is draft or refused. */
  canSubmit: boolean;
  /** Pass or refuse (退回) submitted points: an auditor. */
  canAudit: boolean;
  /** Charger, sharers, targets, re-diagnosis: the publisher. */
  canManage: boolean;
  /** Grade again (calresult, diagnoseagain): the charger or the publisher. */
  canRecompute: boolean;
  isTaskOpen: boolean;
}

export const ObjectAuthorityWireSchema = z.object({
  dxrwid: z.string().describe('对象任务编号'),
  qx: z.enum(['edit', 'read']).describe('权限：edit 可编辑（负责人），read 只读'),
  isEdit: z.boolean().describe('可填报、修正、写原因分析与改进措施、上传附件'),
  canSubmit: z.boolean().describe('可提交审核（上报）'),
  canAudit: z.boolean().describe('可审核通过或退回'),
  canManage: z.boolean().describe('可设置负责人与共享人、下达目标值'),
  canRecompute: z.boolean().describe('可重新计算、重新诊断'),
  taskOpen: z.boolean().describe('任务是否执行中'),
});
export type ObjectAuthorityWire = z.infer<typeof ObjectAuthorityWireSchema>;

export const toObjectAuthorityWire = (a: ObjectAuthority): ObjectAuthorityWire => ({
  dxrwid: a.objectTaskId,
  qx: a.right,
  isEdit: a.canEdit,
  canSubmit: a.canSubmit,
  canAudit: a.canAudit,
  canManage: a.canManage,
  canRecompute: a.canRecompute,
  taskOpen: a.isTaskOpen,
});

export const fromObjectAuthorityWire = (w: ObjectAuthorityWire): ObjectAuthority => ({
  objectTaskId: w.dxrwid,
  right: w.qx,
  canEdit: w.isEdit,
  canSubmit: w.canSubmit,
  canAudit: w.canAudit,
  canManage: w.canManage,
  canRecompute: w.canRecompute,
  isTaskOpen: w.taskOpen,
});

/** The grades counted by the analysis, in the order the pie shows them. */
export const ANALYSIS_GRADES = ['A', 'B', 'C', 'D', 'Y', 'N'] as const;
export type AnalysisGrade = (typeof ANALYSIS_GRADES)[number];

/**
 * Attainment of a set of assigned points: how many, with a result, reached, below, unfinished, and the
 * grades — the figure catalogue's figures (figures.ts), so 统计分析 means what the report means.
 */
export interface Attainment {
  pointCount: number;
  evaluatedCount: number;
  reachedCount: number;
  belowCount: number;
  unfinishedCount: number;
  /** The catalogue's 达标率: reached / evaluated × 100, two decimals; 0 without a result. */
  reachedRate: number;
  grades: Record<AnalysisGrade, number>;
}

const GradeShareWireSchema = z.object({
  name: z.enum(ANALYSIS_GRADES).describe('等级'),
  value: z.number().int().describe('个数'),
  zb: z.number().describe('占比（%，两位小数）'),
});

const attainmentWire = {
  zkdzsl: z.number().int().describe('质控点总数量'),
  ycjgsl: z.number().int().describe('已出结果质控点数量（达标率的分母）'),
  dbsl: z.number().int().describe('达标数'),
  wdbzkdsl: z.number().int().describe('未达标质控点数量'),
  wwczkdsl: z.number().int().describe('未完成质控点数量'),
  dbl: z.number().describe('达标率（%，两位小数，按已出结果的质控点计）'),
  zgQualitiesRankList: z.array(GradeShareWireSchema).describe('等级分布'),
};

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);

function toAttainmentWire(a: Attainment) {
  const graded = ANALYSIS_GRADES.reduce((sum, g) => sum + a.grades[g], 0);
  return {
    zkdzsl: a.pointCount,
    ycjgsl: a.evaluatedCount,
    dbsl: a.reachedCount,
    wdbzkdsl: a.belowCount,
    wwczkdsl: a.unfinishedCount,
    dbl: a.reachedRate,
    zgQualitiesRankList: ANALYSIS_GRADES.map((name) => ({
      name,
      value: a.grades[name],
      zb: share(a.grades[name], graded),
    })),
  };
}

function fromAttainmentWire(w: z.infer<z.ZodObject<typeof attainmentWire>>): Attainment {
  const grades = Object.fromEntries(ANALYSIS_GRADES.map((g) => [g, 0])) as Record<AnalysisGrade, number>;
  for (const item of w.zgQualitiesRankList) grades[item.name] = item.value;
  return {
    pointCount: w.zkdzsl,
    evaluatedCount: w.ycjgsl,
    reachedCount: w.dbsl,
    belowCount: w.wdbzkdsl,
    unfinishedCount: w.wwczkdsl,
    reachedRate: w.dbl,
    grades,
  };
}

/** analysis/selectObjectByTaskId: an object of the task with the attainment of its points. */
export interface AnalysisObject extends Attainment {
  objectTaskId: string;
  objectId: string;
  objectName: string;
  departmentName: string | null;
  chargerName: string | null;
}

export const AnalysisObjectWireSchema = z.object({
  dxrwid: z.string().describe('对象任务编号'),
  gzdxid: z.string().describe('诊断对象编号'),
  gzdxmc: z.string().describe('诊断对象'),
  bmmc: z.string().nullable().describe('所属部门'),
  fzrmc: z.string().nullable().describe('负责人'),
  ...attainmentWire,
});
export type AnalysisObjectWire = z.infer<typeof AnalysisObjectWireSchema>;

export const toAnalysisObjectWire = (o: AnalysisObject): AnalysisObjectWire => ({
  dxrwid: o.objectTaskId,
  gzdxid: o.objectId,
  gzdxmc: o.objectName,
  bmmc: o.departmentName,
  fzrmc: o.chargerName,
  ...toAttainmentWire(o),
});

export const fromAnalysisObjectWire = (w: AnalysisObjectWire): AnalysisObject => ({
  objectTaskId: w.dxrwid,
  objectId: w.gzdxid,
  objectName: w.gzdxmc,
  departmentName: w.bmmc,
  chargerName: w.fzrmc,
  ...fromAttainmentWire(w),
});

/** analysis/selectQuality: one quality point of the task over the objects analysed. */
export interface AnalysisPoint extends Attainment {
  qualityPointId: string;
  name: string;
  indicatorName: string;
  dataType: string;
}

export const AnalysisPointWireSchema = z.object({
  zkdid: z.string().describe('质控点编号'),
  zkdmc: z.string().describe('质控点名称'),
  zbmc: z.string().describe('所属指标'),
  zlx: z.string().describe('值类型'),
  ...attainmentWire,
});
export type AnalysisPointWire = z.infer<typeof AnalysisPointWireSchema>;

export const toAnalysisPointWire = (p: AnalysisPoint): AnalysisPointWire => ({
  zkdid: p.qualityPointId,
  zkdmc: p.name,
  zbmc: p.indicatorName,
  zlx: p.dataType,
  ...toAttainmentWire(p),
});

export const fromAnalysisPointWire = (w: AnalysisPointWire): AnalysisPoint => ({
  qualityPointId: w.zkdid,
  name: w.zkdmc,
  indicatorName: w.zbmc,
  dataType: w.zlx,
  ...fromAttainmentWire(w),
});

/** The answer of selectQuality: the points, and when the cache it came from was made (null: live). */
export interface AnalysisQuality {
  taskId: string;
  objectTaskId: string | null;
  cachedAt: string | null;
  points: AnalysisPoint[];
}

export const AnalysisQualityWireSchema = z.object({
  rwid: z.string().describe('任务编号'),
  dxrwid: z.string().nullable().describe('对象任务编号（缺省为全部对象）'),
  cachedAt: z.string().nullable().describe('缓存时间 yyyy-MM-dd HH:mm:ss；为空表示实时计算'),
  list: z.array(AnalysisPointWireSchema).describe('质控点'),
});
export type AnalysisQualityWire = z.infer<typeof AnalysisQualityWireSchema>;

export const toAnalysisQualityWire = (a: AnalysisQuality): AnalysisQualityWire => ({
  rwid: a.taskId,
  dxrwid: a.objectTaskId,
  cachedAt: a.cachedAt,
  list: a.points.map(toAnalysisPointWire),
});

export const fromAnalysisQualityWire = (w: AnalysisQualityWire): AnalysisQuality => ({
  taskId: w.rwid,
  objectTaskId: w.dxrwid,
  cachedAt: w.cachedAt,
  points: w.list.map(fromAnalysisPointWire),
});

/** file/list: a supporting file of one of an object task's points. */
export interface PointFile {
  fileId: string;
  name: string;
  fileType: string;
  size: number;
  stage: (typeof FILE_STAGES)[number];
  assignedPointId: string;
  pointName: string;
  createdAt: string;
  url: string;
}

export const PointFileWireSchema = z.object({
  fjId: z.string().describe('附件编号'),
  mc: z.string().describe('文件名'),
  wjlx: z.string().describe('文件类型（扩展名）'),
  size: z.number().int().describe('字节数'),
  lb: z.enum(FILE_STAGES).describe('阶段'),
  zgzkdid: z.string().describe('质控点编号（对象任务的）'),
  zkdmc: z.string().describe('质控点名称'),
  cjsj: z.string().describe('上传时间 yyyy-MM-dd HH:mm:ss'),
  url: z.string().describe('下载地址'),
});
export type PointFileWire = z.infer<typeof PointFileWireSchema>;

export const toPointFileWire = (f: PointFile): PointFileWire => ({
  fjId: f.fileId,
  mc: f.name,
  wjlx: f.fileType,
  size: f.size,
  lb: f.stage,
  zgzkdid: f.assignedPointId,
  zkdmc: f.pointName,
  cjsj: f.createdAt,
  url: f.url,
});

export const fromPointFileWire = (w: PointFileWire): PointFile => ({
  fileId: w.fjId,
  name: w.mc,
  fileType: w.wjlx,
  size: w.size,
  stage: w.lb,
  assignedPointId: w.zgzkdid,
  pointName: w.zkdmc,
  createdAt: w.cjsj,
  url: w.url,
});
