import { readFile } from 'node:fs/promises';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { importData } from '../../../apps/server/src/modules/warehouse/warehouse.data-import.ts';
import { createWarehouseRepo } from '../../../apps/server/src/modules/warehouse/warehouse.repo.ts';

/**
 * One warehouse data import as the app's job runs it (the same `importData`: streaming read, per-row
 * checks, unique checks against the table, batched inserts in one transaction), in its own process so
 * that its peak memory is its own. Prints one JSON line.
 */
async function main() {
  const [file, url, tableId] = process.argv.slice(2);
  if (!file || !url || !tableId) throw new Error('usage: import-run.ts <xlsx> <database url> <table id>');
  const database = await openDatabase({ url });
  try {
    // What the process holds before the import (node, tsx, the app's modules), to tell it from the import's own.
    const baselineRssKb = Math.round(process.memoryUsage().rss / 1024);
    const started = performance.now();
    const bytes = await readFile(file);
    const result = await importData(createWarehouseRepo(database.db), {
      tableId,
      bytes,
      stage: async () => {},
    });
    const totalMs = performance.now() - started;
    const maxRssKb = process.resourceUsage().maxRSS;
    process.stdout.write(
      `${JSON.stringify({ ...result, errors: result.errors.slice(0, 3), totalMs, maxRssKb, baselineRssKb })}\n`,
    );
  } finally {
    await database.close();
  }
}

await main();
