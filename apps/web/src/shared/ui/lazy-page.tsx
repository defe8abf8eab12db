import { Button, Flex, Result, Spin } from 'antd';
import { type ComponentType, useEffect, useState } from 'react';
import { TEXT_COLORS } from './colors.ts';
import { type LazyPhase, LOAD_TIMEOUT_MS, LOADER_DELAY_MS, nextLazyPhase } from './lazy-timing.ts';

export type PageLoader = () => Promise<{ default: ComponentType }>;

/** Pages already fetched render at once on the next visit. */
const loaded = new WeakMap<PageLoader, ComponentType>();

/**
 * Starts fetching a page before its route renders (a signed-in page opened cold asks for its code beside
 * the session check); once it is here the page renders at once. A failure is left to the page's own load.
 */
export function preloadPage(load: PageLoader): void {
  if (loaded.has(load)) return;
  load().then(
    (module) => loaded.set(load, module.default),
    () => {},
  );
}

interface Loading {
  load: PageLoader;
  phase: LazyPhase;
}

/**
 * A lazily loaded page (spec 1 §2 piece 4): the loader shows only after 200 ms, the page gives up
 * after 10 s, and a failed import shows 'Error!'.
 */
export function LazyPage({ load }: { load: PageLoader }) {
  const [loading, setLoading] = useState<Loading>(() => ({
    load,
    phase: loaded.has(load) ? 'ready' : 'waiting',
  }));
  // Another route reusing this element swaps the loader: start over for it.
  const current: Loading =
    loading.load === load ? loading : { load, phase: loaded.has(load) ? 'ready' : 'waiting' };
  if (current !== loading) setLoading(current);

  useEffect(() => {
    if (loaded.has(load)) return;
    let active = true;
    const advance = (event: Parameters<typeof nextLazyPhase>[1]) => {
      if (!active) return;
      setLoading((prev) => (prev.load === load ? { load, phase: nextLazyPhase(prev.phase, event) } : prev));
    };
    load().then(
      (module) => {
        // A page that arrives after the page gave up stays given up, but is cached for the next visit.
        loaded.set(load, module.default);
        advance({ type: 'loaded' });
      },
      () => advance({ type: 'failed' }),
    );
    const showLoader = setTimeout(() => advance({ type: 'elapsed', ms: LOADER_DELAY_MS }), LOADER_DELAY_MS);
    const giveUp = setTimeout(() => advance({ type: 'elapsed', ms: LOAD_TIMEOUT_MS }), LOAD_TIMEOUT_MS);
    return () => {
      active = false;
      clearTimeout(showLoader);
      clearTimeout(giveUp);
    };
  }, [load]);

  const Page = loaded.get(load);
  switch (current.phase) {
    case 'ready':
      return Page ? <Page /> : null;
    case 'loading':
      return <Loading />;
    case 'failed':
      return <LoadError />;
    default:
      return null;
  }
}

/** A centred spinner with its text (a standalone Spin shows no description). */
export function Loading({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      role="status"
      style={{ padding: 64, minHeight: fullPage ? '100vh' : undefined, color: TEXT_COLORS.muted }}
    >
      <Spin size="large" />
      <span>加载中…</span>
    </Flex>
  );
}

export function LoadError() {
  return (
    <Result
      status="error"
      title="Error!"
      subTitle="页面加载失败，请检查网络后刷新重试"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
