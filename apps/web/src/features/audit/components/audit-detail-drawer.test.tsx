// @vitest-environment happy-dom
import type { AuditEntry } from '@eduqa/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../../shared/testing/dom.tsx';
import { AuditDetailDrawer } from './audit-detail-drawer.tsx';

const entry: AuditEntry = {
  id: 'a1',
  seq: '42',
  at: '2026-03-16 08:30:05',
  kind: 'operation',
  actorId: 'u1',
  actorAccount: '=cmd',
  actorName: '<b>管理员</b>',
  departmentId: 'd1',
  departmentName: '教务处',
  address: '10.0.0.8',
  userAgent: 'Mozilla/5.0',
  module: '目标标准',
  operation: '修改质控点',
  event: null,
  method: 'POST',
  path: '/api/herm-mbbz/quality/update',
  objectIds: ['p1', 'p2'],
  result: '40300',
  detail: null,
  changes: { before: { name: '旧' }, after: { name: '<img src=x onerror=alert(1)>' } },
};

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

describe('AuditDetailDrawer', () => {
  it('shows every field and the changes side by side, text from the log as text', async () => {
    const view = await render(<AuditDetailDrawer entry={entry} onClose={() => {}} />);
    cleanup = view.unmount;
    const text = document.body.textContent ?? '';
    for (const shown of [
      '操作日志详情',
      '=cmd',
      '教务处',
      '10.0.0.8',
      '/api/herm-mbbz/quality/update',
      'p1，p2',
    ])
      expect(text).toContain(shown);
    expect(text).toContain('失败（40300）');
    expect(text).toContain('<b>管理员</b>');
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(document.body.querySelector('img, b')).toBeNull();
    const headers = [...document.body.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['字段', '修改前', '修改后']);
  });

  it('shows a record that is not before/after as JSON in a pre', async () => {
    const view = await render(
      <AuditDetailDrawer entry={{ ...entry, changes: { throughSeq: 12 } }} onClose={() => {}} />,
    );
    cleanup = view.unmount;
    expect(document.body.querySelector('pre')?.textContent).toBe('{\n  "throughSeq": 12\n}');
  });
});
