import { TASK_VIEW_LABELS, type TaskView } from '@eduqa/contract';
import { Button, Card, Col, Pagination, Row } from 'antd';
import { useState } from 'react';
import { useOpenParam } from '../../../shared/routing/use-open-param.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { PAGE_SIZE, pageTotalText } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { exportTasks, type TaskRow, useTasks, useWarningCount } from '../api.ts';
import { TaskCard } from '../components/task-card.tsx';
import { TaskDetailDrawer } from '../components/task-detail-drawer.tsx';
import { TaskFilterBar, useTaskFilters } from '../components/task-filter-bar.tsx';
import { TaskFormModal } from '../components/task-form-modal.tsx';
import { countQueryOf, warningsOfTask } from '../task-filters.ts';

/** 我的任务 / 部门任务 / 协同任务: the caller's target tasks as cards, with the filters of spec 2 §2.7. */
export function TasksPage({ view }: { view: TaskView }) {
  const filters = useTaskFilters(view);
  const { keyword, type, yearTargetId, scheduleStatus, warning, departmentId, todo } = filters.values;
  const { pageNum } = filters;
  const [openId, setOpenId] = useState<string | null>(null);
  const editor = useDialog<TaskRow>();
  // A message's link (`?open=ID`) opens the task's drawer as a card's click does.
  useOpenParam(setOpenId);

  const paging = { pageNum, pageSize: PAGE_SIZE };
  const shared = {
    ...(keyword ? { keyword } : {}),
    ...(yearTargetId ? { yearTargetId } : {}),
  };
  const active = useTasks({
    view,
    ...paging,
    ...shared,
    ...(type ? { type } : {}),
    ...(scheduleStatus ? { scheduleStatus } : {}),
    ...(departmentId ? { departmentId } : {}),
    ...(warning === 'all' ? {} : { warningType: warning }),
    ...(todo ? { todo } : {}),
  });
  // Badges on the cards: the counts of spec 1 §6 for this view.
  const counts = useWarningCount(countQueryOf(view, departmentId));
  const rows: TaskRow[] = active.data?.records ?? [];
  const total = active.data?.total ?? 0;
  const onExport = () =>
    void exportTasks({
      view,
      ...shared,
      ...(type ? { type } : {}),
      ...(scheduleStatus ? { scheduleStatus } : {}),
      ...(departmentId ? { departmentId } : {}),
    }).catch(() => undefined);

  return (
    <Card
      title={TASK_VIEW_LABELS[view]}
      variant="borderless"
      extra={<Button onClick={onExport}>导出</Button>}
    >
      <TaskFilterBar view={view} filters={filters} />
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
        onChange={filters.setPageNum}
        hideOnSinglePage={false}
      />
      <TaskDetailDrawer taskId={openId} onClose={() => setOpenId(null)} />
      <TaskFormModal open={editor.open} yearTarget={null} task={editor.target} onClose={editor.hide} />
    </Card>
  );
}
