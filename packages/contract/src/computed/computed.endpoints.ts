import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import * as S from './computed.schema.ts';
import * as W from './computed.wire.ts';

const base = '/api/herm-sjgl/collection';
const tag = '数据采集（算法、接口）';

/**
 * Results computed, not typed (issue 12 items 5–8): a point's binding, collection runs of a diagnosis
 * task with the data-quality gate, the lineage of a value, the detail rows, and a side-by-side
 * comparison of two algorithm versions. Not in the spec: designed in the style of herm-sjgl.
 */
export const computedEndpoints = {
  bindingPage: defineEndpoint({
    method: 'GET',
    path: `${base}/binding/selectPage`,
    summary: '采集配置分页（非填报的质控点）',
    tag,
    query: S.ComputedBindingPageQuerySchema,
    data: pageOf(W.ComputedBindingWireSchema),
  }),
  binding: defineEndpoint({
    method: 'GET',
    path: `${base}/binding/select`,
    summary: '一个质控点的采集配置',
    tag,
    query: W.ComputedBindingQuerySchema,
    data: W.ComputedBindingWireSchema,
  }),
  saveBinding: defineEndpoint({
    method: 'POST',
    path: `${base}/binding/save`,
    summary: '保存质控点的采集配置',
    tag,
    body: W.ComputedBindingBodySchema,
    data: W.ComputedBindingWireSchema,
  }),
  run: defineEndpoint({
    method: 'POST',
    path: `${base}/run`,
    summary: '采集诊断任务的结果（后台任务，完成后进入数据质量关口）',
    tag,
    body: W.ComputedRunBodySchema,
    data: W.ComputedStartRunWireSchema,
  }),
  runs: defineEndpoint({
    method: 'GET',
    path: `${base}/run/selectPage`,
    summary: '诊断任务的采集批次',
    tag,
    query: W.ComputedRunPageQuerySchema,
    data: pageOf(W.ComputedRunWireSchema),
  }),
  runDetail: defineEndpoint({
    method: 'GET',
    path: `${base}/run/select`,
    summary: '一个采集批次',
    tag,
    query: S.ComputedRunQuerySchema,
    data: W.ComputedRunWireSchema,
  }),
  runValues: defineEndpoint({
    method: 'GET',
    path: `${base}/run/values`,
    summary: '采集批次的数据与异常（数据质量报告）',
    tag,
    query: S.ComputedRunValuesQuerySchema,
    data: pageOf(W.ComputedRunValueWireSchema),
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: `${base}/run/accept`,
    summary: '确认入库（可暂缓部分异常数据），随后重新评级',
    tag,
    body: S.ComputedAcceptBodySchema,
    data: W.ComputedRunWireSchema,
  }),
  discard: defineEndpoint({
    method: 'POST',
    path: `${base}/run/discard`,
    summary: '放弃采集批次（不入库）',
    tag,
    body: S.ComputedRunIdBodySchema,
    data: W.ComputedRunWireSchema,
  }),
  why: defineEndpoint({
    method: 'GET',
    path: `${base}/why`,
    summary: '为什么是这个值：结果的来源、算法版本与修改人',
    tag,
    query: W.ComputedWhyQuerySchema,
    data: W.ComputedWhyWireSchema,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: `${base}/detail`,
    summary: '详细数据：明细算法对该对象与周期的数据行',
    tag,
    query: W.ComputedDetailQuerySchema,
    data: W.ComputedDetailWireSchema,
  }),
  taskPoints: defineEndpoint({
    method: 'GET',
    path: `${base}/taskPoints`,
    summary: '诊断任务中由算法、SQL 或接口采集的质控点',
    tag,
    query: W.ComputedTaskQuerySchema,
    data: z.array(W.ComputedTaskPointWireSchema),
  }),
  compare: defineEndpoint({
    method: 'POST',
    path: `${base}/compare`,
    summary: '两个算法版本对比：列出结果或等级会变化的对象',
    tag,
    body: W.ComputedCompareBodySchema,
    data: W.ComputedCompareWireSchema,
  }),
};

export const computedFutureTasks = futureTaskEndpoints(base, tag);
