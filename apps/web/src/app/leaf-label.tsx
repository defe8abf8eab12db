import type { ReactNode } from 'react';
import type { LeafRoute } from './route-leaf.ts';

/** A leaf's label with its count badge, if it has one. */
export function leafLabel(leaf: LeafRoute): ReactNode {
  const Extra = leaf.badge;
  if (!Extra) return leaf.label;
  return (
    <span>
      {leaf.label}
      <Extra />
    </span>
  );
}
