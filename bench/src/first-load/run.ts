/**
 * The login page loaded cold in Chromium: LCP, when the form is drawn, and the bytes it costs (raw and
 * over the wire). Starts the built server on a fresh data directory; every run is a new browser, so
 * nothing comes from the browser's cache. Goal: LCP ≤ 1.0 s on localhost.
 */
import fs from 'node:fs';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../chromium.ts';
import { startServer } from '../server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LCP_GOAL_MS = 1000;

interface Transfer {
  url: string;
  mimeType: string;
  encoding: string;
  /** Bytes of the body after decoding. */
  raw: number;
  /** Bytes over the wire: headers and the (compressed) body. */
  wire: number;
  /** When the request was sent, in ms after the document's request (about navigation start). */
  startMs: number;
}

interface Sample {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  formMs: number;
  jsRaw: number;
  jsWire: number;
  /** JavaScript asked for after the form was drawn: the signed-in app, prefetched. */
  laterJsRaw: number;
  laterJsWire: number;
  totalRaw: number;
  totalWire: number;
  requests: number;
  transfers: Transfer[];
}

/**
 * Runs in the page before any of its scripts: records LCP candidates and when the login form appears.
 * A string, not a function: tsx would wrap a function's inner helpers in `__name`, unknown in the page.
 */
const OBSERVE_PAGE = `
  window.__lcp = [];
  window.__form = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      window.__lcp.push({ t: entry.startTime, el: el ? el.tagName.toLowerCase() + ' "' + (el.textContent || '').slice(0, 20) + '"' : '?' });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    if (window.__form || window.__formSeen || !document.querySelector('form button[type=submit]')) return;
    window.__formSeen = true;
    // The next frame is about when the form is painted.
    requestAnimationFrame(() => { window.__form = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
`;

/** What OBSERVE_PAGE leaves on the page's global object (read in the page, where it is `window`). */
interface PageMarks {
  __lcp: { t: number; el: string }[];
  __form: number;
}

async function loadOnce(baseUrl: string): Promise<Sample> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const byId = new Map<string, Transfer>();
    const sentAt = new Map<string, number>();
    let navigationStart = 0;
    cdp.on('Network.requestWillBeSent', ({ requestId, timestamp, type }) => {
      if (type === 'Document' && !navigationStart) navigationStart = timestamp;
      sentAt.set(requestId, timestamp);
    });
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const headers = response.headers as Record<string, string>;
      const encoding = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
      byId.set(requestId, {
        url: response.url,
        mimeType: response.mimeType,
        encoding: encoding ?? '',
        raw: 0,
        wire: 0,
        startMs: ((sentAt.get(requestId) ?? navigationStart) - navigationStart) * 1000,
      });
    });
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
      const t = byId.get(requestId);
      if (t) t.raw += dataLength;
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const t = byId.get(requestId);
      if (t) t.wire = encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.addInitScript(OBSERVE_PAGE);
    await page.goto(`${baseUrl}/#/login`, { waitUntil: 'load' });
    await page.waitForFunction(() => (globalThis as unknown as PageMarks).__form > 0, null, {
      timeout: 30_000,
    });
    // LCP settles once the page is still; the prefetch of the signed-in app ends too.
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate(() => {
      const w = globalThis as unknown as PageMarks;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return { lcp: w.__lcp.at(-1) ?? { t: 0, el: '?' }, form: w.__form, fcp };
    });
    const transfers = [...byId.values()];
    // The login page's own bytes: what was asked for before the form was drawn.
    const isLater = (t: Transfer) => t.startMs > seen.form;
    const js = transfers.filter((t) => t.mimeType.includes('javascript') && !isLater(t));
    const laterJs = transfers.filter((t) => t.mimeType.includes('javascript') && isLater(t));
    const sum = (list: Transfer[], key: 'raw' | 'wire') => list.reduce((s, t) => s + t[key], 0);
    return {
      lcpMs: seen.lcp.t,
      lcpElement: seen.lcp.el,
      fcpMs: seen.fcp,
      formMs: seen.form,
      jsRaw: sum(js, 'raw'),
      jsWire: sum(js, 'wire'),
      laterJsRaw: sum(laterJs, 'raw'),
      laterJsWire: sum(laterJs, 'wire'),
      totalRaw: sum(
        transfers.filter((t) => !isLater(t)),
        'raw',
      ),
      totalWire: sum(
        transfers.filter((t) => !isLater(t)),
        'wire',
      ),
      requests: transfers.length,
      transfers,
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${Math.round(value)} ms`;

if (!fs.existsSync(CHROMIUM)) {
  console.error(`bench:first-load needs Chromium at ${CHROMIUM} (CHROMIUM_PATH)`);
  process.exit(1);
}
const server = await startServer();
try {
  // One load first so the server's file cache and JIT are warm; the browser is cold every time.
  await loadOnce(server.baseUrl);
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    const sample = await loadOnce(server.baseUrl);
    samples.push(sample);
    console.log(
      `run ${i + 1}: LCP ${ms(sample.lcpMs)} (${sample.lcpElement}), FCP ${ms(sample.fcpMs)}, form ${ms(sample.formMs)}, ` +
        `login JS ${kb(sample.jsRaw)} raw / ${kb(sample.jsWire)} wire, all ${kb(sample.totalRaw)} / ${kb(sample.totalWire)}, ` +
        `prefetched after the form ${kb(sample.laterJsRaw)} / ${kb(sample.laterJsWire)}, ${sample.requests} requests`,
    );
  }
  const last = samples.at(-1);
  if (last) {
    console.log('\nrequests of the last run:');
    console.table(
      last.transfers.map((t) => ({
        url: t.url.replace(server.baseUrl, '').slice(0, 60),
        'sent (ms)': Math.round(t.startMs),
        encoding: t.encoding || '-',
        raw: kb(t.raw),
        wire: kb(t.wire),
      })),
    );
  }
  const pick = (key: keyof Omit<Sample, 'lcpElement' | 'transfers'>) => median(samples.map((s) => s[key]));
  const lcp = pick('lcpMs');
  console.log(`\nmedian of ${RUNS} cold loads of ${server.baseUrl}/#/login`);
  console.table({
    LCP: ms(lcp),
    'first contentful paint': ms(pick('fcpMs')),
    'login form drawn': ms(pick('formMs')),
    'login JavaScript raw': kb(pick('jsRaw')),
    'login JavaScript over the wire': kb(pick('jsWire')),
    'login, all bytes raw': kb(pick('totalRaw')),
    'login, all bytes over the wire': kb(pick('totalWire')),
    'prefetched JavaScript raw (after the form)': kb(pick('laterJsRaw')),
    'prefetched JavaScript over the wire': kb(pick('laterJsWire')),
    'requests in all': pick('requests'),
  });
  console.log(
    lcp <= LCP_GOAL_MS ? `LCP goal met (≤ ${LCP_GOAL_MS} ms)` : `LCP goal missed (> ${LCP_GOAL_MS} ms)`,
  );
} finally {
  await server.stop();
}
