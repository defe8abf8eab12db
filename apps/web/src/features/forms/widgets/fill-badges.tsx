import { Badge } from 'antd';
import { useFillCount, useUnreadNoticeCount } from '../api.ts';

function CountBadge({ scope, label }: { scope: 'mine' | 'audit'; label: string }) {
  return <NumberBadge count={useFillCount(scope).data ?? 0} label={label} />;
}

function NumberBadge({ count, label }: { count: number; label: string }) {
  return (
    <Badge
      count={count}
      overflowCount={99}
      size="small"
      style={{ marginInlineStart: 8 }}
      title={`${label} ${count}`}
      aria-label={`${label} ${count}`}
    />
  );
}

/** 我的填报: fill tasks still to fill or to fix. */
export const MyFillsBadge = () => <CountBadge scope="mine" label="待填报" />;

/** 填报审核: committed fill tasks waiting for my audit. */
export const AuditBadge = () => <CountBadge scope="audit" label="待审核" />;

/** 数据变更提醒: values changed by fillers, not yet confirmed. */
export const NoticesBadge = () => <NumberBadge count={useUnreadNoticeCount().data ?? 0} label="未确认" />;
