import { TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Empty, Result, Spin } from 'antd';
import type { ReactNode } from 'react';

/**
 * Loading, failed or empty, else the content: the three states a list (or a chart) shows before its rows.
 * `emptyText` says why there is nothing to show when it is more than an empty table.
 */
export function ListState({
  isLoading,
  error,
  isEmpty,
  emptyText = TABLE_EMPTY_TEXT,
  onRetry,
  children,
}: {
  isLoading: boolean;
  error: Error | null;
  isEmpty: boolean;
  emptyText?: string;
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
  if (isEmpty) return <Empty description={emptyText} style={{ margin: '48px 0' }} />;
  return children;
}
