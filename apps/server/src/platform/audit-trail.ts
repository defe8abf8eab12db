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
  operation(input: { endpoint: Endpoint; request: FastifyRequest; actor: Actor; result: string }): void;
  login(input: LoginEventInput): void;
  /** A request came with a session that has ended; recorded once per session. */
  sessionExpired(input: { request: FastifyRequest; userId: string; sessionId: string; reason: string }): void;
}
