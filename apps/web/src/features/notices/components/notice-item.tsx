import { NOTICE_CATEGORY_LABELS, type NoticeMessage } from '@eduqa/contract';
import { Badge, Typography } from 'antd';
import './notices.css';

/** `2026-11-30 09:05:00` → `11-30 09:05`; the year only when it is not this one. */
export function shortTime(time: string, now = new Date()): string {
  const sameYear = time.startsWith(String(now.getFullYear()));
  return sameYear ? time.slice(5, 16) : time.slice(0, 16);
}

/**
 * One message as the bell's drawer and the home page list it: an unread dot, the title, the body, who and
 * when. The whole item is one button: a click or Enter opens it (marks it read, goes to its link).
 */
export function NoticeItem({
  notice,
  onOpen,
}: {
  notice: NoticeMessage;
  onOpen: (n: NoticeMessage) => void;
}) {
  const who = [NOTICE_CATEGORY_LABELS[notice.category], notice.actorName].filter(Boolean).join(' · ');
  return (
    <button
      type="button"
      className={`notice-item${notice.read ? '' : ' notice-item-unread'}`}
      aria-label={`${notice.read ? '' : '未读：'}${notice.title}`}
      onClick={() => onOpen(notice)}
    >
      <Badge status={notice.read ? 'default' : 'processing'} className="notice-item-dot" />
      <span className="notice-item-main">
        <Typography.Text strong={!notice.read} ellipsis className="notice-item-title">
          {notice.title}
        </Typography.Text>
        {notice.body ? (
          <Typography.Text type="secondary" className="notice-item-body">
            {notice.body}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" className="notice-item-meta">
          {who ? `${who} · ` : ''}
          {shortTime(notice.createdAt)}
        </Typography.Text>
      </span>
    </button>
  );
}
