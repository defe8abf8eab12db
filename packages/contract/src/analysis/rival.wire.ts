/**
 * Wire shapes of 对标分析. The spec names the school's fields (spec 1 §3: schoolCode, schoolName,
 * schoolProvince, schoolLevel, schoolNature) and the quality point's (zkdid, zkdmc); the fields it does not
 * name keep their English names.
 */
import { z } from 'zod';
import { DIRECTIONS } from '../standards/standards.enums.ts';
import { DOUBLE_HIGH_RANGES, PEER_TABLE_KINDS, SCHOOL_LEVELS, SCHOOL_NATURES } from './analysis.enums.ts';
import {
  type AnalysisSchool,
  type AverageAnalysis,
  AverageAnalysisSchema,
  BAND_POSITIONS,
  type DoubleHighTable,
  IndicatorAverageSchema,
  MONITOR_TRENDS,
  type OperationMonitoring,
  PEER_SCOPES,
  type PeerIndicator,
  type RankAnalysis,
  RankEntrySchema,
  RivalCellSchema,
  type RivalTable,
  type TrendAnalysis,
  TrendAnalysisSchema,
} from './rival.schema.ts';

export const AnalysisSchoolWireSchema = z.object({
  schoolCode: z.string().describe('学校标识码'),
  schoolName: z.string().describe('学校名称'),
  schoolProvince: z.string().describe('所在省份'),
  city: z.string().describe('所在城市'),
  schoolLevel: z.enum(SCHOOL_LEVELS).describe('办学层次'),
  schoolNature: z.enum(SCHOOL_NATURES).describe('办学性质'),
  isOwn: z.boolean().describe('是否本校'),
});
export type AnalysisSchoolWire = z.infer<typeof AnalysisSchoolWireSchema>;

export const toAnalysisSchoolWire = (s: AnalysisSchool): AnalysisSchoolWire => ({
  schoolCode: s.code,
  schoolName: s.name,
  schoolProvince: s.province,
  city: s.city,
  schoolLevel: s.level,
  schoolNature: s.nature,
  isOwn: s.isOwn,
});
export const fromAnalysisSchoolWire = (w: AnalysisSchoolWire): AnalysisSchool => ({
  code: w.schoolCode,
  name: w.schoolName,
  province: w.schoolProvince,
  city: w.city,
  level: w.schoolLevel,
  nature: w.schoolNature,
  isOwn: w.isOwn,
});

export const PeerIndicatorWireSchema = z.object({
  id: z.string().describe('指标编号'),
  tableKind: z.enum(PEER_TABLE_KINDS).describe('所属报表'),
  name: z.string().describe('指标名称'),
  unit: z.string().describe('单位'),
  direction: z.enum(DIRECTIONS).describe("方向：'>' 越大越好，'<' 越小越好"),
  sort: z.number().int().describe('排序'),
  zkdid: z.string().nullable().describe('关联的本校质控点编号'),
  zkdmc: z.string().nullable().describe('关联的本校质控点名称'),
});
export type PeerIndicatorWire = z.infer<typeof PeerIndicatorWireSchema>;

export const toPeerIndicatorWire = (i: PeerIndicator): PeerIndicatorWire => ({
  id: i.id,
  tableKind: i.tableKind,
  name: i.name,
  unit: i.unit,
  direction: i.direction,
  sort: i.sortOrder,
  zkdid: i.pointId,
  zkdmc: i.pointName,
});
export const fromPeerIndicatorWire = (w: PeerIndicatorWire): PeerIndicator => ({
  id: w.id,
  tableKind: w.tableKind,
  name: w.name,
  unit: w.unit,
  direction: w.direction,
  sortOrder: w.sort,
  pointId: w.zkdid,
  pointName: w.zkdmc,
});

export const RivalTableWireSchema = z.object({
  year: z.number().int().describe('年份'),
  isDemo: z.boolean().describe('是否用到了演示数据'),
  indicators: z.array(PeerIndicatorWireSchema),
  schools: z.array(AnalysisSchoolWireSchema).describe('学校（本校在前）'),
  rows: z.array(z.object({ schoolCode: z.string(), cells: z.array(RivalCellSchema) })),
  average: z.array(IndicatorAverageSchema).describe('平均值行（本校以外的学校）'),
});
export type RivalTableWire = z.infer<typeof RivalTableWireSchema>;

export const toRivalTableWire = (t: RivalTable): RivalTableWire => ({
  year: t.year,
  isDemo: t.isDemo,
  indicators: t.indicators.map(toPeerIndicatorWire),
  schools: t.schools.map(toAnalysisSchoolWire),
  rows: t.rows,
  average: t.average,
});
export const fromRivalTableWire = (w: RivalTableWire): RivalTable => ({
  year: w.year,
  isDemo: w.isDemo,
  indicators: w.indicators.map(fromPeerIndicatorWire),
  schools: w.schools.map(fromAnalysisSchoolWire),
  rows: w.rows,
  average: w.average,
});

export const DoubleHighTableWireSchema = RivalTableWireSchema.extend({
  range: z.enum(DOUBLE_HIGH_RANGES).describe('双高档次'),
});
export type DoubleHighTableWire = z.infer<typeof DoubleHighTableWireSchema>;
export const toDoubleHighTableWire = (t: DoubleHighTable): DoubleHighTableWire => ({
  ...toRivalTableWire(t),
  range: t.range,
});
export const fromDoubleHighTableWire = (w: DoubleHighTableWire): DoubleHighTable => ({
  ...fromRivalTableWire(w),
  range: w.range,
});

export const TrendAnalysisWireSchema = TrendAnalysisSchema.extend({
  indicators: z.array(PeerIndicatorWireSchema),
  schools: z.array(AnalysisSchoolWireSchema),
});
export type TrendAnalysisWire = z.infer<typeof TrendAnalysisWireSchema>;
export const toTrendAnalysisWire = (t: TrendAnalysis): TrendAnalysisWire => ({
  startYear: t.startYear,
  endYear: t.endYear,
  years: t.years,
  isDemo: t.isDemo,
  indicators: t.indicators.map(toPeerIndicatorWire),
  schools: t.schools.map(toAnalysisSchoolWire),
  series: t.series,
});
export const fromTrendAnalysisWire = (w: TrendAnalysisWire): TrendAnalysis => ({
  startYear: w.startYear,
  endYear: w.endYear,
  years: w.years,
  isDemo: w.isDemo,
  indicators: w.indicators.map(fromPeerIndicatorWire),
  schools: w.schools.map(fromAnalysisSchoolWire),
  series: w.series,
});

export const RankAnalysisWireSchema = z.object({
  year: z.number().int(),
  isDemo: z.boolean(),
  indicator: PeerIndicatorWireSchema,
  schools: z.array(AnalysisSchoolWireSchema),
  ranks: z.array(RankEntrySchema).describe('所选学校按名次排列（无值的在后）'),
  levelRank: z
    .object({
      level: z.string(),
      rank: z.number().int().nullable(),
      count: z.number().int().describe('同层次有值的学校数'),
      total: z.number().int().describe('高校名录中同层次的学校数'),
    })
    .nullable()
    .describe('本校在同层次全部有值学校中的名次'),
});
export type RankAnalysisWire = z.infer<typeof RankAnalysisWireSchema>;
export const toRankAnalysisWire = (r: RankAnalysis): RankAnalysisWire => ({
  year: r.year,
  isDemo: r.isDemo,
  indicator: toPeerIndicatorWire(r.indicator),
  schools: r.schools.map(toAnalysisSchoolWire),
  ranks: r.ranks,
  levelRank: r.levelRank,
});
export const fromRankAnalysisWire = (w: RankAnalysisWire): RankAnalysis => ({
  year: w.year,
  isDemo: w.isDemo,
  indicator: fromPeerIndicatorWire(w.indicator),
  schools: w.schools.map(fromAnalysisSchoolWire),
  ranks: w.ranks,
  levelRank: w.levelRank,
});

export const AverageAnalysisWireSchema = AverageAnalysisSchema.extend({
  indicators: z.array(PeerIndicatorWireSchema),
  schools: z.array(AnalysisSchoolWireSchema),
});
export type AverageAnalysisWire = z.infer<typeof AverageAnalysisWireSchema>;
export const toAverageAnalysisWire = (a: AverageAnalysis): AverageAnalysisWire => ({
  startYear: a.startYear,
  endYear: a.endYear,
  years: a.years,
  isDemo: a.isDemo,
  indicators: a.indicators.map(toPeerIndicatorWire),
  schools: a.schools.map(toAnalysisSchoolWire),
  items: a.items,
});
export const fromAverageAnalysisWire = (w: AverageAnalysisWire): AverageAnalysis => ({
  startYear: w.startYear,
  endYear: w.endYear,
  years: w.years,
  isDemo: w.isDemo,
  indicators: w.indicators.map(fromPeerIndicatorWire),
  schools: w.schools.map(fromAnalysisSchoolWire),
  items: w.items,
});

export const OperationMonitoringWireSchema = z.object({
  year: z.number().int(),
  isDemo: z.boolean(),
  ownSchool: AnalysisSchoolWireSchema.nullable(),
  peerScope: z.enum(PEER_SCOPES),
  peerCount: z.number().int(),
  items: z.array(
    z.object({
      indicator: PeerIndicatorWireSchema,
      value: z.number().nullable().describe('本校今年的值'),
      previous: z.number().nullable().describe('本校去年的值'),
      change: z.number().nullable(),
      trend: z.enum(MONITOR_TRENDS).nullable(),
      p50: z.number().nullable().describe('对标学校今年的 P50'),
      position: z.enum(BAND_POSITIONS).nullable(),
    }),
  ),
});
export type OperationMonitoringWire = z.infer<typeof OperationMonitoringWireSchema>;
export const toOperationMonitoringWire = (o: OperationMonitoring): OperationMonitoringWire => ({
  year: o.year,
  isDemo: o.isDemo,
  ownSchool: o.ownSchool && toAnalysisSchoolWire(o.ownSchool),
  peerScope: o.peerScope,
  peerCount: o.peerCount,
  items: o.items.map((i) => ({ ...i, indicator: toPeerIndicatorWire(i.indicator) })),
});
export const fromOperationMonitoringWire = (w: OperationMonitoringWire): OperationMonitoring => ({
  year: w.year,
  isDemo: w.isDemo,
  ownSchool: w.ownSchool && fromAnalysisSchoolWire(w.ownSchool),
  peerScope: w.peerScope,
  peerCount: w.peerCount,
  items: w.items.map((i) => ({ ...i, indicator: fromPeerIndicatorWire(i.indicator) })),
});
