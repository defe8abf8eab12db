import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { NoticeBell } from '../../features/notices/index.ts';
import { HEADER_HEIGHT } from '../../shared/ui/header-height.ts';
import '../../shared/ui/phone.css';
import { useIsPhone } from '../../shared/ui/responsive.ts';
import { headerColor } from '../theme/theme.ts';
import { useTheme } from '../theme/use-theme.ts';
import { Brand } from './brand.tsx';
import { PhoneMenu } from './phone-menu.tsx';
import { ThemeSwitch } from './theme-switch.tsx';
import { TopMenu } from './top-menu.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * Header (logo, name, top menu, theme switch, the bell of 消息中心, user menu) above the signed-in areas. On a phone the top
 * menu is a menu button before the logo, the name shortens to fit and the user menu shows the avatar.
 */
export function AppLayout() {
  const isPhone = useIsPhone();
  const theme = useTheme();
  const { pathname } = useLocation();
  const background = headerColor(theme, pathname);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background,
          height: HEADER_HEIGHT,
          padding: isPhone ? '0 8px' : '0 16px',
          display: 'flex',
          alignItems: 'center',
          gap: isPhone ? 8 : 16,
          position: 'sticky',
          top: 0,
          zIndex: 10,
          transition: 'background 0.2s',
        }}
      >
        {isPhone ? <PhoneMenu /> : null}
        <Brand size={isPhone ? 16 : 18} shrink={isPhone} />
        {isPhone ? <div style={{ flex: 1 }} /> : <TopMenu background={background} />}
        <ThemeSwitch />
        <NoticeBell />
        <UserMenu compact={isPhone} />
      </Layout.Header>
      <Layout.Content style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
