import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';

/**
 * 文件类型 (spec 2 §7.2–§7.3 `fileType`): the kinds a stored file is filed under. The built-in ones carry a
 * code the program refers to (diagnosis picks 内部支撑文件, goal files carry 年度目标文件 …); they may be
 * renamed and described, never disabled or deleted, because stored attachments point at them.
 */
export interface FileType {
  id: string;
  /** The program's key of a built-in type; null for a type a data manager added. */
  code: string | null;
  name: string;
  description: string;
  isEnabled: boolean;
  isBuiltIn: boolean;
  sort: number;
  /** Stored files filed under this type. */
  fileCount: number;
  createdAt: Date;
}

/** The code of the type the diagnosis attachments are filed under (spec 2 §7.2: 内部支撑文件). */
export const INTERNAL_SUPPORT_FILE_TYPE = 'internalSupportDocument';

const sort = z.coerce
  .number({ error: '排序必须是数字' })
  .int({ error: '排序必须是整数' })
  .min(0, { error: '排序不能小于0' })
  .max(99999, { error: '排序不能大于99999' })
  .optional()
  .describe('排序');

export const FILE_TYPE_DESCRIPTION_MAX = TEXT_LIMITS.content;

export const FileTypePageQuerySchema = PagingQuerySchema.extend({
  keyword: text('类型名称').optional(),
  enableStatus: flag('启用状态').optional(),
});

export const FileTypeBodySchema = z.object({
  lxmc: requiredText('类型名称', TEXT_LIMITS.small),
  description: text('类型描述', FILE_TYPE_DESCRIPTION_MAX).optional(),
  enableStatus: flag('启用状态').optional(),
  sort,
});
export const FileTypeUpdateBodySchema = FileTypeBodySchema.extend({ id: requiredId('文件类型') });
export const FileTypeIdParamsSchema = z.object({ id: requiredId('文件类型') });
