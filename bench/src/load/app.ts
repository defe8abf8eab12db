/**
 * The server under load, in its own process: on PostgreSQL the app from source (`server.ts`), on PGlite
 * the compiled app exactly as `npm start` runs it (`apps/server/dist/main.js`, DATA_DIR, no DATABASE_URL).
 * Either way its memory is sampled from /proc while it runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startBenchServer } from '../harness.ts';
import type { Store } from './database.ts';

export interface RunningServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

const MAIN = path.resolve(import.meta.dirname, '../../../apps/server/dist/main.js');

export async function startServer(store: Store): Promise<RunningServer> {
  if (store.url) return startBenchServer(path.join(import.meta.dirname, 'server.ts'), store.url);
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`node scripts/ensure.mjs build\``);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    env: { ...env, PORT: String(port), DATA_DIR: store.dataDir, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    if (exited) throw new Error('the server exited while starting');
    if (waited > 120_000) throw new Error('the server did not answer /api/ping within 2 minutes');
    const answered = await fetch(`${baseUrl}/api/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
}

/** The process's resident memory now and its peak (VmRSS, VmHWM), in MB; zeros when /proc cannot tell. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** Samples the server's memory every second; `stop` answers the peaks seen before and during the run. */
export function sampleMemory(pid: number) {
  const before = memoryOf(pid);
  let peakRss = before.rss;
  let hwm = before.peak;
  const timer = setInterval(() => {
    const now = memoryOf(pid);
    peakRss = Math.max(peakRss, now.rss);
    hwm = Math.max(hwm, now.peak);
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      const last = memoryOf(pid);
      return { before: before.rss, peakRss: Math.max(peakRss, last.rss), hwm: Math.max(hwm, last.peak) };
    },
  };
}
