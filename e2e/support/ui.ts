import { expect, type Locator, type Page } from '@playwright/test';
import { takeToast } from './toasts.ts';

/** yyyy-MM-dd of today plus `days`, in the browser's (and the server's) local calendar. */
export function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The line of a table holding `text` (the first: a fixed column repeats the row). */
export function rowOf(scope: Page | Locator, text: string) {
  return scope.getByRole('row').filter({ hasText: text }).first();
}

/**
 * A success toast, taken from what the page recorded (toasts.ts) so that its three seconds on screen do
 * not matter. `timeout` is for toasts that end a server job (a Word file, a query): under CI's load those
 * take longer than the default wait.
 */
export async function toast(page: Page, text: string | RegExp, timeout?: number) {
  if (await takeToast(page, text, timeout)) return;
  await expect(page.locator('.ant-message').getByText(text, { exact: true }).first()).toBeVisible(
    timeout === undefined ? undefined : { timeout },
  );
}
