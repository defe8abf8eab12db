import { UploadOutlined } from '@ant-design/icons';
import type { FormType } from '@eduqa/contract';
import { Button, Space, Typography } from 'antd';
import { CheckedConfirm } from '../../../shared/ui/checked-confirm.tsx';
import { type AutosaveStatus, autosaveText } from './autosave.ts';
import { describeDeadline } from './deadline.ts';

const STATUS_COLORS = {
  idle: 'secondary',
  saving: 'secondary',
  saved: 'success',
  failed: 'danger',
  conflict: 'danger',
} as const;

export interface FillToolbarProps {
  deadline: string;
  formType: FormType;
  isEditable: boolean;
  status: AutosaveStatus;
  isCommitting: boolean;
  onImport: () => void;
  /** Checks every field before 提交 asks its question. */
  onCheck: () => Promise<boolean>;
  onCommit: () => Promise<void>;
}

/** The fill's deadline and, while it can be changed, the save status, 从 Excel 导入 (fixed forms) and 提交. */
export function FillToolbar({
  deadline: deadlineAt,
  formType,
  isEditable,
  status,
  isCommitting,
  onImport,
  onCheck,
  onCommit,
}: FillToolbarProps) {
  const deadline = describeDeadline(deadlineAt, new Date());
  return (
    <Space>
      <Typography.Text type={deadline.isOverdue ? 'danger' : 'secondary'}>
        截止 {deadlineAt}（{deadline.text}）
      </Typography.Text>
      {isEditable ? (
        <>
          <Typography.Text type={STATUS_COLORS[status.phase]} role="status" aria-label="保存状态">
            {autosaveText(status)}
          </Typography.Text>
          {formType === 'fixed' ? (
            <Button icon={<UploadOutlined />} onClick={onImport}>
              从 Excel 导入
            </Button>
          ) : null}
          <CheckedConfirm
            check={onCheck}
            title="确定提交吗？"
            description="提交后等待审核，审核前不能修改。"
            okText="提交"
            onConfirm={onCommit}
            isLoading={isCommitting}
            buttonProps={{ type: 'primary' }}
          >
            提交
          </CheckedConfirm>
        </>
      ) : null}
    </Space>
  );
}
