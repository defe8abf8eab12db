// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pointAuditToolbar } from './point-audit-toolbar.tsx';
import type { PointWork } from './use-point-work.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const work: PointWork = {
  selected: [],
  setSelected: vi.fn(),
  toSubmit: ['p1', 'p2'],
  toDecide: [],
  run: vi.fn(),
  enterResult: vi.fn(),
  toggleFocus: vi.fn(),
};

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** The toolbar as the object task page builds it from obj/authority's isEdit (canEdit) and canAudit. */
async function buttons(authority: { canEdit: boolean; canAudit: boolean }) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const toolbar = pointAuditToolbar({
    work,
    isEdit: authority.canEdit,
    isAuditor: authority.canAudit,
    onRefuse: vi.fn(),
  });
  await act(async () => root.render(<div>{toolbar}</div>));
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  return [...container.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));
}

describe('the object task’s audit buttons follow its authority', () => {
  it('offers the charger 提交审核 with the open points counted, and no audit', async () => {
    expect(await buttons({ canEdit: true, canAudit: false })).toEqual(['提交审核（2）']);
  });

  it('offers an auditor 审核通过 and 审核不通过, and no submission', async () => {
    expect(await buttons({ canEdit: false, canAudit: true })).toEqual(['审核通过', '审核不通过']);
  });

  it('offers a reader nothing', async () => {
    expect(await buttons({ canEdit: false, canAudit: false })).toEqual([]);
  });
});
