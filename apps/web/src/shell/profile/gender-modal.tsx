import { SEX_LABELS, SEX_VALUES } from '@eduqa/contract';
import { Modal, Radio } from 'antd';
import { useState } from 'react';

const OPTIONS = SEX_VALUES.map((value) => ({ value, label: SEX_LABELS[value] }));

interface GenderModalProps {
  open: boolean;
  /** '1' male, '2' female, '' not set. */
  value: string;
  onOk: (value: string) => void;
  onCancel: () => void;
}

/** The small gender dialog of the personal centre (spec 2 §2.10): 男 / 女. */
export function GenderModal({ open, value, onOk, onCancel }: GenderModalProps) {
  const [choice, setChoice] = useState(value);
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts from the current value, not from a choice abandoned with 取消.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setChoice(value);
  }

  return (
    <Modal
      title="修改性别"
      open={open}
      width={320}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: choice === '' }}
      onOk={() => onOk(choice)}
      onCancel={onCancel}
    >
      <Radio.Group
        aria-label="性别"
        options={OPTIONS}
        value={choice}
        onChange={(event) => setChoice(String(event.target.value))}
      />
    </Modal>
  );
}
