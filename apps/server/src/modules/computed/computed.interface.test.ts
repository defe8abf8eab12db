import { describe, expect, it } from 'vitest';
import { connectReason } from './computed.interface.ts';

describe('why an endpoint could not be reached', () => {
  const fetchFailed = (cause: { code?: string; message?: string }) =>
    Object.assign(new TypeError('fetch failed'), { cause });

  it('tells a refused connection, an unknown host, a certificate and a redirect apart', () => {
    expect(connectReason(fetchFailed({ code: 'ECONNREFUSED' }), 300)).toBe(
      '连接被拒绝：接口地址上没有服务在监听',
    );
    expect(connectReason(fetchFailed({ code: 'ENOTFOUND' }), 300)).toBe('无法连接到接口地址：域名无法解析');
    expect(connectReason(fetchFailed({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), 300)).toContain('证书');
    expect(connectReason(fetchFailed({ message: 'unexpected redirect' }), 300)).toContain('重定向');
    expect(connectReason(fetchFailed({}), 300)).toBe('无法连接到接口地址，请检查地址和网络');
  });

  it('names the time limit of a request that timed out', () => {
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    expect(connectReason(timeout, 10_000)).toBe('请求超时（10 秒）');
  });
});
