import { EllipsisOutlined } from '@ant-design/icons';
import { ConfigProvider, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { areaLabel, areaSegment, menuAreas } from '../../app/route-access.ts';
import { AREAS } from '../../app/routes.tsx';
import { silentIcon } from '../../shared/ui/silent-icon.ts';
import { useSession } from '../session/index.ts';

/**
 * The top menu (spec 1 §2): an entry per area whose key is in the user's menu map, highlighted by
 * the first path segment; entries that do not fit collapse into 更多. The sidebar selection follows
 * the URL, so navigating to another area leaves nothing selected there.
 */
export function TopMenu({ background }: { background: string }) {
  const { menus } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const segment = areaSegment(pathname);
  const selected = AREAS.find((area) => area.path === segment);
  const items = menuAreas(AREAS, menus).map((area) => ({
    key: area.menuKey,
    icon: silentIcon(area.icon),
    label: areaLabel(area, menus),
  }));
  const pathOf = (key: string) => AREAS.find((area) => area.menuKey === key && !area.hideInMenu)?.path;

  return (
    <ConfigProvider
      theme={{
        components: {
          Menu: {
            darkItemBg: 'transparent',
            darkPopupBg: background,
            darkItemSelectedBg: 'rgba(255,255,255,0.16)',
            darkItemColor: 'rgba(255,255,255,0.82)',
            darkItemHoverColor: '#fff',
            darkItemSelectedColor: '#fff',
            horizontalItemSelectedBg: 'rgba(255,255,255,0.16)',
          },
        },
      }}
    >
      <Menu
        aria-label="主菜单"
        mode="horizontal"
        theme="dark"
        items={items}
        selectedKeys={selected ? [selected.menuKey] : []}
        overflowedIndicator={
          <span>
            更多 <EllipsisOutlined />
          </span>
        }
        onClick={({ key }) => {
          const path = pathOf(key);
          if (path) navigate(`/${path}`);
        }}
        style={{ flex: 1, minWidth: 0, background: 'transparent', borderBottom: 'none', lineHeight: '64px' }}
      />
    </ConfigProvider>
  );
}
