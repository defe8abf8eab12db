import { formatSchoolTime } from '../../../shared/time/school-time.ts';

/**
 * Drafts that never lose input: a save after the filler pauses typing (debounced) and at once when a
 * field is left; one save in flight at a time, and an edit made during a save is saved after it.
 */

export const AUTOSAVE_DELAY_MS = 800;

export type SavePhase = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

export interface AutosaveStatus {
  phase: SavePhase;
  /** Edits not yet on the server. */
  isDirty: boolean;
  /** HH:mm:ss of the last successful save. */
  savedAt: string | null;
  message: string;
}

export type AutosaveEvent =
  | { type: 'edited' }
  | { type: 'saving' }
  | { type: 'saved'; at: Date; isDirty: boolean }
  | { type: 'failed'; message: string }
  | { type: 'conflict'; message: string }
  | { type: 'reloaded' };

export const INITIAL_AUTOSAVE: AutosaveStatus = { phase: 'idle', isDirty: false, savedAt: null, message: '' };

const clock = (at: Date) => formatSchoolTime(at).slice(11);

export function autosaveReducer(state: AutosaveStatus, event: AutosaveEvent): AutosaveStatus {
  switch (event.type) {
    case 'edited':
      // A conflict stays on screen until the filler reloads: saving again would only repeat it.
      return { ...state, isDirty: true };
    case 'saving':
      return state.phase === 'conflict' ? state : { ...state, phase: 'saving', message: '' };
    case 'saved':
      return { phase: 'saved', isDirty: event.isDirty, savedAt: clock(event.at), message: '' };
    case 'failed':
      return { ...state, phase: 'failed', isDirty: true, message: event.message };
    case 'conflict':
      return { ...state, phase: 'conflict', isDirty: true, message: event.message };
    case 'reloaded':
      return { ...INITIAL_AUTOSAVE, savedAt: state.savedAt };
  }
}

/** The status line under the form's title. */
export function autosaveText(status: AutosaveStatus): string {
  switch (status.phase) {
    case 'saving':
      return '正在保存…';
    case 'saved':
      return status.isDirty ? `已保存 ${status.savedAt}（有新的修改）` : `已保存 ${status.savedAt}`;
    case 'failed':
      return status.message ? `保存失败：${status.message}` : '保存失败';
    case 'conflict':
      return '保存失败：数据已被他人修改';
    case 'idle':
      return status.isDirty ? '有未保存的修改' : '';
  }
}

export interface AutosaveScheduler {
  /** An edit: save once typing has paused for the delay. */
  touch(): void;
  /** Save now (a field was left, the filler commits); resolves when nothing is pending. */
  flush(): Promise<void>;
  dispose(): void;
}

/**
 * Runs `save` debounced, never twice at once: a request made while a save runs is served by one more
 * save after it. `save` itself decides what changed; a rejection is its caller's to show.
 */
export function createAutosaveScheduler(input: {
  save: () => Promise<void>;
  delayMs?: number;
}): AutosaveScheduler {
  const delayMs = input.delayMs ?? AUTOSAVE_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let isAgain = false;
  let isDisposed = false;

  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const run = (): Promise<void> => {
    clear();
    if (isDisposed) return Promise.resolve();
    if (running) {
      isAgain = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          isAgain = false;
          try {
            await input.save();
          } catch {
            // Shown by the caller's status; the next edit or blur tries again.
            isAgain = false;
          }
        } while (isAgain && !isDisposed);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    touch() {
      if (isDisposed) return;
      clear();
      timer = setTimeout(() => void run(), delayMs);
    },
    async flush() {
      await run();
      // A save requested during the one just awaited has run inside its loop.
      if (running) await running;
    },
    dispose() {
      isDisposed = true;
      clear();
    },
  };
}
