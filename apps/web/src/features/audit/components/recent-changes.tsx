import type { AuditEntry } from '@eduqa/contract';
import { Button, Collapse, Empty, List, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../shell/session/index.ts';
import { useOperationLog } from '../api.ts';
import { AuditDetailDrawer } from './audit-detail-drawer.tsx';
import { ResultTag } from './result-tag.tsx';

const SHOWN = 5;

/** Whether the signed-in user may read the operation log, and so see an object's 最近修改. */
export function useCanReadAudit(): boolean {
  const { user } = useSession();
  return (user?.actions ?? []).includes('audit.read');
}

/** The operation log filtered to one object, as a link: the filter travels in the address. */
export function objectLogPath(objectId: string, objectName: string): string {
  return `/system/operationLog?${new URLSearchParams({ objectId, objectName })}`;
}

/**
 * 最近修改 of an object's page: its last five entries in the operation log (who, when, what, how it ended;
 * 查看 opens the entry with its fields before and after) and a link to all of them. Shown only to those
 * who may read the log; the others see nothing, not an error.
 */
export function RecentChanges({ objectId, objectName }: { objectId: string; objectName: string }) {
  if (!useCanReadAudit()) return null;
  return <RecentChangesList objectId={objectId} objectName={objectName} />;
}

/**
 * 最近修改 folded at the foot of an edit dialog: asked for only when opened, so that editing costs no
 * look into the log.
 */
export function RecentChangesSection({ objectId, objectName }: { objectId: string; objectName: string }) {
  if (!useCanReadAudit()) return null;
  return (
    <Collapse
      ghost
      size="small"
      destroyOnHidden
      items={[
        {
          key: 'changes',
          label: '最近修改',
          children: <RecentChangesList objectId={objectId} objectName={objectName} />,
        },
      ]}
    />
  );
}

function RecentChangesList({ objectId, objectName }: { objectId: string; objectName: string }) {
  const [shown, setShown] = useState<AuditEntry | null>(null);
  const { data, isLoading, isError } = useOperationLog({ objectId, pageNum: 1, pageSize: SHOWN });
  if (isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (isError) return <Typography.Text type="danger">最近修改加载失败</Typography.Text>;
  const rows = data?.records ?? [];
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无修改记录" />;
  return (
    <>
      <List<AuditEntry>
        size="small"
        dataSource={rows}
        renderItem={(entry) => (
          <List.Item
            actions={[
              <Button key="detail" type="link" size="small" onClick={() => setShown(entry)}>
                查看
              </Button>,
            ]}
          >
            <Space size={8} wrap>
              <Typography.Text type="secondary">{entry.at}</Typography.Text>
              <span>{entry.actorName || entry.actorAccount || '—'}</span>
              <span>{entry.operation}</span>
              <ResultTag result={entry.result} />
            </Space>
          </List.Item>
        )}
      />
      <Link to={objectLogPath(objectId, objectName)}>{`在操作日志中查看全部（${data?.total ?? 0} 条）`}</Link>
      <AuditDetailDrawer entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
