import { Worker } from 'node:worker_threads';
import type { EmbeddedClient } from '../../db/embedded-client.ts';
import { workerEntry } from '../../platform/worker-entry.ts';
import type { SandboxReply, SandboxRequest, SandboxTable } from './warehouse-sandbox.protocol.ts';

/**
 * Where algorithm statements run on the embedded database. PGlite has one connection and no statement
 * timeout, so a statement run on the app's database keeps every other query waiting until it ends (a
 * three-way cross join of `unnest` ran 8 s with /api/health waiting as long, when PGlite shared the
 * server's thread). Here it runs on a copy of the warehouse schema `dw` in an in-memory PGlite of a
 * thread of its own: the app's database stays free, a statement past its time limit ends by terminating
 * the thread (the next run starts a new one), and memory a statement grows stays in that thread.
 *
 * The copy is rebuilt when the warehouse changed: its shape (tables, columns, types) or the counter
 * `public.dw_generation`, which a statement-level trigger on every `dw` table moves on any write. The
 * trigger is attached here to tables that lack it, before comparing, so a table made by any code path
 * is watched from the first copy that contains it. PGlite is locked to this process: no other writer
 * can change the warehouse unseen.
 */

export interface SandboxRun {
  /** The guarded statement with `$n` placeholders, already wrapped with the row limit. */
  text: string;
  values: unknown[];
  timeoutMs: number;
  maxBytes: number;
}

export type SandboxOutcome =
  | { kind: 'rows'; columns: string[]; rows: Record<string, unknown>[] }
  | { kind: 'error'; code: string; message: string };

/** Preparing a text parses it and runs none of it: milliseconds, with room for a busy machine. */
const PREPARE_MS = 5_000;

/** The worker's entry: the bundle beside this one, or from source its TypeScript under tsx. */
const WORKER_ENTRY = workerEntry(import.meta.url, 'warehouse-sandbox.worker');

interface WarehouseCopy {
  fingerprint: string;
  tables: SandboxTable[];
  /**
   * The loaded thread's data directory (gzip, a few MB), taken once a thread has been ended: a thread
   * started after a statement past its limit then restores it instead of running initdb and COPY again.
   */
  dataDir?: Uint8Array;
}

export interface WarehouseSandbox {
  run(input: SandboxRun): Promise<SandboxOutcome>;
  /**
   * Runs that read the warehouse as it was at the session's first run: whether it moved is asked once,
   * not before every statement (a collection run's thousands were each a round of catalogue queries
   * on the server's own thread). A thread replaced meanwhile loads the warehouse as it is then.
   */
  session(): Pick<WarehouseSandbox, 'run'> & {
    /** Each placeholder's type as the server infers it in the text; undefined when it cannot prepare it. */
    types(text: string): Promise<string[] | undefined>;
  };
  close(): Promise<void>;
}

export function createWarehouseSandbox(client: EmbeddedClient): WarehouseSandbox {
  let worker: Worker | undefined;
  let pending: ((reply: SandboxReply) => void) | undefined;
  /** The fingerprint of the copy the current worker holds. */
  let loaded: string | undefined;
  let copy: WarehouseCopy | undefined;
  /** Whether a thread was ended (time limit, crash): the next load keeps a snapshot for the one after. */
  let ended = false;
  // One statement at a time: the thread has one database, and each statement's time limit counts
  // from its own start, not from the wait behind another.
  const enqueue = oneAtATime();
  let closed = false;

  function stop() {
    const current = worker;
    worker = undefined;
    loaded = undefined;
    pending = undefined;
    ended ||= current !== undefined;
    void current?.terminate();
  }

  function start(): Worker {
    const next = new Worker(WORKER_ENTRY, { eval: true });
    next.unref();
    next.on('message', (reply: SandboxReply) => {
      const resolve = pending;
      pending = undefined;
      resolve?.(reply);
    });
    // A thread that dies (out of memory, a crash) answers the waiting call and is replaced next time.
    const died = (message: string) => {
      if (worker !== next) return;
      const resolve = pending;
      stop();
      resolve?.({ kind: 'error', code: 'BROKEN', message });
    };
    next.on('error', (error) => died(error.message));
    next.on('exit', (code) => died(`worker exited with code ${code}`));
    worker = next;
    return next;
  }

  function send(request: SandboxRequest, timeoutMs: number, transfer: ArrayBuffer[] = []) {
    const target = worker ?? start();
    return new Promise<SandboxReply>((resolve) => {
      const timer = setTimeout(() => {
        if (pending !== settle) return;
        stop();
        resolve({ kind: 'error', code: 'TIMEOUT', message: '' });
      }, timeoutMs);
      const settle = (reply: SandboxReply) => {
        clearTimeout(timer);
        resolve(reply);
      };
      pending = settle;
      target.postMessage(request, transfer);
    });
  }

  /** The worker holds the warehouse as it is now: copied again when it moved, loaded into a new thread. */
  async function ready(timeoutMs: number): Promise<SandboxOutcome | undefined> {
    const now = await fingerprintOf(client);
    if (copy?.fingerprint !== now) copy = { fingerprint: now, tables: await dumpWarehouse(client) };
    if (worker && loaded === now) return undefined;
    const target = copy;
    const { request, transfer } = loadRequest(target, ended);
    const reply = await send(request, Math.max(timeoutMs, 60_000), transfer);
    if (reply.kind === 'error') {
      stop();
      return reply;
    }
    if (reply.kind === 'loaded' && reply.dataDir) target.dataDir = reply.dataDir;
    loaded = now;
    return undefined;
  }

  /** `checked`: the fingerprint the caller's session already loaded, which needs no asking again. */
  async function ask(request: SandboxRequest, timeoutMs: number, checked?: string): Promise<SandboxReply> {
    if (closed) return { kind: 'error', code: 'BROKEN', message: 'sandbox closed' };
    const fresh = worker && loaded !== undefined && loaded === checked;
    const failed = fresh ? undefined : await ready(timeoutMs);
    if (failed) return failed;
    const reply = await send(request, timeoutMs);
    if (reply.kind === 'error' && reply.code === 'BROKEN') stop();
    return reply;
  }

  return {
    run: (input) => enqueue(async () => outcomeOf(await ask(runRequest(input), input.timeoutMs))),
    session() {
      let checked: string | undefined; // what the session's work before loaded
      const next = <T>(work: (loadedBefore?: string) => Promise<T>) =>
        enqueue(async () => {
          const answer = await work(checked);
          checked = loaded;
          return answer;
        });
      return {
        run: (input) =>
          next(async (before) => outcomeOf(await ask(runRequest(input), input.timeoutMs, before))),
        types: (text) =>
          next(async (before) => typesOf(await ask({ kind: 'types', text }, PREPARE_MS, before))),
      };
    },
    close: async () => {
      closed = true;
      stop();
    },
  };
}

const runRequest = (input: SandboxRun): SandboxRequest => ({
  kind: 'run',
  text: input.text,
  values: input.values,
  maxBytes: input.maxBytes,
});

const typesOf = (reply: SandboxReply) => (reply.kind === 'types' ? reply.types : undefined);

const outcomeOf = (reply: SandboxReply): SandboxOutcome =>
  reply.kind === 'rows' || reply.kind === 'error'
    ? reply
    : { kind: 'error', code: 'BROKEN', message: 'unexpected reply' };

/**
 * What puts the warehouse into a new thread: its snapshot when there is one, else its tables (and a
 * snapshot asked for once a thread has been ended). The thread keeps no buffer it is sent: copies, so
 * the cached ones survive a restart.
 */
function loadRequest(
  copy: WarehouseCopy,
  snapshot: boolean,
): { request: SandboxRequest; transfer: ArrayBuffer[] } {
  if (copy.dataDir) {
    const dataDir = copy.dataDir.slice();
    return { request: { kind: 'restore', dataDir }, transfer: [dataDir.buffer as ArrayBuffer] };
  }
  const tables = copy.tables.map((t) => ({ ...t, data: t.data.slice() }));
  return {
    request: { kind: 'load', tables, snapshot },
    transfer: tables.map((t) => t.data.buffer as ArrayBuffer),
  };
}

/** Runs the works it is given one after the other, each once the one before has settled. */
export function oneAtATime() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };
}

/** Watches every `dw` table (see above), then names the warehouse's generation and shape. */
async function fingerprintOf(client: EmbeddedClient): Promise<string> {
  const unwatched = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'dw' and c.relkind in ('r', 'p')
          and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'dw_touch')`,
  );
  for (const { name } of unwatched.rows) {
    await client.exec(
      `create trigger dw_touch after insert or update or delete or truncate on dw."${name.replace(/"/g, '""')}"
          for each statement execute function public.dw_touch()`,
    );
  }
  const { rows } = await client.query<{ generation: string; shape: string | null }>(
    `select (select last_value::text || ':' || is_called::text from public.dw_generation) as generation,
              (select md5(string_agg(c.oid::text || c.relname || a.attnum || a.attname || format_type(a.atttypid, a.atttypmod), ','
                        order by c.oid, a.attnum))
                 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                 join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                where n.nspname = 'dw' and c.relkind in ('r', 'p')) as shape`,
  );
  return `${rows[0]?.generation}/${rows[0]?.shape ?? ''}`;
}

/** Every `dw` table's columns and rows, as binary COPY data the worker loads. */
async function dumpWarehouse(client: EmbeddedClient): Promise<SandboxTable[]> {
  const { rows: columns } = await client.query<{ oid: number; table: string; name: string; type: string }>(
    `select c.oid, c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'dw' and c.relkind in ('r', 'p')
        order by c.relname, a.attnum`,
  );
  const tables = new Map<string, SandboxTable>();
  for (const column of columns) {
    const table = tables.get(column.table) ?? {
      name: column.table,
      columns: [],
      rows: 0,
      data: new Uint8Array(),
    };
    table.columns.push({ name: column.name, type: column.type });
    tables.set(column.table, table);
  }
  for (const table of tables.values()) {
    const quoted = `dw."${table.name.replace(/"/g, '""')}"`;
    const result = await client.query(`copy ${quoted} to '/dev/blob' with (format binary)`);
    table.rows = result.affectedRows ?? 0;
    table.data = new Uint8Array(result.blob ? await result.blob.arrayBuffer() : new ArrayBuffer(0));
  }
  return [...tables.values()];
}
