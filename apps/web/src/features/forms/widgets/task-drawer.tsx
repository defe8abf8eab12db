import { CloudSyncOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  ALLOCATION_STATE_LABELS,
  type Allocation,
  type AllocationState,
  COLLECT_TASK_STATE_LABELS,
  type CollectTask,
  type FutureTask,
} from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Popconfirm,
  Progress,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { useJob } from '../../../shared/jobs/use-job.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import {
  acknowledgeSync,
  auditAllocation,
  exportAllocations,
  formsKeys,
  parseSyncResult,
  rollbackAllocation,
  startSync,
  syncJobEndpoint,
  useAllocations,
} from '../api.ts';
import { ReasonModal } from './reason-modal.tsx';

export const ALLOCATION_COLORS: Record<AllocationState, string> = {
  unallocated: 'orange',
  allocated: 'blue',
  audited: 'green',
};

/** 已完成 of all fill tasks, in percent. */
export const progressOf = (a: Pick<Allocation, 'fillCount' | 'finishedCount'>) =>
  a.fillCount === 0 ? 0 : Math.round((a.finishedCount * 100) / a.fillCount);

/** 同步到数据仓库: a job with its progress, then what it wrote or why it failed. */
function SyncButton({ task }: { task: CollectTask }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const queryClient = useQueryClient();
  const onEnd = useCallback(
    (job: FutureTask) => {
      void acknowledgeSync(job.taskId);
      if (job.state === 'failed') {
        setOutcome({ type: 'error', text: job.message || '同步失败' });
        return;
      }
      const result = parseSyncResult(job.result);
      setOutcome({
        type: 'success',
        text: result
          ? `已同步${result.forms}个表单、${result.rows}行数据${result.removed ? `，移除${result.removed}行已退回或删除的数据` : ''}${result.skipped.length ? `；未同步：${result.skipped.join('；')}` : ''}`
          : '同步完成',
      });
      void queryClient.invalidateQueries({ queryKey: ['warehouse'] });
    },
    [queryClient],
  );
  const job = useJob({
    endpoint: syncJobEndpoint,
    query: jobId ? { taskId: jobId } : null,
    toStatus: (data) => data,
    onEnd,
  });
  const isRunning =
    jobId !== null && (!job.status || job.status.state === 'waiting' || job.status.state === 'running');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Popconfirm
          title="确定把该任务已审核的数据同步到数据仓库吗？"
          description="只同步方式为「同步到数据仓库」的表单；重复同步不会产生重复数据。"
          okText="同步"
          cancelText="取消"
          disabled={isRunning}
          onConfirm={async () => {
            setOutcome(null);
            try {
              setJobId((await startSync(task.id)).taskId);
            } catch {
              // The api client has shown the refusal.
            }
          }}
        >
          <Button icon={<CloudSyncOutlined />} loading={isRunning}>
            同步到数据仓库
          </Button>
        </Popconfirm>
        {jobId ? <JobProgress status={job.status} label="同步进度" runningText="同步中" /> : null}
      </Space>
      {outcome ? (
        <Alert type={outcome.type} showIcon title={outcome.text} data-testid="sync-outcome" />
      ) : null}
    </Space>
  );
}

/** A task's detail: its departments' allocations, audit and rollback, export and sync. */
export function TaskDrawer({ task, onClose }: { task: CollectTask | null; onClose: () => void }) {
  const { list, page } = useAllocations({ taskId: task?.id }, task !== null);
  const run = useAction(formsKeys.all);
  const [rollbackOf, setRollbackOf] = useState<Allocation | null>(null);

  const columns: TableColumnsType<Allocation> = [
    { title: '部门', dataIndex: 'departmentName', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (state: AllocationState) => (
        <Tag color={ALLOCATION_COLORS[state]}>{ALLOCATION_STATE_LABELS[state]}</Tag>
      ),
    },
    {
      title: '进度',
      key: 'progress',
      width: 200,
      render: (_, a) => (
        <Tooltip
          title={`未提交 ${a.uncommittedCount}，待审核 ${a.unauditedCount}，已退回 ${a.rollbackCount}，已完成 ${a.finishedCount}`}
        >
          <Progress
            aria-label="填报进度"
            percent={progressOf(a)}
            size="small"
            format={() => `${a.finishedCount}/${a.fillCount}`}
          />
        </Tooltip>
      ),
    },
    { title: '退回原因', dataIndex: 'reason', ellipsis: true, render: (r: string) => r || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      // Nothing to decide before the department has named its fillers: say so instead of two dead buttons.
      render: (_, a) =>
        a.state === 'unallocated' ? (
          <Typography.Text type="secondary">待部门分配填报人</Typography.Text>
        ) : (
          <Space size={0}>
            <ConfirmLink
              title={`确定审核通过「${a.departmentName}」的采集数据吗？`}
              okText="审核通过"
              disabledReason={a.state === 'audited' ? '已审核通过' : undefined}
              onConfirm={() => run(() => auditAllocation(a.id), '已审核通过')}
            >
              审核通过
            </ConfirmLink>
            <Button type="link" size="small" danger onClick={() => setRollbackOf(a)}>
              退回
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Drawer
      title={task ? `采集任务：${task.name}` : ''}
      open={task !== null}
      onClose={onClose}
      width={960}
      destroyOnHidden
    >
      {task ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label="状态">{COLLECT_TASK_STATE_LABELS[task.state]}</Descriptions.Item>
            <Descriptions.Item label="时间">
              {task.startAt} 至 {task.deadline}
            </Descriptions.Item>
            <Descriptions.Item label="采集表单" span="filled">
              {task.forms.map((f) => `${f.formName}（第${f.formVersion}版）`).join('、')}
            </Descriptions.Item>
            {task.remark ? (
              <Descriptions.Item label="说明" span="filled">
                {task.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Space align="start" wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void exportAllocations(task).catch(() => undefined)}
            >
              导出
            </Button>
            <SyncButton task={task} />
          </Space>
          <Table<Allocation>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            pagination={{ ...page, pageSize: 10, showSizeChanger: false }}
            locale={{ emptyText: '该任务没有下发部门' }}
          />
          <ReasonModal
            title={`退回「${rollbackOf?.departmentName ?? ''}」的采集数据`}
            open={rollbackOf !== null}
            onClose={() => setRollbackOf(null)}
            onSubmit={(reason) =>
              run(
                () =>
                  rollbackAllocation({
                    taskId: rollbackOf?.taskId ?? '',
                    departmentId: rollbackOf?.departmentId ?? '',
                    reason,
                  }),
                '已退回',
              )
            }
          />
        </Space>
      ) : null}
    </Drawer>
  );
}
