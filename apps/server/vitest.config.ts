import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
