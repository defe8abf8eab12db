import { goalsEndpoints as E } from '@eduqa/contract';
import type { ReactElement } from 'react';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { post, type TaskRow } from '../api.ts';
import { taskCardActions } from '../goal-rules.ts';

/**
 * 撤回, 重新下发 and 删除 of a target task, each where the task's rules allow it. A list of keyed
 * links rather than a component, so that a `Space` still wraps each link as its own item.
 */
export function taskLifecycleLinks(task: TaskRow, act: RunAction): ReactElement[] {
  const can = taskCardActions(task);
  const links: ReactElement[] = [];
  if (can.withdraw) {
    links.push(
      <ConfirmLink
        key="withdraw"
        title={`确定撤回任务「${task.name}」吗？`}
        description="撤回后责任部门将看不到该任务，可重新下发。"
        okText="撤回"
        onConfirm={async () => {
          await act(() => post(E.targetTaskWithdraw, { id: task.id }), '任务已撤回');
        }}
      >
        撤回
      </ConfirmLink>,
    );
  }
  if (can.republish) {
    links.push(
      <ConfirmLink
        key="republish"
        title={`确定重新下发任务「${task.name}」吗？`}
        okText="下发"
        onConfirm={async () => {
          await act(() => post(E.targetTaskRepublish, { id: task.id }), '任务已重新下发');
        }}
      >
        重新下发
      </ConfirmLink>,
    );
  }
  if (can.remove) {
    links.push(
      <ConfirmLink
        key="delete"
        title={`确定删除任务「${task.name}」吗？`}
        description="任务的节点、进度与附件将一并删除。"
        okText="删除"
        isDanger
        onConfirm={async () => {
          await act(() => post(E.targetTaskDelete, { ids: [task.id] }), '任务已删除');
        }}
      >
        删除
      </ConfirmLink>,
    );
  }
  return links;
}
