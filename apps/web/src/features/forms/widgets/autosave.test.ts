import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTOSAVE_DELAY_MS,
  autosaveReducer,
  autosaveText,
  createAutosaveScheduler,
  INITIAL_AUTOSAVE,
} from './autosave.ts';

describe('autosave status', () => {
  it('goes from an edit through saving to the time it was saved', () => {
    let status = autosaveReducer(INITIAL_AUTOSAVE, { type: 'edited' });
    expect(autosaveText(status)).toBe('有未保存的修改');
    status = autosaveReducer(status, { type: 'saving' });
    expect(autosaveText(status)).toBe('正在保存…');
    // 09:05:07 on the school's clock (Beijing), whatever the browser's zone.
    status = autosaveReducer(status, { type: 'saved', at: new Date('2026-11-26T01:05:07Z'), isDirty: false });
    expect(autosaveText(status)).toBe('已保存 09:05:07');
    expect(status.isDirty).toBe(false);
  });

  it('says the save failed and keeps the edit pending', () => {
    const status = autosaveReducer({ ...INITIAL_AUTOSAVE, phase: 'saving' }, { type: 'failed', message: '' });
    expect(autosaveText(status)).toBe('保存失败');
    expect(status.isDirty).toBe(true);
  });

  it('keeps a conflict on screen through further edits and saves until reloaded', () => {
    let status = autosaveReducer(INITIAL_AUTOSAVE, { type: 'conflict', message: '数据已被他人修改' });
    status = autosaveReducer(autosaveReducer(status, { type: 'edited' }), { type: 'saving' });
    expect(status.phase).toBe('conflict');
    expect(autosaveReducer(status, { type: 'reloaded' }).phase).toBe('idle');
  });
});

describe('autosave scheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once after typing pauses', async () => {
    const save = vi.fn(async () => {});
    const scheduler = createAutosaveScheduler({ save });
    scheduler.touch();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100);
    scheduler.touch();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves at once on flush and drops the pending timer', async () => {
    const save = vi.fn(async () => {});
    const scheduler = createAutosaveScheduler({ save });
    scheduler.touch();
    await scheduler.flush();
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('never runs two saves at once and saves again for an edit made during one', async () => {
    let active = 0;
    let most = 0;
    let release: () => void = () => {};
    const save = vi.fn(async () => {
      active += 1;
      most = Math.max(most, active);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      active -= 1;
    });
    const scheduler = createAutosaveScheduler({ save });
    const first = scheduler.flush();
    const second = scheduler.flush();
    expect(save).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    release();
    await Promise.all([first, second]);
    expect(most).toBe(1);
  });

  it('keeps going after a failed save', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(undefined);
    const scheduler = createAutosaveScheduler({ save });
    await scheduler.flush();
    await scheduler.flush();
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('does nothing once disposed', async () => {
    const save = vi.fn(async () => {});
    const scheduler = createAutosaveScheduler({ save });
    scheduler.touch();
    scheduler.dispose();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });
});
