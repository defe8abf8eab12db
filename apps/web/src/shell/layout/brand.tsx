import { SafetyCertificateFilled } from '@ant-design/icons';
import { useSystemSetting } from './use-system-setting.ts';

/** The configurable logo and system name; `shrink` lets the name give way with an ellipsis (phones). */
export function Brand({
  color = '#fff',
  size = 18,
  shrink = false,
}: {
  color?: string;
  size?: number;
  shrink?: boolean;
}) {
  const { systemName, logoUrl } = useSystemSetting();
  return (
    <div
      title={shrink ? systemName : undefined}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        flex: shrink ? '0 1 auto' : 'none',
        minWidth: 0,
      }}
    >
      {logoUrl ? (
        <img src={logoUrl} alt="系统图标" style={{ height: size + 14, width: 'auto', display: 'block' }} />
      ) : (
        <SafetyCertificateFilled aria-hidden style={{ fontSize: size + 8, color }} />
      )}
      <span
        style={{
          color,
          fontSize: size,
          fontWeight: 600,
          whiteSpace: 'nowrap',
          letterSpacing: 1,
          ...(shrink ? { overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 } : {}),
        }}
      >
        {systemName}
      </span>
    </div>
  );
}
