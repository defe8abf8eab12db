import { TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Empty, Result, Spin } from 'antd';
import type { ReactNode } from 'react';

/** Loading, failed or empty, else the content: the three states a list shows before its rows. */
export function ListState({
  isLoading,
  error,
  isEmpty,
  onRetry,
  children,
}: {
  isLoading: boolean;
  error: Error | null;
  isEmpty: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (error) {
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
  }
  if (isEmpty) return <Empty description={TABLE_EMPTY_TEXT} style={{ margin: '48px 0' }} />;
  return children;
}
