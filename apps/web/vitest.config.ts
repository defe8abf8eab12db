import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the pure parts (request building, error classification, timing) run without a DOM; a
 * component test (`*.test.tsx`) opts into happy-dom with a `@vitest-environment happy-dom` comment.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // One worker per core (vitest leaves one idle by default).
    maxWorkers: os.availableParallelism(),
  },
});
