import { BACKUP_NOTICE, type Backup, type FutureTask, formatFileSize } from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, type TableColumnsType } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { useJob } from '../../../shared/jobs/use-job.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import {
  backupJobEndpoint,
  backupJobStatus,
  backupKeys,
  downloadBackup,
  forgetBackupJob,
  startBackup,
  useBackups,
} from '../api.ts';
import { BackupScheduleCard } from '../components/backup-schedule-card.tsx';

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('zh-CN'));

/** 备份与恢复: 立即备份 as a job with its progress, 定时备份 and 日志保留, and the archives on the server to download. */
export default function BackupPage() {
  const { data, isFetching } = useBackups();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const rows = useMemo(
    () =>
      (data ?? []).filter((b) => b.name.includes(keyword) || (b.createdByName ?? '命令行').includes(keyword)),
    [data, keyword],
  );

  const onEnd = useCallback(
    (job: FutureTask) => {
      if (job.state === 'finished') notify.success(job.message || '备份完成');
      else notify.error(job.message || '备份失败，请重试');
      void forgetBackupJob(job.taskId);
      setJobId(null);
      void queryClient.invalidateQueries({ queryKey: backupKeys.all });
    },
    [queryClient],
  );
  const start = async () => {
    setStarting(true);
    try {
      setJobId(await startBackup());
    } catch {
      // The client has shown the server's message.
    } finally {
      setStarting(false);
    }
  };
  const fetchArchive = async (name: string) => {
    setDownloading(name);
    try {
      await downloadBackup(name);
    } catch {
      // The client has shown the server's message.
    } finally {
      setDownloading(null);
    }
  };

  const columns: TableColumnsType<Backup> = [
    { title: '备份文件', dataIndex: 'name', ellipsis: true },
    { title: '备份时间', dataIndex: 'createdAt', width: 170 },
    {
      title: '操作人',
      dataIndex: 'createdByName',
      width: 120,
      render: (name: string | null) => name ?? '命令行',
    },
    { title: '数据行数', dataIndex: 'rows', width: 110, render: count },
    { title: '文件数', dataIndex: 'files', width: 90, render: count },
    { title: '大小', dataIndex: 'size', width: 100, render: formatFileSize },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, backup) => (
        <Button
          type="link"
          size="small"
          loading={downloading === backup.name}
          onClick={() => void fetchArchive(backup.name)}
        >
          下载
        </Button>
      ),
    },
  ];

  return (
    <PageCard
      title="备份与恢复"
      actions={
        jobId ? (
          <BackupProgress key={jobId} jobId={jobId} onEnd={onEnd} />
        ) : (
          <Button type="primary" loading={isStarting} onClick={() => void start()}>
            立即备份
          </Button>
        )
      }
    >
      <Alert type="info" showIcon message={BACKUP_NOTICE} style={{ marginBottom: 16 }} />
      <BackupScheduleCard />
      <PagedTable<Backup>
        search={{ placeholder: '请输入备份文件名或操作人', onSearch: setKeyword }}
        rowKey="name"
        columns={columns}
        rows={rows}
        isLoading={isFetching}
      />
    </PageCard>
  );
}

function BackupProgress({ jobId, onEnd }: { jobId: string; onEnd: (job: FutureTask) => void }) {
  const { status } = useJob({
    endpoint: backupJobEndpoint,
    query: { taskId: jobId },
    toStatus: backupJobStatus,
    onEnd,
  });
  return <JobProgress status={status} label="备份进度" runningText="正在备份" />;
}
