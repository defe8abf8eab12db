// @vitest-environment happy-dom
import { aboutEndpoints } from '@eduqa/contract';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, until } from '../../shared/testing/dom.tsx';
import { UserMenu } from './user-menu.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../shared/api/client.ts')>()),
  call: api.call,
}));
vi.mock('../session/index.ts', async (original) => ({
  ...(await original<typeof import('../session/index.ts')>()),
  useSession: () => ({ user: { userName: '王老师', displayPhoto: '' } }),
}));

afterEach(() => {
  api.call.mockReset();
  document.body.innerHTML = '';
});

describe('UserMenu', () => {
  it('opens 关于 from the personal menu', async () => {
    api.call.mockResolvedValue({
      systemName: '示范学院质量平台',
      version: '0.1.0',
      database: 'postgres',
      migration: { count: 24, tag: '0023_audit_trail' },
    });
    await renderWithQueries(
      <MemoryRouter>
        <UserMenu />
      </MemoryRouter>,
    );
    await click(document.body.querySelector('button[aria-label="用户菜单"]'));
    await until(() => byText(document.body, '.ant-dropdown-menu-item', '关于') !== null);
    await click(byText(document.body, '.ant-dropdown-menu-item', '关于'));
    await until(() => (document.body.textContent ?? '').includes('0023_audit_trail'));
    expect(api.call).toHaveBeenCalledWith(aboutEndpoints.about);
    expect(document.body.querySelector('.ant-modal-title')?.textContent).toBe('关于');
    expect(document.body.textContent).toContain('PostgreSQL');
  });

  it('opens 消息中心 from the personal menu', async () => {
    function Where() {
      return <output>{useLocation().pathname}</output>;
    }
    await renderWithQueries(
      <MemoryRouter initialEntries={['/index']}>
        <UserMenu />
        <Where />
      </MemoryRouter>,
    );
    await click(document.body.querySelector('button[aria-label="用户菜单"]'));
    await until(() => byText(document.body, '.ant-dropdown-menu-item', '消息中心') !== null);
    await click(byText(document.body, '.ant-dropdown-menu-item', '消息中心'));
    await until(() => document.body.querySelector('output')?.textContent === '/notices');
    expect(document.body.querySelector('output')?.textContent).toBe('/notices');
  });
});
