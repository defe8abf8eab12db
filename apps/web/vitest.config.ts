import { defineConfig } from 'vitest/config';

/** Unit tests of the pure parts (request building, error classification, timing): no DOM needed. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
