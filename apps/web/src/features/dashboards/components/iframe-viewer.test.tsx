// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../../shared/testing/dom.tsx';
import { IFRAME_FALLBACK, IframeViewer, isSameOrigin } from './iframe-viewer.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('iframe viewer', () => {
  it('adds http:// to an address without a scheme and keeps the fallback text inside the frame', async () => {
    const { container } = await render(
      <IframeViewer url="www.example.edu.cn/report?y=2026" title="外部报表" />,
    );
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('http://www.example.edu.cn/report?y=2026');
    expect(frame?.getAttribute('title')).toBe('外部报表');
    expect(frame?.textContent).toBe('您的浏览器不支持 iframe 标签。');
    expect(IFRAME_FALLBACK).toBe('您的浏览器不支持 iframe 标签。');
  });

  it('sandboxes a foreign page without our origin and lets a page of this site keep it', async () => {
    const foreign = await render(<IframeViewer url="https://example.com" title="外部" />);
    const sandbox = foreign.container.querySelector('iframe')?.getAttribute('sandbox') ?? '';
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(sandbox).not.toContain('allow-top-navigation');
    const own = await render(<IframeViewer url="/api/docs" title="接口文档" />);
    expect(own.container.querySelector('iframe')?.getAttribute('src')).toBe('/api/docs');
    expect(own.container.querySelector('iframe')?.getAttribute('sandbox')).toContain('allow-same-origin');
    expect(isSameOrigin('http://a.cn/x', 'http://a.cn')).toBe(true);
    expect(isSameOrigin('http://b.cn/x', 'http://a.cn')).toBe(false);
  });

  it('shows no frame for a javascript: or data: address', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '']) {
      const { container, unmount } = await render(<IframeViewer url={url} title="坏地址" />);
      expect(container.querySelector('iframe')).toBeNull();
      expect(container.textContent).toContain('网址不正确');
      unmount();
    }
  });
});
