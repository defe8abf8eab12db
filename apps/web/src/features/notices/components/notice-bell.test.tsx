// @vitest-environment happy-dom
import { type NoticeMessage, noticeEndpoints } from '@eduqa/contract';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, until } from '../../../shared/testing/dom.tsx';
import { bellLabel, NoticeBell } from './notice-bell.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

afterEach(() => {
  api.call.mockReset();
  document.body.innerHTML = '';
});

const message = (patch: Partial<NoticeMessage>): NoticeMessage => ({
  id: 'n1',
  category: 'urge',
  kind: 'goal.urge',
  title: '督办：提升专业建设水平',
  body: '督办人事处：请尽快分解目标',
  link: '/targetTaskManagement/urge?urgeType=0&mine=true',
  actorName: '赵明',
  createdAt: '2026-11-30 09:05:00',
  read: false,
  ...patch,
});

function Where() {
  const location = useLocation();
  return <output>{location.pathname + location.search}</output>;
}

async function showBell(latest: NoticeMessage[]) {
  const unread = latest.filter((n) => !n.read).length;
  api.call.mockImplementation(async (endpoint) => {
    if (endpoint === noticeEndpoints.bell) return { unread, latest };
    if (endpoint === noticeEndpoints.read) return { ...latest[0], read: true };
    if (endpoint === noticeEndpoints.readAll) return { count: unread };
    throw new Error('unexpected call');
  });
  await renderWithQueries(
    <MemoryRouter initialEntries={['/index']}>
      <NoticeBell />
      <Where />
    </MemoryRouter>,
  );
  await until(() => document.body.querySelector(`button[aria-label="${bellLabel(unread)}"]`) !== null);
}

const where = () => document.body.querySelector('output')?.textContent;

describe('the bell', { timeout: 20_000 }, () => {
  it('says how many are unread, and opens a message: read, then its page', async () => {
    await showBell([message({}), message({ id: 'n2', title: '督办：旧的', read: true })]);
    const bell = document.body.querySelector('button[aria-label="消息（1 条未读）"]');
    expect(bell?.textContent).toContain('1');
    await click(bell);
    await until(() => byText(document.body, '.notice-item', '督办：提升专业建设水平') !== null);
    expect(document.body.querySelector('.ant-drawer-title')?.textContent).toBe('消息（1 条未读）');
    expect(byText(document.body, '.notice-item', '督办：旧的')?.getAttribute('aria-label')).toBe(
      '督办：旧的',
    );
    await click(byText(document.body, '.notice-item', '督办：提升专业建设水平'));
    await until(() => where() !== '/index');
    expect(api.call).toHaveBeenCalledWith(noticeEndpoints.read, { params: { id: 'n1' } });
    expect(where()).toBe('/targetTaskManagement/urge?urgeType=0&mine=true');
  });

  it('marks all read, and leads to 消息中心 with 查看全部', async () => {
    await showBell([message({})]);
    await click(document.body.querySelector('button[aria-label="消息（1 条未读）"]'));
    await until(() => byText(document.body, 'button', '全部已读') !== null);
    await click(byText(document.body, 'button', '全部已读'));
    await until(() => api.call.mock.calls.some(([endpoint]) => endpoint === noticeEndpoints.readAll));
    expect(api.call).toHaveBeenCalledWith(noticeEndpoints.readAll);
    await click(byText(document.body, 'button', '查看全部'));
    await until(() => where() === '/notices');
    expect(where()).toBe('/notices');
  });

  it('says 暂无消息 when there is none', async () => {
    await showBell([]);
    await click(document.body.querySelector('button[aria-label="消息（无未读）"]'));
    await until(() => (document.body.textContent ?? '').includes('暂无消息'));
    expect(document.body.textContent).toContain('暂无消息');
  });
});
