import { z } from 'zod';
import type { FileType } from './file-types.schema.ts';

/** A file type on the wire: `lxmc` is the spec's type name (GLOSSARY); flags are 0/1 like the other lists. */
export const FileTypeWireSchema = z.object({
  id: z.string().describe('文件类型编号'),
  code: z.string().nullable().describe('内置类型代码（自定义类型为空）'),
  lxmc: z.string().describe('类型名称'),
  description: z.string().describe('类型描述'),
  enableStatus: z.union([z.literal(0), z.literal(1)]).describe('启用（1 为启用）'),
  builtIn: z.union([z.literal(0), z.literal(1)]).describe('内置（1 为内置，不能停用或删除）'),
  sort: z.number().int().describe('排序'),
  fileCount: z.number().int().describe('使用该类型的文件数'),
  createTime: z.string().describe('创建时间'),
});
export type FileTypeWire = z.infer<typeof FileTypeWireSchema>;

export function toFileTypeWire(type: FileType): FileTypeWire {
  return {
    id: type.id,
    code: type.code,
    lxmc: type.name,
    description: type.description,
    enableStatus: type.isEnabled ? 1 : 0,
    builtIn: type.isBuiltIn ? 1 : 0,
    sort: type.sort,
    fileCount: type.fileCount,
    createTime: type.createdAt.toISOString(),
  };
}

export function fromFileTypeWire(wire: FileTypeWire): FileType {
  return {
    id: wire.id,
    code: wire.code,
    name: wire.lxmc,
    description: wire.description,
    isEnabled: wire.enableStatus === 1,
    isBuiltIn: wire.builtIn === 1,
    sort: wire.sort,
    fileCount: wire.fileCount,
    createdAt: new Date(wire.createTime),
  };
}
