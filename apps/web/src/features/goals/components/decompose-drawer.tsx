import {
  goalsEndpoints as E,
  TABLE_EMPTY_TEXT,
  TARGET_TASK_IMPORT,
  YEAR_TASK_STATE_LABELS,
} from '@eduqa/contract';
import { Button, Drawer, Input, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ExcelImportModal } from '../../../shared/excel/excel-import-modal.tsx';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { exportTasks, goalKeys, post, type TaskRow, useTasks, type YearTargetRow } from '../api.ts';
import { dateRange, percent } from '../goal-labels.ts';
import { taskCardActions } from '../goal-rules.ts';
import { useGoalUser } from '../use-goal-user.ts';
import { CatalogModal } from './catalog-modal.tsx';
import { ScheduleTag, TaskTypeTag, WarningTag } from './goal-tags.tsx';
import { TaskDetailDrawer } from './task-detail-drawer.tsx';
import { TaskFormModal } from './task-form-modal.tsx';

/** 分解: the target tasks of one year target; the publisher adds tasks (and sub-tasks) for departments. */
export function DecomposeDrawer({
  yearTarget,
  onClose,
}: {
  yearTarget: YearTargetRow | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      title={yearTarget ? `分解年度目标：${yearTarget.name}` : '分解年度目标'}
      open={yearTarget !== null}
      onClose={onClose}
      size="80%"
      destroyOnHidden
    >
      {yearTarget ? <DecomposeBody yearTarget={yearTarget} /> : null}
    </Drawer>
  );
}

function DecomposeBody({ yearTarget }: { yearTarget: YearTargetRow }) {
  const { isPublisher } = useGoalUser();
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const tasks = useTasks({
    yearTargetId: yearTarget.id,
    pageNum,
    pageSize: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
  });
  const form = useDialog<TaskRow>();
  const [parent, setParent] = useState<TaskRow | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [isImporting, setImporting] = useState(false);
  const catalog = useDialog<TaskRow>();
  const act = useAction(goalKeys.all);
  const addTask = (under: TaskRow | null) => {
    setParent(under);
    form.show(null);
  };

  const columns: TableColumnsType<TaskRow> = [
    {
      key: 'name',
      title: '任务名称',
      width: 200,
      fixed: 'left',
      render: (_, t) => (
        <Space direction="vertical" size={0}>
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            onClick={() => setOpenId(t.id)}
          >
            {t.parentId ? '└ ' : ''}
            {t.name}
          </Button>
          {t.isWithdrawn ? <Typography.Text type="warning">已撤回</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'type', title: '类型', width: 100, render: (_, t) => <TaskTypeTag type={t.type} /> },
    { key: 'department', title: '责任部门', dataIndex: 'departmentName', width: 110 },
    { key: 'principal', title: '负责人', dataIndex: 'principalName', width: 80 },
    { key: 'dates', title: '起止日期', width: 110, render: (_, t) => dateRange(t.startDate, t.endDate) },
    { key: 'state', title: '任务状态', width: 80, render: (_, t) => YEAR_TASK_STATE_LABELS[t.state] },
    {
      key: 'status',
      title: '进度',
      width: 150,
      render: (_, t) => (
        <Space size={4} wrap>
          <ScheduleTag status={t.scheduleStatus} />
          <span>{percent(t.progress)}%</span>
          {t.warningType ? <WarningTag type={t.warningType} /> : null}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 220,
      fixed: 'right',
      render: (_, t) => {
        const can = taskCardActions(t);
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setOpenId(t.id)}>
              详情
            </Button>
            {isPublisher && !t.parentId ? (
              <Button type="link" size="small" onClick={() => addTask(t)}>
                新增子任务
              </Button>
            ) : null}
            {can.edit ? (
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
            {t.isTargetCreator && t.subTaskCount === 0 ? (
              <Button type="link" size="small" onClick={() => catalog.show(t)}>
                调整目录
              </Button>
            ) : null}
            {can.withdraw ? (
              <ConfirmLink
                title={`确定撤回任务「${t.name}」吗？`}
                description="撤回后责任部门将看不到该任务，可重新下发。"
                okText="撤回"
                onConfirm={async () => {
                  await act(() => post(E.targetTaskWithdraw, { id: t.id }), '任务已撤回');
                }}
              >
                撤回
              </ConfirmLink>
            ) : null}
            {can.republish ? (
              <ConfirmLink
                title={`确定重新下发任务「${t.name}」吗？`}
                okText="下发"
                onConfirm={async () => {
                  await act(() => post(E.targetTaskRepublish, { id: t.id }), '任务已重新下发');
                }}
              >
                重新下发
              </ConfirmLink>
            ) : null}
            {can.remove ? (
              <ConfirmLink
                title={`确定删除任务「${t.name}」吗？`}
                description="任务的节点、进度与附件将一并删除。"
                okText="删除"
                isDanger
                onConfirm={async () => {
                  await act(() => post(E.targetTaskDelete, { ids: [t.id] }), '任务已删除');
                }}
              >
                删除
              </ConfirmLink>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
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
        <Space>
          <Button
            onClick={() =>
              void exportTasks({ yearTargetId: yearTarget.id, ...(keyword ? { keyword } : {}) }).catch(
                () => undefined,
              )
            }
          >
            导出
          </Button>
          {isPublisher ? (
            <>
              <Button onClick={() => setImporting(true)}>导入任务</Button>
              <Button type="primary" onClick={() => addTask(null)}>
                新增任务
              </Button>
            </>
          ) : null}
        </Space>
      </Space>
      <Table<TaskRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tasks.data?.records ?? []}
        loading={tasks.isLoading || tasks.isFetching}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        scroll={{ x: 1050 }}
        pagination={{ ...PAGINATION, current: pageNum, total: tasks.data?.total ?? 0, onChange: setPageNum }}
      />
      <TaskFormModal
        open={form.open}
        yearTarget={yearTarget}
        task={form.target}
        parent={parent}
        onClose={form.hide}
      />
      <TaskDetailDrawer taskId={openId} onClose={() => setOpenId(null)} />
      <CatalogModal open={catalog.open} task={catalog.target} onClose={catalog.hide} />
      <ExcelImportModal
        open={isImporting}
        onClose={() => setImporting(false)}
        endpoints={TARGET_TASK_IMPORT}
        fields={{ yearTargetId: yearTarget.id }}
        texts={{
          title: `导入任务（${yearTarget.name}）`,
          noun: '任务',
          success: (answer) => `已导入${answer.tasks}个任务`,
          template: { text: '下载导入模板', fileName: '目标任务导入模板.xlsx' },
        }}
        invalidates={[goalKeys.all]}
      />
    </>
  );
}
