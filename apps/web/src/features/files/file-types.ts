import type { FileType } from '@eduqa/contract';

/**
 * Why a file type cannot be deleted, or undefined when it can: the server refuses the same two cases
 * (a built-in type, a type stored files are filed under); the page greys the link and says why.
 */
export function deleteBlocker(type: Pick<FileType, 'isBuiltIn' | 'fileCount'>): string | undefined {
  if (type.isBuiltIn) return '内置类型不能删除';
  if (type.fileCount > 0) return `已有${type.fileCount}个文件使用，不能删除`;
  return undefined;
}
