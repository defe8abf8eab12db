// @vitest-environment happy-dom
import { computedEndpoints as E, type Endpoint } from '@eduqa/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, tableCells, until } from '../../../shared/testing/dom.tsx';
import { binding } from '../components/binding-form-modal.fixtures.wire.ts';
import BindingsPage from './bindings-page.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

/** The server's page of bindings: wire rows, without the `pointId` api.ts adds. */
const records = [
  binding({
    zkdid: 'p1',
    pointName: '科研得分',
    bound: true,
    resultGroupId: 'g1',
    resultGroupName: '科研得分算法',
  }),
  binding({
    zkdid: 'p2',
    pointName: '学生投诉次数',
    collectionMethod: 'interface',
    endpointUrl: 'https://jw.example/api',
  }),
  binding({ zkdid: 'p3', pointName: '课程达成度', collectionMethod: 'sql' }),
].map(({ pointId: _, ...wire }) => wire);

beforeEach(() => {
  api.call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === E.bindingPage) return { records, total: records.length, current: 1, pages: 1, size: 10 };
    return [];
  });
});
let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

async function open() {
  const view = await renderWithQueries(<BindingsPage />);
  cleanup = view.unmount;
  await until(() => view.container.querySelector('tbody tr.ant-table-row') !== null);
  return view.container;
}

describe('the bindings page', { timeout: 20_000 }, () => {
  it('lists each computed point with its method, its source and whether it is configured', async () => {
    const container = await open();
    expect(tableCells(container)).toEqual([
      ['科研得分', '算法', '月', '表格', '科研得分算法', '已配置', '配置'],
      ['学生投诉次数', '接口', '月', '表格', 'https://jw.example/api', '未配置', '配置'],
      ['课程达成度', 'SQL', '月', '表格', '-', '未配置', '配置'],
    ]);
  });

  it('asks the server for one method only when filtered by it', async () => {
    await open();
    await act(async () => {
      document.querySelector('.ant-select')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await until(() => document.querySelector('.ant-select-item-option') !== null);
    const options = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
    expect(options.map((o) => o.textContent)).toEqual(['算法', 'SQL', '接口']);
    await click(options[2] ?? null);
    await until(() => api.call.mock.calls.filter(([e]) => e === E.bindingPage).length > 1);
    const queries = api.call.mock.calls.filter(([e]) => e === E.bindingPage).map(([, args]) => args.query);
    expect(queries.at(-1)).toEqual(expect.objectContaining({ collectionMethod: 'interface' }));
  });

  it('opens the form of the point whose 配置 was clicked', async () => {
    const container = await open();
    const row = [...container.querySelectorAll('tbody tr.ant-table-row')][1] ?? null;
    await click(row ? byText(row, 'button', '配置') : null);
    await until(() => document.querySelector('#endpointUrl') !== null);
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('采集配置：学生投诉次数（接口）');
    expect(document.querySelector('#endpointUrl')?.getAttribute('value')).toBe('https://jw.example/api');
  });
});
