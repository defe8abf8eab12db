import {
  DEPARTMENT_HEAD_MENU_KEYS,
  DEPARTMENT_HEAD_ROLE,
  MENU_KEYS,
  MENU_LABELS,
  type MenuKey,
  type Role,
} from '@eduqa/contract';

/** The system setting's feature switches (spec 1 §2: /newTaskManagement only when a flag is on). */
export interface FeatureFlags {
  annualTargetBreakdown: boolean;
}

export interface Grants {
  roles: Array<{ id: string; name: string }>;
  menuKeys: MenuKey[];
  menus: Record<string, string>;
  actions: string[];
}

/**
 * What a user may do: the union of the roles' menus and actions, plus the synthetic
 * department-head role for anyone who heads a department. Menus come out in top-menu order.
 */
export function computeGrants(
  roles: Array<Pick<Role, 'id' | 'name' | 'menuKeys' | 'actions'>>,
  headsDepartment: boolean,
  features: FeatureFlags = { annualTargetBreakdown: true },
): Grants {
  const keys = new Set<string>(roles.flatMap((r) => r.menuKeys));
  if (headsDepartment) for (const key of DEPARTMENT_HEAD_MENU_KEYS) keys.add(key);
  // A switched-off feature's menu key is gone for everyone, so its routes refuse like any missing key.
  if (!features.annualTargetBreakdown) keys.delete('newTaskManagement');
  const menuKeys = MENU_KEYS.filter((key) => keys.has(key));
  return {
    roles: [
      ...roles.map((r) => ({ id: r.id, name: r.name })),
      ...(headsDepartment ? [{ id: DEPARTMENT_HEAD_ROLE.roleId, name: DEPARTMENT_HEAD_ROLE.roleName }] : []),
    ],
    menuKeys,
    menus: Object.fromEntries(menuKeys.map((key) => [key, MENU_LABELS[key]])),
    actions: [...new Set(roles.flatMap((r) => r.actions))].sort(),
  };
}
