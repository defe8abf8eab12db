import type { ReportSummary } from '@eduqa/contract';
import { Empty, Flex, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { usePagedQuery } from '../../../shared/api/use-paged-query.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { fetchReports, reportKeys, useDiagnosisTasks } from '../api.ts';
import { GenerateModal } from '../components/generate-modal.tsx';
import { reportColumns } from '../components/report-columns.tsx';
import { useReportUser } from '../use-report-user.ts';
import { ReportPage } from './report-page.tsx';

/** 部门汇总分析 with its own route `view/:id` (a report opened from it). */
export function DepartmentArea() {
  return (
    <Routes>
      <Route index element={<DepartmentPage />} />
      <Route path="view/:id" element={<ReportPage />} />
    </Routes>
  );
}

/**
 * 部门汇总分析 (spec 2 §2.7): a department the user heads — the first by default — with its head, a
 * diagnosis task, that task's reports, and 生成部门报告.
 */
export function DepartmentPage() {
  const { headedDepartments } = useReportUser();
  const [chosenDepartment, setDepartment] = useState<string | undefined>();
  const department = headedDepartments.find((d) => d.id === chosenDepartment) ?? headedDepartments[0] ?? null;
  if (!department) {
    return (
      <PageCard title="部门汇总分析">
        <Empty
          style={{ margin: '48px 0' }}
          description="您不是任何部门的负责人。部门汇总分析供部门负责人查看和生成本部门的报告；与您相关的报告请在「报告列表」中查看。"
        />
      </PageCard>
    );
  }
  return (
    <DepartmentReports departments={headedDepartments} department={department} onDepartment={setDepartment} />
  );
}

type Department = ReturnType<typeof useReportUser>['headedDepartments'][number];

function DepartmentReports({
  departments,
  department,
  onDepartment,
}: {
  departments: readonly Department[];
  department: Department;
  onDepartment: (id: string) => void;
}) {
  const choice = useTaskChoice();
  const { tasks, task } = choice;
  const [keyword, setKeyword] = useState('');
  const { list, page } = usePagedQuery({
    queryKey: reportKeys.list,
    queryFn: fetchReports,
    filters: {
      view: 'all' as const,
      taskId: task?.id ?? '',
      departmentId: department.id,
      ...(keyword ? { keyword } : {}),
    },
    enabled: task !== null,
  });
  const act = useAction(reportKeys.all);
  const generate = useDialog<null>();
  const navigate = useNavigate();
  const columns = reportColumns({ act });

  return (
    <PageCard
      title="部门汇总分析"
      {...(task ? { add: { label: '生成部门报告', onClick: () => generate.show(null) } } : {})}
    >
      <ChoiceBar
        departments={departments}
        department={department}
        onDepartment={onDepartment}
        choice={choice}
      />
      {!task ? (
        <Empty description={tasks.isLoading ? '加载中…' : '暂无可选的诊断任务'} />
      ) : list.isError ? (
        <ListState isLoading={false} error={list.error} isEmpty={false} onRetry={() => void list.refetch()}>
          {null}
        </ListState>
      ) : (
        <PagedTable<ReportSummary>
          search={{ placeholder: '报告名称', isLive: true, onSearch: setKeyword }}
          rowKey="id"
          columns={columns}
          rows={list.data?.records ?? []}
          isLoading={list.isLoading}
          serverPage={page}
          scrollX={columnsWidth(columns)}
        />
      )}
      {task ? (
        <GenerateModal
          open={generate.open}
          onClose={generate.hide}
          preset={{
            taskId: task.id,
            taskName: task.name,
            departmentId: department.id,
            departmentName: department.name,
          }}
          onCreated={(report) => navigate(`view/${report.id}`)}
        />
      ) : null}
    </PageCard>
  );
}

/** The diagnosis task chosen for the page: searched as the user types, the first found until one is chosen. */
function useTaskChoice() {
  const { taskPageType } = useReportUser();
  const [taskInput, setTaskInput] = useState('');
  const [taskKeyword, setTaskKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTaskKeyword(taskInput.trim()), 300);
    return () => clearTimeout(timer);
  }, [taskInput]);
  const tasks = useDiagnosisTasks({ keyword: taskKeyword, pageType: taskPageType, enabled: true });
  const [chosenTask, setTask] = useState<{ id: string; name: string } | null>(null);
  const firstTask = tasks.data?.[0];
  const task = chosenTask ?? (firstTask ? { id: firstTask.id, name: firstTask.name } : null);
  const taskOptions = (tasks.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  if (task && !taskOptions.some((o) => o.value === task.id))
    taskOptions.unshift({ value: task.id, label: task.name });
  return { tasks, task, setTask, setTaskInput, taskOptions };
}

/** The department and the diagnosis task whose department reports the page lists. */
function ChoiceBar({
  departments,
  department,
  onDepartment,
  choice,
}: {
  departments: readonly Department[];
  department: Department;
  onDepartment: (id: string) => void;
  choice: ReturnType<typeof useTaskChoice>;
}) {
  return (
    <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }}>
      <Flex gap={8} align="center">
        <Typography.Text>部门</Typography.Text>
        <Select
          aria-label="部门"
          style={{ width: 200 }}
          value={department.id}
          onChange={onDepartment}
          options={departments.map((d) => ({ value: d.id, label: d.name }))}
        />
        <Typography.Text type="secondary" aria-label="部门负责人">
          负责人：{department.headName || '—'}
        </Typography.Text>
      </Flex>
      <Flex gap={8} align="center">
        <Typography.Text>诊断任务</Typography.Text>
        <Select
          aria-label="诊断任务"
          style={{ width: 280 }}
          placeholder="请输入任务名称搜索"
          value={choice.task?.id}
          showSearch={{ filterOption: false, onSearch: choice.setTaskInput }}
          loading={choice.tasks.isFetching}
          notFoundContent={choice.tasks.isFetching ? '搜索中…' : '暂无数据'}
          onChange={(id: string) => {
            const found = choice.taskOptions.find((o) => o.value === id);
            choice.setTask(found ? { id, name: found.label } : null);
          }}
          options={choice.taskOptions}
        />
      </Flex>
    </Flex>
  );
}
