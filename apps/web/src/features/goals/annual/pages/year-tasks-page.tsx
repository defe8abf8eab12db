import { PushpinFilled } from '@ant-design/icons';
import {
  annualEndpoints as E,
  TABLE_EMPTY_TEXT,
  TASK_TYPE_LABELS,
  YEAR_TASK_STATE_LABELS,
} from '@eduqa/contract';
import { Button, Empty, Input, Result, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PAGE_SIZE, PAGINATION } from '../../../../shared/ui/paging.tsx';
import { useDialog } from '../../../../shared/ui/use-dialog.ts';
import { goalKeys } from '../../api.ts';
import { useGoalUser } from '../../use-goal-user.ts';
import { annualKeys, post, saveDownload, type TreeRow, useTaskTree } from '../api.ts';
import { AnnualTaskFormModal } from '../components/annual-task-form-modal.tsx';
import { useYearTargetOptions, YearTargetPicker } from '../components/year-target-picker.tsx';

type Row = Omit<TreeRow, 'children'> & { children?: Row[] };

/** 年度目标任务: the task tree of one year target, 置顶 first, with search, paging and the creator's actions. */
export default function YearTasksPage() {
  const { isPublisher } = useGoalUser();
  const act = useAction(annualKeys.all, goalKeys.all);
  const targets = useYearTargetOptions();
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const form = useDialog<Row>();
  const [parent, setParent] = useState<Row | null>(null);

  useEffect(() => {
    if (!yearTargetId && targets.data?.[0]) setYearTargetId(targets.data[0].id);
  }, [targets.data, yearTargetId]);
  const yearTarget = targets.data?.find((t) => t.id === yearTargetId) ?? null;
  const tree = useTaskTree(
    { yearTargetId: yearTargetId ?? '', keyword: keyword || undefined, pageNum, pageSize: PAGE_SIZE },
    Boolean(yearTargetId),
  );
  const rows: Row[] = (tree.data?.records ?? []).map(({ children, ...root }) => ({
    ...root,
    ...(children.length > 0 ? { children } : {}),
  }));

  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: '任务名称',
      render: (_, t) => (
        <Space size={4} wrap>
          {t.isTop ? (
            <Tooltip title="已置顶">
              <PushpinFilled style={{ color: '#fa8c16' }} aria-label="已置顶" />
            </Tooltip>
          ) : null}
          <span>{t.name}</span>
          {t.kind === 'average' ? <Tag color="purple">平均水平</Tag> : null}
          {t.isWithdrawn ? <Tag>已撤回</Tag> : null}
        </Space>
      ),
    },
    { key: 'targetType', title: '目标类型', width: 90, render: (_, t) => t.targetTypeName ?? '—' },
    {
      key: 'type',
      title: '任务类型',
      width: 85,
      render: (_, t) => `${t.type}类·${TASK_TYPE_LABELS[t.type]}`,
    },
    { key: 'targetValue', title: '目标值', dataIndex: 'targetValue', width: 120, ellipsis: true },
    { key: 'department', title: '责任部门', dataIndex: 'departmentName', width: 120, ellipsis: true },
    { key: 'principal', title: '负责人', dataIndex: 'principalName', width: 70 },
    {
      key: 'dates',
      title: '起止日期',
      width: 105,
      render: (_, t) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {t.startDate}
          <br />至 {t.endDate}
        </span>
      ),
    },
    { key: 'state', title: '状态', width: 70, render: (_, t) => YEAR_TASK_STATE_LABELS[t.state] },
    {
      key: 'actions',
      title: '操作',
      width: 190,
      render: (_, t) =>
        t.isTargetCreator ? (
          <Space size={0} wrap>
            {t.parentId === null ? (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void act(
                    () => post(E.yearTaskTop, { id: t.id, isTop: !t.isTop }),
                    t.isTop ? '已取消置顶' : '已置顶',
                  )
                }
              >
                {t.isTop ? '取消置顶' : '置顶'}
              </Button>
            ) : null}
            {t.parentId === null && t.kind === 'task' ? (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setParent(t);
                  form.show(null);
                }}
              >
                子任务
              </Button>
            ) : null}
            {t.kind === 'task' ? (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setParent(null);
                  form.show(t);
                }}
              >
                编辑
              </Button>
            ) : null}
            <ConfirmLink
              title={`确定删除任务「${t.name}」吗？`}
              description="已开始执行或仍有子任务的任务不能删除。"
              okText="删除"
              isDanger
              onConfirm={async () => {
                await act(() => post(E.yearTaskDelete, { ids: [t.id] }), '任务已删除');
              }}
            >
              删除
            </ConfirmLink>
          </Space>
        ) : (
          <span style={{ color: 'rgba(0,0,0,0.25)' }}>—</span>
        ),
    },
  ];

  return (
    <PageCard
      title="年度目标任务"
      add={
        isPublisher && yearTarget
          ? {
              label: '新增任务',
              onClick: () => {
                setParent(null);
                form.show(null);
              },
            }
          : undefined
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <YearTargetPicker
          value={yearTargetId}
          onChange={(id) => {
            setYearTargetId(id);
            setPageNum(1);
          }}
        />
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
        <Button
          disabled={!yearTargetId}
          onClick={() =>
            void saveDownload(E.yearTaskExport.path, '年度目标任务.xlsx', { yearTargetId, keyword })
          }
        >
          导出
        </Button>
      </Space>
      {tree.isError ? (
        <Result status="error" title="加载失败" subTitle={tree.error.message} />
      ) : !yearTargetId && !targets.isLoading ? (
        <Empty description="暂无年度目标，请先在目标任务管理中新建年度目标" />
      ) : (
        <Table<Row>
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
