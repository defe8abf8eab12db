// @vitest-environment happy-dom
import { type AuditEntryWire, auditEndpoints, type Endpoint } from '@eduqa/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries, until } from '../../../shared/testing/dom.tsx';
import { RecentChanges } from './recent-changes.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));
const session = vi.hoisted(() => ({ actions: [] as string[] }));
vi.mock('../../../shell/session/index.ts', () => ({
  useSession: () => ({ user: { actions: session.actions } }),
}));

const entry = (id: string, operation: string): AuditEntryWire => ({
  id,
  seq: id,
  at: '2026-11-30 09:00:00',
  kind: 'operation',
  actorId: 'u1',
  actorAccount: 'admin',
  actorName: '管理员',
  departmentId: null,
  departmentName: null,
  address: '127.0.0.1',
  userAgent: null,
  module: '诊断改进',
  operation,
  event: null,
  method: 'POST',
  path: '/x',
  objectIds: ['p1'],
  result: 'success',
  detail: null,
  changes: null,
});

const show = () =>
  renderWithQueries(
    <MemoryRouter>
      <RecentChanges objectId="p1" objectName="数学 · 及格率" />
    </MemoryRouter>,
  );

afterEach(() => {
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

describe('RecentChanges', () => {
  it("lists the object's last entries and links to all of them in the operation log", async () => {
    session.actions = ['audit.read'];
    api.call.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint !== auditEndpoints.operationLog) throw new Error(endpoint.path);
      return {
        records: [entry('2', '修改结果值'), entry('1', '填报')],
        total: 7,
        current: 1,
        pages: 2,
        size: 5,
      };
    });
    const { container } = await show();
    await until(() => container.querySelectorAll('.ant-list-item').length === 2);
    expect(api.call).toHaveBeenCalledWith(auditEndpoints.operationLog, {
      query: { objectId: 'p1', pageNum: 1, pageSize: 5 },
    });
    expect(container.textContent).toContain('管理员修改结果值成功');
    const link = container.querySelector('a[href*="operationLog"]');
    expect(link?.textContent).toBe('在操作日志中查看全部（7 条）');
    const target = new URL(link?.getAttribute('href') ?? '', 'http://x');
    expect(target.pathname).toBe('/system/operationLog');
    expect(Object.fromEntries(target.searchParams)).toEqual({ objectId: 'p1', objectName: '数学 · 及格率' });
  });

  it('shows nothing, and asks nothing, to whoever may not read the log', async () => {
    session.actions = ['standards.manage'];
    const { container } = await show();
    expect(container.textContent).toBe('');
    expect(api.call).not.toHaveBeenCalled();
  });
});
