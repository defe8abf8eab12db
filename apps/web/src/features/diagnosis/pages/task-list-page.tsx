import {
  type DiagnosisTask,
  diagnosisEndpoints,
  OBJECT_LEVEL_LABELS,
  OBJECT_LEVELS,
  type ObjectLevel,
  TABLE_EMPTY_TEXT,
  TASK_PAGE_TYPE_LABELS,
  TASK_STATE_LABELS,
  TASK_STATES,
  type TaskPageType,
  type TaskState,
} from '@eduqa/contract';
import { Badge, Button, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../shared/api/client.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGE_SIZE, PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { useSession } from '../../../shell/session/index.ts';
import { useRefreshDiagnosis, useTaskCount, useTasks } from '../api.ts';
import { TaskFormModal } from '../components/task-form-modal.tsx';
import { levelLabel } from '../values.ts';

export const TASK_STATE_COLORS: Record<TaskState, string> = {
  normal: 'processing',
  pause: 'warning',
  finished: 'default',
};

export function TaskStateTag({ state }: { state: TaskState }) {
  return <Tag color={TASK_STATE_COLORS[state]}>{TASK_STATE_LABELS[state]}</Tag>;
}

const LEVEL_OPTIONS = OBJECT_LEVELS.map((value) => ({ value, label: OBJECT_LEVEL_LABELS[value] }));
const STATE_OPTIONS = TASK_STATES.map((value) => ({ value, label: TASK_STATE_LABELS[value] }));

/** The task list of a page type; the publisher's yearly page also creates and manages tasks. */
export function TaskListPage({ pageType, bare = false }: { pageType: TaskPageType; bare?: boolean }) {
  const { user } = useSession();
  const canManage =
    (user?.actions ?? []).includes('diagnosis.manage') &&
    (pageType === 'yearTask' || pageType === 'myYearTask');
  const [keyword, setKeyword] = useState('');
  const [level, setLevel] = useState<ObjectLevel | undefined>();
  const [state, setState] = useState<TaskState | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const tasks = useTasks({
    pageType,
    pageNum,
    pageSize: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(level ? { level } : {}),
    ...(state ? { state } : {}),
  });
  const counts = useTaskCount(canManage);
  const refresh = useRefreshDiagnosis();
  const form = useDialog<DiagnosisTask>();
  const navigate = useNavigate();

  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
    } catch {
      return;
    }
    if (done) notify.success(done);
    await refresh();
  };
  const setTaskState = (task: DiagnosisTask, next: TaskState, done: string) =>
    act(() => call(diagnosisEndpoints.taskState, { body: { id: task.id, state: next }, json: true }), done);

  const columns: TableColumnsType<DiagnosisTask> = [
    {
      key: 'name',
      title: '任务名称',
      width: 220,
      render: (_, task) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => navigate(`task/${task.id}`)}>
          {task.name}
        </Button>
      ),
    },
    { key: 'level', title: '诊断层级', width: 90, render: (_, task) => levelLabel(task.level) },
    { key: 'period', title: '诊断期间', dataIndex: 'period', width: 110 },
    {
      key: 'dates',
      title: '起止日期',
      width: 200,
      render: (_, task) => `${task.startDate} 至 ${task.endDate}`,
    },
    { key: 'state', title: '状态', width: 90, render: (_, task) => <TaskStateTag state={task.state} /> },
    { key: 'objectCount', title: '对象数', dataIndex: 'objectCount', width: 80, align: 'right' },
    { key: 'pointCount', title: '质控点数', dataIndex: 'pointCount', width: 90, align: 'right' },
    {
      key: 'belowCount',
      title: '未达标',
      width: 80,
      align: 'right',
      render: (_, task) => (
        <span style={{ color: task.belowCount ? '#cf1322' : undefined }}>{task.belowCount}</span>
      ),
    },
    {
      key: 'unfinishedCount',
      title: '未完成',
      width: 80,
      align: 'right',
      render: (_, task) => (
        <span style={{ color: task.unfinishedCount ? '#d46b08' : undefined }}>{task.unfinishedCount}</span>
      ),
    },
    {
      key: 'openWarningCount',
      title: '未处理预警',
      width: 100,
      align: 'right',
      render: (_, task) => (
        <Badge count={task.openWarningCount} showZero color={task.openWarningCount ? '#f5222d' : '#d9d9d9'} />
      ),
    },
    { key: 'publisherName', title: '发布人', dataIndex: 'publisherName', width: 100 },
    {
      key: 'actions',
      title: '操作',
      width: canManage ? 290 : 80,
      fixed: 'right',
      render: (_, task) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => navigate(`task/${task.id}`)}>
            {canManage ? '诊断对象' : '查看'}
          </Button>
          {canManage ? (
            <>
              <Button
                type="link"
                size="small"
                disabled={task.state === 'finished'}
                onClick={() => form.show(task)}
              >
                编辑
              </Button>
              {task.state === 'normal' ? (
                <ConfirmLink
                  key="pause"
                  title={`确定暂停任务「${task.name}」吗？`}
                  okText="暂停"
                  onConfirm={() => setTaskState(task, 'pause', '任务已暂停')}
                >
                  暂停
                </ConfirmLink>
              ) : null}
              {task.state === 'pause' ? (
                <ConfirmLink
                  key="resume"
                  title={`确定恢复任务「${task.name}」吗？`}
                  okText="恢复"
                  onConfirm={() => setTaskState(task, 'normal', '任务已恢复')}
                >
                  恢复
                </ConfirmLink>
              ) : null}
              {task.state !== 'finished' ? (
                <ConfirmLink
                  key="finish"
                  title={`确定结束任务「${task.name}」吗？`}
                  description="结束后不能再填报结果，未填报的质控点记为未完成。"
                  okText="结束"
                  isDanger
                  onConfirm={() => setTaskState(task, 'finished', '任务已结束')}
                >
                  结束
                </ConfirmLink>
              ) : null}
              <ConfirmLink
                title={`确定删除任务「${task.name}」吗？`}
                description="任务的诊断对象、质控点、采样与预警记录将一并删除。"
                okText="删除"
                isDanger
                onConfirm={() =>
                  act(
                    () => call(diagnosisEndpoints.taskDelete, { body: { ids: [task.id] }, json: true }),
                    '删除成功',
                  )
                }
              >
                删除
              </ConfirmLink>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  const content = (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="请输入任务名称"
          allowClear
          maxLength={60}
          style={{ width: 240 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
        />
        <Select
          aria-label="诊断层级"
          placeholder="诊断层级"
          allowClear
          style={{ width: 120 }}
          options={LEVEL_OPTIONS}
          value={level}
          onChange={(value?: ObjectLevel) => {
            setLevel(value);
            setPageNum(1);
          }}
        />
        <Select
          aria-label="任务状态"
          placeholder="任务状态"
          allowClear
          style={{ width: 120 }}
          options={STATE_OPTIONS.map((o) => ({
            ...o,
            label: counts.data ? `${o.label}（${counts.data[o.value]}）` : o.label,
          }))}
          value={state}
          onChange={(value?: TaskState) => {
            setState(value);
            setPageNum(1);
          }}
        />
        {canManage ? (
          <Popconfirm
            title="确定结束所有已过期的任务吗？"
            description="结束日期早于今天且未结束的任务将被结束。"
            okText="结束"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() =>
              act(async () => {
                const { closed } = await call(diagnosisEndpoints.taskCloseOutdated, { body: {}, json: true });
                notify.success(`已结束${closed}个过期任务`);
              })
            }
          >
            <Button>结束过期任务</Button>
          </Popconfirm>
        ) : null}
      </Space>
      <Table<DiagnosisTask>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tasks.data?.records ?? []}
        loading={tasks.isFetching}
        scroll={{ x: 1400 }}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        pagination={{
          ...PAGINATION_WITH_WORDS,
          current: pageNum,
          total: tasks.data?.total ?? 0,
          onChange: setPageNum,
        }}
      />
      <TaskFormModal open={form.open} task={form.target} onClose={form.hide} />
    </>
  );
  if (bare) return content;
  return (
    <PageCard
      title={TASK_PAGE_TYPE_LABELS[pageType]}
      add={canManage ? { label: '新建任务', onClick: () => form.show(null) } : undefined}
    >
      {content}
    </PageCard>
  );
}
