/**
 * Wire shapes of the 质量年报 values (indicatorDataShow) and 目标定位. Schools and indicators travel as in
 * rival.wire.ts (the spec's schoolCode… and zkdid/zkdmc); other fields keep their English names.
 */
import { z } from 'zod';
import {
  type IndicatorBand,
  IndicatorBandPointSchema,
  PEER_VALUE_SOURCES,
  type PeerValueRow,
} from './peers.schema.ts';
import { PEER_SCOPES } from './rival.schema.ts';
import {
  AnalysisSchoolWireSchema,
  fromAnalysisSchoolWire,
  fromPeerIndicatorWire,
  PeerIndicatorWireSchema,
  toAnalysisSchoolWire,
  toPeerIndicatorWire,
} from './rival.wire.ts';

export const PeerValueRowWireSchema = AnalysisSchoolWireSchema.extend({
  year: z.number().int().describe('年份'),
  isDemo: z.boolean().describe('是否含演示数据'),
  values: z
    .array(
      z.object({
        indicatorId: z.string().describe('指标编号'),
        value: z.number().describe('指标值'),
        source: z.enum(PEER_VALUE_SOURCES).describe('来源：import 年报导入，point 质控点结果'),
        isDemo: z.boolean().describe('是否演示数据'),
      }),
    )
    .describe('该校该年各指标的值'),
});
export type PeerValueRowWire = z.infer<typeof PeerValueRowWireSchema>;

export const toPeerValueRowWire = (r: PeerValueRow): PeerValueRowWire => ({
  ...toAnalysisSchoolWire(r.school),
  year: r.year,
  isDemo: r.isDemo,
  values: r.values,
});
export const fromPeerValueRowWire = (w: PeerValueRowWire): PeerValueRow => ({
  school: fromAnalysisSchoolWire(w),
  year: w.year,
  isDemo: w.isDemo,
  values: w.values,
});

export const IndicatorBandWireSchema = z.object({
  indicator: PeerIndicatorWireSchema,
  startYear: z.number().int(),
  endYear: z.number().int(),
  isDemo: z.boolean().describe('是否用到了演示数据'),
  ownSchool: AnalysisSchoolWireSchema.nullable(),
  peerScope: z.enum(PEER_SCOPES).describe('chosen 所选学校，levelProvince 本校同层次、同省份的学校'),
  peerCount: z.number().int().describe('对标学校数（不含本校）'),
  points: z.array(IndicatorBandPointSchema).describe('每年的 P25/P50/P75/P90 与本校的值、区间'),
});
export type IndicatorBandWire = z.infer<typeof IndicatorBandWireSchema>;

export const toIndicatorBandWire = (b: IndicatorBand): IndicatorBandWire => ({
  indicator: toPeerIndicatorWire(b.indicator),
  startYear: b.startYear,
  endYear: b.endYear,
  isDemo: b.isDemo,
  ownSchool: b.ownSchool && toAnalysisSchoolWire(b.ownSchool),
  peerScope: b.peerScope,
  peerCount: b.peerCount,
  points: b.points,
});
export const fromIndicatorBandWire = (w: IndicatorBandWire): IndicatorBand => ({
  indicator: fromPeerIndicatorWire(w.indicator),
  startYear: w.startYear,
  endYear: w.endYear,
  isDemo: w.isDemo,
  ownSchool: w.ownSchool && fromAnalysisSchoolWire(w.ownSchool),
  peerScope: w.peerScope,
  peerCount: w.peerCount,
  points: w.points,
});
