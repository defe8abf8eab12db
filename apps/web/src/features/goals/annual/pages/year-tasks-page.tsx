import { annualEndpoints as E, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Empty, Input, Result, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PAGE_SIZE, PAGINATION } from '../../../../shared/ui/paging.tsx';
import { useDialog } from '../../../../shared/ui/use-dialog.ts';
import { goalKeys } from '../../api.ts';
import { useGoalUser } from '../../use-goal-user.ts';
import { annualKeys, saveDownload, useTaskTree } from '../api.ts';
import { AnnualTaskFormModal } from '../components/annual-task-form-modal.tsx';
import { useShownYearTarget, YearTargetPicker } from '../components/year-target-picker.tsx';
import { type YearTaskRow, yearTaskColumns } from '../components/year-task-columns.tsx';

/** 年度目标任务: the task tree of one year target, 置顶 first, with search, paging and the creator's actions. */
export default function YearTasksPage() {
  const { isPublisher } = useGoalUser();
  const act = useAction(annualKeys.all, goalKeys.all);
  const { targets, yearTargetId, setYearTargetId, yearTarget } = useShownYearTarget();
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const form = useDialog<YearTaskRow>();
  const [parent, setParent] = useState<YearTaskRow | null>(null);

  const tree = useTaskTree(
    { yearTargetId: yearTargetId ?? '', keyword: keyword || undefined, pageNum, pageSize: PAGE_SIZE },
    Boolean(yearTargetId),
  );
  const rows: YearTaskRow[] = (tree.data?.records ?? []).map(({ children, ...root }) => ({
    ...root,
    ...(children.length > 0 ? { children } : {}),
  }));

  /** The task dialog: a new root task, a new sub-task under `under`, or an existing task. */
  const openForm = (task: YearTaskRow | null, under: YearTaskRow | null) => {
    setParent(under);
    form.show(task);
  };
  const columns = yearTaskColumns({
    act,
    onSubTask: (t) => openForm(null, t),
    onEdit: (t) => openForm(t, null),
  });

  return (
    <PageCard
      title="年度目标任务"
      add={
        isPublisher && yearTarget
          ? {
              label: '新增任务',
              onClick: () => openForm(null, null),
            }
          : undefined
      }
    >
      <YearTaskFilters
        yearTargetId={yearTargetId}
        keyword={keyword}
        onYearTarget={(id) => {
          setYearTargetId(id);
          setPageNum(1);
        }}
        onKeyword={(value) => {
          setKeyword(value);
          setPageNum(1);
        }}
      />
      {tree.isError ? (
        <Result status="error" title="加载失败" subTitle={tree.error.message} />
      ) : !yearTargetId && !targets.isLoading ? (
        <Empty description="暂无年度目标，请先在目标任务管理中新建年度目标" />
      ) : (
        <Table<YearTaskRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={targets.isLoading || tree.isLoading || tree.isFetching}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          expandable={{ defaultExpandAllRows: true }}
          pagination={{ ...PAGINATION, current: pageNum, total: tree.data?.total ?? 0, onChange: setPageNum }}
        />
      )}
      <AnnualTaskFormModal
        open={form.open}
        kind="task"
        yearTarget={yearTarget}
        task={form.target}
        parent={parent}
        onClose={form.hide}
      />
    </PageCard>
  );
}

interface YearTaskFiltersProps {
  yearTargetId: string | undefined;
  keyword: string;
  onYearTarget: (id: string | undefined) => void;
  onKeyword: (keyword: string) => void;
}

/** The year target, the name search and 导出 of what they select. */
function YearTaskFilters({ yearTargetId, keyword, onYearTarget, onKeyword }: YearTaskFiltersProps) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <YearTargetPicker value={yearTargetId} onChange={onYearTarget} />
      <Input.Search
        placeholder="请输入任务名称"
        allowClear
        maxLength={60}
        style={{ width: 240 }}
        onSearch={(value) => onKeyword(value.trim())}
      />
      <Tooltip title={yearTargetId ? undefined : '请先选择年度目标'}>
        <Button
          disabled={!yearTargetId}
          onClick={() =>
            void saveDownload(E.yearTaskExport.path, '年度目标任务.xlsx', { yearTargetId, keyword })
          }
        >
          导出
        </Button>
      </Tooltip>
    </Space>
  );
}
