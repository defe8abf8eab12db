import {
  targetBandEndpoints as E,
  type QueryOf,
  type TargetBand,
  type TargetBandScope,
} from '@eduqa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../shared/api/client.ts';

/** 目标定位's answer is English on the wire (the call is ours, not the spec's): no mapping to do. */
export type { TargetBand };

/** The proposed target settles this long after the last keystroke before it is asked about. */
export const TARGET_BAND_DELAY_MS = 300;

export const targetBandKeys = {
  all: ['standards', 'targetBand'] as const,
  query: (query: QueryOf<typeof E.query>) => ['standards', 'targetBand', query] as const,
};

/** A value handed on once it has stopped changing for `delay` ms. */
export function useSettled<T>(value: T, delay = TARGET_BAND_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The band and the past cycles of a point for a proposed target (blank: its standard value). Quiet: a
 * target the point cannot hold is shown by the panel, not toasted while the user is still typing.
 */
export function useTargetBand(input: { pointId: string; target: string; scope: TargetBandScope }) {
  const query: QueryOf<typeof E.query> = {
    pointId: input.pointId,
    scope: input.scope,
    ...(input.target ? { target: input.target } : {}),
  };
  return useQuery({
    queryKey: targetBandKeys.query(query),
    queryFn: () => call(E.query, { query, silent: true }),
    placeholderData: keepPreviousData,
    // A refused target stays refused until it is changed; asking again would only delay the message.
    retry: false,
  });
}
