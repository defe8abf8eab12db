import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.fileStorage).toBe('local');
    expect(config.sessionIdleMs).toBe(2 * 3_600_000);
    expect(config.sessionMaxMs).toBe(30 * 86_400_000);
    expect(config.seedDemo).toBe(true);
    expect(config.databasePool).toEqual({ max: 10, connectTimeoutMs: 5_000 });
    expect(config.jobsConcurrency).toBe(2);
    expect(config.shutdownGraceMs).toBe(10_000);
    expect(config.trustProxy).toBe(false);
    expect(config.publicOrigin).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });
  it('reads the variables and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '4000',
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      SESSION_IDLE_MINUTES: '5',
      DATABASE_POOL_MAX: '4',
      SHUTDOWN_GRACE_SECONDS: '3',
    });
    expect(config.databasePool.max).toBe(4);
    expect(config.shutdownGraceMs).toBe(3_000);
    expect(config.port).toBe(4000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(false);
    expect(config.sessionIdleMs).toBe(300_000);
  });
  it('refuses bad values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ JOBS_CONCURRENCY: '0' })).toThrow(/JOBS_CONCURRENCY/);
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/FILE_STORAGE/);
  });
  it('keeps files in the database with FILE_STORAGE=database', () => {
    expect(loadConfig({ FILE_STORAGE: 'database' }).fileStorage).toBe('database');
    expect(loadConfig({ FILE_STORAGE: 'local' }).fileStorage).toBe('local');
  });
  it('turns the metrics on only with a METRICS_TOKEN of 32 visible characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'a1'.repeat(16);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: token.slice(1) })).toThrow(/METRICS_TOKEN.*32/);
    expect(() => loadConfig({ METRICS_TOKEN: `${token} x` })).toThrow(/METRICS_TOKEN.*ASCII/);
    expect(() => loadConfig({ METRICS_TOKEN: `${token}令牌` })).toThrow(/METRICS_TOKEN/);
  });
  it('reads TRUST_PROXY as a list of proxies, and off when unset, empty or false', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16,::1,fd00::/8, loopback ' }).trustProxy,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });
  it('refuses TRUST_PROXY=true and anything that is not an address or CIDR', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*not: true/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, proxy.local' })).toThrow(/TRUST_PROXY.*proxy\.local/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
  it('keeps the origins of FRAME_SOURCES and refuses wildcards and other schemes', () => {
    expect(loadConfig({}).frameSources).toEqual([]);
    expect(
      loadConfig({ FRAME_SOURCES: 'https://bi.school.edu.cn/report, http://10.0.0.8:8080' }).frameSources,
    ).toEqual(['https://bi.school.edu.cn', 'http://10.0.0.8:8080']);
    expect(() => loadConfig({ FRAME_SOURCES: 'https://*.example.com' })).toThrow(/FRAME_SOURCES/);
    expect(() => loadConfig({ FRAME_SOURCES: 'javascript:alert(1)' })).toThrow(/FRAME_SOURCES/);
    expect(() => loadConfig({ FRAME_SOURCES: '*' })).toThrow(/FRAME_SOURCES/);
  });

  it('reads DATA_SOURCE_HOSTS as names, addresses and CIDRs, none when unset', () => {
    expect(loadConfig({}).dataSourceHosts).toEqual([]);
    expect(loadConfig({ DATA_SOURCE_HOSTS: '' }).dataSourceHosts).toEqual([]);
    expect(
      loadConfig({
        DATA_SOURCE_HOSTS: ' 127.0.0.1, localhost,[::1], 10.0.0.0/8,fd00::/8, JW-DB.school.edu.cn ',
      }).dataSourceHosts,
    ).toEqual(['127.0.0.1', 'localhost', '::1', '10.0.0.0/8', 'fd00::/8', 'jw-db.school.edu.cn']);
    for (const bad of [
      '*',
      '*.school.edu.cn',
      '10.0.0.0/33',
      'http://db',
      'db:5432',
      '127.1',
      'loopback/8',
    ]) {
      expect(() => loadConfig({ DATA_SOURCE_HOSTS: `127.0.0.1,${bad}` }), bad).toThrow(/DATA_SOURCE_HOSTS/);
    }
  });

  it('keeps only the origin of PUBLIC_ORIGIN and refuses other schemes', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://quality.school.edu.cn/' }).publicOrigin).toBe(
      'https://quality.school.edu.cn',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://10.1.2.3:8080/app' }).publicOrigin).toBe(
      'http://10.1.2.3:8080',
    );
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://x.example' })).toThrow(/PUBLIC_ORIGIN/);
  });
});
