import type { Action, MenuKey } from '@eduqa/contract';
import { AppError } from './errors.ts';

/** What a route needs. Every route declares one; a test fails for any that does not. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'menu'; key: MenuKey }
  | { kind: 'action'; action: Action }
  /** A machine caller holding the secret of this setting (`/api/metrics`); no session grants it. */
  | { kind: 'token'; setting: string };

export const access = {
  public: { kind: 'public' } as const,
  signedIn: { kind: 'signedIn' } as const,
  menu: (key: MenuKey) => ({ kind: 'menu', key }) as const,
  action: (action: Action) => ({ kind: 'action', action }) as const,
  token: (setting: string) => ({ kind: 'token', setting }) as const,
};

/** The caller, resolved from the session cookie only. */
export interface Actor {
  userId: string;
  sessionId: string;
  csrfSecret: string;
  roleIds: readonly string[];
  menuKeys: ReadonlySet<string>;
  actions: ReadonlySet<string>;
  /**
   * The password was set by an administrator and must be replaced before anything else; only the
   * endpoints in route.ts's PASSWORD_CHANGE_ENDPOINTS answer meanwhile. Optional so that actors made
   * for jobs and tests need not spell it out: absent means false.
   */
  mustChangePassword?: boolean;
}

export function can(actor: Actor, need: Access): boolean {
  switch (need.kind) {
    case 'public':
    case 'signedIn':
      return true;
    case 'menu':
      return actor.menuKeys.has(need.key);
    case 'action':
      return actor.actions.has(need.action);
    case 'token':
      return false;
  }
}

export function assertCan(actor: Actor, need: Access): void {
  if (!can(actor, need)) throw new AppError('FORBIDDEN');
}

export function describeAccess(need: Access): string {
  switch (need.kind) {
    case 'public':
      return '公开';
    case 'signedIn':
      return '需要登录';
    case 'menu':
      return `需要菜单权限 ${need.key}`;
    case 'action':
      return `需要操作权限 ${need.action}`;
    case 'token':
      return `需要访问令牌（${need.setting}）`;
  }
}
