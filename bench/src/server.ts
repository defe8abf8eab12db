import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from './harness.ts';

const serverDir = path.resolve(import.meta.dirname, '../../apps/server');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  driver: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server in its own process, compiled as `npm start` runs it (the bench scripts build it
 * first through scripts/ensure.mjs), on a fresh PGlite directory, or
 * on a fresh database of the PostgreSQL named by `databaseUrl`, seeded with the demo school.
 */
export async function startServer(databaseUrl?: string): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-bench-'));
  let url = '';
  let dropDatabase = async () => {};
  if (databaseUrl) {
    const scratch = await createScratchDatabase('eduqa_bench', databaseUrl);
    url = scratch.url;
    dropDatabase = scratch.drop;
  }
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  let driver = '';
  for (let i = 0; i < 120 && !driver; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) driver = ((await response.json()) as { data: { driver: string } }).data.driver;
    } catch {
      // not listening yet
    }
  }
  if (!driver) throw new Error('the server did not start');
  return {
    baseUrl,
    driver,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
