import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { headerColor } from '../theme/theme.ts';
import { useTheme } from '../theme/use-theme.ts';
import { Brand } from './brand.tsx';
import { ThemeSwitch } from './theme-switch.tsx';
import { TopMenu } from './top-menu.tsx';
import { UserMenu } from './user-menu.tsx';

export const HEADER_HEIGHT = 64;

/** Header (logo, name, top menu, theme switch, user menu) above the signed-in areas. */
export function AppLayout() {
  const theme = useTheme();
  const { pathname } = useLocation();
  const background = headerColor(theme, pathname);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background,
          height: HEADER_HEIGHT,
          padding: '0 16px',
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          position: 'sticky',
          top: 0,
          zIndex: 10,
          transition: 'background 0.2s',
        }}
      >
        <Brand />
        <TopMenu background={background} />
        <ThemeSwitch />
        <UserMenu />
      </Layout.Header>
      <Layout.Content style={{ display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
