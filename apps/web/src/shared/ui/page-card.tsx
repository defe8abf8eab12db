import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * The white panel a list page sits in: a title, the page's other buttons (import, export) and the
 * primary "新增…" button on the right when the page has them, the content.
 */
export function PageCard({
  title,
  add,
  actions,
  children,
}: {
  title: string;
  add?: { label: string; onClick: () => void };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      title={title}
      extra={
        add || actions ? (
          <Space>
            {actions}
            {add ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick}>
                {add.label}
              </Button>
            ) : null}
          </Space>
        ) : null
      }
      variant="borderless"
      styles={{ body: { paddingTop: 16 } }}
    >
      {children}
    </Card>
  );
}
