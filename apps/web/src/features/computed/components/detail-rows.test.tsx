// @vitest-environment happy-dom
import { type ComputedDetailWire, computedEndpoints as E, type Endpoint } from '@eduqa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, render, tableCells, until } from '../../../shared/testing/dom.tsx';
import { DetailRows } from './detail-rows.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

const detail = (patch: Partial<ComputedDetailWire>): ComputedDetailWire => ({
  displayMode: 'table',
  cycleKey: '2026-02',
  version: 3,
  columns: ['name', 'score'],
  rows: [
    { name: '张三', score: 80 },
    { name: '李四', score: null },
  ],
  truncated: false,
  elapsedMs: 12,
  ...patch,
});

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

async function show(answer: () => Promise<ComputedDetailWire>, cycleKey?: string) {
  api.call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === E.detail) return answer();
    throw new Error(endpoint.path);
  });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = await render(
    <QueryClientProvider client={queries}>
      <DetailRows pointId="ap1" cycleKey={cycleKey} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  await until(() => view.container.querySelector('.ant-skeleton') === null);
  return view.container;
}

describe('DetailRows', { timeout: 20_000 }, () => {
  it('lists the rows of the cycle asked for, a dash for an empty cell, and says where they came from', async () => {
    const container = await show(async () => detail({}), '2026-02');
    expect(api.call).toHaveBeenCalledWith(E.detail, {
      query: { zgzkdid: 'ap1', cycleKey: '2026-02' },
      silent: true,
    });
    expect(container.textContent).toContain('周期 2026-02 · 明细算法版本 3 · 用时 12 毫秒');
    expect(tableCells(container)).toEqual([
      ['张三', '80'],
      ['李四', '-'],
    ]);
    expect(container.querySelector('.ant-alert')).toBeNull();
  });

  it('warns when the rows were cut short', async () => {
    const container = await show(async () => detail({ truncated: true }));
    expect(api.call).toHaveBeenCalledWith(E.detail, { query: { zgzkdid: 'ap1' }, silent: true });
    expect(container.querySelector('.ant-alert')?.textContent).toContain('数据行过多，只显示了前面的部分');
  });

  it('links only http(s) addresses of a file list; any other text stays text', async () => {
    const container = await show(async () =>
      detail({
        displayMode: 'file',
        columns: ['file'],
        rows: [
          { file: 'https://files.example/a.pdf' },
          { file: 'javascript:alert(1)' },
          { file: '说明.docx' },
        ],
      }),
    );
    const links = [...container.querySelectorAll('tbody a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://files.example/a.pdf']);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noreferrer');
    expect(tableCells(container).map((row) => row[0])).toEqual([
      'https://files.example/a.pdf',
      'javascript:alert(1)',
      '说明.docx',
    ]);
  });

  it('shows the server’s refusal in place of the rows (the call is silent: no toast)', async () => {
    const container = await show(async () => {
      throw new Error('该质控点没有明细算法');
    });
    expect(container.querySelector('tbody')).toBeNull();
    expect(byText(container, '.ant-empty-description', '该质控点没有明细算法')).not.toBeNull();
  });
});
