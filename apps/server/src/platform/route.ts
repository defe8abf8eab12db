import { isDeepStrictEqual } from 'node:util';
import { authEndpoints, type Endpoint, ERRORS, envelopeOf, orgEndpoints } from '@eduqa/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { type Access, type Actor, assertCan, describeAccess } from './access.ts';
import { type AuditChange, type AuditTrail, collectChanges } from './audit-trail.ts';
import { isCsrfTokenValid } from './csrf.ts';
import { ok } from './envelope.ts';
import { answerOf } from './error-handler.ts';
import { AppError } from './errors.ts';

export type SessionLookup =
  | { status: 'none' }
  /** The session has ended: who it was, and why (for the login log). */
  | { status: 'expired'; userId: string; sessionId: string; reason: string }
  | { status: 'active'; actor: Actor };

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** What the request failed with, kept for the audit trail's result. */
    failure: unknown;
    /** What the handler's services noted as changed, for the audit trail. */
    auditChanges: AuditChange[] | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

/**
 * What a caller whose password an administrator set may still do: learn who they are, change the
 * password and sign out. Everything else answers PASSWORD_CHANGE_REQUIRED until the password is changed.
 */
export const PASSWORD_CHANGE_ENDPOINTS: ReadonlySet<Endpoint> = new Set<Endpoint>([
  authEndpoints.tryLoginUserInfo,
  authEndpoints.logout,
  orgEndpoints.updatePassword,
]);

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Parts<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType> ? { params: P; query: Q; body: B } : never;

export interface HandlerInput<E extends Endpoint, A> {
  params: Out<Parts<E>['params']>;
  query: Out<Parts<E>['query']>;
  body: Out<Parts<E>['body']>;
  actor: A;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Data<E extends Endpoint> = E['download'] extends true ? unknown : z.input<E['data']>;

const MESSAGE = Symbol('envelope message');
/** Data answered with a meta.message of its own (the chunk merge's 'waitting', spec 2 §7.2). */
export interface WithMessage<T> {
  [MESSAGE]: string;
  data: T;
}
export function withMessage<T>(data: T, message: string): WithMessage<T> {
  return { [MESSAGE]: message, data };
}
function isWithMessage(value: unknown): value is WithMessage<unknown> {
  return typeof value === 'object' && value !== null && MESSAGE in value;
}

type Result<E extends Endpoint> = Data<E> | WithMessage<Data<E>>;

/**
 * Registers contract endpoints. The access check runs in `onRequest`, before the body is read, so a
 * caller without a session or permission learns nothing from validation errors.
 */
export function createRouter(
  app: FastifyInstance,
  deps: { resolveSession(token: string): Promise<SessionLookup>; audit: AuditTrail },
) {
  const { audit } = deps;
  app.decorateRequest('actor', null);
  app.decorateRequest('failure', null);
  app.decorateRequest('auditChanges', null);

  async function lookup(request: FastifyRequest): Promise<SessionLookup> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return { status: 'none' };
    return deps.resolveSession(token);
  }

  function register<E extends Endpoint>(
    endpoint: E,
    need: Access,
    handler: (input: HandlerInput<E, Actor | null>) => Promise<Result<E>> | Result<E>,
  ) {
    const isStateChanging = endpoint.method !== 'GET';
    app.route({
      method: endpoint.method,
      url: endpoint.path.replace(/\{(\w+)\}/g, ':$1'),
      config: { access: need },
      schema: {
        summary: endpoint.summary,
        description: describeAccess(need),
        tags: [endpoint.tag],
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
        ...(endpoint.download ? {} : { response: { 200: envelopeOf(endpoint.data.nullable()) } }),
      },
      onRequest: async (request) => {
        const session = await lookup(request);
        if (session.status === 'active') request.actor = session.actor;
        if (need.kind === 'public') return;
        if (session.status === 'none') throw new AppError('NOT_SIGNED_IN');
        if (session.status === 'expired') {
          audit.sessionExpired({ request, ...session });
          throw new AppError('SESSION_EXPIRED');
        }
        const actor = session.actor;
        if (actor.mustChangePassword && !PASSWORD_CHANGE_ENDPOINTS.has(endpoint)) {
          throw new AppError('PASSWORD_CHANGE_REQUIRED');
        }
        if (isStateChanging) {
          const query = request.query as Record<string, unknown>;
          const valid = isCsrfTokenValid({
            secret: actor.csrfSecret,
            timestamp: query.csrfTimestamp,
            token: query.csrfToken,
          });
          if (!valid) throw new AppError('CSRF');
        }
        assertCan(actor, need);
      },
      ...(isStateChanging ? auditHooks(audit, endpoint, need) : {}),
      handler: async (request, reply) => {
        const data = await runHandler(request, isStateChanging, async () =>
          handler({
            params: request.params as Out<Parts<E>['params']>,
            query: request.query as Out<Parts<E>['query']>,
            body: request.body as Out<Parts<E>['body']>,
            actor: request.actor,
            request,
            reply,
          }),
        );
        if (endpoint.download) return reply;
        return isWithMessage(data) ? ok(data.data, data[MESSAGE]) : ok(data);
      },
    });
  }

  return {
    /** A route for signed-in callers; `need` narrows it to a menu key or an action. */
    route<E extends Endpoint>(
      endpoint: E,
      need: Exclude<Access, { kind: 'public' }>,
      handler: (input: HandlerInput<E, Actor>) => Promise<Result<E>> | Result<E>,
    ) {
      register(endpoint, need, (input) => handler({ ...input, actor: input.actor as Actor }));
    },
    /** A route anyone may call; the actor is present when a valid session cookie came along. */
    publicRoute<E extends Endpoint>(
      endpoint: E,
      handler: (input: HandlerInput<E, Actor | null>) => Promise<Result<E>> | Result<E>,
    ) {
      register(endpoint, { kind: 'public' }, handler);
    },
  };
}

/**
 * Every state-changing request of a signed-in caller goes to the operation log with the code it was
 * answered with, refusals included. Anonymous ones do not: a public route's caller is nobody we could name
 * (sign-in has the login log; a public survey answer or CAS's server-to-server logout would only let
 * strangers fill a table that must be kept six months), and a protected route refuses them before anything
 * changes. Recorded in onSend, before the answer leaves, so that a test reading the log after its request
 * finds the entry queued.
 */
function auditHooks(audit: AuditTrail, endpoint: Endpoint, need: Access) {
  return {
    onError: async (request: FastifyRequest, _reply: FastifyReply, error: unknown) => {
      request.failure = error;
    },
    onSend: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      const { actor } = request;
      if (actor && need.kind !== 'public') {
        const result = request.failure === null ? 'success' : String(errorCodeOf(request.failure));
        // A failed request changed nothing, whatever its services noted before it failed.
        const changes = request.failure === null ? (request.auditChanges ?? []) : [];
        audit.operation({ endpoint, request, actor, result, changes });
      }
      return payload;
    },
  };
}

/** A state-changing handler's services note what they changed through the request's actor. */
function runHandler<T>(request: FastifyRequest, isStateChanging: boolean, run: () => Promise<T>): Promise<T> {
  if (isStateChanging && request.actor) {
    request.auditChanges = [];
    collectChanges(request.actor, request.auditChanges);
  }
  return run();
}

export type Router = ReturnType<typeof createRouter>;

const errorCodeOf = (error: unknown) => ERRORS[answerOf(error).kind].code;

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * How answers are written. Production writes the handler's data as it is: the wire mappers are typed to
 * the contract, and checking every answer against its zod schema cost more than the query behind a
 * large list. Tests turn `validate` on, so an answer that breaks its schema, or carries a field the
 * schema would drop, fails there instead.
 */
export function responseSerializer(validate: boolean): FastifySerializerCompiler<z.ZodType> {
  if (!validate) return () => (data) => JSON.stringify(data);
  return ({ schema, method, url }) =>
    (data) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        throw new Error(`${method} ${url} answered outside its contract: ${parsed.error.message}`);
      }
      const sent = JSON.stringify(data);
      if (!isDeepStrictEqual(asJson(parsed.data), JSON.parse(sent))) {
        throw new Error(`${method} ${url} answered fields its contract does not declare`);
      }
      return sent;
    };
}

export const SESSION_COOKIE = 'eduqa_sid';
