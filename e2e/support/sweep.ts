import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A page reached from the menus: the top-menu area and the sidebar entry, with the address it opened. */
export interface MenuEntry {
  area: string;
  entry: string;
  path: string;
}

/** Wide enough that the top menu shows every area instead of folding some into 更多. */
const DISCOVERY_VIEWPORT = { width: 2600, height: 900 };

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '');

/** Waits until the page has drawn its data: no spinner, no skeleton, no table loading. */
export async function drawn(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
  // The app marks boxes that scroll a frame after they change (shared/ui/scroll-regions.ts).
  await page.waitForTimeout(300);
}

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
    for (const [at, entry] of names.entries()) {
      await sidebar.getByRole('menuitem').nth(at).click();
      await page.waitForTimeout(100);
      entries.push({ area, entry: entry.trim(), path: hashPath(page) });
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

/** The WCAG 2.1 A and AA rules axe-core knows (or only `rules`), run on the page as it is shown. */
export async function axeFindings(page: Page, rules?: readonly string[]): Promise<AxeFinding[]> {
  // An iframe card shows another site the school chose (the demo: the API's own documentation page).
  // Only violations are read: axe then skips working out a selector for every node that passed, which
  // on a page with a long table was most of its time.
  const builder = new AxeBuilder({ page }).exclude('iframe').options({ resultTypes: ['violations'] });
  const result = await (rules
    ? builder.withRules([...rules])
    : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  ).analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    count: v.nodes.length,
    example: `${v.nodes[0]?.target.join(' ') ?? ''} — ${v.help}`,
  }));
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
