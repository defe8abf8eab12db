import { fileTooLargeMessage, IMAGE_TYPE_MESSAGE } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { cleanFileName } from '../../platform/control-chars.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { checkStoredImage, detectImage, extensionMatches, IMAGE_MIME } from '../../platform/image-type.ts';
import type { FilesRepo } from './files.repo.ts';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export function createFilesService(deps: { filesRepo: FilesRepo; storage: FileStorage }) {
  const { filesRepo, storage } = deps;

  /**
   * Stores the bytes first and records them after, so a record never points at nothing. Whatever is
   * stored as a picture (an `image/` type, which is shown inline) is refused when its header cannot be
   * read or its pixel size is past the limits: every upload of an image comes through here.
   */
  async function save(input: {
    name: string;
    mime: string;
    bytes: Uint8Array;
    isPublic?: boolean;
    ownerUserId: string | null;
  }) {
    checkStoredImage(input.mime, input.bytes);
    const id = newId();
    const storageKey = `${id.slice(0, 2)}/${id}`;
    await storage.put(storageKey, input.bytes);
    await filesRepo.insert({
      id,
      name: cleanFileName(input.name),
      mime: input.mime,
      size: input.bytes.length,
      storageKey,
      isPublic: input.isPublic ?? false,
      ownerUserId: input.ownerUserId,
    });
    return id;
  }

  return {
    save,

    /**
     * Saves an uploaded picture (avatar, logo, seal) after checking it: present, not empty, within the
     * size limit, and an image by its content whose extension matches, so a renamed file is refused;
     * `save` then checks its pixel size.
     */
    async saveImage(input: {
      file: UploadedFile | undefined;
      maxKB: number;
      isPublic?: boolean;
      ownerUserId: string;
    }) {
      const { file } = input;
      if (!file) throw new AppError('VALIDATION', '请先选取文件!');
      if (file.bytes.length === 0) throw new AppError('VALIDATION', '文件为空');
      if (file.bytes.length > input.maxKB * 1024) {
        throw new AppError('TOO_LARGE', fileTooLargeMessage(file.name, input.maxKB));
      }
      const kind = detectImage(file.bytes);
      if (!kind || !extensionMatches(file.name, kind)) throw new AppError('VALIDATION', IMAGE_TYPE_MESSAGE);
      return save({
        name: file.name,
        mime: IMAGE_MIME[kind],
        bytes: file.bytes,
        isPublic: input.isPublic ?? false,
        ownerUserId: input.ownerUserId,
      });
    },

    /** A file's bytes, for the route of the object that owns it, after that object's access check. */
    async read(id: string) {
      const file = await filesRepo.findById(id);
      if (!file) throw notFound('附件不存在');
      return { file, bytes: await storage.get(file.storageKey) };
    },

    /**
     * `document/download` serves the public files (the system logo) to anyone and current avatars to
     * signed-in users, nothing else: every other file is served by its owner's route after its check.
     * Missing and refused look the same.
     */
    async openDocument(options: { id: string; actor: Actor | null }) {
      const found = await filesRepo.findDocument(options.id);
      const servable = found && (found.file.isPublic || (options.actor !== null && found.isAvatar));
      if (!found || !servable) throw notFound('附件不存在');
      return { file: found.file, bytes: await storage.get(found.file.storageKey) };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
