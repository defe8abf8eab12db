import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import type { ReactNode } from 'react';

/**
 * The white panel a list page sits in: a title, the primary "新增…" button on the right when the page
 * has one, the content.
 */
export function PageCard({
  title,
  add,
  children,
}: {
  title: string;
  add?: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <Card
      title={title}
      extra={
        add ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick}>
            {add.label}
          </Button>
        ) : null
      }
      variant="borderless"
      styles={{ body: { paddingTop: 16 } }}
    >
      {children}
    </Card>
  );
}
