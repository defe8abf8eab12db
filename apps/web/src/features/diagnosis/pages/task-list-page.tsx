import {
  type DiagnosisTask,
  ROLE_IDS,
  TABLE_EMPTY_TEXT,
  TASK_PAGE_TYPE_LABELS,
  type TaskPageType,
} from '@eduqa/contract';
import { Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { useOpenParam } from '../../../shared/routing/use-open-param.ts';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGE_SIZE, PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { useSession } from '../../../shell/session/index.ts';
import { ComputedRunModal } from '../../computed/index.ts';
import { diagnosisKeys, useTaskCount, useTasks } from '../api.ts';
import { MyPointsList } from '../components/my-points-list.tsx';
import { TaskFormModal } from '../components/task-form-modal.tsx';
import { taskListColumns } from '../components/task-list-columns.tsx';
import { TaskListFilters } from '../components/task-list-filters.tsx';
import { type TaskListFilterValues, useTaskListFilters } from '../task-list-filters.ts';

/** The task list of a page type; the publisher's yearly page also creates and manages tasks. */
export function TaskListPage({ pageType, bare = false }: { pageType: TaskPageType; bare?: boolean }) {
  const { user } = useSession();
  const canManage =
    (user?.actions ?? []).includes('diagnosis.manage') &&
    (pageType === 'yearTask' || pageType === 'myYearTask');
  const [{ keyword, level, state, points }, setFilters] = useTaskListFilters(!bare);
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
  const form = useDialog<DiagnosisTask>();
  const navigate = useNavigate();
  const act = useAction(diagnosisKeys.all);
  const filter =
    <K extends keyof TaskListFilterValues>(key: K) =>
    (value: TaskListFilterValues[K]) => {
      setFilters({ [key]: value || undefined });
      setPageNum(1);
    };
  const onOpen = (task: DiagnosisTask) => navigate(`task/${task.id}`);
  // A message's link (`?open=ID`) names an object task: its points, as the task's object list opens them.
  useOpenParam((objectTaskId) => navigate(`obj/${objectTaskId}`));
  const collect = useDialog<DiagnosisTask>();
  // Only the task's publisher or an administrator collects (the server checks it too).
  const isAdmin = (user?.roleIdList ?? []).includes(ROLE_IDS.admin);
  const columns = taskListColumns({
    canManage,
    act,
    onOpen,
    onEdit: form.show,
    collect: { isAllowed: (t) => isAdmin || t.publisherId === user?.userId, onCollect: collect.show },
  });

  // 我的任务 also lists the charger's to-do points, across tasks (the home page's 待填报 / 退回待修改).
  const content =
    points && pageType === 'myTask' ? (
      <MyPointsList state={points} keyword={keyword} onChange={setFilters} />
    ) : (
      <>
        <TaskListFilters
          level={level}
          state={state}
          counts={counts.data}
          canManage={canManage}
          act={act}
          keyword={keyword}
          onKeyword={filter('keyword')}
          onLevel={filter('level')}
          onState={filter('state')}
        />
        <Table<DiagnosisTask>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={tasks.data?.records ?? []}
          loading={tasks.isFetching}
          scroll={{ x: columnsWidth(columns) }}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={{
            ...PAGINATION_WITH_WORDS,
            current: pageNum,
            total: tasks.data?.total ?? 0,
            onChange: setPageNum,
          }}
        />
        <TaskFormModal open={form.open} task={form.target} onClose={form.hide} />
        <ComputedRunModal open={collect.open} task={collect.target} onClose={collect.hide} />
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
