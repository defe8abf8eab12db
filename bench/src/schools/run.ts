/**
 * The school-selection modal with the whole national list (3,167 schools and the demo's own) in Chromium:
 * a scripted scroll from the top to the bottom of its windowed list and a typed keyword, measured as the
 * deltas between animation frames, against the same scroll over plain rows in the same browser (the floor).
 * Starts the built server on a fresh data directory (the demo school, the reference data loaded at start).
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../chromium.ts';
import { DEMO_PASSWORD } from '../harness.ts';
import { startServer } from '../server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Pixels scrolled per animation frame: 5 rows of 30 px. */
const STEP_PX = Number(process.env.BENCH_SCROLL_STEP ?? 150);
const KEYWORD = process.env.BENCH_KEYWORD ?? '职业技术';
const FRAME_MS = 1000 / 60;

interface Frames {
  frames: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  over16: number;
  over33: number;
  totalMs: number;
}

interface Sample {
  schools: number;
  scroll: Frames & { lastRow: string };
  filter: Frames & { settleMs: number; shown: number };
  floor: Frames;
}

/**
 * Scrolls `selector` by `step` px each animation frame to the bottom and answers the frame deltas and
 * the text of the last row drawn. A string, not a function: tsx would wrap inner helpers in `__name`.
 */
const SCROLL = `async ([selector, step]) => {
  const box = document.querySelector(selector);
  box.scrollTop = 0;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const deltas = [];
  let last = performance.now();
  await new Promise((resolve) => {
    const tick = (t) => {
      deltas.push(t - last);
      last = t;
      if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) return resolve();
      box.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => { last = t; box.scrollTop += step; requestAnimationFrame(tick); });
  });
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const rows = box.querySelectorAll('li[data-code], .floor-row');
  return { deltas, lastRow: rows[rows.length - 1]?.textContent ?? '' };
}`;

/** Records frame deltas from now until `stop()` is called in the page. */
const RECORD = `() => {
  window.__deltas = [];
  window.__recording = true;
  let last = performance.now();
  const tick = (t) => {
    window.__deltas.push(t - last);
    last = t;
    if (window.__recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame((t) => { last = t; requestAnimationFrame(tick); });
}`;

function summarize(deltas: readonly number[]): Frames {
  const sorted = [...deltas].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    frames: deltas.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
    // A frame counts as late past its 16.7 ms budget (with 1 ms of timer jitter), dropped past two.
    over16: deltas.filter((d) => d > FRAME_MS + 1).length,
    over33: deltas.filter((d) => d > 2 * FRAME_MS + 1).length,
    totalMs: deltas.reduce((a, b) => a + b, 0),
  };
}

async function countShown(page: Page): Promise<number> {
  const text = (await page.locator('[data-testid="school-count"]').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

async function runOnce(baseUrl: string): Promise<Sample> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const login = await context.request.post(`${baseUrl}/api/user/login`, {
      data: { username: 'admin', password: DEMO_PASSWORD },
    });
    if (!login.ok()) throw new Error(`sign-in of admin failed: ${login.status()}`);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/analysis/schools`);
    await page.getByRole('button', { name: '选择本校' }).click();
    await page.locator('li[data-code]').first().waitFor({ timeout: 30_000 });
    const schools = await countShown(page);
    await page.waitForTimeout(500);

    const scrolled = (await page.evaluate(`(${SCROLL})(["[data-testid=school-list]", ${STEP_PX}])`)) as {
      deltas: number[];
      lastRow: string;
    };

    // Typing a keyword: frames from the first key until the filtered list is drawn (300 ms after the last key).
    await page.evaluate(`(${RECORD})()`);
    await page.getByLabel('学校名称').pressSequentially(KEYWORD, { delay: 60 });
    const lastKeyAt = Date.now();
    await page.waitForFunction(
      (all) => {
        const doc = (
          globalThis as unknown as {
            document: { querySelector(s: string): { textContent: string | null } | null };
          }
        ).document;
        const text = doc.querySelector('[data-testid="school-count"]')?.textContent ?? '';
        return Number(text.replace(/[^0-9]/g, '')) < all;
      },
      schools,
      { polling: 'raf' },
    );
    const settleMs = Date.now() - lastKeyAt;
    await page.waitForTimeout(200);
    const typing = (await page.evaluate(
      '(() => { window.__recording = false; return window.__deltas; })()',
    )) as number[];
    const shown = await countShown(page);

    // The floor: the same scroll over the same number of plain rows, nothing windowed, nothing in React.
    await page.setContent(
      `<!doctype html><body><div id="floor" style="width:408px;height:456px;overflow-y:auto">${Array.from(
        { length: schools },
        (_, i) => `<div class="floor-row" style="height:30px">${i + 1} 学校${i + 1}</div>`,
      ).join('')}</div></body>`,
    );
    const floor = (await page.evaluate(`(${SCROLL})(["#floor", ${STEP_PX}])`)) as { deltas: number[] };
    return {
      schools,
      scroll: { ...summarize(scrolled.deltas), lastRow: scrolled.lastRow },
      filter: { ...summarize(typing), settleMs, shown },
      floor: summarize(floor.deltas),
    };
  } finally {
    await browser.close();
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (name: string, f: Frames) =>
  `${name.padEnd(22)} frames ${String(f.frames).padStart(5)}  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  max ${ms(
    f.max,
  )}  >16.7 ms ${f.over16}  >33 ms ${f.over33}`;

const server = await startServer();
try {
  process.stdout.write(`server ${server.baseUrl} (${server.driver}); ${RUNS} runs, ${STEP_PX} px a frame\n`);
  await runOnce(server.baseUrl); // warm-up: the server's first list read, the browser's first compile
  for (let run = 1; run <= RUNS; run++) {
    const s = await runOnce(server.baseUrl);
    process.stdout.write(`\nrun ${run}: ${s.schools} schools; last row drawn "${s.scroll.lastRow}"\n`);
    process.stdout.write(`${line('modal scroll', s.scroll)}\n`);
    process.stdout.write(`${line('floor scroll (plain)', s.floor)}\n`);
    process.stdout.write(
      `${line(`typing "${KEYWORD}"`, s.filter)}\n${' '.repeat(23)}filtered list drawn ${s.filter.settleMs} ms after the last key (debounce 300 ms); ${s.filter.shown} shown\n`,
    );
  }
} finally {
  await server.stop();
}
