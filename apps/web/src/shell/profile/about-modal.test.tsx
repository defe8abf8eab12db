// @vitest-environment happy-dom
import { type About, aboutEndpoints } from '@eduqa/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries, until } from '../../shared/testing/dom.tsx';
import { AboutModal } from './about-modal.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../shared/api/client.ts')>()),
  call: api.call,
}));

const ABOUT: About = {
  systemName: '示范学院质量平台',
  version: '0.1.0',
  database: 'pglite',
  migration: { count: 24, tag: '0023_audit_trail' },
};

/** Each label of the dialog's list with the value beside it. */
const rows = () =>
  [...document.body.querySelectorAll('.ant-descriptions-row')].map((row) => [
    row.querySelector('th')?.textContent,
    row.querySelector('td')?.textContent,
  ]);

afterEach(() => {
  api.call.mockReset();
  document.body.innerHTML = '';
});

describe('AboutModal', () => {
  it('asks the server only once opened, and shows name, version, database and migration level', async () => {
    api.call.mockResolvedValue(ABOUT);
    const closed = await renderWithQueries(<AboutModal open={false} onClose={() => {}} />);
    expect(api.call).not.toHaveBeenCalled();
    closed.unmount();
    await renderWithQueries(<AboutModal open onClose={() => {}} />);
    await until(() => rows().length === 4);
    expect(api.call).toHaveBeenCalledWith(aboutEndpoints.about);
    expect(document.body.querySelector('.ant-modal-title')?.textContent).toBe('关于');
    expect(rows()).toEqual([
      ['系统名称', '示范学院质量平台'],
      ['版本', '0.1.0'],
      ['数据库', 'PGlite 内置'],
      ['迁移级别', '0023_audit_trail'],
    ]);
  });

  it('names PostgreSQL, and a level this program does not know by its count', async () => {
    api.call.mockResolvedValue({ ...ABOUT, database: 'postgres', migration: { count: 31, tag: null } });
    await renderWithQueries(<AboutModal open onClose={() => {}} />);
    await until(() => rows().length === 4);
    expect(rows().slice(2)).toEqual([
      ['数据库', 'PostgreSQL'],
      ['迁移级别', '第 31 个迁移（本程序不认识其名称）'],
    ]);
  });

  it('says so when the server cannot answer', async () => {
    api.call.mockRejectedValue(new Error('网络错误'));
    await renderWithQueries(<AboutModal open onClose={() => {}} />);
    await until(() => (document.body.textContent ?? '').includes('获取系统信息失败'));
    expect(document.body.textContent).toContain('获取系统信息失败，请稍后重试');
  });
});
