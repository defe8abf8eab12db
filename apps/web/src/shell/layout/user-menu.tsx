import {
  BellOutlined,
  DownOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTICES_PATH } from '../../shared/routing/paths.ts';
import { AboutModal } from '../profile/about-modal.tsx';
import { ChangePasswordModal } from '../profile/change-password-modal.tsx';
import { PersonalCenterModal } from '../profile/personal-center-modal.tsx';
import { signOut, useSession } from '../session/index.ts';

type Dialog = 'profile' | 'password' | 'about' | null;
const DIALOG_OF: Record<string, Dialog> = { profile: 'profile', password: 'password', about: 'about' };

const items: MenuProps['items'] = [
  { key: 'profile', icon: <UserOutlined />, label: '个人中心' },
  { key: 'notices', icon: <BellOutlined />, label: '消息中心' },
  { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
  { key: 'about', icon: <InfoCircleOutlined />, label: '关于' },
  { type: 'divider' },
  { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
];

/**
 * Avatar and name (the avatar alone when `compact`); opens the personal centre, 消息中心, the password
 * dialog, or signs out.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { user } = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();
  if (!user) return null;

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void signOut();
    else if (key === 'notices') navigate(NOTICES_PATH);
    else setDialog(DIALOG_OF[key] ?? null);
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button
          type="text"
          aria-label="用户菜单"
          style={{ color: '#fff', height: 40, display: 'flex', alignItems: 'center', gap: 8, flex: 'none' }}
        >
          <Avatar size={28} src={user.displayPhoto || undefined} icon={<UserOutlined />} />
          {compact ? null : (
            <span
              style={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {user.userName}
            </span>
          )}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <PersonalCenterModal open={dialog === 'profile'} onClose={() => setDialog(null)} />
      <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      <AboutModal open={dialog === 'about'} onClose={() => setDialog(null)} />
    </>
  );
}
