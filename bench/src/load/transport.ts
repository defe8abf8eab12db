/**
 * The load benchmark's HTTP: one keep-alive agent for every virtual user (a socket each, at most), every
 * request timed from the moment it is sent until its body has been read, and filed under a label (the
 * contract's endpoint name) in a recorder that keeps the timed phase apart from the preparation.
 */
import http from 'node:http';
import {
  type BodyOf,
  csrfParams,
  type Endpoint,
  fillPath,
  type ParamsOf,
  type QueryOf,
} from '@eduqa/contract';

export interface Answer {
  status: number;
  /** 2xx and the envelope's success flag. */
  ok: boolean;
  message: string;
  data: unknown;
  /** The first Set-Cookie header (a sign-in's session). */
  cookie: string;
  ms: number;
}

export interface Transport {
  send(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: string): Promise<Answer>;
  close(): void;
}

/** `connections`: the agent's socket limit, as many as there are virtual users (and the ping floor). */
export function createTransport(connections: number): Transport {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  return {
    send(method, url, headers, body) {
      const start = performance.now();
      return new Promise<Answer>((resolve) => {
        const failed = (error: unknown) =>
          resolve({
            status: 0,
            ok: false,
            message: String(error),
            data: null,
            cookie: '',
            ms: performance.now() - start,
          });
        const request = http.request(url, { method, agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', failed);
          response.on('end', () => {
            const ms = performance.now() - start;
            const status = response.statusCode ?? 0;
            const cookie = response.headers['set-cookie']?.[0] ?? '';
            resolve({ ...readEnvelope(Buffer.concat(chunks).toString('utf8'), status), status, cookie, ms });
          });
        });
        request.on('error', failed);
        request.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

function readEnvelope(text: string, status: number): Pick<Answer, 'ok' | 'message' | 'data'> {
  const is2xx = status >= 200 && status < 300;
  try {
    const envelope = JSON.parse(text) as { data?: unknown; meta?: { success?: boolean; message?: string } };
    return {
      ok: is2xx && envelope.meta?.success !== false,
      message: envelope.meta?.message ?? '',
      data: envelope.data ?? envelope,
    };
  } catch {
    // the ping answers a bare word
    return { ok: is2xx, message: is2xx ? '' : text.slice(0, 200), data: text };
  }
}

/** A signed-in browser: its cookie and the secret its POSTs sign their CSRF token with. */
export interface Session {
  account: string;
  cookie: string;
  csrfSecret: string;
}

export interface CallArgs<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

const queryText = (query: object | undefined) =>
  Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)] as [string, string]);

/** One API call as the web app makes it: path parameters, query, and for a POST the CSRF pair and a JSON body. */
export function callApi<E extends Endpoint>(
  transport: Transport,
  baseUrl: string,
  session: Session,
  endpoint: E,
  args: CallArgs<E> = {},
): Promise<Answer> {
  const post = endpoint.method === 'POST';
  const path = fillPath(endpoint.path, args.params as Record<string, string | number> | undefined);
  const query = queryText(args.query as object | undefined);
  if (post) query.push(...Object.entries(csrfParams(session.csrfSecret, Date.now())));
  const search = query.length ? `?${new URLSearchParams(query)}` : '';
  const headers: Record<string, string> = { cookie: session.cookie };
  if (post) headers['content-type'] = 'application/json';
  return transport.send(
    endpoint.method as 'GET' | 'POST',
    `${baseUrl}${path}${search}`,
    headers,
    post ? JSON.stringify(args.body ?? {}) : undefined,
  );
}

interface Kind {
  ms: number[];
  errors: number;
  deliberate: number;
  samples: string[];
}

/** Latencies and errors per label; only while `recording` (the timed phase) are calls filed. */
export class Recorder {
  recording = false;
  readonly kinds = new Map<string, Kind>();

  note(label: string, answer: Answer, deliberate = false) {
    if (!this.recording) return;
    let kind = this.kinds.get(label);
    if (!kind) {
      kind = { ms: [], errors: 0, deliberate: 0, samples: [] };
      this.kinds.set(label, kind);
    }
    kind.ms.push(answer.ms);
    if (answer.ok) return;
    if (deliberate) kind.deliberate += 1;
    else {
      kind.errors += 1;
      if (kind.samples.length < 3) kind.samples.push(`${answer.status} ${answer.message}`);
    }
  }
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}
