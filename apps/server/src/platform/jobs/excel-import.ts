import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../access.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_EXCEL_LIMITS } from '../excel/limits.ts';
import type { FileStorage } from '../file-storage.ts';
import { newId } from '../ids.ts';
import { readSingleFile } from '../multipart.ts';
import type { Jobs } from './jobs.ts';

/** An import's upload as received; the Excel reader enforces its own, smaller limits on the content. */
export const IMPORT_MAX_BYTES = DEFAULT_EXCEL_LIMITS.uploadBytes;

export const IMPORT_MESSAGES = {
  noFile: '请先选取文件!',
  empty: '文件为空',
  notXlsx: '只能上传xlsx的文件',
  uploadGone: '上传的文件已不存在，请重新导入',
  interrupted: '导入已中断（服务已重启），请重新导入',
  failed: '导入失败，请重试',
  stillRunning: '导入仍在进行，请稍后在导入任务中查看结果',
} as const;

/** The stages an import reports, with the progress each starts at. */
const STAGES = {
  reading: { progress: 10, message: '正在读取文件' },
  checking: { progress: 40, message: '正在检查数据' },
  writing: { progress: 70, message: '正在写入数据' },
} as const;
export type ImportStage = keyof typeof STAGES;

/** A synchronous import waits this long for its job before answering that it is still running. */
const SYNC_WAIT_MS = 5 * 60_000;

export interface ImportUpload {
  bytes: Uint8Array;
  fields: Readonly<Record<string, string>>;
}

/** The one `file` part of an import request: present, not empty, an .xlsx by name. */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  const file = await readSingleFile(request, IMPORT_MAX_BYTES);
  if (!file) throw new AppError('VALIDATION', IMPORT_MESSAGES.noFile);
  if (file.bytes.length === 0) throw new AppError('VALIDATION', IMPORT_MESSAGES.empty);
  if (!/\.xlsx$/i.test(file.name)) throw new AppError('VALIDATION', IMPORT_MESSAGES.notXlsx);
  return { bytes: file.bytes, fields: file.fields };
}

export interface ExcelImportSpec<S extends z.ZodType, R> {
  kind: string;
  /** The import in the person's words (「导入年度任务」): its end is a message to them when started as a job. */
  label?: string;
  /** What the job needs besides the file (the request's fields, checked). */
  input: S;
  /** Runs in the request: the actor's permission and the fields; throws to refuse before anything is stored. */
  prepare(actor: Actor, fields: Readonly<Record<string, string>>): Promise<z.input<S>>;
  /** Reads, checks and writes (all or nothing); answers what the import answers. */
  run(context: {
    actorId: string;
    input: z.output<S>;
    bytes: Uint8Array;
    stage(stage: ImportStage): Promise<void>;
  }): Promise<R>;
}

/**
 * An Excel import as a job: the upload is stored under a key the job owns, the job reads it, reports its
 * stages, answers the import's result and deletes the upload. `start` answers the job at once (the client
 * polls getFutureTaskResult); `importNow` is the synchronous import, the same job awaited.
 */
export function createExcelImport<S extends z.ZodType, R>(
  deps: { jobs: Jobs; storage: FileStorage },
  spec: ExcelImportSpec<S, R>,
) {
  const { jobs, storage } = deps;
  // The input is checked against the spec's schema when the job runs: zod cannot type a generic object here.
  const Payload = z.object({ upload: z.string(), input: z.unknown() });
  /** Uploads whose starter awaits the job here: a failure keeps its `AppError` (and so its status). */
  const awaited = new Map<string, AppError | null>();

  const job = jobs.register(spec.kind, {
    payload: Payload,
    interruptedMessage: IMPORT_MESSAGES.interrupted,
    failedMessage: IMPORT_MESSAGES.failed,
    // A runner that died after the transaction committed would import twice on a retry.
    retryLimit: 0,
    ...(spec.label ? { label: spec.label } : {}),
    // Done at once (importNow), the person reads the outcome in the answer: no message.
    isAwaited: (payload) => awaited.has(payload.upload),
    async run({ actorId, payload, report, signal }) {
      const { upload } = payload;
      try {
        await report(STAGES.reading.progress, STAGES.reading.message);
        const bytes = await storage.get(upload).catch(() => {
          throw new AppError('UNPROCESSABLE', IMPORT_MESSAGES.uploadGone);
        });
        const result = await spec.run({
          actorId,
          input: spec.input.parse(payload.input) as z.output<S>,
          bytes,
          stage: (stage) => report(STAGES[stage].progress, STAGES[stage].message),
        });
        return { result };
      } catch (error) {
        if (error instanceof AppError && awaited.has(upload)) awaited.set(upload, error);
        throw error;
      } finally {
        if (!signal.aborted) await storage.remove(upload);
      }
    },
  });

  async function enqueue(actor: Actor, upload: ImportUpload, key: string) {
    const input = await spec.prepare(actor, upload.fields);
    await storage.put(key, upload.bytes);
    try {
      return await job.enqueue({ actorId: actor.userId, payload: { upload: key, input } });
    } catch (error) {
      await storage.remove(key);
      throw error;
    }
  }

  const uploadKey = () => `imports/${spec.kind}/${newId()}.xlsx`;

  return {
    kind: spec.kind,

    async start(actor: Actor, upload: ImportUpload): Promise<{ taskId: string }> {
      return { taskId: (await enqueue(actor, upload, uploadKey())).id };
    },

    async importNow(actor: Actor, upload: ImportUpload): Promise<R> {
      const key = uploadKey();
      awaited.set(key, null);
      try {
        const started = await enqueue(actor, upload, key);
        const ended = await jobs.wait(started.id, SYNC_WAIT_MS);
        if (ended?.state === 'finished') {
          await jobs.remove(ended.id, actor.userId);
          return ended.result as R;
        }
        if (ended?.state === 'failed') {
          await jobs.remove(ended.id, actor.userId);
          throw awaited.get(key) ?? new AppError('UNPROCESSABLE', ended.message);
        }
        throw new AppError('UNPROCESSABLE', IMPORT_MESSAGES.stillRunning);
      } finally {
        awaited.delete(key);
      }
    },
  };
}
