// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { prefetchDiagnosisPage } from '../features/diagnosis/prefetch.ts';
import { JUST_FETCHED_MS, refetchUnlessJustFetched } from '../shared/api/prefetch.ts';
import { loginResultWire } from '../shell/session/login-result.fixtures.wire.ts';
import { routeTarget } from './route-prefetch.ts';

const user = loginResultWire({
  userName: '杨光',
  account: 'yangguang',
  departmentName: '机电学院',
  menus: { index: '首页', improvement: '诊断改进' },
  sex: '1',
  lastAccessTime: '2026-03-01 08:00:00',
});

describe('the route a cold open prefetches', () => {
  it('finds a leaf, the path below it and whether the user may open it', () => {
    const target = routeTarget('#/improvement/myTask/obj/42');
    expect(target?.rest).toBe('obj/42');
    expect(target?.prefetch).toBe(prefetchDiagnosisPage);
    expect(target?.allowed(user)).toBe(true);
    // 年度任务 needs diagnosis.manage, which this user lacks: its data is not asked for.
    expect(routeTarget('#/improvement/yearTask/obj/42')?.allowed(user)).toBe(false);
  });

  it('finds an area without a sidebar, with the query of the address', () => {
    const target = routeTarget('#/dataScreen?screen=s1');
    expect(target?.search.get('screen')).toBe('s1');
    expect(target?.prefetch).toBeDefined();
    expect(target?.allowed(user)).toBe(false);
  });

  it('finds nothing for the landing path or an unknown one', () => {
    expect(routeTarget('#/')).toBeNull();
    expect(routeTarget('#/nowhere/at/all')).toBeNull();
    expect(routeTarget('#/improvement/nowhere')).toBeNull();
  });
});

describe("an object task page's prefetch", () => {
  const keysAskedFor = (rest: string) => {
    const prefetchQuery = vi.fn(async () => {});
    const client = { prefetchQuery } as unknown as QueryClient;
    prefetchDiagnosisPage({ client, user, rest, search: new URLSearchParams() });
    return prefetchQuery.mock.calls.map((call) => (call as unknown as [{ queryKey: unknown }])[0].queryKey);
  };

  it("asks for the object task's facts, rights, points and score under the page's own keys", () => {
    expect(keysAskedFor('obj/42')).toEqual([
      ['diagnosis', 'objectTask', '42'],
      ['diagnosis', 'objectTask', '42', 'authority'],
      ['diagnosis', 'points', '42'],
      ['diagnosis', 'score', '42'],
    ]);
  });

  it('asks for nothing on the other pages of the leaf', () => {
    expect(keysAskedFor('')).toEqual([]);
    expect(keysAskedFor('task/7')).toEqual([]);
  });
});

describe('a prefetched answer on mount', () => {
  const query = (dataUpdatedAt: number, isInvalidated = false) => ({
    state: { dataUpdatedAt, isInvalidated },
  });

  it('is shown without asking again when it came moments ago', () => {
    expect(refetchUnlessJustFetched(query(Date.now() - 100))).toBe(false);
  });

  it('is asked again when older, invalidated since, or missing', () => {
    expect(refetchUnlessJustFetched(query(Date.now() - JUST_FETCHED_MS - 1))).toBe(true);
    expect(refetchUnlessJustFetched(query(Date.now() - 100, true))).toBe(true);
    expect(refetchUnlessJustFetched(query(0))).toBe(true);
  });
});
