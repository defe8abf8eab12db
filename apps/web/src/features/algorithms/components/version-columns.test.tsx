// @vitest-environment happy-dom
import { algorithmEndpoints as A, type Algorithm, type AlgorithmGroup, type Endpoint } from '@eduqa/contract';
import { Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, render, until, wait } from '../../../shared/testing/dom.tsx';
import { versionColumns } from './version-columns.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

const group: AlgorithmGroup = {
  id: 'g1',
  folderId: 'f1',
  name: '课程成绩',
  description: '',
  dataSourceId: 's1',
  dataSourceName: '内置数据库',
  pointIds: [],
  currentResultVersion: null,
  currentDetailVersion: null,
  createdByName: '何军',
  createdAt: new Date('2026-01-01'),
  updatedAt: new Date('2026-01-01'),
};
const draft: Algorithm = {
  id: 'a2',
  groupId: 'g1',
  type: 'result',
  version: 2,
  sql: 'select 1 as value',
  sqlHash: 'x',
  parameters: [],
  status: 'draft',
  remark: '',
  createdByName: '何军',
  createdAt: new Date('2026-01-02'),
  publishedByName: '',
  publishedAt: null,
};

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

/** The list with one draft; `run` does the work and records the toast it would show. */
async function open(current: number | null) {
  const toasts: string[] = [];
  const run = vi.fn(async (work: () => Promise<unknown>, done?: unknown) => {
    const answer = await work();
    toasts.push(typeof done === 'function' ? done(answer) : String(done));
    return true;
  });
  api.call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === A.publish) return { ...draft, status: 'published', publishedAt: null };
    return null;
  });
  const columns = versionColumns({ group, type: 'result', current, run, onPick: () => {} });
  const view = await render(<Table rowKey="id" columns={columns} dataSource={[draft]} />);
  cleanup = view.unmount;
  return { toasts, container: view.container };
}

/** A button by its label; antd spaces two-character labels (发 布). */
const button = (root: ParentNode, label: string) =>
  [...root.querySelectorAll<HTMLElement>('button')].find(
    (b) => b.textContent?.replace(/\s/g, '') === label,
  ) ?? null;

async function publish(container: HTMLElement) {
  await click(button(container, '发布'));
  await until(() => document.querySelector('.ant-popconfirm') !== null);
  await click(button(document.querySelector('.ant-popconfirm') ?? document.body, '发布'));
  await wait(50);
}
const asked = () => [...document.querySelectorAll('.ant-modal-confirm-title')].map((e) => e.textContent);

describe('publishing a version', { timeout: 20_000 }, () => {
  it('tells that the first published version of a group became current, and asks nothing', async () => {
    const { toasts, container } = await open(null);
    await publish(container);
    expect(api.call).toHaveBeenCalledWith(A.publish, { params: { id: 'a2' } });
    expect(toasts).toEqual(['版本 V2 已发布，并已设为当前版本']);
    expect(asked()).toEqual([]);
  });

  it('asks 设为当前版本？ after publishing when the group already has a current version', async () => {
    const { toasts, container } = await open(1);
    await publish(container);
    expect(toasts).toEqual(['版本 V2 已发布']);
    await until(() => asked().length > 0);
    expect(asked()).toEqual(['设为当前版本？']);
    expect(document.querySelector('.ant-modal-confirm-content')?.textContent).toContain(
      '当前结果算法仍是 V1',
    );
  });
});
