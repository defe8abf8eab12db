import { ROLE_IDS } from '@eduqa/contract';
import { useSession } from '../../shell/session/index.ts';
import { chargeDepartmentsOf } from './api.ts';

/**
 * The departments a user answers for, as the server counts them (goals.repo myDepartments): those they
 * head, and their own department when they hold the department principal or auditor task role.
 */
export function answeringDepartmentIds(input: {
  headedIds: readonly string[];
  ownDepartmentId: string | null;
  roleIds: readonly string[];
}): string[] {
  const ids = new Set(input.headedIds);
  const answersForOwn =
    input.roleIds.includes(ROLE_IDS.targetTaskDepartPrincipal) ||
    input.roleIds.includes(ROLE_IDS.targetTaskDepartAuditor);
  if (answersForOwn && input.ownDepartmentId) ids.add(input.ownDepartmentId);
  return [...ids];
}

/** The caller as the goal screens need it: id, publisher or not, and the departments they head. */
export function useGoalUser() {
  const { user } = useSession();
  const roleIds = user?.roleIdList ?? [];
  const chargeDepartments = chargeDepartmentsOf(user);
  return {
    me: user?.userId ?? '',
    isPublisher: roleIds.includes(ROLE_IDS.yearTargetPublisher) || roleIds.includes(ROLE_IDS.admin),
    /** The departments the user heads: id, name, head id and name. */
    chargeDepartments,
    /** Where the user may accept urges. */
    answeringDepartmentIds: answeringDepartmentIds({
      headedIds: chargeDepartments.map((d) => d.id),
      ownDepartmentId: user?.orgId ?? null,
      roleIds,
    }),
    menus: user?.menus ?? {},
  };
}
