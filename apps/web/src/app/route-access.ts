import { HOME_PATH } from '../shared/routing/paths.ts';

/** The parts of a route-table entry that access decisions read (no JSX, so testable in Node). */
export interface AreaAccess {
  path: string;
  menuKey: string;
  label: string;
  hideInMenu?: boolean;
}

export interface LeafAccess {
  path: string;
  /** When set, the leaf shows only to users granted this action. */
  action?: string;
  /**
   * When set, the leaf shows only to users whose menu map also holds this key: 数据采集 serves fillers
   * and data managers, and only the latter (who hold 数据管理) design forms.
   */
  menuKey?: string;
  /** With `menuKey`: department heads see the leaf too (任务分配 and 填报审核 of their department's fills). */
  orDepartmentHead?: boolean;
}

/** What a user holds that decides which leaves they see. */
export interface LeafGrants {
  actions: readonly string[];
  menus: Record<string, string>;
  headsDepartment?: boolean;
}

export function canSeeLeaf(leaf: LeafAccess, grants: LeafGrants): boolean {
  if (leaf.action && !grants.actions.includes(leaf.action)) return false;
  if (!leaf.menuKey || Object.hasOwn(grants.menus, leaf.menuKey)) return true;
  return leaf.orDepartmentHead === true && grants.headsDepartment === true;
}

/** The grants of the signed-in user: what they may do and whether they head a department. */
export function leafGrants(
  user: { actions: readonly string[]; headedDepartments: readonly unknown[] } | null,
  menus: Record<string, string>,
): LeafGrants {
  return { actions: user?.actions ?? [], menus, headsDepartment: (user?.headedDepartments.length ?? 0) > 0 };
}

/** Spec 1 §2: an area is open when the user's menu map holds its key. */
export function canEnter(area: Pick<AreaAccess, 'menuKey'>, menus: Record<string, string>): boolean {
  return Object.hasOwn(menus, area.menuKey);
}

/** Top-menu entries: open areas that are not hidden (the dashboards page is reachable but unlisted). */
export function menuAreas<A extends AreaAccess>(areas: readonly A[], menus: Record<string, string>): A[] {
  return areas.filter((area) => !area.hideInMenu && canEnter(area, menus));
}

/** The menu map's label, with the route table's default as fallback. */
export function areaLabel(area: AreaAccess, menus: Record<string, string>): string {
  return menus[area.menuKey] || area.label;
}

/** Where `/` and unknown paths lead: the home page, or the first area the user may open. */
export function landingPath(areas: readonly AreaAccess[], menus: Record<string, string>): string {
  const home = areas.find((area) => `/${area.path}` === HOME_PATH);
  if (home && canEnter(home, menus)) return HOME_PATH;
  const first = menuAreas(areas, menus)[0];
  return first ? `/${first.path}` : HOME_PATH;
}

/** The first path segment, which both the route table and the top menu key on. */
export function areaSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/** The segment after the area, which selects the sidebar leaf. */
export function leafSegment(pathname: string): string {
  return pathname.split('/')[2] ?? '';
}

export function visibleLeaves<L extends LeafAccess>(leaves: readonly L[], grants: LeafGrants): L[] {
  return leaves.filter((leaf) => canSeeLeaf(leaf, grants));
}

/** The bare area path and unknown sub-paths go to the first leaf the user can see, else home. */
export function firstLeafPath(areaPath: string, leaves: readonly LeafAccess[], grants: LeafGrants): string {
  const first = visibleLeaves(leaves, grants)[0];
  return first ? `/${areaPath}/${first.path}` : HOME_PATH;
}

/**
 * Where to go after signing in: the remembered `from` when the new user may open it (another user
 * may have signed out there), else the landing path.
 */
export function pathAfterSignIn(
  from: string,
  areas: readonly AreaAccess[],
  menus: Record<string, string>,
  publicSegments: readonly string[],
): string {
  const segment = areaSegment(from);
  if (publicSegments.includes(segment)) return from;
  const area = areas.find((a) => a.path === segment);
  return area && canEnter(area, menus) ? from : landingPath(areas, menus);
}
