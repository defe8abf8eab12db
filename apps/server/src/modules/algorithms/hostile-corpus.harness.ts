import type { FastifyInstance } from 'fastify';
import type { HostileCase } from './hostile-corpus.cases.ts';

/**
 * The verdict rules of hostile-corpus.*.test.ts, apart from the places it runs them: what counts as a
 * refusal, what as harmless, and how long /api/health may take meanwhile.
 */

/** /api/health must answer within this while a statement runs. */
export const HEALTH_BUDGET_MS = 1_000;
/** A harmless answer stays small: the run's answer limit is 1 MB, plus the envelope. */
export const MAX_HARMLESS_BYTES = 2 * 1024 * 1024;

/** Column names that carry credentials or session secrets, wherever they come from. */
const SECRET_COLUMNS =
  /^(password|password_hash|passwd|authentication_string|rolpassword|csrf_secret|password_cipher)$/i;
/** Password hashes as the servers keep them: MySQL native, PostgreSQL md5 and SCRAM, the platform's scrypt. */
const SECRET_PATTERNS = [/\*[0-9A-F]{40}\b/, /\bmd5[0-9a-f]{32}\b/, /SCRAM-SHA-256\$/, /scrypt\$\d+\$/];
/** A stack trace or source location in an answer. */
const STACK = /\n\s+at |\bat .+\.(ts|js):\d+|node_modules\//;
const CHINESE = /[\u4e00-\u9fa5]/;

export interface Probe {
  status: number;
  body: string;
  healthMs: number;
  /** Checksums (tables, roles) that differ after the statement. */
  changed: string[];
  /** Texts that must not appear in a harmless answer. */
  secrets: string[];
}

export interface Verdict {
  verdict: 'refused' | 'harmless' | 'failing';
  status: number;
  message: string;
  problems: string[];
}

interface Envelope {
  meta?: { success?: boolean; message?: string; statusCode?: number };
  data?: { columns?: string[]; rows?: Array<Record<string, unknown>> } | null;
}

function parse(body: string): Envelope | undefined {
  try {
    return JSON.parse(body) as Envelope;
  } catch {
    return undefined;
  }
}

/** Refused (4xx in Chinese, no stack) or harmless (200, small, nothing secret, the expected value), and nothing else. */
export function judgeAnswer(hostile: HostileCase, probe: Probe): Verdict {
  const problems: string[] = [];
  // An answer of hundreds of megabytes is judged by its size alone: parsing it would cost the test its memory.
  const tooBig = probe.body.length > 20 * 1024 * 1024;
  const envelope = tooBig ? undefined : parse(probe.body);
  const message = envelope?.meta?.message ?? '';
  const answered = probe.status === 200 && (tooBig || envelope?.meta?.success === true);
  let verdict: Verdict['verdict'];

  if (probe.status >= 500) problems.push(`answered ${probe.status}`);
  if (answered) {
    verdict = 'harmless';
    if (hostile.refuse) problems.push('answered 200, must be refused');
    if (probe.body.length > MAX_HARMLESS_BYTES) {
      problems.push(`answer of ${(probe.body.length / 1024 / 1024).toFixed(1)} MB`);
    }
    const columns = envelope?.data?.columns ?? [];
    const leakedColumns = columns.filter((c) => SECRET_COLUMNS.test(c));
    if (leakedColumns.length) problems.push(`secret columns ${leakedColumns.join(', ')}`);
    const leaked = probe.secrets.filter((s) => s && probe.body.includes(s));
    if (leaked.length) problems.push(`secret in the answer: ${leaked.map((s) => s.slice(0, 24)).join(', ')}`);
    const hashes = SECRET_PATTERNS.filter((p) => p.test(probe.body));
    if (hashes.length) problems.push(`password hash in the answer (${hashes.join(' ')})`);
    if (hostile.value !== undefined) {
      const value = Number(envelope?.data?.rows?.[0]?.value);
      if (value !== hostile.value)
        problems.push(`value ${String(envelope?.data?.rows?.[0]?.value)}, expected ${hostile.value}`);
    }
  } else if (probe.status >= 400 && probe.status < 500) {
    verdict = 'refused';
    if (!CHINESE.test(message)) problems.push('refusal without a Chinese message');
    if (STACK.test(probe.body)) problems.push('stack trace in the answer');
    if (hostile.refuse && !hostile.refuse.test(message))
      problems.push(`refused for another reason than ${hostile.refuse}`);
    if (hostile.value !== undefined) problems.push('refused, must answer its value');
  } else {
    verdict = 'failing';
    if (probe.status < 500) problems.push(`answered ${probe.status} without success`);
  }
  if (probe.healthMs >= HEALTH_BUDGET_MS) problems.push(`/api/health took ${probe.healthMs} ms`);
  if (probe.changed.length) problems.push(`changed ${probe.changed.join(', ')}`);
  if (problems.length) verdict = 'failing';
  const said = tooBig
    ? `(an answer of ${(probe.body.length / 1024 / 1024).toFixed(1)} MB, not parsed)`
    : message || probe.body.slice(0, 200);
  return { verdict, status: probe.status, message: said, problems };
}

/**
 * Polls /api/health every ~100 ms until stopped; answers the worst time from when a poll was due to
 * its answer. A poll that could not even start on time counts from when it was due: an event loop
 * blocked by the statement (embedded PGlite runs in Node's own thread) delays the timer itself, and a
 * request arriving then would have waited as long.
 */
export function watchHealth(app: FastifyInstance, everyMs = 100) {
  let running = true;
  let worst = 0;
  // stop() wakes the pause between two probes, so that a statement's turn does not wait out the interval.
  let wake = () => {};
  const loop = (async () => {
    let due = performance.now();
    while (running) {
      const answer = await app.inject({ method: 'GET', url: '/api/health' });
      const now = performance.now();
      worst = Math.max(worst, answer.statusCode === 200 ? now - due : Number.POSITIVE_INFINITY);
      due = Math.max(due + everyMs, now);
      if (!running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, due - now);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      worst = Math.max(worst, performance.now() - due);
    }
  })();
  return {
    async stop(): Promise<number> {
      running = false;
      wake();
      await loop;
      return Math.round(worst);
    },
  };
}
