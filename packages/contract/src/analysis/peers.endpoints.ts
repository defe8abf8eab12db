import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import { type ExcelImportEndpoints, ImportJobWireSchema } from '../standards/standards.endpoints.ts';
import {
  IndicatorBandQuerySchema,
  PeerImportResultSchema,
  PeerIndicatorUpdateBodySchema,
  PeerValueFilterSchema,
  PeerValuePageQuerySchema,
  SchoolsWithDataQuerySchema,
} from './peers.schema.ts';
import { IndicatorBandWireSchema, PeerValueRowWireSchema } from './peers.wire.ts';
import { PeerIndicatorWireSchema } from './rival.wire.ts';
import { ANALYSIS_BASE } from './schools.endpoints.ts';

const base = ANALYSIS_BASE;
const tag = '智能分析·年报指标';

/** The job pair of the 年报数据 import, under indicatorDataShow/. */
export const peerValueFutureTasks = futureTaskEndpoints(`${base}/indicatorDataShow`, tag);

export const peersEndpoints = {
  indicatorList: defineEndpoint({
    method: 'GET',
    path: `${base}/peerIndicator/list`,
    summary: '质量年报指标目录（计分卡、资源表、服务贡献表、落实政策表、国际影响表）',
    tag,
    data: z.array(PeerIndicatorWireSchema),
  }),
  indicatorUpdate: defineEndpoint({
    method: 'POST',
    path: `${base}/peerIndicator/update`,
    summary: '关联（或取消关联）指标与本校的学校层面质控点',
    tag,
    body: PeerIndicatorUpdateBodySchema,
    data: PeerIndicatorWireSchema,
  }),
  targetBand: defineEndpoint({
    method: 'GET',
    path: `${base}/peerIndicator/targetBand`,
    summary: '目标定位：对标学校每年的 P25/P50/P75/P90 与本校的值和所在区间',
    tag,
    query: IndicatorBandQuerySchema,
    data: IndicatorBandWireSchema,
  }),
  years: defineEndpoint({
    method: 'GET',
    path: `${base}/indicatorDataShow/queryYears`,
    summary: '有指标值的年份（升序）',
    tag,
    data: z.array(z.number().int()),
  }),
  schoolsWithData: defineEndpoint({
    method: 'GET',
    path: `${base}/indicatorDataShow/querySchoolsWithData`,
    summary: '在所选年份有所选指标（任一）值的学校的标识码（选择学校时标注“有数据”）',
    tag,
    query: SchoolsWithDataQuerySchema,
    data: z.array(z.string().describe('学校标识码')),
  }),
  values: defineEndpoint({
    method: 'POST',
    path: `${base}/indicatorDataShow`,
    summary: '年报数据：所选学校、指标与年份的值（每校每年一行，分页）',
    tag,
    query: PeerValuePageQuerySchema,
    body: PeerValueFilterSchema,
    data: pageOf(PeerValueRowWireSchema),
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: `${base}/indicatorDataShow/upload`,
    summary:
      '导入年报数据（后台任务；multipart 字段 file；列：学校标识码或学校名称、年份、各指标；全部正确才导入）',
    tag,
    multipart: true,
    data: ImportJobWireSchema,
  }),
  template: defineEndpoint({
    method: 'GET',
    path: `${base}/indicatorDataShow/downloadTemplate`,
    summary: '下载年报数据导入模板（Excel）',
    tag,
    download: true,
    data: z.unknown(),
  }),
  download: defineEndpoint({
    method: 'GET',
    path: `${base}/indicatorDataShow/download`,
    summary: '导出年报数据（Excel，条件同查询）',
    tag,
    query: PeerValueFilterSchema,
    download: true,
    data: z.unknown(),
  }),
};

export const PEER_VALUE_IMPORT = {
  start: peersEndpoints.upload,
  poll: peerValueFutureTasks.result,
  done: peerValueFutureTasks.done,
  template: peersEndpoints.template,
  result: PeerImportResultSchema,
} satisfies ExcelImportEndpoints;
