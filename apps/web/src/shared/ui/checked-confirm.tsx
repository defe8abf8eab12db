import { Button, type ButtonProps, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';

interface CheckedConfirmProps {
  /** Runs on the click, before any question: false keeps the question closed (the check said why). */
  check: () => Promise<boolean>;
  title: string;
  description?: string;
  okText: string;
  onConfirm: () => Promise<unknown>;
  isLoading?: boolean;
  buttonProps?: Omit<ButtonProps, 'onClick' | 'loading' | 'children'>;
  children: ReactNode;
}

/**
 * A button that asks before it acts, but only once what it acts on is valid: 「确定提交吗？」 followed by
 * 「请先修正标红的字段」 asks a question whose answer cannot be used.
 */
export function CheckedConfirm({
  check,
  title,
  description,
  okText,
  onConfirm,
  isLoading = false,
  buttonProps,
  children,
}: CheckedConfirmProps) {
  const [isOpen, setOpen] = useState(false);
  const [isChecking, setChecking] = useState(false);
  const onClick = async () => {
    setChecking(true);
    try {
      if (await check()) setOpen(true);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText="取消"
      open={isOpen}
      onOpenChange={(next) => {
        if (!next) setOpen(false);
      }}
      onConfirm={() => {
        setOpen(false);
        return onConfirm();
      }}
    >
      <Button {...buttonProps} loading={isLoading || isChecking} onClick={onClick}>
        {children}
      </Button>
    </Popconfirm>
  );
}
