import { describe, expect, it } from 'vitest';
import {
  type LazyEvent,
  type LazyPhase,
  LOAD_TIMEOUT_MS,
  LOADER_DELAY_MS,
  nextLazyPhase,
} from './lazy-timing.ts';

const run = (events: LazyEvent[]): LazyPhase => events.reduce(nextLazyPhase, 'waiting' as LazyPhase);

describe('lazy page timing', () => {
  it('shows nothing during the first 200 ms', () => {
    expect(run([{ type: 'elapsed', ms: LOADER_DELAY_MS - 1 }])).toBe('waiting');
  });

  it('shows the loader from 200 ms on', () => {
    expect(run([{ type: 'elapsed', ms: LOADER_DELAY_MS }])).toBe('loading');
  });

  it('shows the page when it arrives, with or without the loader', () => {
    expect(run([{ type: 'loaded' }])).toBe('ready');
    expect(run([{ type: 'elapsed', ms: LOADER_DELAY_MS }, { type: 'loaded' }])).toBe('ready');
  });

  it('gives up after 10 s and ignores a late arrival', () => {
    expect(run([{ type: 'elapsed', ms: LOAD_TIMEOUT_MS }])).toBe('failed');
    expect(run([{ type: 'elapsed', ms: LOAD_TIMEOUT_MS }, { type: 'loaded' }])).toBe('failed');
  });

  it('fails on an import error', () => {
    expect(run([{ type: 'elapsed', ms: LOADER_DELAY_MS }, { type: 'failed' }])).toBe('failed');
  });

  it('stays ready when a timer fires after the page arrived', () => {
    expect(run([{ type: 'loaded' }, { type: 'elapsed', ms: LOAD_TIMEOUT_MS }])).toBe('ready');
  });
});
