import { SafetyCertificateFilled } from '@ant-design/icons';
import { useSystemSetting } from './use-system-setting.ts';

/** The configurable logo and system name. */
export function Brand({ color = '#fff', size = 18 }: { color?: string; size?: number }) {
  const { systemName, logoUrl } = useSystemSetting();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10, flex: 'none', minWidth: 0 }}>
      {logoUrl ? (
        <img src={logoUrl} alt="系统图标" style={{ height: size + 14, width: 'auto', display: 'block' }} />
      ) : (
        <SafetyCertificateFilled aria-hidden style={{ fontSize: size + 8, color }} />
      )}
      <span style={{ color, fontSize: size, fontWeight: 600, whiteSpace: 'nowrap', letterSpacing: 1 }}>
        {systemName}
      </span>
    </div>
  );
}
