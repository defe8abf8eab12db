import type { Action, MenuKey } from '@eduqa/contract';
import type { ComponentType, ReactNode } from 'react';
import type { PageLoader } from '../shared/ui/lazy-page.tsx';

/**
 * A sidebar entry of an area; its page may hold further routes of its own (`path/*`). Features type
 * their route lists with it; it imports no feature, so the route table may import every feature.
 */
export interface LeafRoute {
  /** Relative to the area, e.g. 'users'. */
  path: string;
  label: string;
  icon?: ReactNode;
  load: PageLoader;
  /** When set, only users granted this action see the leaf (the server refuses the page's calls without it). */
  action?: Action;
  /** When set, only users whose menu map also holds this key see the leaf (and may open it). */
  menuKey?: MenuKey;
  /** With `menuKey`: department heads see the leaf too. */
  orDepartmentHead?: boolean;
  /** A count shown beside the label in the sidebar (the goal warning counts of spec 1 §6). */
  badge?: ComponentType;
}
