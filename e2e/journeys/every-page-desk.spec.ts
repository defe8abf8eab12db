import { expect, test } from '@playwright/test';
import { enterAs } from '../support/session.ts';
import { axeFindings, drawn, isBlocking, menuEntries } from '../support/sweep.ts';

/**
 * Issue 28 §6: every sidebar entry of the administrator, who reaches every area, on a 1440 px desk: no
 * critical or serious axe-core finding under WCAG 2.1 A/AA (the phone journey covers the other roles,
 * at the phone's layout).
 */
test('every sidebar entry of the administrator passes axe on a desk', async ({ page }) => {
  test.setTimeout(600_000);
  await enterAs(page, 'admin');
  const entries = await menuEntries(page);
  expect(entries.length).toBeGreaterThan(40);
  const problems: string[] = [];
  for (const entry of entries) {
    await page.goto(`/#${entry.path}`);
    await drawn(page);
    for (const f of (await axeFindings(page)).filter(isBlocking))
      problems.push(
        `${entry.area} › ${entry.entry}（${entry.path}）${f.impact} ${f.rule} ×${f.count}: ${f.example}`,
      );
  }
  expect(problems).toEqual([]);
});
