import { MenuFoldOutlined, MenuUnfoldOutlined, RightOutlined } from '@ant-design/icons';
import { fromSessionUserWire } from '@eduqa/contract';
import { Button, Drawer, Layout, Menu } from 'antd';
import { type ReactNode, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { HEADER_HEIGHT } from '../shared/ui/header-height.ts';
import { useIsPhone } from '../shared/ui/responsive.ts';
import { silentIcon } from '../shared/ui/silent-icon.ts';
import { useSession } from '../shell/session/index.ts';
import { Forbidden } from './forbidden.tsx';
import { leafLabel } from './leaf-label.tsx';
import { canSeeLeaf, firstLeafPath, leafGrants, leafSegment, visibleLeaves } from './route-access.ts';
import type { LeafRoute } from './route-leaf.ts';
import type { AreaRoute } from './routes.tsx';

/** Spec 1 §2: the sidebar is 255 px wide, 80 px collapsed. */
export const SIDER_WIDTH = 255;
export const SIDER_COLLAPSED_WIDTH = 80;

function useLeaves(area: AreaRoute): LeafRoute[] {
  const { user, menus } = useSession();
  return visibleLeaves(area.children ?? [], leafGrants(user ? fromSessionUserWire(user) : null, menus));
}

/**
 * The generic content router for an area with leaves: the leaves beside the page on a desk, in a drawer
 * on a phone. The page keeps its place in the tree whichever it is, so crossing the phone breakpoint
 * (a turned phone, a narrowed window) does not remount it and lose an open dialog or what was typed.
 */
export function SidebarArea({ area }: { area: AreaRoute }) {
  const isPhone = useIsPhone();
  const leaves = useLeaves(area);
  return (
    <Layout style={{ flex: 1, minWidth: 0 }}>
      {isPhone ? <PhoneNav area={area} leaves={leaves} /> : <DeskSider area={area} leaves={leaves} />}
      <Layout.Content style={{ padding: isPhone ? 8 : 16, minWidth: 0 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

interface NavProps {
  area: AreaRoute;
  leaves: LeafRoute[];
}

function DeskSider({ area, leaves }: NavProps) {
  const [collapsed, setCollapsed] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Layout.Sider
      theme="light"
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      // Stays in view beside long pages, so the collapse trigger is always at hand.
      style={{
        borderRight: '1px solid rgba(5,5,5,0.06)',
        position: 'sticky',
        top: HEADER_HEIGHT,
        height: `calc(100vh - ${HEADER_HEIGHT}px)`,
        overflowY: 'auto',
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Menu
          aria-label={`${area.label}菜单`}
          mode="inline"
          inlineCollapsed={collapsed}
          selectedKeys={[leafSegment(pathname)]}
          items={leaves.map((leaf) => ({
            key: leaf.path,
            icon: silentIcon(leaf.icon),
            label: leafLabel(leaf),
          }))}
          onClick={({ key }) => navigate(`/${area.path}/${key}`)}
          style={{ borderInlineEnd: 'none', flex: 1 }}
        />
        <Button
          type="text"
          aria-label="折叠侧边栏"
          aria-expanded={!collapsed}
          title={collapsed ? '展开侧边栏' : '折叠侧边栏'}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => setCollapsed((value) => !value)}
          style={{ margin: 8, alignSelf: collapsed ? 'center' : 'flex-end' }}
        />
      </div>
    </Layout.Sider>
  );
}

/**
 * Issue 11, phones: the sidebar is a drawer, closed by default and closed again by a navigation. A bar
 * above the page names the area and the leaf and opens it; the page takes the whole width.
 */
function PhoneNav({ area, leaves }: NavProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const selected = leafSegment(pathname);
  const current = leaves.find((leaf) => leaf.path === selected);
  return (
    <div style={{ padding: '8px 8px 0' }}>
      <Button
        aria-label={`打开${area.label}菜单`}
        aria-expanded={open}
        icon={<MenuUnfoldOutlined />}
        onClick={() => setOpen(true)}
        style={{ maxWidth: '100%' }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {area.label}
          {current ? (
            <>
              {' '}
              <RightOutlined style={{ fontSize: 10 }} /> {current.label}
            </>
          ) : null}
        </span>
      </Button>
      <Drawer
        title={area.label}
        placement="left"
        open={open}
        onClose={() => setOpen(false)}
        size={280}
        rootClassName="eduqa-nav-drawer"
        styles={{ body: { padding: 0 } }}
      >
        <Menu
          aria-label={`${area.label}菜单`}
          mode="inline"
          selectedKeys={[selected]}
          items={leaves.map((leaf) => ({
            key: leaf.path,
            icon: silentIcon(leaf.icon),
            label: leafLabel(leaf),
          }))}
          onClick={({ key }) => {
            setOpen(false);
            navigate(`/${area.path}/${key}`);
          }}
          style={{ borderInlineEnd: 'none' }}
        />
      </Drawer>
    </div>
  );
}

/** The bare area path and unknown sub-paths go to the first leaf the user can see. */
export function FirstLeafRedirect({ area }: { area: AreaRoute }) {
  const { user, menus } = useSession();
  return (
    <Navigate
      to={firstLeafPath(
        area.path,
        area.children ?? [],
        leafGrants(user ? fromSessionUserWire(user) : null, menus),
      )}
      replace
    />
  );
}

/** A leaf needing an action the user lacks answers 403 even when typed in directly. */
export function RequireLeaf({ leaf, children }: { leaf: LeafRoute; children: ReactNode }) {
  const { user, menus } = useSession();
  if (!canSeeLeaf(leaf, leafGrants(user ? fromSessionUserWire(user) : null, menus))) return <Forbidden />;
  return children;
}
