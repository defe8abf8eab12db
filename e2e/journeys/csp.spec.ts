import { expect, type Page, test } from '@playwright/test';
import { openUserMenu, shot, signInAs } from '../support/session.ts';

/** Every area's sidebar pages (apps/web/src/app/routes.tsx and each feature's routes.tsx). */
const PAGES = [
  '/#/index',
  '/#/dashboards',
  '/#/dataScreen',
  ...['rival', 'target-band', 'indicators', 'portrait', 'portrait-settings', 'schools'].map(
    (leaf) => `/#/analysis/${leaf}`,
  ),
  '/#/target/indicators',
  '/#/target/cycles',
  '/#/target/dimensions',
  ...[
    'yearTask',
    'myYearTask',
    'review',
    'warningTask',
    'myTask',
    'departmentTask',
    'departmentCooperativeTask',
    'myCooperativeTask',
  ].map((leaf) => `/#/improvement/${leaf}`),
  ...['yearTask', 'averageTarget', 'targetType', 'charger', 'missionStatement'].map(
    (leaf) => `/#/newTaskManagement/${leaf}`,
  ),
  ...[
    'yearTargets',
    'myTask',
    'departmentTask',
    'cooperationTask',
    'warningTask',
    'warningCondition',
    'urge',
    'departments',
    'summaryAnalysis',
  ].map((leaf) => `/#/targetTaskManagement/${leaf}`),
  ...['users', 'roles', 'departments', 'userTypes', 'settings', 'operationLog', 'loginLog'].map(
    (leaf) => `/#/system/${leaf}`,
  ),
];

interface Problem {
  kind: 'console' | 'pageerror' | 'csp';
  at: string;
  text: string;
}

/**
 * Collects what would show the app breaking under its Content-Security-Policy: console errors (Chromium
 * logs every refused load there), uncaught page errors, and `securitypolicyviolation` events, reported
 * from the page through a binding (an init script runs outside the page's CSP).
 */
async function watchProblems(page: Page) {
  const problems: Problem[] = [];
  const at = () => page.url().replace(/^https?:\/\/[^/]+/, '');
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push({ kind: 'console', at: at(), text: message.text() });
  });
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', at: at(), text: error.message }));
  await page.exposeFunction('reportCspViolation', (text: string) =>
    problems.push({ kind: 'csp', at: at(), text }),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return problems;
}

/** Resolves once no request has been in flight for half a second: the page's chunks and data are in. */
async function networkQuiet(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const up = () => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const down = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  return {
    async settle() {
      await expect
        // The home page's algorithm card runs its algorithm cold on the first visit: 10 s on a quiet
        // machine, past 20 s on a loaded CI lane.
        .poll(() => inFlight === 0 && Date.now() - lastChange > 500, { timeout: 60_000 })
        .toBe(true);
    },
  };
}

test('the administrator uses every area under the Content-Security-Policy without a console error', async ({
  page,
}) => {
  // Some 45 pages, each waited on until its network is quiet: past the default 90 s on a loaded CI lane.
  test.setTimeout(240_000);
  const problems = await watchProblems(page);
  const network = await networkQuiet(page);

  const first = await page.goto('/#/login');
  const policy = first?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'self'");
  await signInAs(page, 'admin');

  for (const url of PAGES) {
    await page.goto(url);
    await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
    await network.settle();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    // Every page is allowed to the administrator: the forbidden page would mean a wrong route here.
    await expect(page.getByText('用户无权访问该资源')).toHaveCount(0);
  }

  await page.goto('/#/targetTaskManagement/summaryAnalysis');
  await network.settle();
  await shot(page, 'csp-01-summary-analysis');

  await openUserMenu(page, '个人中心');
  const dialog = page.getByRole('dialog').filter({ hasText: '个人中心' });
  await expect(dialog).toBeVisible();
  await network.settle();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  // Signed out, the login page asks whether the cookie still holds a session (spec 1 §4); its 401 is the
  // expected "no", which Chromium logs like any 4xx resource. Nothing else is allowed.
  const isSessionProbe = (problem: Problem) =>
    problem.kind === 'console' && problem.at.startsWith('/#/login') && problem.text.includes('status of 401');
  expect(problems.filter((problem) => !isSessionProbe(problem))).toEqual([]);
});

test('the OpenAPI page works under its policy', async ({ page }) => {
  const problems = await watchProblems(page);
  await page.goto('/api/docs/');
  await expect(page.getByText('eduqa 教学质量监测分析平台 API')).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(problems).toEqual([]);
});
