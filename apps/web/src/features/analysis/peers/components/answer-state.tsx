import { Button, Empty, Result, Spin } from 'antd';
import type { ReactNode } from 'react';

/** Loading, failed, nothing to show, or the answer: the states of one analysis tab. */
export function AnswerState({
  isLoading,
  error,
  empty,
  onRetry,
  children,
}: {
  isLoading: boolean;
  error: Error | null;
  /** Why there is nothing to show (no school chosen, no values), or null. */
  empty: string | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (error)
    return (
      <Result
        status="error"
        title="加载失败"
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={onRetry}>
            重试
          </Button>
        }
      />
    );
  if (empty) return <Empty description={empty} style={{ margin: '48px 0' }} />;
  return children;
}
