/**
 * The spec's wire names of quality reports (spec 2 §3 "Report header", "Overview data"): bgid, reportName,
 * reportHeaderVos (cjmc, cjname, cjdmid), principal, createTimeFmt, cjsj, fhjg and the overview's pinyin
 * fields. Fields the spec does not name keep their English names.
 */
import { z } from 'zod';
import { QUALITY_REPORT_SCOPES, QUALITY_REPORT_STATES, REVIEW_RESULTS } from './reports.enums.ts';
import {
  ImprovementSchema,
  ReportExpertSchema,
  type ReportOverviewData,
  ReportRightsSchema,
  ReportSectionViewSchema,
  type ReportSummary,
  type ReportView,
} from './reports.schema.ts';

const ShareWireSchema = z.object({ name: z.string(), value: z.number(), zb: z.number().describe('占比 %') });
type ShareWire = z.infer<typeof ShareWireSchema>;
const toShare = (s: { name: string; value: number; share: number }): ShareWire => ({
  name: s.name,
  value: s.value,
  zb: s.share,
});
const fromShare = (s: ShareWire) => ({ name: s.name, value: s.value, share: s.zb });

export const OverviewWireSchema = z.object({
  zkdzsl: z.number().int().describe('质控点总数'),
  ycjgsl: z.number().int().describe('已出结果数'),
  dbsl: z.number().int().describe('达标数'),
  dbl: z.number().describe('达标率 %'),
  wdbzkdsl: z.number().int().describe('未达标质控点数'),
  zkdhglList: z.array(ShareWireSchema).describe('达标率/未达标率'),
  zkddbqkList: z
    .array(z.object({ name: z.string(), dbsl: z.number(), wdbsl: z.number() }))
    .describe('一级指标达标情况'),
  zgQualitiesRankList: z.array(ShareWireSchema).describe('结果等级 A–D'),
  wdbzkdmcs: z.array(z.string()).describe('未达标质控点名称'),
  wdbzkdejzbs: z.array(z.string()).describe('未达标所在二级指标'),
  wcl: z.number().describe('完成率 %'),
  zkdwcqkList: z.array(ShareWireSchema).describe('已完成/未完成'),
  wwczkdsl: z.number().int().describe('未完成质控点数'),
  wwczkdmcs: z.array(z.string()),
  wwczkdejzbs: z.array(z.string()),
  yjcs: z.number().int().describe('预警次数'),
  yjclsl: z.number().int().describe('已处理次数'),
  yjcll: z.number().describe('预警处理率 %'),
  yjzkdsl: z.number().int().describe('预警质控点数'),
  yjqkList: z.array(ShareWireSchema).describe('已处理/未处理'),
  zkdmcs: z.array(z.string()).describe('预警最多的质控点'),
  zkdyjcs: z.array(z.number().int()).describe('对应的预警次数'),
});
export type OverviewWire = z.infer<typeof OverviewWireSchema>;

export function toOverviewWire(o: ReportOverviewData): OverviewWire {
  return {
    zkdzsl: o.pointCount,
    ycjgsl: o.evaluatedCount,
    dbsl: o.reachedCount,
    dbl: o.reachedRate,
    wdbzkdsl: o.belowCount,
    zkdhglList: o.attainment.map(toShare),
    zkddbqkList: o.attainmentByIndicator.map((i) => ({ name: i.name, dbsl: i.reached, wdbsl: i.below })),
    zgQualitiesRankList: o.grades.map(toShare),
    wdbzkdmcs: o.belowNames,
    wdbzkdejzbs: o.belowIndicators,
    wcl: o.completionRate,
    zkdwcqkList: o.completion.map(toShare),
    wwczkdsl: o.unfinishedCount,
    wwczkdmcs: o.unfinishedNames,
    wwczkdejzbs: o.unfinishedIndicators,
    yjcs: o.warningCount,
    yjclsl: o.handledCount,
    yjcll: o.handledRate,
    yjzkdsl: o.warnedPointCount,
    yjqkList: o.warningShare.map(toShare),
    zkdmcs: o.warnedPoints.map((p) => p.name),
    zkdyjcs: o.warnedPoints.map((p) => p.count),
  };
}

export function fromOverviewWire(w: OverviewWire): ReportOverviewData {
  return {
    pointCount: w.zkdzsl,
    evaluatedCount: w.ycjgsl,
    reachedCount: w.dbsl,
    reachedRate: w.dbl,
    belowCount: w.wdbzkdsl,
    attainment: w.zkdhglList.map(fromShare),
    attainmentByIndicator: w.zkddbqkList.map((i) => ({ name: i.name, reached: i.dbsl, below: i.wdbsl })),
    grades: w.zgQualitiesRankList.map(fromShare),
    belowNames: w.wdbzkdmcs,
    belowIndicators: w.wdbzkdejzbs,
    completionRate: w.wcl,
    completion: w.zkdwcqkList.map(fromShare),
    unfinishedCount: w.wwczkdsl,
    unfinishedNames: w.wwczkdmcs,
    unfinishedIndicators: w.wwczkdejzbs,
    warningCount: w.yjcs,
    handledCount: w.yjclsl,
    handledRate: w.yjcll,
    warnedPointCount: w.yjzkdsl,
    warningShare: w.yjqkList.map(fromShare),
    warnedPoints: w.zkdmcs.map((name, i) => ({ name, count: w.zkdyjcs[i] ?? 0 })),
  };
}

export const ReportSummaryWireSchema = z.object({
  bgid: z.string().describe('报告编号'),
  reportName: z.string().describe('报告名称'),
  scope: z.enum(QUALITY_REPORT_SCOPES).describe('报告范围'),
  rwid: z.string().describe('诊断任务编号'),
  rwmc: z.string().describe('诊断任务名称'),
  dxmc: z.string().describe('对象、部门或任务名称'),
  principal: z.string().describe('负责人'),
  creatorName: z.string().describe('创建人'),
  state: z.enum(QUALITY_REPORT_STATES).describe('报告状态'),
  cjsj: z.string().describe('创建时间 yyyy-MM-dd'),
  zjfhjg: z.enum(REVIEW_RESULTS).nullable().describe('专家复核结果'),
  fhjg: z.enum(REVIEW_RESULTS).nullable().describe('学校复核结果'),
  score: z.number().nullable().describe('得分'),
  isShared: z.boolean().describe('仅因分享可见（只读）'),
  rights: ReportRightsSchema,
});
export type ReportSummaryWire = z.infer<typeof ReportSummaryWireSchema>;

export function toReportSummaryWire(r: ReportSummary): ReportSummaryWire {
  return {
    bgid: r.id,
    reportName: r.name,
    scope: r.scope,
    rwid: r.taskId,
    rwmc: r.taskName,
    dxmc: r.subjectName,
    principal: r.principalName,
    creatorName: r.creatorName,
    state: r.state,
    cjsj: r.createdOn,
    zjfhjg: r.expertResult,
    fhjg: r.schoolResult,
    score: r.score,
    isShared: r.isShared,
    rights: r.rights,
  };
}

export function fromReportSummaryWire(w: ReportSummaryWire): ReportSummary {
  return {
    id: w.bgid,
    name: w.reportName,
    scope: w.scope,
    taskId: w.rwid,
    taskName: w.rwmc,
    subjectName: w.dxmc,
    principalName: w.principal,
    creatorName: w.creatorName,
    state: w.state,
    createdOn: w.cjsj,
    expertResult: w.zjfhjg,
    schoolResult: w.fhjg,
    score: w.score,
    isShared: w.isShared,
    rights: w.rights,
  };
}

export const ReportViewWireSchema = ReportSummaryWireSchema.extend({
  reportHeaderVos: z
    .array(z.object({ cjmc: z.string(), cjname: z.string(), cjdmid: z.string() }))
    .describe('任务项：名称、负责人、编号'),
  itemCount: z.number().int(),
  createTimeFmt: z.string().describe('报告时间 yyyy-MM-dd'),
  expertSeal: z.string().nullable(),
  schoolSeal: z.string().nullable(),
  templateId: z.string().nullable(),
  coverId: z.string().nullable(),
  rejectReason: z.string().nullable(),
  overview: OverviewWireSchema,
  sections: z.array(ReportSectionViewSchema),
  improvements: z.array(ImprovementSchema),
  explains: z.array(z.object({ name: z.string(), text: z.string() })),
  experts: z.array(ReportExpertSchema),
  shares: z.object({
    users: z.array(z.object({ id: z.string(), name: z.string() })),
    departments: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  generatedAt: z.string().nullable(),
});
export type ReportViewWire = z.infer<typeof ReportViewWireSchema>;

export function toReportViewWire(r: ReportView): ReportViewWire {
  return {
    ...toReportSummaryWire(r),
    reportHeaderVos: r.header.items.map((i) => ({ cjmc: i.name, cjname: i.person, cjdmid: i.id })),
    itemCount: r.header.itemCount,
    principal: r.header.principal,
    createTimeFmt: r.header.reportTime,
    expertSeal: r.header.expertSeal,
    schoolSeal: r.header.schoolSeal,
    templateId: r.templateId,
    coverId: r.coverId,
    rejectReason: r.rejectReason,
    overview: toOverviewWire(r.overview),
    sections: r.sections,
    improvements: r.improvements,
    explains: r.explains,
    experts: r.experts,
    shares: r.shares,
    generatedAt: r.generatedAt,
  };
}

export function fromReportViewWire(w: ReportViewWire): ReportView {
  return {
    ...fromReportSummaryWire(w),
    header: {
      items: w.reportHeaderVos.map((i) => ({ name: i.cjmc, person: i.cjname, id: i.cjdmid })),
      itemCount: w.itemCount,
      principal: w.principal,
      reportTime: w.createTimeFmt,
      expertSeal: w.expertSeal,
      schoolSeal: w.schoolSeal,
    },
    templateId: w.templateId,
    coverId: w.coverId,
    rejectReason: w.rejectReason,
    overview: fromOverviewWire(w.overview),
    sections: w.sections,
    improvements: w.improvements,
    explains: w.explains,
    experts: w.experts,
    shares: w.shares,
    generatedAt: w.generatedAt,
  };
}

// ------------------------------------------------------------------------------------------ inputs

/**
 * The spec's pinyin names in the bodies and queries of quality reports, and their English names inside:
 * the routes map every input once, so services never see a wire name.
 */
const INPUT_NAMES = {
  bgid: 'reportId',
  rwid: 'taskId',
  dxrwid: 'objectTaskId',
  bmid: 'departmentId',
  fhjg: 'result',
  zgzkdid: 'assignedPointId',
} as const;
type InputWireName = keyof typeof INPUT_NAMES;
type InputName = (typeof INPUT_NAMES)[InputWireName];
const WIRE_NAMES = Object.fromEntries(
  Object.entries(INPUT_NAMES).map(([wire, name]) => [name, wire]),
) as Record<InputName, InputWireName>;

/** An input with its wire names in English (optional and required fields stay so). */
export type FromReportInputWire<T> = {
  [K in keyof T as K extends InputWireName ? (typeof INPUT_NAMES)[K] : K]: T[K];
};
type ToReportInputWire<T> = {
  [K in keyof T as K extends InputName
    ? { [W in InputWireName]: (typeof INPUT_NAMES)[W] extends K ? W : never }[InputWireName]
    : K]: T[K];
};

const renamed = (input: object, names: Record<string, string>) =>
  Object.fromEntries(Object.entries(input).map(([key, value]) => [names[key] ?? key, value]));

export function fromReportInputWire<T extends object>(input: T): FromReportInputWire<T> {
  return renamed(input, INPUT_NAMES) as FromReportInputWire<T>;
}

export function toReportInputWire<T extends object>(input: T): ToReportInputWire<T> {
  return renamed(input, WIRE_NAMES) as ToReportInputWire<T>;
}

/** The address of a seal's image (`fhjg` is the review result it stands for). */
export const sealImageUrl = (base: string, kind: 'expert' | 'school', result: string) =>
  `${base}/report/seal/image?kind=${kind}&fhjg=${result}`;
