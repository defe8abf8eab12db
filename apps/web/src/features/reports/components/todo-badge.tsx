import { Badge } from 'antd';
import { useTodoCount } from '../api.ts';

/** 待我评审's count beside the sidebar label: the reports waiting for the caller's review. */
export function TodoBadge() {
  const count = useTodoCount();
  const total = count.isFetching ? 0 : (count.data ?? 0);
  return (
    <Badge
      count={total}
      overflowCount={99}
      size="small"
      style={{ marginInlineStart: 8 }}
      title={`待我评审 ${total}`}
      aria-label={`待我评审 ${total}`}
    />
  );
}
