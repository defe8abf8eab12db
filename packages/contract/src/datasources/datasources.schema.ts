import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredText, text } from '../platform/text.ts';
import { DATA_SOURCE_KINDS, type DataSourceKind } from './datasources.enums.ts';

/** A data source as the server's services see it; the password never leaves the server. */
export interface DataSource {
  id: string;
  name: string;
  kind: DataSourceKind;
  host: string;
  port: number | null;
  database: string;
  username: string;
  hasPassword: boolean;
  isDefault: boolean;
  isHidden: boolean;
  createdAt: Date;
}

/** The answer of "test connection": a failure is an answer too, in Chinese. */
export interface DataSourceTestResult {
  ok: boolean;
  message: string;
  elapsedMs: number;
}

const kind = z.enum(DATA_SOURCE_KINDS, { error: '请选择数据源类型' }).describe('数据源类型');
const port = z.coerce
  .number({ error: '端口必须是数字' })
  .int({ error: '端口必须是整数' })
  .min(1, { error: '端口必须在 1–65535 之间' })
  .max(65535, { error: '端口必须在 1–65535 之间' })
  .describe('端口');

/** The form's fields; an external kind needs host, port, database and user (checked below). */
const fields = {
  name: requiredText('数据源名称'),
  type: kind,
  host: text('主机地址', 255).optional(),
  port: z.union([port, z.literal('').transform(() => undefined)]).optional(),
  databaseName: text('数据库名', 128).optional(),
  username: text('用户名', 128).optional(),
  /** Absent, empty or the mask: keep the stored password (on update). */
  password: z.string().max(256, { error: '密码最多只能输入256个字符' }).optional().describe('密码'),
  defaultsStatus: flag('默认').optional(),
  hideStatus: flag('隐藏').optional(),
};

type Fields = {
  type: DataSourceKind;
  host?: string | undefined;
  port?: number | undefined;
  databaseName?: string | undefined;
  username?: string | undefined;
};

/** Chinese problems of an external source left incomplete. */
function connectionProblems(value: Fields, ctx: z.RefinementCtx) {
  if (value.type === 'builtin') return;
  const missing: Array<[keyof Fields, string]> = [
    ['host', '请输入主机地址'],
    ['port', '请输入端口'],
    ['databaseName', '请输入数据库名'],
    ['username', '请输入用户名'],
  ];
  for (const [key, message] of missing) {
    if (value[key] === undefined || value[key] === '') ctx.addIssue({ code: 'custom', path: [key], message });
  }
}

export const DataSourceBodySchema = z.object(fields).superRefine(connectionProblems);
export type DataSourceBody = z.input<typeof DataSourceBodySchema>;

export const DataSourceUpdateBodySchema = z
  .object({ id: z.string().trim().min(1, { error: '请选择数据源' }).max(64), ...fields })
  .superRefine(connectionProblems);

/** Test the form as typed; with `id`, a masked or empty password means the stored one. */
export const DataSourceTestBodySchema = z
  .object({ id: z.string().trim().max(64).optional(), ...fields, name: text('数据源名称').optional() })
  .superRefine(connectionProblems);

export const DataSourcePageQuerySchema = PagingQuerySchema.extend({
  keyword: text('数据源名称').optional(),
  type: kind.optional(),
  /** Hidden sources are listed unless asked otherwise: this page is where they are managed. */
  withHidden: flag('含隐藏').optional(),
});

export const DataSourceIdParamsSchema = z.object({
  id: z.string().trim().min(1).max(64).describe('数据源编号'),
});
export const DataSourceIdsBodySchema = z.object({
  ids: idList('数据源').pipe(z.array(z.string()).min(1, { error: '请选择数据源' })),
});
export const DataSourceStatusBodySchema = z.object({ status: flag('状态').optional() });
