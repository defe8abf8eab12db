import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/sequencer.ts';

/** Files that measure the process itself (its memory), so each needs a fresh one. */
const ISOLATED = ['src/platform/excel/read-sheet.test.ts'];

/**
 * Files that run the same on either pass, so the PostgreSQL pass (TEST_DATABASE_URL) leaves them to the
 * PGlite one instead of running them twice: the hostile corpus on the external PostgreSQL and MariaDB (its
 * subject is an outside database), and the files that open a PGlite of their own (`openDatabase({})`)
 * whatever TEST_DATABASE_URL says — the embedded database in its thread, the demo seed from empty, the jobs
 * and a report batch on it. On PostgreSQL the seed runs in the test templates and the jobs in jobs.pg.test.ts.
 * The last five were 6 of the 45 minutes of that pass's test time (a slow host, stop 48).
 */
const ONE_PASS_ONLY = [
  'src/modules/algorithms/hostile-corpus.postgres.test.ts',
  'src/modules/algorithms/hostile-corpus.maria.test.ts',
  'src/db/pglite-thread.test.ts',
  'src/seed/seed.test.ts',
  'src/platform/jobs/jobs.test.ts',
  'src/platform/jobs/job-routes.test.ts',
  'src/modules/reports/report-batch.test.ts',
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
          exclude: [...ISOLATED, ...(onPostgres ? ONE_PASS_ONLY : [])],
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
