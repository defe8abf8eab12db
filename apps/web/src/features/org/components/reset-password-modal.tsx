import type { UserWire } from '@eduqa/contract';
import { Typography } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { NewPasswordFields, type NewPasswordValues } from '../../../shell/profile/new-password-fields.tsx';
import { resetPassword } from '../api.ts';

/** 重置密码: the user's open sessions end and they sign in with the new password. */
export function ResetPasswordModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: UserWire | null;
  onClose: () => void;
}) {
  const save = async (values: NewPasswordValues) => {
    if (!user) return;
    await resetPassword(user.userId, values.newPassword);
    notify.success(`已重置「${user.userName}」的密码`);
  };

  return (
    <FormModal<NewPasswordValues>
      title="重置密码"
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="resetPassword"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      intro={
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          为用户「{user?.userName}（{user?.account}
          ）」设置新密码。重置后该用户已登录的会话将全部失效，需使用新密码重新登录。
        </Typography.Paragraph>
      }
    >
      <NewPasswordFields />
    </FormModal>
  );
}
