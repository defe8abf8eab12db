import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';

interface ExitConfirmModalProps {
  open: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  /** Closing this prompt itself (X, Esc) goes back to editing: neither saves nor discards. */
  onCancel: () => void;
}

/** The confirm-on-close guard of spec 2 §2.10. */
export function ExitConfirmModal({ open, saving, onSave, onDiscard, onCancel }: ExitConfirmModalProps) {
  return (
    <Modal
      title="退出提示"
      open={open}
      width={416}
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={[
        <Button key="discard" onClick={onDiscard} disabled={saving}>
          不保存
        </Button>,
        <Button key="save" type="primary" onClick={onSave} loading={saving}>
          保存
        </Button>,
      ]}
    >
      <Space align="start">
        <ExclamationCircleFilled style={{ color: '#faad14', fontSize: 22 }} />
        <span>是否保存当前的修改？</span>
      </Space>
    </Modal>
  );
}
