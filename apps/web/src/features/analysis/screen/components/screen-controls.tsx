import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Select, Space, Switch, Tooltip } from 'antd';
import { intervalLabel, ROTATION_INTERVALS, type RotationSetting } from '../screen-rotation.ts';

/** 轮播 on/off and its interval: shown only when there is more than one screen to rotate through. */
export function RotationControls({
  setting,
  onChange,
}: {
  setting: RotationSetting;
  onChange: (next: RotationSetting) => void;
}) {
  return (
    <Space size={8}>
      <Switch
        aria-label="轮播"
        checked={setting.enabled}
        onChange={(enabled) => onChange({ ...setting, enabled })}
      />
      <span>轮播</span>
      <Select
        aria-label="轮播间隔"
        style={{ width: 96 }}
        value={setting.seconds}
        options={ROTATION_INTERVALS.map((s) => ({ value: s, label: intervalLabel(s) }))}
        onChange={(seconds: number) => onChange({ ...setting, seconds })}
        getPopupContainer={(node: HTMLElement) => node.parentElement ?? document.body}
      />
    </Space>
  );
}

/** 全屏 / 退出全屏 (Esc leaves it too). */
export function FullscreenButton({
  isFullscreen,
  onToggle,
}: {
  isFullscreen: boolean;
  onToggle: () => void;
}) {
  const label = isFullscreen ? '退出全屏' : '全屏';
  return (
    <Tooltip title={label}>
      <Button
        aria-label={label}
        aria-pressed={isFullscreen}
        icon={isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={onToggle}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
