import {
  GOAL_WARNING_TYPE_LABELS,
  SCHEDULE_STATUS_LABELS,
  SCHEDULE_STATUSES,
  type ScheduleStatus,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  TASK_VIEW_LABELS,
  type TaskType,
  type TaskView,
} from '@eduqa/contract';
import { Button, Card, Col, Input, Pagination, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { PAGE_SIZE, pageTotalText } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { exportTasks, type TaskRow, useTasks, useWarningCount } from '../api.ts';
import { TaskCard } from '../components/task-card.tsx';
import { TaskDetailDrawer } from '../components/task-detail-drawer.tsx';
import { TaskFormModal } from '../components/task-form-modal.tsx';
import { YearTargetSelect } from '../components/year-target-select.tsx';
import { countQueryOf, type WarningFilter, warningsOfTask } from '../task-filters.ts';
import { useGoalUser } from '../use-goal-user.ts';

const TYPE_OPTIONS = TASK_TYPES.map((value) => ({ value, label: `${value}类·${TASK_TYPE_LABELS[value]}` }));
const STATUS_OPTIONS = SCHEDULE_STATUSES.map((value) => ({ value, label: SCHEDULE_STATUS_LABELS[value] }));
const WARNING_OPTIONS: { value: WarningFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'process', label: GOAL_WARNING_TYPE_LABELS.process },
  { value: 'final', label: GOAL_WARNING_TYPE_LABELS.final },
];

/** 我的任务 / 部门任务 / 协同任务: the caller's target tasks as cards, with the filters of spec 2 §2.7. */
export function TasksPage({ view }: { view: TaskView }) {
  const { chargeDepartments } = useGoalUser();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<TaskType | undefined>();
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const [scheduleStatus, setScheduleStatus] = useState<ScheduleStatus | undefined>();
  const [warning, setWarning] = useState<WarningFilter>('all');
  // Spec 2 §2.7: the department selector starts at the user's first charged department.
  const [departmentId, setDepartmentId] = useState<string | undefined>(
    view === 'department' ? chargeDepartments[0]?.id : undefined,
  );
  const [pageNum, setPageNum] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const editor = useDialog<TaskRow>();
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPageNum(1);
    };

  const paging = { pageNum, pageSize: PAGE_SIZE };
  const filters = {
    ...(keyword ? { keyword } : {}),
    ...(yearTargetId ? { yearTargetId } : {}),
  };
  const active = useTasks({
    view,
    ...paging,
    ...filters,
    ...(type ? { type } : {}),
    ...(scheduleStatus ? { scheduleStatus } : {}),
    ...(departmentId ? { departmentId } : {}),
    ...(warning === 'all' ? {} : { warningType: warning }),
  });
  // Badges on the cards: the counts of spec 1 §6 for this view.
  const counts = useWarningCount(countQueryOf(view, departmentId));
  const rows: TaskRow[] = active.data?.records ?? [];
  const total = active.data?.total ?? 0;
  const head = chargeDepartments.find((d) => d.id === departmentId);

  return (
    <Card
      title={TASK_VIEW_LABELS[view]}
      variant="borderless"
      extra={
        <Button
          onClick={() =>
            void exportTasks({
              view,
              ...filters,
              ...(type ? { type } : {}),
              ...(scheduleStatus ? { scheduleStatus } : {}),
              ...(departmentId ? { departmentId } : {}),
            }).catch(() => undefined)
          }
        >
          导出
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="请输入任务名称"
          allowClear
          maxLength={60}
          style={{ width: 220 }}
          onSearch={(value) => reset(setKeyword)(value.trim())}
        />
        <YearTargetSelect value={yearTargetId} onChange={reset(setYearTargetId)} />
        <Select
          aria-label="任务类型"
          placeholder="任务类型"
          allowClear
          style={{ width: 120 }}
          options={TYPE_OPTIONS}
          value={type}
          onChange={reset<TaskType | undefined>(setType)}
        />
        {view === 'department' && chargeDepartments.length > 0 ? (
          <>
            <Select
              aria-label="部门"
              placeholder="部门"
              style={{ width: 160 }}
              value={departmentId}
              onChange={reset<string | undefined>(setDepartmentId)}
              options={chargeDepartments.map((d) => ({ value: d.id, label: d.name }))}
            />
            {head ? <Typography.Text type="secondary">负责人：{head.headName}</Typography.Text> : null}
          </>
        ) : null}
        <Select
          aria-label="进度状态"
          placeholder="进度状态"
          allowClear
          style={{ width: 120 }}
          options={STATUS_OPTIONS}
          value={scheduleStatus}
          onChange={reset<ScheduleStatus | undefined>(setScheduleStatus)}
        />
        <Select
          aria-label="预警类型"
          style={{ width: 130 }}
          options={WARNING_OPTIONS}
          value={warning}
          onChange={reset<WarningFilter>(setWarning)}
        />
      </Space>
      <ListState
        isLoading={active.isLoading}
        error={active.error}
        isEmpty={rows.length === 0}
        onRetry={() => void active.refetch()}
      >
        <Row gutter={[16, 16]}>
          {rows.map((task) => (
            <Col key={task.id} xs={24} md={12} xxl={8}>
              <TaskCard
                task={task}
                warnings={warningsOfTask(counts.data, task.id)}
                onOpen={(t) => setOpenId(t.id)}
                onEdit={editor.show}
              />
            </Col>
          ))}
        </Row>
      </ListState>
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={pageNum}
        total={total}
        pageSize={PAGE_SIZE}
        showQuickJumper
        showSizeChanger={false}
        showTotal={pageTotalText}
        onChange={setPageNum}
        hideOnSinglePage={false}
      />
      <TaskDetailDrawer taskId={openId} onClose={() => setOpenId(null)} />
      <TaskFormModal open={editor.open} yearTarget={null} task={editor.target} onClose={editor.hide} />
    </Card>
  );
}
