// @vitest-environment happy-dom
import { type BackupSchedule, backupEndpoints as E, type Endpoint } from '@eduqa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  byText,
  click,
  leave,
  renderWithQueries,
  typeInto,
  until,
  wait,
} from '../../../shared/testing/dom.tsx';
import { BackupScheduleCard } from './backup-schedule-card.tsx';

const client = vi.hoisted(() => ({ call: vi.fn(), download: vi.fn() }));
vi.mock('../../../shared/api/client.ts', () => client);
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../../shared/ui/feedback.tsx', async (original) => ({
  ...(await original<typeof import('../../../shared/ui/feedback.tsx')>()),
  notify: toast,
}));

const SAVED: BackupSchedule = {
  enabled: true,
  time: '03:30',
  keep: 14,
  auditRetentionDays: 365,
  timeZone: 'Asia/Shanghai',
  lastRun: {
    at: '2026-11-30 03:30:00',
    state: 'finished',
    message: '备份完成：eduqa-backup-20261130-033000.tar.gz',
  },
  lastPurge: { at: '2026-11-30 03:30:00', deleted: 1234 },
};

/** What 保存 answers; a test may hold it to see the button's loading state. */
let save: (body: unknown) => Promise<unknown>;
beforeEach(() => {
  toast.success.mockReset();
  save = async () => SAVED;
  client.call.mockReset().mockImplementation(async (endpoint: Endpoint, args?: { body?: unknown }) => {
    if (endpoint === E.schedule) return SAVED;
    if (endpoint === E.saveSchedule) return save(args?.body);
    throw new Error(endpoint.path);
  });
});
afterEach(() => {
  document.body.innerHTML = '';
});

const input = (id: string) => document.querySelector<HTMLInputElement>(`#backupSchedule_${id}`);
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const saves = () => client.call.mock.calls.filter(([endpoint]) => endpoint === E.saveSchedule);
const saveButton = () => byText(document.body, 'button', '保存');

async function open() {
  await renderWithQueries(<BackupScheduleCard />);
  await until(() => input('keep')?.value === '14');
}

describe('the 定时备份 card', { timeout: 20_000 }, () => {
  it('shows the saved setting and the last run and purge', async () => {
    await open();
    expect(input('enabled')?.getAttribute('aria-checked')).toBe('true');
    expect(input('time')?.value).toBe('03:30');
    expect(input('auditRetentionDays')?.value).toBe('365');
    expect(document.body.textContent).toContain('备份完成：eduqa-backup-20261130-033000.tar.gz');
    expect(document.body.textContent).toContain('成功');
    expect(document.body.textContent).toContain('删除 1,234 条');
  });

  it('refuses a retention under 180 days and sends nothing', async () => {
    await open();
    await typeInto(input('auditRetentionDays'), '179');
    await leave(input('auditRetentionDays'));
    await click(saveButton());
    await until(() => errors().length > 0);
    expect(errors()).toEqual(['日志保留天数不能少于180天']);
    expect(saves()).toHaveLength(0);
  });

  it('saves what is shown, with 保存 loading until the answer', async () => {
    let answer: (value: unknown) => void = () => {};
    save = () => new Promise((resolve) => (answer = resolve));
    await open();
    await click(input('enabled'));
    await typeInto(input('keep'), '30');
    await leave(input('keep'));
    await click(saveButton());
    await until(() => saves().length > 0);
    expect(saves()[0]?.[1]).toEqual({
      body: { enabled: false, time: '03:30', keep: 30, auditRetentionDays: 365 },
      json: true,
    });
    await until(() => saveButton()?.classList.contains('ant-btn-loading') === true);
    expect(saveButton()?.classList.contains('ant-btn-loading')).toBe(true);
    answer(SAVED);
    await until(() => toast.success.mock.calls.length > 0);
    await wait(20);
    expect(toast.success).toHaveBeenCalledWith('保存成功');
    expect(saveButton()?.classList.contains('ant-btn-loading')).toBe(false);
  });
});
