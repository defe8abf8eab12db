import fs from 'node:fs';
import { ROLE_IDS } from '@eduqa/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { DOCS_PREFIX } from '../src/app.ts';
import { loginAttempts } from '../src/modules/auth/auth.table.ts';
import { userRoles, users } from '../src/modules/org/org.table.ts';
import { hashPassword } from '../src/platform/password.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { createTestApp, csrfQuery, type Session, signIn, type TestApp } from './app.ts';
import {
  createHarvest,
  type FuzzRequest,
  hostileRequests,
  type OpenApiDocument,
  type Operation,
  seeded,
} from './fuzz-inputs.ts';

/** The fuzz signs in wrong on purpose; its own address keeps the admin's sign-in out of that count. */
const FUZZ_ADDRESS = '127.0.0.2';
/** How many known ids are tried for an operation before it is fuzzed with what it has. */
const PROBES = 6;
const CJK = /[\u4e00-\u9fff]/;

interface Meta {
  success: boolean;
  message: string;
  statusCode: number;
}

function isEnvelope(value: unknown): value is { meta: Meta; code: number; data: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const { meta, code } = value as { meta?: Partial<Meta>; code?: unknown };
  return (
    typeof meta === 'object' &&
    meta !== null &&
    typeof meta.success === 'boolean' &&
    typeof meta.message === 'string' &&
    typeof meta.statusCode === 'number' &&
    typeof code === 'number' &&
    'data' in value
  );
}

/**
 * What is wrong with an answer, if anything: a 5xx; a refusal, or any JSON, outside the envelope; a
 * refusal without a Chinese message. A 2xx that is not JSON is a file download and fine. A redirect is a
 * browser step of central sign-in: it must stay on this site's login page and carry a Chinese message.
 */
function problemWith(answer: LightMyRequestResponse): string | undefined {
  if (answer.statusCode >= 500) return `HTTP ${answer.statusCode}`;
  const isJson = String(answer.headers['content-type'] ?? '').includes('json');
  if (answer.statusCode < 300 && !isJson) return undefined;
  if (answer.statusCode === 302) {
    const refusal = /^\/#\/login\?ssoError=(.+)$/.exec(String(answer.headers.location ?? ''))?.[1];
    return refusal && CJK.test(decodeURIComponent(refusal)) ? undefined : `302 to ${answer.headers.location}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `HTTP ${answer.statusCode} not JSON`;
  }
  if (!isEnvelope(body)) return `HTTP ${answer.statusCode} outside the envelope`;
  if (answer.statusCode >= 400 && body.meta.success) return `HTTP ${answer.statusCode} with success true`;
  if (!body.meta.success && !CJK.test(body.meta.message))
    return `HTTP ${answer.statusCode} message not Chinese`;
  return undefined;
}

function jsonOf(
  answer: LightMyRequestResponse,
): { code?: number; data?: unknown; meta?: Partial<Meta> } | undefined {
  if (!String(answer.headers['content-type'] ?? '').includes('json')) return undefined;
  return answer.json();
}

/** Puts the admin back as seeded, should a request have changed his password, disabled or unassigned him. */
async function repairAdmin(t: TestApp) {
  const [admin] = await t.db.select().from(users).where(eq(users.account, 'admin'));
  if (!admin) throw new Error('the fuzz deleted the admin');
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(DEMO_PASSWORD), disabled: false })
    .where(eq(users.id, admin.id));
  await t.db.insert(userRoles).values({ userId: admin.id, roleId: ROLE_IDS.admin }).onConflictDoNothing();
  await t.db.delete(loginAttempts);
}

/** The admin as a client that survives what the fuzz does to him: sign-out, a changed password, lost rights. */
async function resilientAdmin(t: TestApp) {
  let session: Session = await signIn(t, 'admin', DEMO_PASSWORD);
  const state = { requests: 0, repairs: 0, userId: session.userId };
  const signInAgain = async () => {
    try {
      session = await signIn(t, 'admin', DEMO_PASSWORD);
    } catch {
      state.repairs += 1;
      await repairAdmin(t);
      session = await signIn(t, 'admin', DEMO_PASSWORD);
    }
  };
  const once = (request: FuzzRequest) => {
    state.requests += 1;
    // A valid CSRF token on every write: what is broken is the input, not the sign-in.
    const query =
      request.method === 'POST' ? { ...request.query, ...csrfQuery(session.csrfSecret) } : request.query;
    // light-my-request would rebuild a raw query through URLSearchParams, losing its bytes: the URL is built here.
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([key, value]) =>
        [value].flat().map((item): [string, string] => [key, item]),
      ),
    ).toString();
    return t.app.inject({
      method: request.method,
      url: request.rawQuery
        ? `${request.path}?${[search, request.rawQuery].filter(Boolean).join('&')}`
        : request.path,
      ...(request.rawQuery ? {} : { query }),
      headers: { ...request.headers, cookie: session.cookie },
      remoteAddress: FUZZ_ADDRESS,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  };
  const rightsNow = async () => {
    let answer = await session.get('/api/user/tryLoginUserInfo');
    if (answer.statusCode === 401) {
      await signInAgain();
      answer = await session.get('/api/user/tryLoginUserInfo');
    }
    return answer.statusCode === 200
      ? JSON.stringify(answer.json().data?.menus)
      : `HTTP ${answer.statusCode}`;
  };
  return {
    state,
    /** Sends the request; when it finds the admin signed out (a logout before it), signs in and asks again. */
    async send(request: FuzzRequest) {
      const answer = await once(request);
      const lost = answer.statusCode === 401 && [40100, 53000010].includes(jsonOf(answer)?.code ?? 0);
      if (!lost) return answer;
      await signInAgain();
      return once(request);
    },
    rightsNow,
    async restore() {
      await repairAdmin(t);
      await signInAgain();
    },
  };
}

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths)
    .filter(([template]) => !template.startsWith(DOCS_PREFIX))
    .flatMap(([template, methods]) =>
      Object.entries(methods).map(([lower, operation]) => {
        const method = lower.toUpperCase();
        if (method !== 'GET' && method !== 'POST') throw new Error(`no hostile inputs for ${method} yet`);
        return { template, method: method as 'GET' | 'POST', operation };
      }),
    )
    .sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
}

// The timeout is a hang guard, not a speed goal: alone the run takes about 3 minutes; in CI, beside the other
// files on two cores, 9 (the audit trail records its ~15,000 writes). Its speed is measured by hand.
it('answers every hostile request derived from the OpenAPI document in the envelope, never with a 5xx', async () => {
  const started = Date.now();
  // The demo school: real rows for the harvested ids to point at, so updates reach stored data.
  const t = await createTestApp({ demo: true });
  try {
    const admin = await resilientAdmin(t);
    const rights = await admin.rightsNow();
    const harvest = createHarvest(new Set([admin.state.userId]));
    const random = seeded(20_260_301);
    const statuses = new Map<number, number>();
    const failures = new Map<string, string>();
    // FUZZ_LOG=<file> writes one line per request, to see what the fuzz reaches.
    const log = process.env.FUZZ_LOG;
    if (log) fs.writeFileSync(log, '');
    const check = (template: string, request: FuzzRequest, answer: LightMyRequestResponse) => {
      if (log) {
        const line = `${answer.statusCode} ${request.method} ${template} — ${request.label} ${answer.body.slice(0, 160)}`;
        fs.appendFileSync(log, `${line.replace(/\s+/g, ' ')}\n`);
      }
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      const problem = problemWith(answer);
      const key = `${request.method} ${template} — ${request.label}: ${problem}`;
      if (problem && !failures.has(key)) failures.set(key, answer.body.slice(0, 300));
    };
    /** Which known ids let the operation's plausible request find a stored row (the first not 'not found'). */
    const probe = async (template: string, method: 'GET' | 'POST', operation: Operation) => {
      for (let attempt = 0; attempt < PROBES; attempt++) {
        const known = harvest.knownFor(template, attempt);
        const [plausible] = hostileRequests(method, template, operation, seeded(attempt), known, true);
        if (!plausible) break;
        const answer = await admin.send(plausible);
        check(template, plausible, answer);
        if (method === 'GET' && answer.statusCode === 200) harvest.add(template, jsonOf(answer)?.data);
        if (answer.statusCode !== 404 && !/不存在/.test(String(jsonOf(answer)?.meta?.message)))
          return attempt;
      }
      return 0;
    };

    const operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);
    // Reads first, twice over: their answers give the ids that the later reads and the writes use.
    for (const { template, method, operation } of operations) {
      if (method === 'GET') await probe(template, method, operation);
    }
    for (const { template, method, operation } of operations) {
      const attempt = await probe(template, method, operation);
      const known = harvest.knownFor(template, attempt);
      for (const request of hostileRequests(method, template, operation, random, known)) {
        check(template, request, await admin.send(request));
      }
      if ((await admin.rightsNow()) !== rights) {
        failures.set(`${method} ${template} changed the admin's own rights`, '');
        await admin.restore();
      }
    }

    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.log(
      `fuzz: ${operations.length} operations, ${admin.state.requests} requests, ${admin.state.repairs} admin repairs, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${histogram.join(', ')}`,
    );
    expect(operations.length).toBeGreaterThan(200);
    expect([...failures].map(([key, body]) => `${key} ${body}`)).toEqual([]);
  } finally {
    await t.close();
  }
}, 1_200_000);
