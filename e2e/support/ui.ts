import { expect, type Locator, type Page } from '@playwright/test';

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

/** A success toast. */
export async function toast(page: Page, text: string) {
  await expect(page.locator('.ant-message').getByText(text, { exact: true }).first()).toBeVisible();
}
