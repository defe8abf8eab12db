import type { NoticeMessage } from '@eduqa/contract';
import { Button, Card, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { NOTICES_PATH } from '../../../shared/routing/paths.ts';
import { NoticeItem, useOpenNotice } from '../../notices/index.ts';

/**
 * 最新动态: the newest messages of the person's 消息中心, read or not. Each opens where it points (and
 * counts as read), as in the header's bell; 全部消息 opens 消息中心.
 */
export function NoticeCard({ notices }: { notices: readonly NoticeMessage[] }) {
  const open = useOpenNotice();
  const navigate = useNavigate();
  return (
    <Card
      title="最新动态"
      extra={
        <Button type="link" size="small" onClick={() => navigate(NOTICES_PATH)}>
          全部消息
        </Button>
      }
      variant="borderless"
      style={{ gridArea: 'notices', minWidth: 0 }}
      styles={{ body: { padding: 8 } }}
    >
      {notices.length === 0 ? (
        <Empty description="暂无动态" style={{ margin: '24px 0' }} />
      ) : (
        notices.map((notice) => <NoticeItem key={notice.id} notice={notice} onOpen={open} />)
      )}
    </Card>
  );
}
