import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { typesProbe } from './statement-set.ts';
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

/**
 * Made by the first request: a `restore` brings a data directory, which spares initdb (most of a new
 * thread's start, 10 s of it on a busy two-core machine against 3 s for the restore).
 */
let database: PGlite | undefined;

function current(): PGlite {
  database ??= new PGlite();
  return database;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function load(request: Extract<SandboxRequest, { kind: 'load' }>): Promise<SandboxReply> {
  const db = current();
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
  if (!request.snapshot) return { kind: 'loaded' };
  const dump = await db.dumpDataDir('gzip');
  return { kind: 'loaded', dataDir: new Uint8Array(await dump.arrayBuffer()) };
}

async function restore(request: Extract<SandboxRequest, { kind: 'restore' }>): Promise<SandboxReply> {
  database = new PGlite({ loadDataDir: new Blob([request.dataDir]) });
  await database.waitReady;
  return { kind: 'loaded' };
}

async function run(request: Extract<SandboxRequest, { kind: 'run' }>): Promise<SandboxReply> {
  const db = current();
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

async function types(request: Extract<SandboxRequest, { kind: 'types' }>): Promise<SandboxReply> {
  const db = current();
  await db.exec('begin transaction read only; set local search_path = dw');
  try {
    const answers = await db.exec(typesProbe(request.text));
    const found = answers[1]?.rows[0]?.types;
    if (!Array.isArray(found)) return { kind: 'error', code: 'BROKEN', message: 'no parameter types' };
    return { kind: 'types', types: found.map(String) };
  } finally {
    await db.exec('rollback');
  }
}

port.on('message', async (request: SandboxRequest) => {
  let reply: SandboxReply;
  try {
    reply =
      request.kind === 'load'
        ? await load(request)
        : request.kind === 'restore'
          ? await restore(request)
          : request.kind === 'types'
            ? await types(request)
            : await run(request);
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
  port.postMessage(
    reply,
    reply.kind === 'loaded' && reply.dataDir ? [reply.dataDir.buffer as ArrayBuffer] : [],
  );
});
