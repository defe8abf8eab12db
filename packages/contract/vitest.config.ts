import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Pure functions and schemas, no mocks: a worker keeps the modules (zod, the contract) for its next file
    // instead of importing them again for each of the files.
    isolate: false,
    maxWorkers: os.availableParallelism(),
  },
});
