import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * One request over a real socket: `app.inject` skips Node's HTTP parser, which is where a too large
 * request line or header is refused.
 */
function send(
  port: number,
  options: { method?: string; path: string; headers?: http.OutgoingHttpHeaders; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The envelope of a refusal: HTTP status and meta.statusCode agree, and the message is Chinese. */
function expectEnvelope(answer: Answer, status: number, code: number) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.contentType).toMatch(/^application\/json/);
  const envelope = JSON.parse(answer.body);
  expect(envelope).toMatchObject({ meta: { success: false, statusCode: status }, code, data: null });
  expect(envelope.meta.message).toMatch(/[\u4e00-\u9fff]/);
}

describe('requests refused before any route runs', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers a query string over the header limit 431 in the envelope', async () => {
    const answer = await send(port, {
      path: `/api/herm-sjgl/document/download?attachmentId=${'a'.repeat(20_000)}`,
    });
    expectEnvelope(answer, 431, 43100);
  });

  it('answers a header over the limit 431 in the envelope', async () => {
    const answer = await send(port, {
      path: '/api/ping',
      headers: { cookie: `eduqa_sid=${'x'.repeat(20_000)}` },
    });
    expectEnvelope(answer, 431, 43100);
  });

  it('answers a request the parser cannot read 400 in the envelope', async () => {
    const answer = await send(port, { path: '/api/ping', headers: { 'content-length': 'abc' } });
    expectEnvelope(answer, 400, 40000);
  });

  it('answers a path parameter over 100 characters 414 in the envelope', async () => {
    expectEnvelope(await send(port, { path: `/api/user/users/${'1'.repeat(101)}` }), 414, 41400);
    // The same through inject, which the fuzz test uses: the router's refusal is not a parser's.
    const injected = await t.app.inject({ method: 'GET', url: `/api/user/systemSetting/${'0'.repeat(300)}` });
    expect(injected.statusCode).toBe(414);
    expect(injected.json()).toMatchObject({ meta: { success: false, statusCode: 414 }, code: 41400 });
  });

  it('answers a path with broken percent-encoding 400 in the envelope', async () => {
    expectEnvelope(await send(port, { path: '/api/user/systemSetting/%E0%A4%A' }), 400, 40000);
  });

  it('answers a body over the limit 413 in the envelope', async () => {
    // The declared length is refused before the body is read, so a short body is enough.
    const declared = await send(port, {
      method: 'POST',
      path: '/api/user/login',
      headers: { 'content-type': 'application/json', 'content-length': String(3 * 1024 * 1024) },
      body: '{}',
    });
    expectEnvelope(declared, 413, 41300);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a'.repeat(3 * 1024 * 1024), password: 'x' }),
    });
    expect(sent.statusCode).toBe(413);
    expect(sent.json()).toMatchObject({ meta: { success: false, statusCode: 413 }, code: 41300 });
  });
});
