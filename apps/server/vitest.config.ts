import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/sequencer.ts';

/** Files that measure the process itself (its memory), so each needs a fresh one. */
const ISOLATED = ['src/platform/excel/read-sheet.test.ts'];

/**
 * Files whose subject is an outside database, not the platform's own: the hostile corpus on the external
 * PostgreSQL and MariaDB runs the same on either engine, so the PostgreSQL pass (TEST_DATABASE_URL)
 * leaves them to the PGlite one instead of running them twice (a minute of that pass).
 */
const OUTSIDE_ONLY = [
  'src/modules/algorithms/hostile-corpus.postgres.test.ts',
  'src/modules/algorithms/hostile-corpus.maria.test.ts',
];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Two workers per core: the files spend much of their time waiting (timers, time limits, the
    // database server), and each has its own database (10.6 → 5.5 min on two cores from two workers to
    // four on PGlite). PostgreSQL's pass ran one per core while the corpus's 50 MB answers were parsed on
    // the event loop and kept /api/health past its second; the runner no longer reads them (capReads).
    maxWorkers: 2 * os.availableParallelism(),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...ISOLATED, ...(onPostgres ? OUTSIDE_ONLY : [])],
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
