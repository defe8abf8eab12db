import { createHmac } from 'node:crypto';
import type { RobotChannel } from '@eduqa/contract';
import nodemailer from 'nodemailer';

/** What goes out: the message's title and text and, when it has one, its link into the platform. */
export interface Outgoing {
  subject: string;
  content: string;
  /** An absolute address, or '' when the platform's address is not set or the message opens nothing. */
  url: string;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string | null;
  from: string;
}

const TIMEOUT_MS = 10_000;

export async function sendEmail(smtp: SmtpSettings, to: string, message: Outgoing): Promise<void> {
  if (!smtp.host || !smtp.from) throw new Error('未设置 SMTP 服务器或发件人地址');
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    // A school's own server often has a self-signed certificate on STARTTLS.
    tls: { rejectUnauthorized: false },
  });
  try {
    const link = message.url ? `\n\n打开：${message.url}` : '';
    await transport.sendMail({
      from: smtp.from,
      to,
      subject: `【教学质量监测】${message.subject}`,
      text: `${message.content}${link}`,
    });
  } finally {
    transport.close();
  }
}

/** Markdown of a robot post; the text came from data, so characters markdown reads are escaped. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#])/g, '\\$1');

function robotBody(channel: RobotChannel, message: Outgoing) {
  const title = escapeMarkdown(message.subject);
  const text = escapeMarkdown(message.content);
  const link = message.url ? `\n\n[在平台中打开](${message.url})` : '';
  if (channel === 'wecom')
    return { msgtype: 'markdown', markdown: { content: `**${title}**\n> ${text}${link}` } };
  if (channel === 'dingtalk')
    return {
      msgtype: 'markdown',
      markdown: { title: message.subject, text: `#### ${title}\n\n${text}${link}` },
    };
  return {
    msg_type: 'interactive',
    card: {
      header: { title: { tag: 'plain_text', content: message.subject } },
      elements: [{ tag: 'div', text: { tag: 'lark_md', content: `${text}${link}` } }],
    },
  };
}

/** 钉钉 加签: the webhook gains timestamp and sign = base64(HMAC-SHA256(secret, `${timestamp}\n${secret}`)). */
export function dingtalkSigned(webhook: string, secret: string, now = Date.now()): string {
  const sign = createHmac('sha256', secret).update(`${now}\n${secret}`).digest('base64');
  const url = new URL(webhook);
  url.searchParams.set('timestamp', String(now));
  url.searchParams.set('sign', sign);
  return url.toString();
}

/** 飞书 签名校验: timestamp (seconds) and sign = base64(HMAC-SHA256(key `${timestamp}\n${secret}`, '')) in the body. */
export function feishuSign(secret: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  return {
    timestamp: String(nowSeconds),
    sign: createHmac('sha256', `${nowSeconds}\n${secret}`).update('').digest('base64'),
  };
}

/** Posts to a group robot; a refusal in the answer (errcode/code ≠ 0) is a failure with the robot's reason. */
export async function postToRobot(
  robot: { channel: RobotChannel; webhook: string; secret: string | null },
  message: Outgoing,
): Promise<void> {
  let url = robot.webhook;
  let body: Record<string, unknown> = robotBody(robot.channel, message);
  if (robot.secret && robot.channel === 'dingtalk') url = dingtalkSigned(url, robot.secret);
  if (robot.secret && robot.channel === 'feishu') body = { ...feishuSign(robot.secret), ...body };
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const code = answer?.errcode ?? answer?.code ?? answer?.StatusCode ?? 0;
  if (code !== 0)
    throw new Error(String(answer?.errmsg ?? answer?.msg ?? answer?.StatusMessage ?? `错误码 ${code}`));
}
