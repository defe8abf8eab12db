import { goalsEndpoints as E } from '@eduqa/contract';
import { Drawer, Result, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { useDrawerSize } from '../../../shared/ui/responsive.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { goalKeys, type NodeRow, post, type TaskDetailData, useTaskDetail } from '../api.ts';
import { DelayModal } from './delay-modal.tsx';
import { NodeFormModal } from './node-form-modal.tsx';
import { ProgressModal } from './progress-modal.tsx';
import { ReasonModal } from './reason-modal.tsx';
import { DecompositionAuditTable, DelayTable, SubTaskTable } from './task-detail/audit-tables.tsx';
import { type NodeHandlers, NodeTable } from './task-detail/node-table.tsx';
import { ProgressTable } from './task-detail/progress-table.tsx';
import { SituationTable } from './task-detail/situation-table.tsx';
import { TaskFacts } from './task-detail/task-facts.tsx';
import { useTaskDecisions } from './task-detail/use-task-decisions.ts';
import { TaskFilesModal } from './task-files-modal.tsx';

/** Wider than the diagnosis drawer (55%): the node and progress tables need the room; a phone's whole width. */
const DRAWER_WIDTH = '65%';

/** 任务详情: facts, nodes, progress with its audit, decomposition audit, delays, sub-tasks and files. */
export function TaskDetailDrawer({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const detail = useTaskDetail(taskId);
  const data = taskId && detail.data?.task.id === taskId ? detail.data : undefined;
  const size = useDrawerSize(DRAWER_WIDTH);
  return (
    <Drawer
      title={data ? `任务详情：${data.task.name}` : '任务详情'}
      open={taskId !== null}
      onClose={onClose}
      size={size}
      destroyOnHidden
    >
      {detail.isError ? (
        <Result status="error" title="任务详情加载失败" subTitle={detail.error.message} />
      ) : !data ? (
        <Spin style={{ display: 'block', margin: '64px auto' }} />
      ) : (
        <TaskDetailBody data={data} />
      )}
    </Drawer>
  );
}

function TaskDetailBody({ data }: { data: TaskDetailData }) {
  const { task } = data;
  const act = useAction(goalKeys.all);
  const decisions = useTaskDecisions(task.id, act);
  const nodeForm = useDialog<NodeRow>();
  const progressForm = useDialog<NodeRow>();
  const delayForm = useDialog<NodeRow>();
  const [isFilesOpen, setFilesOpen] = useState(false);
  const handlers: NodeHandlers = {
    onMove: decisions.moveNode,
    onReportProgress: (node) => progressForm.show(node),
    onRequestDelay: (node) => delayForm.show(node),
    onEdit: (node) => nodeForm.show(node),
    onDelete: async (node) => {
      await act(() => post(E.nodeDelete, { ids: [node.id] }), '节点已删除');
    },
  };

  return (
    <>
      <TaskFacts
        data={data}
        onUploadFiles={() => setFilesOpen(true)}
        onUrge={() => decisions.urgeTask(task.principalName)}
      />
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'nodes',
            label: `任务节点（${data.nodes.length}）`,
            children: (
              <NodeTable
                data={data}
                handlers={handlers}
                onAdd={() => nodeForm.show(null)}
                onDecideDecomposition={decisions.decideDecomposition}
              />
            ),
          },
          {
            key: 'progress',
            label: `进度上报（${data.progress.length}）`,
            children: <ProgressTable data={data} onDecide={decisions.decideProgress} />,
          },
          {
            key: 'audits',
            label: `分解审核（${data.audits.length}）`,
            children: <DecompositionAuditTable data={data} />,
          },
          {
            key: 'delays',
            label: `延期申请（${data.delays.length}）`,
            children: <DelayTable data={data} onDecide={decisions.decideDelay} />,
          },
          {
            key: 'situation',
            label: '完成情况',
            children: <SituationTable task={task} />,
          },
          {
            key: 'subTasks',
            label: `子任务（${data.subTasks.length}）`,
            children: <SubTaskTable data={data} />,
          },
        ]}
      />

      <NodeFormModal open={nodeForm.open} task={task} node={nodeForm.target} onClose={nodeForm.hide} />
      <ProgressModal open={progressForm.open} node={progressForm.target} onClose={progressForm.hide} />
      <DelayModal open={delayForm.open} node={delayForm.target} onClose={delayForm.hide} />
      <ReasonModal ask={decisions.ask} open={decisions.isAskOpen} onClose={decisions.closeAsk} />
      <TaskFilesModal open={isFilesOpen} task={task} onClose={() => setFilesOpen(false)} />
    </>
  );
}
