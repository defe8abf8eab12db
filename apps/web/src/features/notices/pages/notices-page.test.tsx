// @vitest-environment happy-dom
import { type NoticeMessage, noticeEndpoints } from '@eduqa/contract';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, tableCells, until } from '../../../shared/testing/dom.tsx';
import { NoticesPage } from './notices-page.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

afterEach(() => {
  api.call.mockReset();
  document.body.innerHTML = '';
});

const urge: NoticeMessage = {
  id: 'n1',
  category: 'urge',
  kind: 'goal.urge',
  title: '督办：提升专业建设水平',
  body: '督办人事处：请尽快分解目标',
  link: '/targetTaskManagement/urge?urgeType=0&mine=true',
  actorName: '赵明',
  createdAt: '2026-11-30 09:05:00',
  read: false,
};

function Where() {
  const location = useLocation();
  return <output>{location.pathname + location.search}</output>;
}

async function showPage(records: NoticeMessage[], address = '/notices') {
  api.call.mockImplementation(async (endpoint) => {
    if (endpoint === noticeEndpoints.bell)
      return { unread: records.filter((n) => !n.read).length, latest: records };
    if (endpoint === noticeEndpoints.list)
      return { records, total: records.length, current: 1, pages: 1, size: 10 };
    if (endpoint === noticeEndpoints.read) return { ...urge, read: true };
    if (endpoint === noticeEndpoints.readAll) return { count: 1 };
    throw new Error('unexpected call');
  });
  const shown = await renderWithQueries(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/notices" element={<NoticesPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await until(() => api.call.mock.calls.some(([endpoint]) => endpoint === noticeEndpoints.list));
  await until(() => !shown.container.querySelector('.ant-spin-spinning'));
  return shown.container;
}

/** The button reading exactly `text` (全部标为已读 also contains 标为已读). */
const button = (root: ParentNode, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === text) ?? null;

const listQuery = () =>
  api.call.mock.calls.filter(([endpoint]) => endpoint === noticeEndpoints.list).at(-1)?.[1]?.query;

describe('消息中心', { timeout: 20_000 }, () => {
  it('reads 类别 and 状态 from the address, and lists who sent what when', async () => {
    const container = await showPage([urge], '/notices?category=urge&read=unread');
    expect(listQuery()).toEqual({ category: 'urge', read: 'unread', pageNum: 1, pageSize: 10 });
    await until(() => tableCells(container).length === 1);
    expect(tableCells(container)[0]).toEqual([
      '督办：提升专业建设水平督办人事处：请尽快分解目标',
      '督办',
      '赵明',
      '2026-11-30 09:05:00',
      '标为已读',
    ]);
  });

  it('marks one read, all read, and opens a message where it points', async () => {
    const container = await showPage([urge]);
    await until(() => button(container, '标为已读') !== null);
    await click(button(container, '标为已读'));
    await until(() => api.call.mock.calls.some(([endpoint]) => endpoint === noticeEndpoints.read));
    expect(api.call).toHaveBeenCalledWith(noticeEndpoints.read, { params: { id: 'n1' } });
    await click(byText(container, 'button', '全部标为已读'));
    await until(() => api.call.mock.calls.some(([endpoint]) => endpoint === noticeEndpoints.readAll));
    expect(api.call).toHaveBeenCalledWith(noticeEndpoints.readAll);
    await click(byText(container, 'button', '督办：提升专业建设水平'));
    await until(() => container.querySelector('output')?.textContent !== '/notices');
    expect(container.querySelector('output')?.textContent).toBe(
      '/targetTaskManagement/urge?urgeType=0&mine=true',
    );
  });

  it('says 暂无消息 when the filters keep nothing', async () => {
    const container = await showPage([], '/notices?read=unread');
    await until(() => (container.textContent ?? '').includes('暂无消息'));
    expect(container.textContent).toContain('暂无消息');
    expect(byText(container, 'button', '全部标为已读')?.hasAttribute('disabled')).toBe(true);
  });
});
