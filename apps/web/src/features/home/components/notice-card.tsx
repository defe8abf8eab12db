import type { Notice } from '@eduqa/contract';
import { Card, Empty, List, Typography } from 'antd';

/**
 * 最新动态. The product keeps no notices of its own yet, so this lists the newest events addressed to the
 * person that the areas record: urges to their departments, warnings and refusals of their points,
 * decisions on their progress reports.
 */
export function NoticeCard({ notices }: { notices: readonly Notice[] }) {
  return (
    <Card
      title="最新动态"
      extra={<Typography.Text type="secondary">督办、预警与审核结果</Typography.Text>}
      variant="borderless"
      style={{ gridArea: 'notices' }}
    >
      {notices.length === 0 ? (
        <Empty description="暂无与您相关的督办、预警或审核动态" />
      ) : (
        <List
          size="small"
          dataSource={[...notices]}
          rowKey={(n) => `${n.kind}:${n.id}`}
          renderItem={(n) => (
            <List.Item extra={<Typography.Text type="secondary">{n.time.slice(0, 16)}</Typography.Text>}>
              <List.Item.Meta
                title={n.title}
                description={<Typography.Text ellipsis>{n.detail}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
