import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Local stand-ins for what 消息推送 reaches outside the platform: an SMTP server that keeps every e-mail it
 * is handed (decoded enough to read its subject and text) and an HTTP server that answers as a 企业微信
 * group robot does and keeps every post. Both listen on 127.0.0.1 on a free port, in the journey's process.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface RobotPost {
  path: string;
  body: Record<string, unknown>;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / ?Q?), as nodemailer writes a Chinese subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A single-part text e-mail as it came over SMTP: the subject and the text, decoded. */
export function readMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return {
    subject: decodeWords(header('Subject')),
    text: decodeBody(raw.slice(split + 4), header('Content-Transfer-Encoding').toLowerCase()),
  };
}

export async function startSmtpInbox() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = readMail(Buffer.concat(chunks).toString('latin1'));
        for (const to of session.envelope.rcptTo) mails.push({ to: to.address, ...mail });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port, mails, close };
}

/** Answers every post as 企业微信 accepts one: `{ errcode: 0 }`. */
export async function startRobotFixture() {
  const posts: RobotPost[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fixture').pathname;
      posts.push({ path, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The platform's fetch keeps its connection alive: close it, or close() waits for it to time out.
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url, posts, close };
}
