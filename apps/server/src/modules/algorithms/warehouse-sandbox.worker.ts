import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { approximateBytes, type SandboxReply, type SandboxRequest } from './warehouse-sandbox.protocol.ts';

/**
 * The worker thread that runs algorithm statements on the embedded database's warehouse copy. It
 * holds an in-memory PGlite with nothing but the tables of `dw`: even a statement the guard let
 * through by mistake finds no accounts, sessions or settings here. The main thread terminates this
 * thread when a statement passes its time limit, which is what PGlite (one thread, no statement
 * timeout) cannot do from inside.
 */
const port = parentPort;
if (!port) throw new Error('warehouse-sandbox.worker runs as a worker thread');

const db = new PGlite();

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function load(request: Extract<SandboxRequest, { kind: 'load' }>): Promise<SandboxReply> {
  await db.exec('drop schema if exists dw cascade; create schema dw');
  for (const table of request.tables) {
    const columns = table.columns.map((c) => `${quote(c.name)} ${c.type}`).join(', ');
    await db.exec(`create table dw.${quote(table.name)} (${columns})`);
    if (table.rows > 0) {
      await db.query(`copy dw.${quote(table.name)} from '/dev/blob' with (format binary)`, [], {
        blob: new Blob([table.data]),
      });
    }
  }
  await db.exec('analyze');
  return { kind: 'loaded' };
}

async function run(request: Extract<SandboxRequest, { kind: 'run' }>): Promise<SandboxReply> {
  await db.exec('begin transaction read only; set local search_path = dw');
  try {
    const result = await db.query<Record<string, unknown>>(request.text, request.values);
    if (approximateBytes(result.rows, request.maxBytes) > request.maxBytes) {
      return { kind: 'error', code: 'RESULT_TOO_BIG', message: '' };
    }
    return { kind: 'rows', columns: result.fields.map((f) => f.name), rows: result.rows };
  } finally {
    await db.exec('rollback');
  }
}

port.on('message', async (request: SandboxRequest) => {
  let reply: SandboxReply;
  try {
    reply = request.kind === 'load' ? await load(request) : await run(request);
  } catch (error) {
    // A database error carries its SQLSTATE; anything else (a WebAssembly abort when memory ran out)
    // leaves this PGlite unusable, and the server replaces the thread.
    const code = (error as { code?: unknown } | null)?.code;
    reply = {
      kind: 'error',
      code: typeof code === 'string' ? code : 'BROKEN',
      message: (error instanceof Error ? error.message : String(error)).slice(0, 300),
    };
  }
  port.postMessage(reply);
});
