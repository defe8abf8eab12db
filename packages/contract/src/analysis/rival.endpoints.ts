import { defineEndpoint } from '../platform/endpoint.ts';
import {
  AverageQuerySchema,
  DoubleHighRivalQuerySchema,
  OperationQuerySchema,
  RankQuerySchema,
  RivalBodySchema,
  RivalQuerySchema,
  TrendQuerySchema,
} from './rival.schema.ts';
import {
  AverageAnalysisWireSchema,
  DoubleHighTableWireSchema,
  OperationMonitoringWireSchema,
  RankAnalysisWireSchema,
  RivalTableWireSchema,
  TrendAnalysisWireSchema,
} from './rival.wire.ts';
import { ANALYSIS_BASE } from './schools.endpoints.ts';

const base = `${ANALYSIS_BASE}/rivalAnalysis`;
const tag = '智能分析·对标分析';

/** spec 2 §7.1 rivalAnalysis and queryOperationMonitoring: every answer has the own school flagged and says isDemo. */
export const rivalEndpoints = {
  schoolRival: defineEndpoint({
    method: 'POST',
    path: `${base}/querySchoolRival`,
    summary:
      '竞争对手分析：所选学校 × 所选指标在一年的值、各指标名次与平均值行（年份为参数，学校与指标在请求体）',
    tag,
    query: RivalQuerySchema,
    body: RivalBodySchema,
    data: RivalTableWireSchema,
  }),
  trend: defineEndpoint({
    method: 'GET',
    path: `${base}/queryTrendAnalysis`,
    summary: '趋势分析：所选学校在起止年份间每个指标的序列',
    tag,
    query: TrendQuerySchema,
    data: TrendAnalysisWireSchema,
  }),
  rank: defineEndpoint({
    method: 'GET',
    path: `${base}/queryRankAnalysis`,
    summary: '排名分析：一个指标一年，所选学校的名次，以及本校在同层次全部学校中的名次',
    tag,
    query: RankQuerySchema,
    data: RankAnalysisWireSchema,
  }),
  average: defineEndpoint({
    method: 'GET',
    path: `${base}/queryAVGAnalysis`,
    summary: '均值分析：本校与所选学校平均值，逐指标逐年',
    tag,
    query: AverageQuerySchema,
    data: AverageAnalysisWireSchema,
  }),
  doubleHigh: defineEndpoint({
    method: 'GET',
    path: `${base}/queryDoubleSchool`,
    summary: '双高对标：所选档次的双高学校与本校（默认高水平学校建设单位 A 档）',
    tag,
    query: DoubleHighRivalQuerySchema,
    data: DoubleHighTableWireSchema,
  }),
  operation: defineEndpoint({
    method: 'GET',
    path: `${ANALYSIS_BASE}/queryOperationMonitoring`,
    summary: '运行监测：本校各指标今年与去年、与对标学校 P50 的比较',
    tag,
    query: OperationQuerySchema,
    data: OperationMonitoringWireSchema,
  }),
};
