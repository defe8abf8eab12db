import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The white panel every 系统管理 page sits in: a title, a toolbar on the right, the content. */
export function PageCard({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card title={title} extra={extra} variant="borderless" styles={{ body: { paddingTop: 16 } }}>
      {children}
    </Card>
  );
}
