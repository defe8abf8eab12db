import type { ImportRowError } from '@eduqa/contract';

/** What every import answers, whatever it imports: all rows, or nothing and the bad rows. */
export interface ImportOutcome {
  imported: boolean;
  /** The first 1,000 bad rows. */
  errors: ImportRowError[];
  /** How many bad rows in all, when there are any. */
  errorCount?: number | undefined;
}

/**
 * An import dialog's phases: the upload with its percentage, then the server's job (polled by its id),
 * then the answer — or back to idle when the upload or the job failed (the reason has been shown).
 */
export type ImportPhase<T extends ImportOutcome> =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'importing'; taskId: string }
  | { kind: 'answered'; outcome: T }
  | { kind: 'jobFailed'; message: string };

export type ImportEvent<T extends ImportOutcome> =
  | { type: 'upload' }
  | { type: 'progress'; percent: number }
  | { type: 'started'; taskId: string }
  | { type: 'answered'; outcome: T }
  | { type: 'jobFailed'; message: string }
  | { type: 'reset' };

export function nextPhase<T extends ImportOutcome>(
  phase: ImportPhase<T>,
  event: ImportEvent<T>,
): ImportPhase<T> {
  switch (event.type) {
    case 'upload':
      return { kind: 'uploading', percent: 0 };
    case 'progress':
      // A late progress event must not pull a started job back into the upload.
      return phase.kind === 'uploading' ? { kind: 'uploading', percent: event.percent } : phase;
    case 'started':
      return { kind: 'importing', taskId: event.taskId };
    case 'answered':
      return { kind: 'answered', outcome: event.outcome };
    case 'jobFailed':
      return { kind: 'jobFailed', message: event.message || '导入失败，请重试' };
    case 'reset':
      return { kind: 'idle' };
  }
}

/** The dialog stays open, and takes no other file, while a file is uploading or importing. */
export const isImportBusy = (phase: ImportPhase<ImportOutcome>) =>
  phase.kind === 'uploading' || phase.kind === 'importing';

/** Why a chosen file cannot be imported, or null when it can. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return '只能上传xlsx的文件';
  if (file.size === 0) return '文件为空';
  return null;
}

/** 「以下行有误，未导入任何任务，请修改后重新导入」 for `noun` 任务. */
export const refusedText = (noun: string) => `以下行有误，未导入任何${noun}，请修改后重新导入`;

/** The line under the error table when the server listed only some of the bad rows; null when it listed all. */
export function errorCountText(outcome: ImportOutcome): string | null {
  const total = outcome.errorCount ?? outcome.errors.length;
  return total > outcome.errors.length ? `共 ${total} 处错误，仅列出前 ${outcome.errors.length} 处` : null;
}

/** The 行号 cell: a row of the sheet, or 文件 for an error of the whole file (row 0). */
export const rowText = (error: ImportRowError) => (error.row > 0 ? String(error.row) : '文件');
