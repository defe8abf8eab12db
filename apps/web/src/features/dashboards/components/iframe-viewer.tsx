import { normalizeCardUrl } from '@eduqa/contract';
import { Empty } from 'antd';

/** What a browser without iframes shows (spec 2 §2.9). */
export const IFRAME_FALLBACK = '您的浏览器不支持 iframe 标签。';

/** A page of this site (its own origin) may keep its origin inside the frame; any other page may not. */
export function isSameOrigin(url: string, origin = globalThis.location?.origin ?? ''): boolean {
  if (url.startsWith('/')) return true;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/**
 * 内嵌页面 (spec 2 §2.9): the address gets http:// when it has none; anything but http(s) or a path of this
 * site is not shown. The frame is sandboxed: scripts and forms run, but a foreign page gets an opaque origin
 * (no cookies or storage of ours), and nothing may navigate the top window.
 */
export function IframeViewer({
  url,
  title,
  height = '100%',
}: {
  url: string | null;
  title: string;
  height?: number | string;
}) {
  const src = url ? normalizeCardUrl(url) : null;
  if (!src) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="网址不正确" />;
  const sandbox = isSameOrigin(src)
    ? 'allow-scripts allow-same-origin allow-forms allow-popups'
    : 'allow-scripts allow-forms allow-popups';
  return (
    <iframe
      src={src}
      title={title}
      sandbox={sandbox}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height, border: 0, display: 'block' }}
    >
      {IFRAME_FALLBACK}
    </iframe>
  );
}
