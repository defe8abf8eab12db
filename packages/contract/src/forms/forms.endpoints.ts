import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import { type ExcelImportEndpoints, ImportJobWireSchema } from '../standards/standards.endpoints.ts';
import * as S from './forms.schema.ts';

/**
 * The design side of the form service (spec 1 §7, base /api/herm-sjcj): form directories, forms and
 * their versions, constants. The spec names the calls, not their payloads; as the spec's conventions say
 * (§7: "deletes and updates are POST"), an update is `POST …/{id}/update` and a delete
 * `POST …/{id}/delete`.
 */
export const FORMS_BASE = '/api/herm-sjcj';
const tag = '数据采集 · 表单设计';
const constantTag = '数据采集 · 常量';
const done = z.null();
const P = S.FormsIdParamsSchema;

/**
 * The constants import's pair under `datas/constant/`, so that it does not take
 * `datas/getFutureTaskResult`, which belongs to the collected data's sync with its own kinds.
 */
export const constantFutureTasks = futureTaskEndpoints(`${FORMS_BASE}/datas/constant`, constantTag);

const get = <Q extends z.ZodType | undefined, D extends z.ZodType>(
  path: string,
  summary: string,
  query: Q,
  data: D,
  t = tag,
) => defineEndpoint({ method: 'GET', path: `${FORMS_BASE}/${path}`, summary, tag: t, query, data });
const getById = <D extends z.ZodType>(path: string, summary: string, data: D, t = tag) =>
  defineEndpoint({ method: 'GET', path: `${FORMS_BASE}/${path}`, summary, tag: t, params: P, data });
const post = <B extends z.ZodType | undefined, D extends z.ZodType>(
  path: string,
  summary: string,
  body: B,
  data: D,
  t = tag,
) => defineEndpoint({ method: 'POST', path: `${FORMS_BASE}/${path}`, summary, tag: t, body, data });
const postById = <B extends z.ZodType | undefined, D extends z.ZodType>(
  path: string,
  summary: string,
  body: B,
  data: D,
  t = tag,
) =>
  defineEndpoint({ method: 'POST', path: `${FORMS_BASE}/${path}`, summary, tag: t, params: P, body, data });

export const formsEndpoints = {
  // 表单目录
  directoryTree: get('formDirectorys', '表单目录树', undefined, z.array(S.FormDirectoryNodeSchema)),
  directoryInsert: post('formDirectorys', '新增表单目录', S.FormDirectoryBodySchema, S.FormDirectorySchema),
  directoryUpdate: postById(
    'formDirectorys/{id}/update',
    '修改表单目录（不能移到自己或下级目录之下）',
    S.FormDirectoryBodySchema,
    S.FormDirectorySchema,
  ),
  directoryDelete: postById(
    'formDirectorys/{id}/delete',
    '删除表单目录（目录下无表单、无下级目录时）',
    undefined,
    done,
  ),

  // 表单
  formPage: get(
    'forms',
    '表单分页查询（只有数据采集菜单的用户只看到已发布的表单）',
    S.FormListQuerySchema,
    pageOf(S.FormSchema),
  ),
  formDetail: getById('forms/{id}', '表单及其设计', S.FormDetailSchema),
  formInsert: post('forms', '新建表单（未发布的第1版）', S.FormCreateBodySchema, S.FormDetailSchema),
  formUpdate: postById(
    'forms/{id}/update',
    '修改表单并保存设计（当前版本已发布时另存为新版本）',
    S.FormUpdateBodySchema,
    S.FormDetailSchema,
  ),
  formDelete: postById(
    'forms/{id}/delete',
    '删除表单（连同数据表移入回收站；进行中的采集任务使用时拒绝）',
    undefined,
    done,
  ),
  formPublish: postById(
    'forms/{id}/publishById',
    '发布表单：校验设计，创建或更新数据仓库中的数据表（会丢失数据的修改被拒绝）',
    undefined,
    S.FormDetailSchema,
  ),
  formAudit: postById('forms/{id}/auditById', '审核表单（仅已发布的表单）', undefined, S.FormSchema),
  formVersions: getById('forms/{id}/versions', '表单的版本', z.array(S.FormVersionSchema)),
  formOptions: getById('forms/{id}/options', '表单下拉组件的选项（字段标识 → 常量）', S.FormOptionsSchema),
  formRecycle: get('forms/recycle', '表单回收站', S.FormRecycleQuerySchema, pageOf(S.FormSchema)),
  formRestore: postById('forms/{id}/restore', '从回收站恢复表单及其数据表', undefined, S.FormSchema),

  formPurge: postById(
    'forms/{id}/purge',
    '彻底删除回收站中的表单及其数据表（从未用于采集时；不可恢复）',
    undefined,
    done,
  ),

  // 常量类型与常量
  constantTypePage: get(
    'constantTypes',
    '常量类型分页查询',
    S.ConstantTypeQuerySchema,
    pageOf(S.ConstantTypeSchema),
    constantTag,
  ),
  constantTypeInsert: post(
    'constantTypes',
    '新增常量类型',
    S.ConstantTypeBodySchema,
    S.ConstantTypeSchema,
    constantTag,
  ),
  constantTypeUpdate: postById(
    'constantTypes/{id}/update',
    '修改常量类型',
    S.ConstantTypeBodySchema,
    S.ConstantTypeSchema,
    constantTag,
  ),
  constantTypeDelete: postById(
    'constantTypes/{id}/delete',
    '删除常量类型及其常量（表单设计使用时拒绝）',
    undefined,
    done,
    constantTag,
  ),
  constantList: get(
    'constants',
    '某类型的全部常量',
    S.ConstantQuerySchema,
    z.array(S.ConstantSchema),
    constantTag,
  ),
  constantInsert: post('constants', '新增常量', S.ConstantBodySchema, S.ConstantSchema, constantTag),
  constantUpdate: postById(
    'constants/{id}/update',
    '修改常量',
    S.ConstantUpdateBodySchema,
    S.ConstantSchema,
    constantTag,
  ),
  constantDelete: postById('constants/{id}/delete', '删除常量', undefined, done, constantTag),
  constantTemplate: defineEndpoint({
    method: 'GET',
    path: `${FORMS_BASE}/datas/constantTemplate`,
    summary: '下载常量导入模板（Excel）',
    tag: constantTag,
    download: true,
    data: z.unknown(),
  }),
  constantImport: defineEndpoint({
    method: 'POST',
    path: `${FORMS_BASE}/datas/importtConstantData`,
    summary: '导入常量（multipart 字段 file；列：常量类型编码、名称、值；全部正确才导入）',
    tag: constantTag,
    multipart: true,
    data: S.ConstantImportResultSchema,
  }),
  constantImportJob: defineEndpoint({
    method: 'POST',
    path: `${FORMS_BASE}/datas/importtConstantDataJob`,
    summary:
      '导入常量（后台任务；multipart 字段 file；用 datas/constant/getFutureTaskResult 查询；结果与 datas/importtConstantData 相同）',
    tag: constantTag,
    multipart: true,
    data: ImportJobWireSchema,
  }),
};

export const CONSTANT_IMPORT = {
  start: formsEndpoints.constantImportJob,
  poll: constantFutureTasks.result,
  done: constantFutureTasks.done,
  template: formsEndpoints.constantTemplate,
  result: S.ConstantImportResultSchema,
} satisfies ExcelImportEndpoints;
