import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './journeys',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Per lane when run-e2e.mjs runs several: Playwright empties it at start.
  outputDir: process.env.E2E_OUTPUT ?? './test-results',
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000',
    locale: 'zh-CN',
    // The app then opens dialogs without their zoom: on a busy machine a click mid-zoom presses 确定
    // and lets go beside it, and the click is lost (seen in CI).
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
