import { describe, expect, it } from 'vitest';
import { type Actor, access, assertCan, can } from './access.ts';

const actor: Actor = {
  userId: 'u',
  sessionId: 's',
  csrfSecret: 'x',
  roleIds: ['r'],
  menuKeys: new Set(['index']),
  actions: new Set(['org.user.manage']),
};

describe('can', () => {
  it('grants what the roles grant and nothing else', () => {
    expect(can(actor, access.signedIn)).toBe(true);
    expect(can(actor, access.menu('index'))).toBe(true);
    expect(can(actor, access.menu('system'))).toBe(false);
    expect(can(actor, access.action('org.user.manage'))).toBe(true);
    expect(can(actor, access.action('org.role.manage'))).toBe(false);
  });
  it('never lets a session through where a token is asked for', () => {
    const everything: Actor = {
      ...actor,
      menuKeys: new Set(['system']),
      actions: new Set(['org.user.manage']),
    };
    expect(can(everything, access.token('METRICS_TOKEN'))).toBe(false);
  });
  it('throws the no-permission error', () => {
    expect(() => assertCan(actor, access.menu('system'))).toThrow('用户无权访问该资源');
  });
});
