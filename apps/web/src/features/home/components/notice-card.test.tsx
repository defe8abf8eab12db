// @vitest-environment happy-dom
import { type NoticeMessage, noticeEndpoints } from '@eduqa/contract';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, until } from '../../../shared/testing/dom.tsx';
import { NoticeCard } from './notice-card.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

afterEach(() => {
  api.call.mockReset();
  document.body.innerHTML = '';
});

const fill: NoticeMessage = {
  id: 'n7',
  category: 'fill',
  kind: 'collect.rollback',
  title: '填报被退回：教师基本信息表',
  body: '请补全职称',
  link: '/dataCollection/my-fills?open=f1',
  actorName: '郑涛',
  createdAt: '2026-11-30 09:05:00',
  read: false,
};

function Where() {
  const location = useLocation();
  return <output>{location.pathname + location.search}</output>;
}

async function show(notices: NoticeMessage[]) {
  api.call.mockResolvedValue({ ...fill, read: true });
  await renderWithQueries(
    <MemoryRouter initialEntries={['/index']}>
      <NoticeCard notices={notices} />
      <Where />
    </MemoryRouter>,
  );
}
const where = () => document.body.querySelector('output')?.textContent;

describe('最新动态 on 首页', { timeout: 20_000 }, () => {
  it('opens a message where it points, and marks it read', async () => {
    await show([fill, { ...fill, id: 'n8', title: '已读的消息', link: '', read: true }]);
    expect(document.body.textContent).toContain('数据填报 · 郑涛');
    await click(byText(document.body, 'button', '填报被退回：教师基本信息表'));
    await until(() => where() !== '/index');
    expect(where()).toBe('/dataCollection/my-fills?open=f1');
    expect(api.call).toHaveBeenCalledWith(noticeEndpoints.read, { params: { id: 'n7' } });
  });

  it('opens nothing for a message without a link, and calls no read for one already read', async () => {
    await show([{ ...fill, link: '', read: true }]);
    await click(byText(document.body, 'button', '填报被退回'));
    expect(where()).toBe('/index');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('says 暂无动态 when there is none, and leads to 消息中心', async () => {
    await show([]);
    expect(document.body.textContent).toContain('暂无动态');
    await click(byText(document.body, 'button', '全部消息'));
    expect(where()).toBe('/notices');
  });
});
