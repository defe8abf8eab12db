import { MenuOutlined } from '@ant-design/icons';
import { fromSessionUserWire } from '@eduqa/contract';
import { Button, Drawer, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { leafLabel } from '../../app/leaf-label.tsx';
import { areaLabel, areaSegment, leafGrants, menuAreas, visibleLeaves } from '../../app/route-access.ts';
import { AREAS } from '../../app/routes.tsx';
import { silentIcon } from '../../shared/ui/silent-icon.ts';
import { useSession } from '../session/index.ts';

type MenuItems = NonNullable<MenuProps['items']>;

/** Every area the user may open; an area with a sidebar opens onto its leaves (with their count badges). */
function useMenuItems(): MenuItems {
  const { menus, user } = useSession();
  const grants = leafGrants(user ? fromSessionUserWire(user) : null, menus);
  return menuAreas(AREAS, menus).map((area) => {
    const label = areaLabel(area, menus);
    if (!area.children) return { key: `/${area.path}`, icon: silentIcon(area.icon), label };
    return {
      key: area.path,
      icon: silentIcon(area.icon),
      label,
      children: visibleLeaves(area.children, grants).map((leaf) => ({
        key: `/${area.path}/${leaf.path}`,
        icon: silentIcon(leaf.icon),
        label: leafLabel(leaf),
      })),
    };
  });
}

/**
 * Issue 11, phones: the top menu has no room in a 390 px header, so a menu button opens a drawer with
 * every area and its sidebar entries; choosing one navigates and closes the drawer.
 */
export function PhoneMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMenuItems();
  const area = areaSegment(pathname);
  // The selected entry: the leaf (/area/leaf) or the area's own page (/area).
  const selected = pathname.split('/').slice(0, 3).join('/');
  return (
    <>
      <Button
        type="text"
        aria-label="打开主菜单"
        aria-expanded={open}
        icon={<MenuOutlined />}
        onClick={() => setOpen(true)}
        style={{ color: '#fff', flex: 'none' }}
      />
      <Drawer
        title="菜单"
        placement="left"
        open={open}
        onClose={() => setOpen(false)}
        size={300}
        rootClassName="eduqa-nav-drawer"
        styles={{ body: { padding: 0 } }}
      >
        <Menu
          aria-label="主菜单"
          mode="inline"
          items={items}
          selectedKeys={[selected, `/${area}`]}
          defaultOpenKeys={[area]}
          onClick={({ key }) => {
            setOpen(false);
            navigate(key);
          }}
          style={{ borderInlineEnd: 'none' }}
        />
      </Drawer>
    </>
  );
}
