import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import './library-card.css';

/**
 * A card of spec 2 §2.9 in its parent-library (a warehouse) or child-library (a table) mode: the
 * actions show while the pointer is over the card (and always on touch screens and to keyboard focus).
 */
export function LibraryCard(props: {
  mode: 'parent' | 'child';
  title: string;
  description: string;
  extra?: ReactNode;
  isSelected?: boolean;
  onOpen: () => void;
  actions: ReactNode;
  testId?: string;
}) {
  return (
    <Card
      className={`library-card library-card-${props.mode}${props.isSelected ? ' library-card-selected' : ''}`}
      size="small"
      hoverable
      data-testid={props.testId}
      onClick={props.onOpen}
      title={
        <Typography.Text strong ellipsis>
          {props.title}
        </Typography.Text>
      }
      extra={props.extra}
    >
      <Typography.Paragraph
        type="secondary"
        ellipsis={{ rows: 2 }}
        style={{ minHeight: 44, marginBottom: 8 }}
      >
        {props.description || '暂无说明'}
      </Typography.Paragraph>
      {/* The actions are links of their own: a click on one does not open the card. */}
      <Space className="library-card-actions" size={0} onClick={(event) => event.stopPropagation()}>
        {props.actions}
      </Space>
    </Card>
  );
}
