import { describe, expect, it } from 'vitest';
import { HOME_PATH, loginPathFrom, pathOfHash, safeFromPath } from './paths.ts';

describe('loginPathFrom', () => {
  it('remembers the current path', () => {
    expect(loginPathFrom('/system/users?x=1')).toBe('/login?from=%2Fsystem%2Fusers%3Fx%3D1');
  });
  it('does not remember the root or the login page', () => {
    expect(loginPathFrom('/')).toBe('/login');
    expect(loginPathFrom('/login?from=%2Findex')).toBe('/login');
  });
});

describe('safeFromPath', () => {
  it('returns a path inside the app', () => {
    expect(safeFromPath('/report')).toBe('/report');
  });
  it('falls back to the home page for anything else', () => {
    for (const from of [
      null,
      undefined,
      '',
      'report',
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      '/login',
      '/',
    ]) {
      expect(safeFromPath(from)).toBe(HOME_PATH);
    }
  });
});

describe('pathOfHash', () => {
  it('reads the router path out of the hash', () => {
    expect(pathOfHash('#/index')).toBe('/index');
    expect(pathOfHash('')).toBe('/');
  });
});
