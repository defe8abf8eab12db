import { expect, test } from '@playwright/test';
import { enterAs } from '../support/session.ts';
import {
  axeFindings,
  drawn,
  isBlocking,
  layoutProblems,
  type MenuEntry,
  menuEntries,
  WIDTH_DEPENDENT_RULES,
} from '../support/sweep.ts';

/**
 * Issue 28 §2 and §6: every sidebar entry of the demo's role groups on a 390×844 phone, usable (nothing
 * wider than the screen outside a box that scrolls, no text cut by its box, every table column headed) and
 * accessible (no critical or serious axe-core finding under WCAG 2.1 A/AA). A page is checked once, by the
 * first role that reaches it: the next role's menu differs in which pages, not in how a page is drawn.
 * The administrator's pages, which every-page-desk.spec.ts checks with every axe rule, get only the
 * rules that depend on the width here.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const ROLE_GROUPS = [
  ['admin', '系统管理员'],
  ['zhaoming', '校领导、年度目标发布人'],
  ['sunhua', '质量办：诊断发布、审核'],
  ['qianli', '部门负责人'],
  ['zhengtao', '数据管理员'],
  ['yangguang', '教师：诊断对象、任务负责人'],
  ['jiangwen', '诊断审核人'],
  ['shenyue', '目标任务审核人'],
  ['zhuqing', '校内专家'],
  ['youhai', '校外专家'],
  ['lvping', '数据填报员'],
] as const;

const checked = new Set<string>();

test.describe.configure({ mode: 'serial' });

for (const [account, role] of ROLE_GROUPS) {
  test(`${role}（${account}）: every sidebar entry fits a phone and passes axe`, async ({ page }) => {
    test.setTimeout(600_000);
    await enterAs(page, account);
    const entries = (await menuEntries(page)).filter((e) => !checked.has(e.path));
    const problems: string[] = [];
    for (const entry of entries) {
      checked.add(entry.path);
      problems.push(
        ...(await pageProblems(page, entry, account === 'admin' ? WIDTH_DEPENDENT_RULES : undefined)),
      );
    }
    expect(problems, `${account}: ${entries.length} pages`).toEqual([]);
  });
}

async function pageProblems(
  page: import('@playwright/test').Page,
  entry: MenuEntry,
  rules: readonly string[] | undefined,
): Promise<string[]> {
  await page.goto(`/#${entry.path}`);
  await drawn(page);
  const where = `${entry.area} › ${entry.entry}（${entry.path}）`;
  const layout = (await layoutProblems(page)).map((p) => `${where} ${p.kind}: ${p.what}`);
  const axe = (await axeFindings(page, rules))
    .filter(isBlocking)
    .map((f) => `${where} axe ${f.impact} ${f.rule} ×${f.count}: ${f.example}`);
  return [...layout, ...axe];
}
