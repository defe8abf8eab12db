/** The load benchmark's report: a markdown table per call kind, the totals, the ping floor and memory. */
import { log } from './config.ts';
import { quantile, type Recorder } from './transport.ts';

export interface Figures {
  label: string;
  count: number;
  errors: number;
  deliberate: number;
  p50: number;
  p95: number;
  p99: number;
}

function figures(label: string, ms: number[], errors: number, deliberate: number): Figures {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    label,
    count: sorted.length,
    errors,
    deliberate,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
  };
}

const row = (f: Figures) =>
  `| ${f.label} | ${f.count} | ${f.errors} | ${f.p50.toFixed(0)} | ${f.p95.toFixed(0)} | ${f.p99.toFixed(0)} |`;

/** Prints the table and answers the figures: per kind (worst p95 first), overall and the ping floor's. */
export function printReport(recorder: Recorder, seconds: number) {
  const kinds = [...recorder.kinds.entries()]
    .filter(([label]) => label !== 'ping')
    .map(([label, k]) => figures(label, k.ms, k.errors, k.deliberate))
    .sort((a, b) => b.p95 - a.p95);
  const all = [...recorder.kinds.entries()].filter(([label]) => label !== 'ping');
  const overall = figures(
    '**all app calls**',
    all.flatMap(([, k]) => k.ms),
    all.reduce((sum, [, k]) => sum + k.errors, 0),
    all.reduce((sum, [, k]) => sum + k.deliberate, 0),
  );
  const pingKind = recorder.kinds.get('ping');
  const ping = figures('ping floor (GET /api/ping)', pingKind?.ms ?? [], pingKind?.errors ?? 0, 0);
  log('');
  log('| call (contract endpoint) | count | errors | p50 ms | p95 ms | p99 ms |');
  log('|---|---:|---:|---:|---:|---:|');
  for (const f of kinds) log(row(f));
  log(row(overall));
  log(row(ping));
  log('');
  log(`app calls: ${overall.count} in ${seconds} s = ${(overall.count / seconds).toFixed(1)} req/s`);
  log(
    `worst 5 by p95: ${kinds
      .slice(0, 5)
      .map((f) => `${f.label} ${f.p95.toFixed(0)} ms`)
      .join(', ')}`,
  );
  for (const [label, k] of recorder.kinds)
    for (const sample of k.samples) log(`  error sample ${label}: ${sample}`);
  return { kinds, overall, ping };
}
