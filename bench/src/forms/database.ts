import os from 'node:os';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/seed.ts';
import { loadAverage, withScratchDatabase } from '../harness.ts';

export const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * A fresh database of the machine's PostgreSQL with the app's migrations and the demo school, handed to
 * `work` and dropped afterwards (`BENCH_KEEP_DB=1` keeps it), as the other PostgreSQL benchmarks do.
 */
export async function withDemoDatabase(prefix: string, work: (url: string) => Promise<void>) {
  await withScratchDatabase(prefix, async (url, name) => {
    log(`   database ${name}; ${os.cpus().length} CPUs, load average ${loadAverage()} at start`);
    const database = await openDatabase({ url });
    try {
      await database.migrate();
      await seedIfEmpty({ db: database.db, demo: true });
    } finally {
      await database.close();
    }
    await work(url);
  });
}

export const ymd = (date: Date) => date.toISOString().slice(0, 10);
const DAY = 24 * 3600 * 1000;
/** A collection task open from yesterday for ten days. */
export const openWindow = () => ({
  startAt: ymd(new Date(Date.now() - DAY)),
  deadline: ymd(new Date(Date.now() + 10 * DAY)),
});

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}
