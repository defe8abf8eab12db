import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/sequencer.ts';

/** Files that measure the process itself (its memory), so each needs a fresh one. */
const ISOLATED = ['src/platform/excel/read-sheet.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Two workers per core on PGlite: the files spend much of their time waiting (timers, time limits),
    // and each has its own database (10.6 → 5.5 min on two cores from two workers to four). On PostgreSQL
    // the database server is a third party to the same cores: with four workers the corpus's 50 MB answers
    // kept /api/health waiting over its 1 s, so one worker per core there.
    maxWorkers: (process.env.TEST_DATABASE_URL ? 1 : 2) * os.availableParallelism(),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ISOLATED,
          // The migrated, seeded databases every file copies (test/database-templates.ts).
          globalSetup: ['test/global-setup.ts'],
          // A worker keeps the modules it imported for its next file: importing the app (seconds per
          // file) is paid once per worker. Files share no state but their own app, which each closes.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
