import { Button, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface ConfirmLinkProps {
  /** The question, naming the row: '确定删除角色「…」吗？'. */
  title: string;
  description?: string;
  okText: string;
  isDanger?: boolean;
  /** Why the action is not offered for this row; shown on hover of the greyed link. */
  disabledReason?: string | undefined;
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
}

/** A row action of a table that asks before it acts (删除, 停用, 启用). */
export function ConfirmLink({
  title,
  description,
  okText,
  isDanger = false,
  disabledReason,
  onConfirm,
  children,
}: ConfirmLinkProps) {
  const isDisabled = disabledReason !== undefined;
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      okButtonProps={{ danger: isDanger }}
      cancelText="取消"
      disabled={isDisabled}
      onConfirm={onConfirm}
    >
      <Tooltip title={disabledReason}>
        <Button type="link" size="small" danger={isDanger} disabled={isDisabled}>
          {children}
        </Button>
      </Tooltip>
    </Popconfirm>
  );
}
