import { Switch, Tooltip } from 'antd';
import { THEME_LABELS } from '../theme/theme.ts';
import { setTheme, useTheme } from '../theme/use-theme.ts';

/** Toggles the header colour between the dark and the blue theme. */
export function ThemeSwitch() {
  const theme = useTheme();
  return (
    <Tooltip title={`切换主题（当前：${THEME_LABELS[theme]}）`}>
      <Switch
        aria-label="切换主题"
        checked={theme === 'blue'}
        checkedChildren="蓝"
        unCheckedChildren="深"
        onChange={(checked) => setTheme(checked ? 'blue' : 'dark')}
        style={{
          flex: 'none',
          background: theme === 'blue' ? 'rgba(255,255,255,0.35)' : 'rgba(255,255,255,0.25)',
        }}
      />
    </Tooltip>
  );
}
