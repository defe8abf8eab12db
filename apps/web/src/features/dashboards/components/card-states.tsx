import { Button, Empty, Result, Skeleton } from 'antd';

/** A card's loading, failed and empty states, sized to sit inside a card's body. */
export function CardLoading() {
  return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
}

export function CardError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      style={{ padding: 8 }}
      subTitle={message || '数据加载失败'}
      extra={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}

export function CardEmpty() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
}
