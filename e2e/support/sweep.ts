import { expect, type Page, type Request } from '@playwright/test';
import axe from 'axe-core';

/** A page reached from the menus: the top-menu area and the sidebar entry, with the address it opened. */
export interface MenuEntry {
  area: string;
  entry: string;
  path: string;
}

/** Wide enough that the top menu shows every area instead of folding some into 更多. */
const DISCOVERY_VIEWPORT = { width: 2600, height: 900 };

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '');

/** The requests a page has open, and when the last one began or ended. */
interface Traffic {
  open: Set<Request>;
  changedAt: number;
}

const traffic = new WeakMap<Page, Traffic>();

function trafficOf(page: Page): Traffic {
  let known = traffic.get(page);
  if (!known) {
    const state: Traffic = { open: new Set(), changedAt: Date.now() };
    page.on('request', (request) => {
      state.open.add(request);
      state.changedAt = Date.now();
    });
    const ended = (request: Request) => {
      state.open.delete(request);
      state.changedAt = Date.now();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    traffic.set(page, state);
    known = state;
  }
  return known;
}

/**
 * Resolves once no request has been open for `quietMs`. Playwright's networkidle is no help between
 * pages of this app: a hash route is the same document, whose networkidle was reached long before, so it
 * returned at once and left a fixed pause to cover the page's code and data.
 */
async function networkQuiet(state: Traffic, quietMs = 200, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (state.open.size === 0 && Date.now() - state.changedAt >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the page has drawn its data: no request open, no spinner, no skeleton, no table loading. */
export async function drawn(page: Page) {
  // Watched from here on: the requests of the load below count too.
  const state = trafficOf(page);
  // A new document (the first page after sign-in) still has its own load to finish.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await networkQuiet(state);
  await expect(page.locator('.boot-loader, .ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, {
    timeout: 15_000,
  });
  // What a part asks for once the part before it has its data.
  await networkQuiet(state);
  // The app marks boxes that scroll a frame after they change (shared/ui/scroll-regions.ts): two frames on.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Where an entry of an area's sidebar leads, by area and entry as the screen names them: a route's place
 * does not depend on who opens it, so the next role's sweep reads its menus but clicks only entries no
 * earlier one showed (ten roles clicking through the same pages took two minutes of the phone sweep).
 */
const pathsSeen = new Map<string, string>();

/**
 * Every sidebar entry of the signed-in user, found as the user finds them: each area of the top menu,
 * then each entry of its sidebar (an area without one is its own entry). Menus are read from the screen,
 * so an entry the person cannot see is not visited and one they can see is never missed.
 */
export async function menuEntries(page: Page): Promise<MenuEntry[]> {
  const before = page.viewportSize();
  await page.setViewportSize(DISCOVERY_VIEWPORT);
  const topMenu = page.getByRole('menu', { name: '主菜单' });
  // Icons name themselves too ("home"), so items are taken by place, not by accessible name; areas that do
  // not fit the header are under 更多, in its pop-up.
  const shown = topMenu.locator(':scope > li.ant-menu-item:not(.ant-menu-overflow-item-rest)');
  const more = topMenu.locator(':scope > li.ant-menu-overflow-item-rest');
  const folded = page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden) li.ant-menu-item');
  // The menu measures itself after the first paint: count once it has shown what fits.
  await drawn(page).catch(() => undefined);
  await page.waitForTimeout(500);
  const shownCount = await shown.filter({ visible: true }).count();
  let foldedCount = 0;
  if (await more.filter({ visible: true }).count()) {
    await more.hover();
    await folded.first().waitFor();
    foldedCount = await folded.count();
  }
  const entries: MenuEntry[] = [];
  for (let index = 0; index < shownCount + foldedCount; index++) {
    let item = shown.filter({ visible: true }).nth(index);
    if (index >= shownCount) {
      await more.hover();
      item = folded.nth(index - shownCount);
      await item.waitFor();
    }
    const area = (await item.innerText()).trim();
    await item.click();
    // The area's code loads on first use: its sidebar, if it has one, comes with it.
    const sidebar = page.getByRole('menu', { name: `${area}菜单` });
    await drawn(page).catch(() => undefined);
    const hasSidebar = await sidebar.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    const names = hasSidebar ? await sidebar.getByRole('menuitem').allInnerTexts() : [];
    if (names.length === 0) entries.push({ area, entry: area, path: hashPath(page) });
    for (const [at, name] of names.entries()) {
      const entry = name.trim();
      const key = `${area}›${entry}`;
      let path = pathsSeen.get(key);
      if (!path) {
        await sidebar.getByRole('menuitem').nth(at).click();
        await page.waitForTimeout(100);
        path = hashPath(page);
        pathsSeen.set(key, path);
      }
      entries.push({ area, entry, path });
    }
  }
  if (before) await page.setViewportSize(before);
  return entries;
}

export interface AxeFinding {
  rule: string;
  impact: string;
  count: number;
  example: string;
}

/**
 * The rules whose finding depends on the screen's width: on a phone, tables and tab bars scroll sideways
 * and must be reachable from the keyboard. The phone sweep runs only these on pages the desk sweep has
 * already checked in full (the administrator's), which saves minutes of contrast checks on the same text.
 */
export const WIDTH_DEPENDENT_RULES = ['scrollable-region-focusable'];

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * The WCAG 2.1 A and AA rules axe-core knows (or only `rules`), run on the page as it is shown. axe is put
 * into the page once per document and run there: AxeBuilder injected its 550 kB source into the page
 * and every frame on each call and finished each run in a new tab, which was half the sweeps' time.
 */
export async function axeFindings(page: Page, rules?: readonly string[]): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function')))
    await page.evaluate(axe.source);
  return page.evaluate(
    async ({ runOnly }) => {
      const found = await (window as AxeWindow).axe?.run(
        // An iframe card shows another site the school chose (the demo: the API's own documentation page).
        { exclude: [['iframe']] },
        // Only violations: axe then skips working out a selector for every node that passed.
        { runOnly, resultTypes: ['violations'], iframes: false },
      );
      return (found?.violations ?? []).map((v) => ({
        rule: v.id,
        impact: v.impact ?? 'unknown',
        count: v.nodes.length,
        example: `${v.nodes[0]?.target.join(' ') ?? ''} — ${v.help}`,
      }));
    },
    {
      runOnly: rules
        ? { type: 'rule' as const, values: [...rules] }
        : { type: 'tag' as const, values: WCAG_21_AA },
    },
  );
}

export const isBlocking = (finding: AxeFinding) =>
  finding.impact === 'critical' || finding.impact === 'serious';

export interface LayoutProblem {
  kind: 'wider' | 'clipped' | 'headerless';
  what: string;
}

/**
 * What makes a page unusable on a phone: something wider than the screen that does not scroll inside its own
 * box, text cut by its box without an ellipsis to say so, and a table column without a header.
 */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: 'wider' | 'clipped' | 'headerless'; what: string }[] = [];
    const width = window.innerWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} 「${(el.textContent ?? '').trim().slice(0, 20)}」`;
    const scrollsInside = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (/(auto|scroll|hidden)/.test(style.overflowX) && p.getBoundingClientRect().right <= width + 1)
          return true;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > width + 1)
      problems.push({ kind: 'wider', what: `page ${document.documentElement.scrollWidth} px` });
    // The outermost elements that end past the screen's edge (their children follow them), at most five.
    const wide = new Set<Element>();
    for (const el of document.querySelectorAll('main *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1 || scrollsInside(el)) continue;
      wide.add(el);
      if (el.parentElement && wide.has(el.parentElement)) continue;
      problems.push({ kind: 'wider', what: `${name(el)} ends at ${Math.round(box.right)} px` });
      if (problems.length >= 5) break;
    }
    for (const el of document.querySelectorAll<HTMLElement>(
      'main h1, main h2, main h3, main h4, main h5, main label, main .ant-card-head-title, main .ant-statistic-title, main th',
    )) {
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis') continue;
      if (el.scrollWidth > el.clientWidth + 1 && style.overflow !== 'visible')
        problems.push({ kind: 'clipped', what: name(el) });
    }
    for (const table of document.querySelectorAll('main table')) {
      const heads = table.querySelectorAll('thead th');
      heads.forEach((th, i) => {
        const isSelection = th.classList.contains('ant-table-selection-column') || th.querySelector('input');
        const isExpand = th.classList.contains('ant-table-row-expand-icon-cell');
        const isScrollbar = th.classList.contains('ant-table-cell-scrollbar');
        if (
          !isSelection &&
          !isExpand &&
          !isScrollbar &&
          !(th.textContent ?? '').trim() &&
          !th.getAttribute('aria-label')
        )
          problems.push({ kind: 'headerless', what: `column ${i + 1} of a table` });
      });
    }
    return problems;
  });
}
