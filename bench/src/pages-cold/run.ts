/**
 * Three signed-in pages opened cold in Chromium (issue 30, item 6): an object task's page in 诊断改进 (the
 * school's object task of the demo seed, opened by its charger 杨光), 汇总分析 of 目标任务管理 and 数据大屏
 * (both as the administrator). On a fresh PostgreSQL database with the demo school, every run is a new
 * headless Chromium with the cache disabled, signed in through the API (the cookie only, so the page
 * restores the session as a link opened in a new tab does), and measures navigation start → the frame after
 * the page's content is in the document: selectors that only match once real data is drawn, while nothing
 * of the page is still a skeleton or a spinner. Beside it: the requests the page made before that frame, as
 * a waterfall. The floor of the same run is the login page loaded cold the same way, to its form. Goal: each
 * page in view within 1 s.
 *
 * `BENCH_BASE_DIST=<dir>` also serves another build of the web app (e.g. main's `apps/web/dist`, copied
 * aside) from a second server on the same database and alternates the two run by run, so that a change is
 * measured against its base under the same load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../chromium.ts';
import { log, quantile, withDemoDatabase } from '../forms/database.ts';
import { DEMO_PASSWORD, loadAverage, startBenchServer, withClient } from '../harness.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BASE_DIST = process.env.BENCH_BASE_DIST ?? '';
/** Screenshots of each page at "content drawn" (last run), to check by eye that the selectors mean content. */
const SHOTS = process.env.BENCH_SHOTS ?? path.join(os.tmpdir(), 'eduqa-pages-cold');
/** A Chromium trace of each page's last run (`<dir>/<build>-<n>.json`), to open in Chromium's performance panel. */
const TRACE = process.env.BENCH_TRACE ?? '';
const GOAL_MS = 1000;
/** The call that restores the session from the cookie (the floor's only call). */
const SESSION_CHECK = '/api/user/tryLoginUserInfo';

interface PageCase {
  name: string;
  /** Who opens it; null: signed out (the floor). */
  account: string | null;
  /** The hash route; `{objectTask}` is replaced by the school's object task. */
  route: string;
  /** Every one must match: content that only exists once the page's data is drawn. */
  content: string[];
  /** None may match: the page (or part of it) still waiting for data or code. */
  busy: string;
  /** A call of the page's own data (a part of its path), to see when the page asked for it. */
  data: string;
}

const CASES: PageCase[] = [
  {
    name: 'floor: login page',
    account: null,
    route: '/login',
    content: ['form button[type=submit]'],
    busy: '.ant-spin-spinning',
    data: SESSION_CHECK,
  },
  {
    name: '对象任务 (school)',
    account: 'yangguang',
    route: '/improvement/myTask/obj/{objectTask}',
    // A point row of the 质控点 table and the object task's facts.
    content: ['.ant-tabs .ant-table-tbody tr.ant-table-row td', '.ant-descriptions-item-content'],
    busy: '.ant-skeleton, .ant-spin-spinning',
    data: '/obj/selectdto',
  },
  {
    name: '汇总分析',
    account: 'admin',
    route: '/targetTaskManagement/summaryAnalysis',
    // The statistic cards' numbers, a drawn chart and a row of the department × type grid.
    content: ['.ant-statistic-content-value', '.ant-card canvas', '.ant-table-tbody tr.ant-table-row td'],
    busy: '.ant-skeleton, .ant-statistic-skeleton, .ant-spin-spinning',
    data: '/analysis/gatherAnaylse',
  },
  {
    name: '数据大屏',
    account: 'admin',
    route: '/dataScreen',
    // The panels (they replace the spinner once the overview has come) with a drawn chart.
    content: ['.ds-body .ds-column', '.ds-body canvas'],
    busy: '.ant-spin-spinning',
    data: '/portrayal/queryScreenByAuth',
  },
];

/**
 * Runs in the page before its scripts: `__drawn` is the frame after every content selector matches and no
 * busy one does. A string, not a function: tsx would wrap a function's inner helpers in `__name`.
 */
const observeContent = (c: PageCase) => `
  window.__drawn = 0;
  const content = ${JSON.stringify(c.content)};
  const busy = ${JSON.stringify(c.busy)};
  const seen = new MutationObserver(() => {
    if (!content.every((s) => document.querySelector(s)) || document.querySelector(busy)) return;
    seen.disconnect();
    requestAnimationFrame(() => { window.__drawn = performance.now(); });
  });
  seen.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
`;

/** The main thread's tasks and V8's compiling and running of scripts. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

interface Request {
  /** Path without the query, chunk hashes kept. */
  name: string;
  kind: string;
  startMs: number;
  endMs: number;
}

/** What the page's performance timeline and document give (this package compiles without the DOM library). */
interface ResourceEntry {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
}
interface PageDocument {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): Iterable<{ className: string }>;
}

interface Sample {
  drawnMs: number;
  fcpMs: number;
  /** Requests made before the content was drawn (the document included). */
  requests: Request[];
}

async function openCold(baseUrl: string, c: PageCase, route: string, shot: string | null): Promise<Sample> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    if (c.account) {
      const login = await context.request.post(`${baseUrl}/api/user/login`, {
        data: { username: c.account, password: DEMO_PASSWORD },
      });
      if (!login.ok()) throw new Error(`sign-in of ${c.account} failed: ${login.status()}`);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.addInitScript(observeContent(c));
    const trace = TRACE && shot ? path.join(TRACE, `${path.basename(shot, '.png')}.json`) : null;
    if (trace) await browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES });
    await page.goto(`${baseUrl}/#${route}`);
    await page
      .waitForFunction(() => (globalThis as unknown as { __drawn: number }).__drawn > 0, null, {
        timeout: 30_000,
        polling: 50,
      })
      .catch(async (error: unknown) => {
        // Say which selector failed, and keep the page as it was, to see why.
        const state = await page.evaluate(
          ({ content, busy }) => {
            const { document } = globalThis as unknown as { document: PageDocument };
            return {
              missing: content.filter((s) => !document.querySelector(s)),
              busy: [...document.querySelectorAll(busy)].map((e) => e.className).slice(0, 3),
            };
          },
          { content: c.content, busy: c.busy },
        );
        await page.screenshot({ path: path.join(SHOTS, 'timeout.png') });
        throw new Error(`${c.name}: not drawn in 30 s, ${JSON.stringify(state)}`, { cause: error });
      });
    if (trace) await browser.stopTracing();
    if (shot) await page.screenshot({ path: shot });
    return await page.evaluate(() => {
      const drawnMs = (globalThis as unknown as { __drawn: number }).__drawn;
      const fcpMs = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const entries = performance.getEntriesByType('resource') as unknown as ResourceEntry[];
      const requests = entries
        .filter((e) => e.startTime < drawnMs)
        .map((e) => ({
          name: new URL(e.name).pathname,
          kind: e.initiatorType,
          startMs: e.startTime,
          endMs: e.responseEnd,
        }));
      // The bench's own types know no 'navigation' entry (no DOM library here); the page has one.
      const byType = performance.getEntriesByType as (type: string) => unknown[];
      const nav = byType.call(performance, 'navigation')[0] as ResourceEntry | undefined;
      return {
        drawnMs,
        fcpMs,
        requests: [
          { name: '(document)', kind: 'navigation', startMs: 0, endMs: nav?.responseEnd ?? 0 },
          ...requests,
        ],
      };
    });
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const spread = (values: number[]) => {
  const s = sorted(values);
  return `${ms(quantile(s, 0.5))} (${Math.round(s[0] ?? 0)}–${Math.round(s.at(-1) ?? 0)})`;
};
const isApi = (r: Request) => r.name.startsWith('/api/');
/** Medians of when one request was sent and when its answer had come. */
const spread2 = (list: Sample[], pick: (s: Sample) => Request | undefined) => {
  const found = list.map(pick).filter((r): r is Request => r !== undefined);
  const mid = (values: number[]) => Math.round(quantile(sorted(values), 0.5));
  return found.length ? `${mid(found.map((r) => r.startMs))} → ${mid(found.map((r) => r.endMs))} ms` : '-';
};
const isScript = (r: Request) => r.name.endsWith('.js');

/** The school's object task of the current school-level task, charged by 杨光 in the demo seed. */
async function schoolObjectTask(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `select ot.id from object_tasks ot
       join diagnosis_tasks t on t.id = ot.task_id
       join diagnosis_objects o on o.id = ot.object_id
       where o.level = 'school' order by t.start_date desc limit 1`,
    );
    if (!rows[0]) throw new Error('the demo seed has no school object task');
    return rows[0].id;
  });
}

async function run(url: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  if (TRACE) fs.mkdirSync(TRACE, { recursive: true });
  const script = path.join(import.meta.dirname, '../load/server.ts');
  const builds = [{ label: 'this build', server: await startBenchServer(script, url) }];
  if (BASE_DIST) {
    if (!fs.existsSync(path.join(BASE_DIST, 'index.html'))) throw new Error(`no web build in ${BASE_DIST}`);
    builds.push({
      label: 'base build',
      server: await startBenchServer(script, url, { WEB_DIST: BASE_DIST }),
    });
  }
  try {
    const objectTask = await schoolObjectTask(url);
    const routeOf = (c: PageCase) => c.route.replace('{objectTask}', objectTask);
    // One load of each page per server first, so the servers' file caches and JIT are warm.
    for (const b of builds) for (const c of CASES) await openCold(b.server.baseUrl, c, routeOf(c), null);

    const samples = new Map<string, Sample[]>();
    for (let i = 0; i < RUNS; i++) {
      // Alternate which build goes first, so neither always follows the other.
      const order = i % 2 ? [...builds].reverse() : builds;
      for (const b of order) {
        const line: string[] = [];
        for (const [n, c] of CASES.entries()) {
          const shot = i === RUNS - 1 ? path.join(SHOTS, `${b.label.split(' ')[0]}-${n}.png`) : null;
          const s = await openCold(b.server.baseUrl, c, routeOf(c), shot);
          const key = `${b.label}|${c.name}`;
          samples.set(key, [...(samples.get(key) ?? []), s]);
          line.push(`${c.name} ${ms(s.drawnMs)} (${s.requests.filter(isApi).length} api)`);
        }
        log(`run ${i + 1} ${b.label} (load ${loadAverage()}): ${line.join('; ')}`);
      }
    }

    for (const b of builds) {
      for (const c of CASES) {
        const last = samples.get(`${b.label}|${c.name}`)?.at(-1);
        if (!last) continue;
        log(`\n${b.label}, ${c.name}: requests before the content was drawn (${ms(last.drawnMs)}), last run`);
        console.table(
          last.requests.map((r) => ({
            request: r.name.slice(0, 64),
            kind: r.kind,
            start: Math.round(r.startMs),
            end: Math.round(r.endMs),
          })),
        );
      }
    }

    log(
      `\nmedian (min–max) of ${RUNS} cold opens each; load average now ${loadAverage()}; screenshots in ${SHOTS}`,
    );
    const table: Record<string, Record<string, string>> = {};
    for (const b of builds) {
      for (const c of CASES) {
        const list = samples.get(`${b.label}|${c.name}`) ?? [];
        table[`${b.label}: ${c.name}`] = {
          'content drawn': spread(list.map((s) => s.drawnMs)),
          FCP: spread(list.map((s) => s.fcpMs)),
          'requests before': String(quantile(sorted(list.map((s) => s.requests.length)), 0.5)),
          'of them API': String(quantile(sorted(list.map((s) => s.requests.filter(isApi).length)), 0.5)),
          'of them JS': String(quantile(sorted(list.map((s) => s.requests.filter(isScript).length)), 0.5)),
          'session check asked → answered': spread2(list, (s) =>
            s.requests.find((r) => r.name === SESSION_CHECK),
          ),
          'page data asked → answered': spread2(list, (s) => s.requests.find((r) => r.name.endsWith(c.data))),
        };
      }
    }
    console.table(table);
    for (const c of CASES.slice(1)) {
      const drawn = quantile(sorted((samples.get(`this build|${c.name}`) ?? []).map((s) => s.drawnMs)), 0.5);
      log(
        `${drawn <= GOAL_MS ? 'met' : 'MISSED'}: ${c.name} in view within ${GOAL_MS} ms cold (${ms(drawn)})`,
      );
    }
  } finally {
    for (const b of builds) await b.server.stop();
  }
}

if (!fs.existsSync(CHROMIUM)) {
  console.error(`bench:pages-cold needs Chromium at ${CHROMIUM} (CHROMIUM_PATH)`);
  process.exit(1);
}
log('== three signed-in pages opened cold in Chromium (PostgreSQL)');
await withDemoDatabase('eduqa_bench_pages', run);
