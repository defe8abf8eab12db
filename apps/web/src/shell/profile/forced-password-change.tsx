import { Alert, Button } from 'antd';
import { signOut } from '../session/index.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';

export const FORCED_CHANGE_NOTICE =
  '您正在使用管理员设置的初始密码或重置密码，请先修改密码。修改成功后请用新密码重新登录。';

/**
 * What a user sees while an administrator-set password stands (new account, reset): only the
 * change-password dialog, which cannot be closed, and a way to sign out. The server refuses every
 * other call meanwhile, so no page behind it is rendered.
 */
export function ForcedPasswordChange() {
  const intro = (
    <Alert
      type="warning"
      showIcon
      style={{ margin: '16px 0' }}
      title={FORCED_CHANGE_NOTICE}
      action={
        <Button size="small" type="link" onClick={() => void signOut()}>
          退出登录
        </Button>
      }
    />
  );
  return <ChangePasswordModal open forced intro={intro} onClose={() => {}} />;
}
