import type { FileType, PagingQuery } from '@eduqa/contract';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { FileTypeRecord, FileTypesRepo } from './file-types.repo.ts';

export const FILE_TYPE_MESSAGES = {
  notFound: '文件类型不存在',
  duplicate: '文件类型名称已存在',
  builtInDisable: '内置文件类型不能停用：诊断改进与目标任务的附件按它归档',
  builtInDelete: '内置文件类型不能删除',
  inUse: (n: number) => `该文件类型已有${n}个文件使用，不能删除`,
} as const;

const toFileType = (row: FileTypeRecord): FileType => ({ ...row, isBuiltIn: row.code !== null });

export interface FileTypeInput {
  name: string;
  description?: string | undefined;
  isEnabled?: boolean | undefined;
  sort?: number | undefined;
}

/**
 * 文件类型. A built-in type (one with a code) may be renamed and described, because the program finds it
 * by its code, not its name; it cannot be disabled or deleted, because the program files attachments
 * under it without asking. A name is unique, so that the spec's lookup by name (内部支撑文件) finds one.
 */
export function createFileTypesService(deps: { repo: FileTypesRepo }) {
  const { repo } = deps;

  async function existing(id: string): Promise<FileTypeRecord> {
    const row = await repo.find(id);
    if (!row) throw notFound(FILE_TYPE_MESSAGES.notFound);
    return row;
  }

  async function assertNameFree(name: string, self?: string) {
    const holder = await repo.findIdByName(name);
    if (holder && holder !== self) throw new AppError('CONFLICT', FILE_TYPE_MESSAGES.duplicate);
  }

  return {
    async page(input: {
      filter: { keyword?: string | undefined; isEnabled?: boolean | undefined };
      paging: PagingQuery;
    }) {
      const page = await repo.findPage(input.filter, input.paging);
      return { records: page.records.map(toFileType), total: page.total };
    },

    async create(input: FileTypeInput): Promise<FileType> {
      const id = newId();
      await assertNameFree(input.name);
      await guarded(
        async () =>
          repo.insert({
            id,
            code: null,
            name: input.name,
            description: input.description ?? '',
            isEnabled: input.isEnabled ?? true,
            sort: input.sort ?? (await repo.nextSort()),
          }),
        { conflict: FILE_TYPE_MESSAGES.duplicate },
      );
      return toFileType(await existing(id));
    },

    async update(id: string, input: FileTypeInput): Promise<FileType> {
      const row = await existing(id);
      if (row.code !== null && input.isEnabled === false)
        throw new AppError('UNPROCESSABLE', FILE_TYPE_MESSAGES.builtInDisable);
      await assertNameFree(input.name, id);
      await guarded(
        () =>
          repo.update(id, {
            name: input.name,
            description: input.description,
            isEnabled: input.isEnabled,
            sort: input.sort,
          }),
        { conflict: FILE_TYPE_MESSAGES.duplicate },
      );
      return toFileType(await existing(id));
    },

    async remove(id: string) {
      const row = await existing(id);
      if (row.code !== null) throw new AppError('UNPROCESSABLE', FILE_TYPE_MESSAGES.builtInDelete);
      if (row.fileCount > 0) throw new AppError('UNPROCESSABLE', FILE_TYPE_MESSAGES.inUse(row.fileCount));
      await repo.delete(id);
    },
  };
}

export type FileTypesService = ReturnType<typeof createFileTypesService>;
