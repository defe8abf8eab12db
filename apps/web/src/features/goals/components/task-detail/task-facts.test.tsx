// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskDetailData } from '../../api.ts';
import { TaskFacts } from './task-facts.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rights = {
  canEdit: false,
  canDecompose: false,
  canAuditDecomposition: false,
  canDepartAudit: false,
  canFinalAudit: false,
  canUrge: false,
};
const detail = (over: { canUrge: boolean; isWithdrawn?: boolean }) =>
  ({
    task: {
      id: 't1',
      name: '提升就业质量',
      yearTargetName: '人才培养',
      type: 'A',
      examType: 'score',
      targetValue: '100%',
      departmentName: '机电工程学院',
      principalName: '杨光',
      collaboratingDepartments: [],
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      state: 'waitResolve',
      scheduleStatus: 'unstart',
      warningType: null,
      auditState: null,
      progress: 0,
      doneNodeCount: 0,
      nodeCount: 0,
      creatorName: '赵明',
      createdAt: '2026-01-01 08:00:00',
      detail: '',
      isWithdrawn: over.isWithdrawn ?? false,
    },
    files: [],
    rights: { ...rights, canUrge: over.canUrge },
  }) as unknown as TaskDetailData;

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

async function render(data: TaskDetailData, onUrge: () => void) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<TaskFacts data={data} onUploadFiles={() => {}} onUrge={onUrge} />));
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  return container;
}

const urgeButton = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '催办');

describe('催办 in the task’s facts', () => {
  it('is beside the principal for who may urge, and asks for the urge', async () => {
    const onUrge = vi.fn();
    const container = await render(detail({ canUrge: true }), onUrge);
    const button = urgeButton(container);
    expect(button).toBeDefined();
    await act(async () => button!.click());
    expect(onUrge).toHaveBeenCalledOnce();
  });

  it('is not there for anyone else, nor on a withdrawn task', async () => {
    expect(urgeButton(await render(detail({ canUrge: false }), vi.fn()))).toBeUndefined();
    cleanup?.();
    expect(urgeButton(await render(detail({ canUrge: true, isWithdrawn: true }), vi.fn()))).toBeUndefined();
  });
});
