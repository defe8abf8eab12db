import type { Action, LoginResultWire, MenuKey } from '@eduqa/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { PageLoader } from '../shared/ui/lazy-page.tsx';

/** What a route's prefetch knows of the page about to open (app/route-prefetch.ts). */
export interface PrefetchContext {
  client: QueryClient;
  /** The user the requests go out as: accepted by the server, the session's lists possibly still loading. */
  user: LoginResultWire;
  /** The path below the route's own segment(s), e.g. `obj/42` under `/improvement/myTask`. */
  rest: string;
  search: URLSearchParams;
}

/**
 * Starts the first queries of a route's page (silently, with the page's own query keys) while its code is
 * still on the way, so that the data is not asked for only once the page has rendered.
 */
export type RoutePrefetch = (context: PrefetchContext) => void;

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
  prefetch?: RoutePrefetch;
  /** When set, only users granted this action see the leaf (the server refuses the page's calls without it). */
  action?: Action;
  /** When set, only users whose menu map also holds this key see the leaf (and may open it). */
  menuKey?: MenuKey;
  /** With `menuKey`: department heads see the leaf too. */
  orDepartmentHead?: boolean;
  /** A count shown beside the label in the sidebar (the goal warning counts of spec 1 §6). */
  badge?: ComponentType;
}
