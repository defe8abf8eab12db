import { isDeepStrictEqual } from 'node:util';
import type { Endpoint, LoginEvent } from '@eduqa/contract';
import type { FastifyRequest } from 'fastify';
import type { Actor } from './access.ts';

/** A sign-in event: who (by id once known, else the account name tried), what, and how it ended. */
export interface LoginEventInput {
  event: LoginEvent;
  request: FastifyRequest;
  userId?: string | null;
  account?: string | null;
  /** 'success' or the error code the caller was answered with. */
  result: string;
  detail?: string | null;
}

/**
 * Where the router and the sign-in routes report what the audit trail keeps (issue 27). A port, so that the
 * platform and auth know nothing of how entries are stored; recording only queues, it never waits for the
 * database.
 */
export interface AuditTrail {
  /** A state-changing request of a signed-in caller has been answered with `result`. */
  operation(input: {
    endpoint: Endpoint;
    request: FastifyRequest;
    actor: Actor;
    result: string;
    /** What the request changed, as its services noted it (empty for a failed request). */
    changes: AuditChange[];
  }): void;
  login(input: LoginEventInput): void;
  /** A request came with a session that has ended; recorded once per session. */
  sessionExpired(input: { request: FastifyRequest; userId: string; sessionId: string; reason: string }): void;
}

/** One object a request changed, in the reader's words: what it is, its id and name, the fields it changed. */
export interface AuditChange {
  object: string;
  id: string;
  name: string | null;
  /** Labelled fields as they were (null: the object was created). */
  before: Record<string, unknown> | null;
  /** Labelled fields as they are now (null: the object was deleted). */
  after: Record<string, unknown> | null;
}

/** Label → how to read the field from the object's snapshot, in words a reader knows (names, not ids). */
export type AuditFields<T> = Record<string, (snapshot: T) => unknown>;

/**
 * The changes of the request each signed-in caller's actor belongs to: an actor is made afresh for every
 * request, so it names the request wherever the services are handed it. Not an AsyncLocalStorage: on Node 20
 * one turns on promise hooks for the whole process, which made every request of the in-process database 2.5×
 * slower (the fuzz ran past its 600 s).
 */
const changesOfActor = new WeakMap<object, AuditChange[]>();

/** The router's side: what the services note for this actor lands in `changes`. */
export function collectChanges(actor: object, changes: AuditChange[]) {
  changesOfActor.set(actor, changes);
}

/**
 * Notes, for the request's audit entry, the fields of an object that decides a judgement or a permission
 * before and after the change: only those that differ, or all of them when it was created or deleted. A
 * change noted by a request that then fails is not kept (the router drops it with the request's result),
 * and for an actor that is not a request's (a job, the seed) nothing is noted.
 */
export function noteChange<T>(
  actor: object,
  input: {
    object: string;
    id: string;
    name: string | null;
    fields: AuditFields<T>;
    before: T | null;
    after: T | null;
  },
) {
  const changes = changesOfActor.get(actor);
  if (!changes) return;
  const read = (snapshot: T | null) =>
    snapshot === null
      ? null
      : Object.fromEntries(Object.entries(input.fields).map(([label, field]) => [label, field(snapshot)]));
  const before = read(input.before);
  const after = read(input.after);
  if (before && after) {
    for (const label of Object.keys(input.fields)) {
      if (isDeepStrictEqual(before[label], after[label])) {
        delete before[label];
        delete after[label];
      }
    }
    if (Object.keys(after).length === 0) return;
  }
  changes.push({ object: input.object, id: input.id, name: input.name, before, after });
}

/**
 * The `noteX(actor, before, after)` of one kind of object known by its own id and name: created (before
 * null), changed, or deleted (after null).
 */
export function objectNoter<T extends { id: string; name: string }>(object: string, fields: AuditFields<T>) {
  return (actor: object, before: T | null, after: T | null) => {
    const subject = after ?? before;
    if (subject) noteChange(actor, { object, id: subject.id, name: subject.name, fields, before, after });
  };
}
