import { createHash, randomBytes } from 'node:crypto';
import { DIMENSION_IMPORT, type FutureTask, ROLE_IDS, standardsEndpoints } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipart, postMultipart, signIn, type TestApp } from '../../test/app.ts';
import { DIMENSION_IMPORT_JOB } from '../modules/standards/standards.dimensions-excel.ts';
import { newId } from './ids.ts';
import { isBearerTokenValid, METRICS_PATH, METRICS_TOKEN_MESSAGE } from './metrics.ts';

const TOKEN = randomBytes(32).toString('hex');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The samples of one metric: labels as an object, and the value. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const found: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const match = new RegExp(`^${name}(?:\\{(.*)\\})? (\\S+)$`).exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[1] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    found.push({ labels, value: Number(match[2]) });
  }
  return found;
}

describe('metrics, unconfigured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not exist: 404 as any unknown path, even with a token', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ meta: { success: false, statusCode: 404 }, code: 40400 });
    expect(t.routes.some((r) => r.url === METRICS_PATH)).toBe(false);
  });
});

describe('metrics, with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  };
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  it('refuses a missing or wrong token with 401 in Chinese, in the envelope', async () => {
    for (const authorization of [
      undefined,
      '',
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer ',
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.json()).toEqual({
        meta: { success: false, message: METRICS_TOKEN_MESSAGE, statusCode: 401 },
        code: 40102,
        data: null,
      });
    }
  });

  it('is declared as a token route, kept out of the OpenAPI page', async () => {
    expect(t.routes.find((r) => r.url === METRICS_PATH && r.method === 'GET')?.access).toEqual({
      kind: 'token',
      setting: 'METRICS_TOKEN',
    });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths[METRICS_PATH]).toBeUndefined();
  });

  it('answers Prometheus text: requests by route pattern, method and status, never a raw id', async () => {
    const settingId = newId();
    const unknownId = newId();
    await t.app.inject({ method: 'GET', url: `/api/user/systemSetting/${settingId}` });
    await t.app.inject({ method: 'GET', url: `/api/no/such/${unknownId}` });
    await t.app.inject({ method: 'GET', url: '/api/ping' });
    await t.app.inject({ method: 'GET', url: '/api/ping' });

    const answer = await scrape();
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = answer.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const counts = samples(text, 'http_request_duration_seconds_count');
    expect(counts).toContainEqual({
      labels: { route: '/api/ping', method: 'GET', status_code: '200' },
      value: 2,
    });
    expect(counts).toContainEqual({
      labels: { route: '/api/user/systemSetting/:appId', method: 'GET', status_code: expect.any(String) },
      value: 1,
    });
    expect(counts).toContainEqual({
      labels: { route: 'unmatched', method: 'GET', status_code: '404' },
      value: 1,
    });
    // The refused scrapes of the test before are counted too, under the route's own pattern.
    expect(counts).toContainEqual({
      labels: { route: METRICS_PATH, method: 'GET', status_code: '401' },
      value: expect.any(Number),
    });
    const buckets = samples(text, 'http_request_duration_seconds_bucket').filter(
      (s) => s.labels.route === '/api/ping',
    );
    expect(buckets.find((s) => s.labels.le === '+Inf')?.value).toBe(2);
    expect(text).not.toContain(settingId);
    expect(text).not.toContain(unknownId);
  });

  it('counts jobs by kind and state, and labels the upload and the polling by their patterns', async () => {
    const user = await createUser(t, { roles: [ROLE_IDS.diagnosisPublisher] });
    const publisher = await signIn(t, user.account, user.password);
    const template = await publisher.get(standardsEndpoints.dimensionTemplate.path);
    const body = multipart({ name: '维度.xlsx', bytes: template.rawPayload });
    const started = await postMultipart(t, publisher, standardsEndpoints.dimensionUpload.path, body);
    const { taskId } = started.json().data as { taskId: string };
    const during = samples((await scrape()).body, 'eduqa_jobs').filter(
      (s) => s.labels.kind === DIMENSION_IMPORT_JOB,
    );
    expect(during).toHaveLength(1);
    expect(['waiting', 'running', 'finished']).toContain(during[0]!.labels.state);

    let task: FutureTask | undefined;
    for (let i = 0; i < 200 && task?.state !== 'finished'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      task = await publisher.call(DIMENSION_IMPORT.poll, { query: { taskId } });
    }
    expect(task?.state).toBe('finished');

    const text = (await scrape()).body;
    expect(samples(text, 'eduqa_jobs')).toContainEqual({
      labels: { kind: DIMENSION_IMPORT_JOB, state: 'finished' },
      value: 1,
    });
    const routes = samples(text, 'http_request_duration_seconds_count').map((s) => s.labels.route);
    expect(routes).toContain(standardsEndpoints.dimensionUpload.path);
    expect(routes).toContain(DIMENSION_IMPORT.poll.path);
    expect(text).not.toContain(taskId);

    // Acknowledged, the job is gone from the table and from the gauge.
    await publisher.call(DIMENSION_IMPORT.done, { body: { taskId } });
    const after = samples((await scrape()).body, 'eduqa_jobs').filter(
      (s) => s.labels.kind === DIMENSION_IMPORT_JOB,
    );
    expect(after).toEqual([]);
  });

  it('reports the process: memory, heap, CPU', async () => {
    const text = (await scrape()).body;
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'process_cpu_seconds_total',
    ]) {
      const [sample] = samples(text, name);
      expect(sample?.value, name).toBeGreaterThan(0);
    }
  });

  it(`reports the database pool ${onPostgres ? 'on PostgreSQL' : 'only on PostgreSQL (none on PGlite)'}`, async () => {
    const text = (await scrape()).body;
    const names = [
      'eduqa_db_pool_in_use',
      'eduqa_db_pool_idle',
      'eduqa_db_pool_waiting',
      'eduqa_db_pool_max',
    ];
    if (!onPostgres) {
      for (const name of names) expect(samples(text, name), name).toEqual([]);
      return;
    }
    const value = (name: string) => samples(text, name)[0]?.value;
    expect(value('eduqa_db_pool_max')).toBe(10);
    expect(value('eduqa_db_pool_waiting')).toBe(0);
    // The scrape itself counted the jobs on a pooled connection, handed back before the gauges were read.
    expect(value('eduqa_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(value('eduqa_db_pool_idle')).toBeGreaterThanOrEqual(1);
  });
});

describe('isBearerTokenValid', () => {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  it('accepts the token after Bearer, any case of the scheme, and nothing else', () => {
    expect(isBearerTokenValid(`Bearer ${TOKEN}`, digest(TOKEN))).toBe(true);
    expect(isBearerTokenValid(`bearer ${TOKEN}`, digest(TOKEN))).toBe(true);
    expect(isBearerTokenValid(`Bearer  ${TOKEN} `, digest(TOKEN))).toBe(true);
    expect(isBearerTokenValid(`Bearer ${TOKEN} extra`, digest(TOKEN))).toBe(false);
    expect(isBearerTokenValid(TOKEN, digest(TOKEN))).toBe(false);
    expect(isBearerTokenValid(undefined, digest(TOKEN))).toBe(false);
    // An empty token never matches, even against the digest of nothing.
    expect(isBearerTokenValid('Bearer ', digest(''))).toBe(false);
    expect(isBearerTokenValid(undefined, digest(''))).toBe(false);
  });
});
