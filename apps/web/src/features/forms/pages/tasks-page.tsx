import { ClockCircleOutlined } from '@ant-design/icons';
import {
  COLLECT_TASK_STATE_LABELS,
  COLLECT_TASK_STATES,
  type CollectTask,
  type CollectTaskState,
} from '@eduqa/contract';
import { Button, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { type RunAction, useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { closeOutdatedTasks, deleteTask, formsKeys, updateTask, useCollectTasks } from '../api.ts';
import { TaskDrawer } from '../widgets/task-drawer.tsx';
import { TaskFormModal } from '../widgets/task-form-modal.tsx';

const STATE_FILTER = COLLECT_TASK_STATES.map((s) => ({ value: s, label: COLLECT_TASK_STATE_LABELS[s] }));
const STATE_COLORS: Record<CollectTaskState, string> = {
  normal: 'green',
  pause: 'orange',
  finished: 'default',
};

/** A task's 详情, 编辑, 暂停 or 恢复, 结束 and 删除; each says why when it cannot be used. */
function TaskActions({
  task: t,
  run,
  onShow,
  onEdit,
}: {
  task: CollectTask;
  run: RunAction;
  onShow: (task: CollectTask) => void;
  onEdit: (task: CollectTask) => void;
}) {
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => onShow(t)}>
        详情
      </Button>
      <Button type="link" size="small" disabled={t.state === 'finished'} onClick={() => onEdit(t)}>
        编辑
      </Button>
      {t.state === 'pause' ? (
        <ConfirmLink
          title={`确定恢复任务「${t.name}」吗？`}
          okText="恢复"
          onConfirm={() => run(() => updateTask(t.id, { action: 'resume' }), '任务已恢复')}
        >
          恢复
        </ConfirmLink>
      ) : (
        <ConfirmLink
          title={`确定暂停任务「${t.name}」吗？`}
          description="暂停期间填报人不能填写和提交。"
          okText="暂停"
          disabledReason={t.state === 'finished' ? '任务已结束' : undefined}
          onConfirm={() => run(() => updateTask(t.id, { action: 'pause' }), '任务已暂停')}
        >
          暂停
        </ConfirmLink>
      )}
      <ConfirmLink
        title={`确定结束任务「${t.name}」吗？`}
        description="结束后不能再填报、分配或退回。"
        okText="结束"
        isDanger
        disabledReason={t.state === 'finished' ? '任务已结束' : undefined}
        onConfirm={() => run(() => updateTask(t.id, { action: 'finish' }), '任务已结束')}
      >
        结束
      </ConfirmLink>
      <ConfirmLink
        title={`确定删除任务「${t.name}」吗？`}
        description="只能删除尚无提交的任务。"
        okText="删除"
        isDanger
        onConfirm={() => run(() => deleteTask(t.id), '任务已删除')}
      >
        删除
      </ConfirmLink>
    </Space>
  );
}

/** 数据采集 › 采集任务: tasks sent to departments, paused, resumed, finished; their allocations in a drawer. */
export default function TasksPage() {
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<CollectTaskState | undefined>();
  const { list, page } = useCollectTasks({ keyword: keyword || undefined, state });
  const dialog = useDialog<CollectTask>();
  const [shown, setShown] = useState<CollectTask | null>(null);
  const run = useAction(formsKeys.all);

  const columns: TableColumnsType<CollectTask> = [
    {
      title: '任务名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, t) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShown(t)}>
          {name}
        </Button>
      ),
    },
    {
      title: '表单',
      key: 'forms',
      ellipsis: true,
      render: (_, t) => t.forms.map((f) => f.formName).join('、'),
    },
    { title: '部门数', key: 'departments', width: 80, render: (_, t) => t.departments.length },
    { title: '开始时间', dataIndex: 'startAt', width: 170 },
    { title: '截止时间', dataIndex: 'deadline', width: 170 },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (s: CollectTaskState) => <Tag color={STATE_COLORS[s]}>{COLLECT_TASK_STATE_LABELS[s]}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 280,
      render: (_, t) => <TaskActions task={t} run={run} onShow={setShown} onEdit={dialog.show} />,
    },
  ];

  return (
    <PageCard
      title="采集任务"
      add={{ label: '新建采集任务', onClick: () => dialog.show() }}
      actions={
        <Popconfirm
          title="确定结束所有已过截止时间的任务吗？"
          okText="结束"
          cancelText="取消"
          onConfirm={() => run(closeOutdatedTasks, (answer) => `已结束${answer.closed}个过期任务`)}
        >
          <Button icon={<ClockCircleOutlined />}>关闭过期任务</Button>
        </Popconfirm>
      }
    >
      <PagedTable<CollectTask>
        search={{ placeholder: '请输入任务名称', onSearch: setKeyword }}
        filters={
          <Select
            allowClear
            aria-label="状态"
            placeholder="全部状态"
            style={{ width: 140 }}
            options={STATE_FILTER}
            value={state}
            onChange={setState}
          />
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.records ?? []}
        isLoading={list.isFetching}
        serverPage={page}
      />
      <TaskFormModal open={dialog.open} task={dialog.target} onClose={dialog.hide} />
      <TaskDrawer task={shown} onClose={() => setShown(null)} />
    </PageCard>
  );
}
