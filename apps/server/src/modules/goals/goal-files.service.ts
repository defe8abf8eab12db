import type * as S from '@eduqa/contract';
import type { GoalFileOwnerType, GoalFileType } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { cleanFileName } from '../../platform/control-chars.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import type { FilesService } from '../files/files.service.ts';
import { checkAttachment, mimeOf } from '../files/uploads.checks.ts';
import { canDecompose, type GoalAccess } from './goal-access.ts';
import { toFile } from './goal-rows.ts';
import { type Clock, forbid, type In, GOALS_MESSAGES as M } from './goals.common.ts';
import type { GoalsRepo } from './goals.repo.ts';

/** Links the caller's uploaded files to an owner; a file already linked stays as it is. */
export async function attachFiles(
  repo: GoalsRepo,
  input: {
    actor: Actor;
    taskId: string;
    ownerType: GoalFileOwnerType;
    ownerId: string;
    fileType: GoalFileType;
    fileIds: readonly string[];
    at: Date;
  },
) {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return;
  const already = await repo.linkedFiles(input.ownerType, input.ownerId, ids);
  const fresh = ids.filter((id) => !already.has(id));
  const mine = await repo.ownFiles(input.actor.userId, fresh);
  if (fresh.some((id) => !mine.has(id))) throw notFound(M.fileNotYours);
  if (fresh.length === 0) return;
  const at = input.at.getTime();
  await repo.insertFiles(
    fresh.map((fileId, i) => ({
      id: newId(),
      taskId: input.taskId,
      ownerType: input.ownerType,
      ownerId: input.ownerId,
      fileId,
      fileType: input.fileType,
      uploaderUserId: input.actor.userId,
      createdAt: new Date(at + i),
    })),
  );
}

/** 附件 of tasks, nodes, progress reports and delay requests. */
export function createGoalFilesService(deps: {
  repo: GoalsRepo;
  access: GoalAccess;
  clock: Clock;
  files: FilesService;
  storage: FileStorage;
}) {
  const { repo, access, clock } = deps;
  const ownedBy = (q: { ownerType: GoalFileOwnerType; ownerId: string }) =>
    repo.files({ ownerType: q.ownerType, ownerIds: [q.ownerId] });

  return {
    /** The file belongs to its uploader until it is attached; the extension and size rules of spec 2 §5. */
    async upload(actor: Actor, file: { name: string; bytes: Uint8Array } | undefined) {
      if (!file) throw new AppError('VALIDATION', '请先选取文件!');
      const name = cleanFileName(file.name);
      const extension = checkAttachment(name, file.bytes.length);
      const fileId = await deps.files.save({
        name,
        mime: mimeOf(name),
        bytes: file.bytes,
        ownerUserId: actor.userId,
      });
      return { fileId, fileName: name, extension, size: file.bytes.length };
    },

    async files(actor: Actor, q: In<typeof S.GoalFileListQuerySchema>) {
      const owner = await repo.fileOwner(q.ownerType, q.ownerId);
      if (!owner) throw notFound(M.fileOwnerNotFound);
      await access.readTask(actor, owner.taskId, M.fileOwnerNotFound);
      return (await ownedBy(q)).map(toFile);
    },

    async attach(actor: Actor, body: In<typeof S.GoalFileBodySchema>) {
      const owner = await repo.fileOwner(body.ownerType, body.ownerId);
      const task = owner ? await repo.taskRight(actor, owner.taskId) : null;
      if (!owner || !task) throw notFound(M.fileOwnerNotFound);
      const isAuthor = owner.authorId === actor.userId;
      const ownerAllowed =
        body.ownerType === 'TaskEndTime' || body.ownerType === 'TaskProgress'
          ? isAuthor
          : isAuthor || canDecompose(actor, task);
      if (!ownerAllowed) throw forbid('只有任务的创建人、负责人或该记录的提交人可以上传附件');
      await repo.transaction((tx) =>
        attachFiles(tx, { actor, taskId: owner.taskId, ...body, at: clock.now() }),
      );
      return (await ownedBy(body)).map(toFile);
    },

    /** Removes links: the uploader or the task's creator. */
    async detach(actor: Actor, ids: string[]) {
      const found = await repo.files({ ids });
      if (found.length !== new Set(ids).size) throw notFound(M.fileNotFound);
      for (const file of found) {
        const task = await access.readTask(actor, file.taskId, M.fileNotFound);
        if (file.uploaderId !== actor.userId && task.creatorId !== actor.userId) {
          throw forbid('只有上传人或任务创建人可以移除附件');
        }
      }
      await repo.deleteFiles(ids);
    },

    async openFile(actor: Actor, id: string) {
      const [file] = await repo.files({ ids: [id] });
      if (!file || !(await repo.taskRight(actor, file.taskId))) throw notFound(M.fileNotFound);
      const stored = await repo.storedFile(file.fileId);
      if (!stored) throw notFound(M.fileNotFound);
      return { name: file.fileName, mime: stored.mime, bytes: await deps.storage.get(stored.storageKey) };
    },
  };
}
