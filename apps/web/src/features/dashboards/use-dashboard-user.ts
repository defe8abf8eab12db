import { fromSessionUserWire } from '@eduqa/contract';
import { useSession } from '../../shell/session/index.ts';

/** The caller as the dashboard screens need him: may he maintain cards and role defaults (智能分析维护)? */
export function useDashboardUser() {
  const { user, roleMap } = useSession();
  const actions = user ? fromSessionUserWire(user).actions : [];
  return {
    isManager: actions.includes('analysis.manage'),
    /** Every role, for a maintainer's 角色默认布局 (name → id). */
    roles: Object.entries(roleMap).map(([name, id]) => ({ id, name })),
  };
}
