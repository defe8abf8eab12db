import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import type { FilesRepo } from './files.repo.ts';

export function createFilesService(deps: { filesRepo: FilesRepo; storage: FileStorage }) {
  const { filesRepo, storage } = deps;
  return {
    /** Stores the bytes first and records them after, so a record never points at nothing. */
    async save(input: {
      name: string;
      mime: string;
      bytes: Uint8Array;
      isPublic?: boolean;
      ownerUserId: string | null;
    }) {
      const id = newId();
      const storageKey = `${id.slice(0, 2)}/${id}`;
      await storage.put(storageKey, input.bytes);
      await filesRepo.insert({
        id,
        name: input.name,
        mime: input.mime,
        size: input.bytes.length,
        storageKey,
        isPublic: input.isPublic ?? false,
        ownerUserId: input.ownerUserId,
      });
      return id;
    },

    /** Public files for anyone; the rest for signed-in users. Missing and hidden look the same. */
    async open(options: { id: string; actor: Actor | null }) {
      const file = await filesRepo.findById(options.id);
      if (!file || (!file.isPublic && !options.actor)) throw notFound('附件不存在');
      return { file, bytes: await storage.get(file.storageKey) };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
