import pg from 'pg';
import { readTable } from '../../../apps/server/src/platform/excel/columns.ts';
import { importErrors } from '../../../apps/server/src/platform/excel/row-errors.ts';
import { BENCH_COLUMNS, type Planned, plan } from './columns.ts';

/**
 * One import as the app does it, in its own process so that its peak memory is its own: the platform
 * reader with column specifications, a pure plan, then one transaction. Prints one JSON line.
 */

const BATCH = 10_000;

async function main() {
  const [path, url] = process.argv.slice(2);
  if (!path || !url) throw new Error('usage: import.ts <xlsx> <database url>');
  const started = performance.now();
  const read = await readTable({ path }, { columns: BENCH_COLUMNS });
  const readMs = performance.now() - started;
  const errors = importErrors(read.errors, read.errorCount);
  if (errors.errors.length > 0)
    throw new Error(`unexpected row errors: ${JSON.stringify(errors.errors.slice(0, 3))}`);
  const planned = plan(read.rows);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (let at = 0; at < planned.length; at += BATCH) {
      const batch = planned.slice(at, at + BATCH);
      const column = <K extends keyof Planned>(key: K) => batch.map((r) => r[key]);
      await client.query(
        `insert into bench_excel_chargers (department, target_type, account, phone, amount, day, remark)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::date[], $7::text[])
         on conflict (department, target_type) do update set account = excluded.account, phone = excluded.phone,
           amount = excluded.amount, day = excluded.day, remark = excluded.remark`,
        [
          column('department'),
          column('targetType'),
          column('account'),
          column('phone'),
          column('amount'),
          column('day'),
          column('remark'),
        ],
      );
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
  const totalMs = performance.now() - started;
  const maxRssKb = process.resourceUsage().maxRSS;
  process.stdout.write(
    `${JSON.stringify({ rows: read.rows.length, written: planned.length, readMs, totalMs, maxRssKb })}\n`,
  );
}

await main();
