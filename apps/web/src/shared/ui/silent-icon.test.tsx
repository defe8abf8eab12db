// @vitest-environment happy-dom
import { ProfileOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { describe, expect, it } from 'vitest';
import { render } from '../testing/dom.tsx';
import { silentIcon } from './silent-icon.ts';

describe('silentIcon', () => {
  it('hides a menu item icon from screen readers, so the item is named by its text alone', async () => {
    const { container } = await render(
      <Menu
        mode="inline"
        items={[{ key: 'myTask', icon: silentIcon(<ProfileOutlined />), label: '我的任务' }]}
      />,
    );
    const icon = container.querySelector('[role="menuitem"] .anticon');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    // antd's own class for the menu's icon is kept.
    expect(icon?.classList.contains('ant-menu-item-icon')).toBe(true);
  });

  it('leaves no icon as it is', () => {
    expect(silentIcon(undefined)).toBeUndefined();
  });
});
