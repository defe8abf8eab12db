import { authEndpoints, type Endpoint, ERRORS, LOGIN_EVENT_LABELS } from '@eduqa/contract';
import type { FastifyRequest } from 'fastify';
import type { AuditTrail, LoginEventInput } from '../../platform/audit-trail.ts';
import { storableText } from '../../platform/control-chars.ts';
import { newId } from '../../platform/ids.ts';
import { type ChainedFields, linkEntries } from './audit.chain.ts';
import { objectIdsOf } from './audit.objects.ts';
import type { AuditRepo, PersonRow } from './audit.repo.ts';

/** An entry before it joins the chain: the person by id, or by the account name a failed sign-in tried. */
export type AuditDraft = Omit<
  ChainedFields,
  'id' | 'seq' | 'recordedAt' | 'actorName' | 'departmentId' | 'departmentName'
>;

export interface RecorderOptions {
  /** How long an entry may wait for company before it is written. */
  flushMs: number;
  /** Entries that trigger a write at once, and the most one transaction writes. */
  batchSize: number;
  /** Entries held while the database cannot take them; beyond this the oldest are dropped, loudly. */
  maxBuffered: number;
}

const DEFAULTS: RecorderOptions = { flushMs: 200, batchSize: 100, maxBuffered: 50_000 };
const RETRY_MS = 1_000;
/** A session's expiry is recorded once; the browser's parallel requests with the old cookie are not news. */
const EXPIRED_REMEMBERED = 10_000;
const LOGIN_MODULE = '登录日志';
/** Recorded by the login log with more to say than the operation log would. */
const LOGIN_LOG_ENDPOINTS: ReadonlySet<Endpoint> = new Set<Endpoint>([
  authEndpoints.login,
  authEndpoints.logout,
]);

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;
const userAgentOf = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 500) ?? null;

/**
 * The audit trail's writer. Recording only pushes onto a buffer; entries are written in one transaction per
 * flush (every `flushMs`, or at once when `batchSize` are waiting, and on close), which takes the chain's
 * lock, reads the last entry, and links the batch after it — so the chain stays one chain whatever the
 * number of instances, at the cost of one short transaction per batch instead of one per request.
 */
export function createAuditRecorder(deps: {
  repo: AuditRepo;
  log: (error: unknown, message: string) => void;
  options?: Partial<RecorderOptions>;
}) {
  const { repo, log } = deps;
  const options = { ...DEFAULTS, ...deps.options };
  let buffer: AuditDraft[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  /** Set while the database refuses even a bare entry: pushes wait for the retry instead of each trying. */
  let retrying = false;

  function schedule(ms: number) {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      retrying = false;
      void flush();
    }, ms);
    timer.unref();
  }

  function push(draft: AuditDraft) {
    buffer.push(storable(draft));
    if (buffer.length > options.maxBuffered) {
      const dropped = buffer.length - options.maxBuffered;
      buffer = buffer.slice(dropped);
      log(new Error(`audit buffer full, ${dropped} entries dropped`), 'audit trail cannot keep up');
    }
    if (retrying) return;
    if (buffer.length >= options.batchSize) void flush();
    else schedule(options.flushMs);
  }

  async function writeBatch(batch: AuditDraft[]) {
    await repo.transaction(async (q) => {
      await q.lockChain();
      const last = await q.lastEntry();
      const clock = await q.clock();
      // Never before the last entry, even if the database's clock was set back: the order is the chain's.
      const recordedAt = last && last.recordedAt > clock ? last.recordedAt : clock;
      const people = await q.findPeople({
        ids: [...new Set(batch.flatMap((d) => (d.actorId ? [d.actorId] : [])))],
        accounts: [
          ...new Set(
            batch.flatMap((d) => (!d.actorId && d.actorAccount ? [d.actorAccount.toLowerCase()] : [])),
          ),
        ],
      });
      const entries = batch.map((draft) => withPerson(draft, people, recordedAt));
      await q.insertEntries(linkEntries(last, entries));
    });
  }

  /**
   * After a batch was refused: each entry alone, and one the database still refuses in a bare form that
   * says so, so that one bad entry never holds back the rest. Answers the entries not written because the
   * database refuses even the bare form — it is not taking anything now.
   */
  async function writeOneByOne(batch: AuditDraft[]): Promise<AuditDraft[]> {
    for (const [index, draft] of batch.entries()) {
      try {
        await writeBatch([draft]);
      } catch (error) {
        try {
          await writeBatch([bare(draft, error)]);
        } catch {
          return batch.slice(index);
        }
      }
    }
    return [];
  }

  /** Writes everything buffered so far; flushes run one after another. */
  function flush(): Promise<void> {
    writing = writing.then(async () => {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      while (buffer.length) {
        const batch = buffer.splice(0, options.batchSize);
        try {
          await writeBatch(batch);
          continue;
        } catch (error) {
          log(error, 'audit batch not written; writing its entries one by one');
        }
        const left = await writeOneByOne(batch);
        if (left.length) {
          buffer.unshift(...left);
          log(new Error(`${buffer.length} audit entries waiting`), 'audit entries not written; retrying');
          retrying = true;
          schedule(RETRY_MS);
          return;
        }
      }
    });
    return writing;
  }

  return {
    ...auditTrailOf(push),
    flush,
    /** Stops waiting and writes what is left: the app's close waits for it. */
    close: flush,
  };
}

/** What the router and the sign-in routes report, as drafts for the buffer. */
function auditTrailOf(push: (draft: AuditDraft) => void): AuditTrail {
  const expiredSeen = new Set<string>();
  const trail: AuditTrail = {
    operation({ endpoint, request, actor, result, changes }) {
      if (LOGIN_LOG_ENDPOINTS.has(endpoint)) return;
      push({
        at: new Date(),
        kind: 'operation',
        actorId: actor.userId,
        actorAccount: null,
        address: request.ip,
        userAgent: null,
        module: endpoint.tag,
        operation: endpoint.summary,
        event: null,
        method: request.method,
        path: pathOf(request),
        // An object the request created is named by its change: the request itself could not name it.
        objectIds: [
          ...new Set([
            ...objectIdsOf(request.params, request.query, request.body),
            ...changes.map((c) => c.id),
          ]),
        ],
        result,
        detail: null,
        changes: changes.length ? changes : null,
      });
    },
    login(input: LoginEventInput) {
      const { request } = input;
      push({
        at: new Date(),
        kind: 'login',
        actorId: input.userId ?? null,
        actorAccount: input.userId ? null : (input.account?.slice(0, 64) ?? null),
        address: request.ip,
        userAgent: userAgentOf(request),
        module: LOGIN_MODULE,
        operation: LOGIN_EVENT_LABELS[input.event],
        event: input.event,
        method: request.method,
        path: pathOf(request),
        objectIds: [],
        result: input.result,
        detail: input.detail ?? null,
        changes: null,
      });
    },
    sessionExpired({ request, userId, sessionId, reason }) {
      if (expiredSeen.has(sessionId)) return;
      if (expiredSeen.size >= EXPIRED_REMEMBERED) expiredSeen.clear();
      expiredSeen.add(sessionId);
      trail.login({
        event: 'sessionExpired',
        request,
        userId,
        result: String(ERRORS.SESSION_EXPIRED.code),
        detail: reason,
      });
    },
  };
  return trail;
}

/** Every text of an entry made storable: a refused request may carry exactly the NUL it was refused for. */
function storable(draft: AuditDraft): AuditDraft {
  const text = (value: string | null) => (value === null ? null : storableText(value));
  return {
    ...draft,
    actorAccount: text(draft.actorAccount),
    userAgent: text(draft.userAgent),
    path: storableText(draft.path),
    objectIds: draft.objectIds.map(storableText),
    detail: text(draft.detail),
    changes: storableJson(draft.changes),
  };
}

function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [storableText(key), storableJson(field)]),
    );
  }
  return value;
}

/** What is left of an entry the database refused: who, when, what and how it ended, and why the rest is not. */
function bare(draft: AuditDraft, error: unknown): AuditDraft {
  const reason = storableText(String((error as { message?: unknown })?.message ?? error)).slice(0, 200);
  return { ...draft, userAgent: null, objectIds: [], changes: null, detail: `记录内容无法保存：${reason}` };
}

/** The person's names and department as they are when the entry is written, kept with it for good. */
function withPerson(draft: AuditDraft, people: PersonRow[], recordedAt: Date): Omit<ChainedFields, 'seq'> {
  const account = draft.actorAccount?.toLowerCase();
  const person = draft.actorId
    ? people.find((p) => p.id === draft.actorId)
    : people.find((p) => p.account.toLowerCase() === account);
  return {
    ...draft,
    id: newId(),
    recordedAt,
    actorId: person?.id ?? draft.actorId,
    actorAccount: person?.account ?? draft.actorAccount,
    actorName: person?.name ?? null,
    departmentId: person?.departmentId ?? null,
    departmentName: person?.departmentName ?? null,
  };
}

export type AuditRecorder = ReturnType<typeof createAuditRecorder>;
