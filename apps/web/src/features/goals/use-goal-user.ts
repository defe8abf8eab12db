import { ROLE_IDS } from '@eduqa/contract';
import { useSession } from '../../shell/session/index.ts';

/** The caller as the goal screens need it: id, publisher or not, and the departments they head. */
export function useGoalUser() {
  const { user } = useSession();
  const roleIds = user?.roleIdList ?? [];
  return {
    me: user?.userId ?? '',
    isPublisher: roleIds.includes(ROLE_IDS.yearTargetPublisher) || roleIds.includes(ROLE_IDS.admin),
    /** Spec 1 §3 newChargeDeparmentList: department id, name, head id and name. */
    chargeDepartments: user?.newChargeDeparmentList ?? [],
    menus: user?.menus ?? {},
  };
}
