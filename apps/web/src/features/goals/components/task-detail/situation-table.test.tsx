// @vitest-environment happy-dom
import type { PerformSituation } from '@eduqa/contract';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SituationTable } from './situation-table.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const api = vi.hoisted(() => ({
  exportSituation: vi.fn(async () => {}),
  data: { current: undefined as unknown },
}));
vi.mock('../../api.ts', () => ({
  exportSituation: api.exportSituation,
  usePerformSituation: () => ({ data: api.data.current, isError: false }),
}));

const situation = {
  task: { id: 't1', name: '提升就业质量' },
  nodes: [
    {
      nodeId: 'n1',
      name: '调研与方案',
      principalName: '王主任',
      startDate: '2026-01-01',
      endDate: '2026-03-01',
      state: 'executeing',
      warningType: null,
      reportCount: 2,
      passedCount: 1,
      reviewingCount: 1,
      rejectedCount: 0,
      completion: 40,
      isFinalPassed: false,
      lastReportedAt: '2026-02-01 10:00:00',
      delayCount: 1,
      delayPassedCount: 1,
    },
  ],
  totals: {
    nodeCount: 1,
    doneNodeCount: 0,
    finalPassedCount: 0,
    reviewingCount: 1,
    warningCount: 0,
    delayCount: 1,
  },
} as unknown as PerformSituation;

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

async function render() {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<SituationTable task={{ id: 't1', name: '提升就业质量' }} />));
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  return container;
}

describe('the 完成情况 tab of the task detail', () => {
  it('shows each node’s reports, audits, completion and delays, and the totals', async () => {
    api.data.current = situation;
    const text = (await render()).textContent ?? '';
    expect(text).toContain('调研与方案');
    expect(text).toContain('40%');
    expect(text).toContain('未通过');
    expect(text).toContain('1/1');
    expect(text).toContain('0/1 已完成');
  });

  it('exports the task’s 完成情况 from its button', async () => {
    api.data.current = situation;
    const container = await render();
    const button = [...container.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('导出完成情况'),
    );
    expect(button).toBeDefined();
    await act(async () => button!.click());
    expect(api.exportSituation).toHaveBeenCalledWith({ id: 't1', name: '提升就业质量' });
  });
});
