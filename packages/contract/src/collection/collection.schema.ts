import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, text } from '../platform/text.ts';
import { COLLECTION_METHODS } from '../standards/standards.enums.ts';

const optionalNumber = (label: string) =>
  z
    .union([
      z.coerce
        .number({ error: `${label}必须是数字` })
        .refine(Number.isFinite, { error: `${label}必须是数字` }),
      z.literal('').transform(() => undefined),
      z.null().transform(() => undefined),
    ])
    .optional()
    .describe(label);

/** A JSON path of dotted names ('data.list'), or a field name; empty means the top level. */
const path = (label: string) =>
  text(label, 200)
    .regex(/^[\p{L}\p{N}_$-]*(\.[\p{L}\p{N}_$-]+)*$/u, { error: `${label}只能是以点分隔的字段名` })
    .optional();

export const CollectionBindingQuerySchema = z.object({ zkdid: requiredId('质控点') });

export const CollectionBindingPageQuerySchema = PagingQuerySchema.extend({
  keyword: text('关键字').optional(),
  collectionMethod: z.enum(COLLECTION_METHODS, { error: '采集方式不正确' }).optional().describe('采集方式'),
});

/** 采集配置: the algorithm groups of algorithm/sql points, the endpoint and mapping of interface points. */
export const CollectionBindingBodySchema = z
  .object({
    zkdid: requiredId('质控点'),
    resultGroupId: text('结果算法组', 64).optional(),
    detailGroupId: text('明细算法组', 64).optional(),
    endpointUrl: text('接口地址', 500).optional(),
    listPath: path('列表路径'),
    codeField: path('对象编码字段'),
    valueField: path('数值字段'),
    dateField: path('日期字段'),
    plausibleMin: optionalNumber('合理范围下限'),
    plausibleMax: optionalNumber('合理范围上限'),
  })
  .superRefine((value, ctx) => {
    if (
      value.plausibleMin !== undefined &&
      value.plausibleMax !== undefined &&
      value.plausibleMin > value.plausibleMax
    )
      ctx.addIssue({ code: 'custom', path: ['plausibleMin'], message: '合理范围下限不能大于上限' });
    if (value.endpointUrl && !/^https?:\/\/[^\s]+$/i.test(value.endpointUrl))
      ctx.addIssue({
        code: 'custom',
        path: ['endpointUrl'],
        message: '接口地址必须以 http:// 或 https:// 开头',
      });
  });
export type CollectionBindingBody = z.output<typeof CollectionBindingBodySchema>;

export const CollectionRunBodySchema = z.object({
  rwid: requiredId('诊断任务'),
  dxrwids: idList('对象任务').optional(),
  autoApply: flag('无异常时自动入库').optional(),
});

export const CollectionRunPageQuerySchema = PagingQuerySchema.extend({ rwid: requiredId('诊断任务') });
export const CollectionTaskQuerySchema = z.object({ rwid: requiredId('诊断任务') });
export const CollectionRunQuerySchema = z.object({ runId: requiredId('采集批次') });
export const CollectionRunValuesQuerySchema = PagingQuerySchema.extend({
  runId: requiredId('采集批次'),
  flaggedOnly: flag('只看异常').optional(),
});

/** Accept a run's values into samples, keeping the held ones out. */
export const CollectionAcceptBodySchema = z.object({
  runId: requiredId('采集批次'),
  heldIds: idList('暂缓的数据').optional(),
});
export const CollectionRunIdBodySchema = z.object({ runId: requiredId('采集批次') });

export const CollectionWhyQuerySchema = z.object({ zgzkdid: requiredId('质控点') });
export const CollectionDetailQuerySchema = z.object({
  zgzkdid: requiredId('质控点'),
  cycleKey: text('采样周期', 20).optional(),
});

const version = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int({ error: `${label}必须是整数` })
    .min(1, { error: `${label}必须大于0` })
    .describe(label);

/** Side by side: version `fromVersion` and `toVersion` of the point's result algorithm over the task. */
export const CollectionCompareBodySchema = z
  .object({
    rwid: requiredId('诊断任务'),
    zkdid: requiredId('质控点'),
    fromVersion: version('原版本'),
    toVersion: version('新版本'),
  })
  .refine((v) => v.fromVersion !== v.toVersion, { path: ['toVersion'], message: '请选择两个不同的版本' });
