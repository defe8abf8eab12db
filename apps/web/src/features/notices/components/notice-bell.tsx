import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTICES_PATH } from '../../../shared/routing/paths.ts';
import { useDrawerSize } from '../../../shared/ui/responsive.ts';
import { useNoticeActions, useNoticeBell, useOpenNotice } from '../api.ts';
import { NoticeItem } from './notice-item.tsx';

/** What a screen reader says of the bell: how many are unread, not only a number on an icon. */
export const bellLabel = (unread: number) => (unread > 0 ? `消息（${unread} 条未读）` : '消息（无未读）');

/**
 * The header's bell: the unread count, kept live by polling, and a drawer of the newest messages (whole
 * width on a phone). A message opens where it points and counts as read; 查看全部 goes to 消息中心.
 */
export function NoticeBell() {
  const [isOpen, setOpen] = useState(false);
  const bell = useNoticeBell();
  const { markAllRead } = useNoticeActions();
  const close = () => setOpen(false);
  const open = useOpenNotice(close);
  const navigate = useNavigate();
  const width = useDrawerSize(400);
  const unread = bell.data?.unread ?? 0;
  const latest = bell.data?.latest ?? [];

  return (
    <>
      <Button
        type="text"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        style={{ color: '#fff', height: 40, width: 40, flex: 'none' }}
      >
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18, color: '#fff' }} />
        </Badge>
      </Button>
      <Drawer
        title={unread > 0 ? `消息（${unread} 条未读）` : '消息'}
        open={isOpen}
        onClose={close}
        size={width}
        styles={{ body: { padding: 8 } }}
        extra={
          <Button size="small" disabled={unread === 0} onClick={() => void markAllRead()}>
            全部已读
          </Button>
        }
        footer={
          <Button
            type="link"
            block
            onClick={() => {
              close();
              navigate(NOTICES_PATH);
            }}
          >
            查看全部
          </Button>
        }
      >
        {bell.isPending ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : latest.length === 0 ? (
          <Empty description="暂无消息" style={{ margin: '48px 0' }} />
        ) : (
          latest.map((notice) => <NoticeItem key={notice.id} notice={notice} onOpen={open} />)
        )}
      </Drawer>
    </>
  );
}
