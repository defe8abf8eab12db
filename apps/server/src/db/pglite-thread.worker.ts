import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results } from '@electric-sql/pglite';
import type { EmbeddedTransaction } from './embedded-client.ts';
import { namedStatementsOf } from './pglite-named.ts';
import {
  READY_ID,
  type StatementOptions,
  type ThreadError,
  type ThreadReply,
  type ThreadRequest,
  type ThreadResult,
  type ThreadStart,
} from './pglite-thread.protocol.ts';

/**
 * The worker thread that holds the server's PGlite: every statement runs here, so the server's event
 * loop stays free while one does. Requests are served as they come; PGlite itself runs one statement
 * at a time and holds plain statements back while a transaction is open, as it does in one thread.
 */
const port = parentPort;
if (!port) throw new Error('pglite-thread.worker runs as a worker thread');
const start = workerData as ThreadStart;

/** Thrown inside a transaction's callback so that PGlite rolls it back. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx?: EmbeddedTransaction;
  end(commit: boolean): void;
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();

const keepText = (value: string) => value;

function queryOptions(options: StatementOptions) {
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.paramTypes ? { paramTypes: options.paramTypes } : {}),
    parsers: Object.fromEntries(options.textTypes.map((oid) => [oid, keepText])),
  };
}

async function toThreadResult(result: Results): Promise<ThreadResult> {
  return {
    rows: result.rows,
    affectedRows: result.affectedRows,
    command: result.command,
    rowCount: result.rowCount,
    fields: result.fields,
    blob: result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : undefined,
  };
}

/** The message and the primitive fields of an error (PGlite's DatabaseError keeps code, detail… as own fields). */
function toThreadError(error: unknown): ThreadError {
  const fields: Record<string, string | number> = {};
  if (error !== null && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
    }
  }
  return { message: error instanceof Error ? error.message : String(error), fields };
}

/** Sends the reply, handing over (not copying) the bytes of blobs and dumps. */
function reply(message: ThreadReply) {
  const value = message.ok ? message.value : undefined;
  const bytes =
    value instanceof Uint8Array ? [value] : [value ?? []].flat().flatMap((r) => (r.blob ? [r.blob] : []));
  port?.postMessage(
    message,
    bytes.map((b) => b.buffer as ArrayBuffer),
  );
}

function begin(db: PGlite, id: number) {
  let end: (commit: boolean) => void = () => undefined;
  const ended = new Promise<boolean>((resolve) => {
    end = resolve;
  });
  const open: OpenTransaction = { end, done: Promise.resolve() };
  transactions.set(id, open);
  open.done = db.transaction(async (tx) => {
    open.tx = tx;
    reply({ id, ok: true });
    if (!(await ended)) throw ROLLBACK;
  });
  open.done.catch((error: unknown) => {
    if (open.tx) return;
    transactions.delete(id);
    reply({ id, ok: false, error: toThreadError(error) });
  });
}

async function end(request: Extract<ThreadRequest, { kind: 'end' }>) {
  const open = transactions.get(request.tx);
  if (!open) throw new Error(`no open transaction ${request.tx}`);
  transactions.delete(request.tx);
  open.end(request.commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

function target(db: PGlite, tx: number | undefined): EmbeddedTransaction | PGlite {
  if (tx === undefined) return db;
  const open = transactions.get(tx)?.tx;
  if (!open) throw new Error(`no open transaction ${tx}`);
  return open;
}

async function serve(
  db: PGlite,
  named: ReturnType<typeof namedStatementsOf>,
  request: ThreadRequest,
): Promise<ThreadResult | ThreadResult[] | Uint8Array | undefined> {
  switch (request.kind) {
    case 'query': {
      const options = queryOptions(request.options);
      if (request.name) {
        // Checked as the unnamed path checks it: no statement inside a transaction that has ended.
        target(db, request.tx);
        return toThreadResult(
          await named.query(request.name, request.text, request.params, options, request.tx !== undefined),
        );
      }
      return toThreadResult(await target(db, request.tx).query(request.text, request.params, options));
    }
    case 'exec':
      return Promise.all(
        (await target(db, request.tx).exec(request.text, queryOptions(request.options))).map(toThreadResult),
      );
    case 'end':
      await end(request);
      return undefined;
    case 'dump':
      return new Uint8Array(await (await db.dumpDataDir(request.compression)).arrayBuffer());
    case 'close':
      await db.close();
      return undefined;
    case 'begin':
      throw new Error('begin is answered from its transaction');
  }
}

async function open(): Promise<PGlite> {
  const options = start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {};
  const db = start.dataDir ? new PGlite(start.dataDir, options) : new PGlite(options);
  await db.waitReady;
  return db;
}

open().then(
  (db) => {
    const named = namedStatementsOf(db);
    port.on('message', (request: ThreadRequest) => {
      if (request.kind === 'begin') return begin(db, request.id);
      serve(db, named, request).then(
        (value) => reply({ id: request.id, ok: true, value }),
        (error: unknown) => reply({ id: request.id, ok: false, error: toThreadError(error) }),
      );
    });
    reply({ id: READY_ID, ok: true });
  },
  (error: unknown) => reply({ id: READY_ID, ok: false, error: toThreadError(error) }),
);
