import type { AlgorithmFolder } from '@eduqa/contract';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { AlgorithmsRepo } from './algorithms.repo.ts';
import { buildTree, FOLDER_NOT_FOUND, subtreeIds } from './algorithms.views.ts';

/** 算法目录: the folder tree groups are filed in. */
export function createAlgorithmFoldersService(deps: { repo: AlgorithmsRepo }) {
  const { repo } = deps;

  async function folder(id: string): Promise<AlgorithmFolder> {
    const row = await repo.findFolder(id);
    if (!row) throw notFound(FOLDER_NOT_FOUND);
    const counts = await repo.folderChildren(id);
    return {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      sort: row.sort,
      groupCount: counts.groups,
      children: [],
    };
  }

  return {
    /* ---- folders ---- */
    async tree(): Promise<AlgorithmFolder[]> {
      const [rows, counts] = await Promise.all([repo.allFolders(), repo.groupCounts()]);
      return buildTree(rows, new Map(counts.map((c) => [c.folderId, c.n])));
    },

    async saveFolder(
      id: string | null,
      input: { name: string; parentId?: string | undefined; sort?: number | undefined },
    ) {
      const parentId = input.parentId || null;
      if (id && !(await repo.findFolder(id))) throw notFound(FOLDER_NOT_FOUND);
      if (parentId) {
        const rows = await repo.allFolders();
        if (!rows.some((r) => r.id === parentId)) throw new AppError('VALIDATION', '上级目录不存在');
        if (id && subtreeIds(rows, id).includes(parentId))
          throw new AppError('VALIDATION', '不能把目录移到它自己或它的下级目录中');
      }
      const newIdValue = id ?? newId();
      await guarded(
        () =>
          id
            ? repo.updateFolder(id, {
                name: input.name,
                parentId,
                ...(input.sort !== undefined ? { sort: input.sort } : {}),
              })
            : repo.insertFolder({ id: newIdValue, name: input.name, parentId, sort: input.sort ?? 0 }),
        { conflict: '同一目录下已有同名目录' },
      );
      return folder(newIdValue);
    },

    /** A folder that still holds folders or groups is kept: deleting would orphan or lose them. */
    async removeFolder(id: string) {
      if (!(await repo.findFolder(id))) throw notFound(FOLDER_NOT_FOUND);
      const inside = await repo.folderChildren(id);
      if (inside.folders > 0) throw new AppError('UNPROCESSABLE', '该目录下还有子目录，不能删除');
      if (inside.groups > 0) throw new AppError('UNPROCESSABLE', '该目录下还有算法组，不能删除');
      await guarded(() => repo.deleteFolder(id), { inUse: '该目录下还有内容，不能删除' });
    },
  };
}
