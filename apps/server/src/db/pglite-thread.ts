import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { workerEntry } from '../platform/worker-entry.ts';
import type { EmbeddedClient, EmbeddedTransaction } from './embedded-client.ts';
import {
  READY_ID,
  type StatementOptions,
  type ThreadError,
  type ThreadReply,
  type ThreadRequest,
  type ThreadResult,
  type ThreadStart,
} from './pglite-thread.protocol.ts';
import { namedStatementOf } from './statement-names.ts';

/**
 * PGlite in a worker thread, behind the subset of its API the app uses (EmbeddedClient). In the
 * server's own thread every statement ran on the event loop: with 100 users even `GET /api/ping` waited
 * as long as the pages (p95 679 ms). Here the HTTP server keeps its thread and a statement waits only
 * behind other statements, as it always did (PGlite has one connection).
 */

const WORKER_ENTRY = workerEntry(import.meta.url, 'pglite-thread.worker');

/** Drizzle's parsers keep timestamps, dates, intervals and their arrays as text: the thread does the same. */
function toStatementOptions(options: QueryOptions | undefined): StatementOptions {
  if (options?.serializers || options?.blob || options?.onNotice) {
    throw new Error('serializers, blob and onNotice cannot cross to the database thread');
  }
  const textTypes = Object.entries(options?.parsers ?? {}).map(([oid, parser]) => {
    const probe = '\u0000text';
    if (parser(probe, Number(oid)) !== probe) {
      throw new Error(
        `the parser of type ${oid} changes the text; only text-keeping parsers cross to the thread`,
      );
    }
    return Number(oid);
  });
  return { rowMode: options?.rowMode, textTypes, paramTypes: options?.paramTypes };
}

function toResults<T>(result: ThreadResult): Results<T> {
  const { blob, ...rest } = result;
  return { ...(rest as Results<T>), ...(blob ? { blob: new Blob([blob]) } : {}) };
}

/** The error as the database raised it: `code`, `constraint`, `detail`… are what db-errors.ts maps. */
function toError(error: ThreadError): Error {
  const { message: _message, stack: _stack, ...fields } = error.fields;
  return Object.assign(new Error(error.message), fields);
}

/** A request before it is numbered. */
type Call = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;
type Send = (request: Call) => Promise<ThreadReply & { ok: true }>;

/** The thread with its database open, and `send`, which answers each request with its own reply. */
async function startThread(
  start: ThreadStart,
  onLost: ((error: Error) => void) | undefined,
): Promise<{ worker: Worker; send: Send; isStopped(): boolean; closing(): void }> {
  const worker = new Worker(WORKER_ENTRY, { eval: true, workerData: start });
  const pending = new Map<number, (reply: ThreadReply) => void>();
  let nextId = READY_ID + 1;
  let stopped: Error | undefined;
  let closing = false;

  // An idle thread does not keep the process alive (a command line tool ends when its work does); one
  // with calls to answer does.
  const settle = (id: number, reply: ThreadReply) => {
    const resolve = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    resolve?.(reply);
  };
  const stop = (error: Error) => {
    stopped ??= error;
    for (const id of [...pending.keys()]) {
      settle(id, { id, ok: false, error: { message: error.message, fields: {} } });
    }
  };
  worker.on('message', (reply: ThreadReply) => settle(reply.id, reply));
  worker.on('error', (error) => stop(new Error(`the database thread failed: ${error.message}`)));
  worker.on('exit', (code) => {
    const error = new Error(`the database thread ended (code ${code})`);
    stop(error);
    if (!closing) onLost?.(error);
  });

  const wait = (id: number) =>
    new Promise<ThreadReply>((resolve) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, resolve);
    });

  const ready = await wait(READY_ID);
  if (!ready.ok) {
    await worker.terminate();
    throw toError(ready.error);
  }
  const send: Send = async (request) => {
    if (stopped) throw stopped;
    const id = nextId++;
    const answer = wait(id);
    worker.postMessage({ ...request, id });
    const reply = await answer;
    if (!reply.ok) throw toError(reply.error);
    return reply;
  };
  return {
    worker,
    send,
    isStopped: () => stopped !== undefined,
    closing: () => {
      closing = true;
    },
  };
}

/** `query` and `exec` on the database, or inside the open transaction `tx`. */
function statementsOf(send: Send, tx?: number) {
  return {
    async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      const reply = await send({
        kind: 'query',
        tx,
        name: namedStatementOf(text),
        text,
        params: params ?? [],
        options: toStatementOptions(options),
      });
      return toResults<T>(reply.value as ThreadResult);
    },
    async exec(text: string, options?: QueryOptions): Promise<Results[]> {
      const reply = await send({ kind: 'exec', tx, text, options: toStatementOptions(options) });
      return (reply.value as ThreadResult[]).map((result) => toResults(result));
    },
  };
}

/**
 * PGlite's `transaction` across the thread: the worker opens it and serves its statements by id until
 * this side ends it, committing when `callback` succeeds and rolling back when it throws.
 */
async function runTransaction<T>(send: Send, callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
  const { id } = await send({ kind: 'begin' });
  let closed = false;
  const end = (commit: boolean) => {
    closed = true;
    return send({ kind: 'end', tx: id, commit });
  };
  const statements = statementsOf(send, id);
  const open = () => {
    if (closed) throw new Error('Transaction is closed');
    return statements;
  };
  const tx: EmbeddedTransaction = {
    query: async (text, params, options) => open().query(text, params, options),
    exec: async (text, options) => open().exec(text, options),
    rollback: async () => {
      open();
      await end(false);
    },
    get closed() {
      return closed;
    },
  };
  try {
    const result = await callback(tx);
    if (!closed) await end(true);
    return result;
  } catch (error) {
    // The callback's own error is the one to report, not a rollback that failed after it.
    if (!closed) await end(false).catch(() => undefined);
    throw error;
  }
}

/**
 * `onLost`: the thread ended while open (its memory ran out, say). Every statement after fails, so the
 * server should end too, for its supervisor to start it again on the data committed so far.
 */
export async function openPgliteThread(
  start: ThreadStart,
  onLost?: (error: Error) => void,
): Promise<EmbeddedClient> {
  const { worker, send, isStopped, closing } = await startThread(start, onLost);
  return {
    ...statementsOf(send),
    transaction: (callback) => runTransaction(send, callback),
    dumpDataDir: async (compression) => {
      const reply = await send({ kind: 'dump', compression });
      return new Blob([reply.value as Uint8Array]);
    },
    close: async () => {
      closing();
      if (!isStopped()) await send({ kind: 'close' });
      await worker.terminate();
    },
  };
}
