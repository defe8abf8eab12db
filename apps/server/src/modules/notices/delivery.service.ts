import {
  DELIVERY_MAX_ATTEMPTS,
  type DeliveryChannel,
  type NoticeCategory,
  type NoticeDelivery,
  type NoticeRobot,
  type NoticeRobotBody,
  type NoticeSettings,
  type NoticeSettingsBody,
  type RobotChannel,
  zonedParts,
} from '@eduqa/contract';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatDateTime, formatSchoolDate, schoolTimeZone } from '../../platform/time.ts';
import { openSecret, sealSecret } from '../datasources/datasources.crypto.ts';
import { type Outgoing, postToRobot, type SmtpSettings, sendEmail } from './channels.ts';
import type {
  DeliveryInsert,
  DeliveryRepo,
  DeliveryRow,
  NoticeRobotRow,
  NoticeSettingsRow,
  PendingNotice,
} from './delivery.repo.ts';

export const DELIVERY_MESSAGES = {
  robotNotFound: '群机器人不存在',
  webhookRequired: '请填写 Webhook 地址',
  departmentNotFound: '部门不存在',
  sendFailed: '发送失败：',
} as const;

/** The hour of the school's day the daily digest goes out. */
const DIGEST_HOUR = 8;

interface Deps {
  repo: DeliveryRepo;
  key: Buffer;
  log: (error: unknown, message: string) => void;
  now?: () => Date;
}

/** The webhook as the screen shows it: scheme and host, the key that lets one post hidden. */
function webhookHint(sealed: string, key: Buffer): string {
  try {
    const url = new URL(openSecret(key, sealed));
    return `${url.protocol}//${url.host}/…`;
  } catch {
    return '（无法读取，请重新填写）';
  }
}

const toRobot = (row: NoticeRobotRow, key: Buffer): NoticeRobot => ({
  id: row.id,
  name: row.name,
  channel: row.channel as RobotChannel,
  webhookHint: webhookHint(row.webhookSealed, key),
  hasSecret: row.secretSealed !== null,
  departmentId: row.departmentId,
  departmentName: row.departmentName,
  categories: row.categories as NoticeCategory[],
  enabled: row.enabled,
});

const toSettings = (row: NoticeSettingsRow): NoticeSettings => ({
  reminderDays: row.reminderDays,
  publicUrl: row.publicUrl,
  smtpHost: row.smtpHost,
  smtpPort: row.smtpPort,
  smtpSecure: row.smtpSecure,
  smtpUser: row.smtpUser,
  hasSmtpPassword: row.smtpPasswordSealed !== null,
  smtpFrom: row.smtpFrom,
  emailCategories: row.emailCategories as NoticeCategory[],
});

const toDelivery = (row: DeliveryRow): NoticeDelivery => ({
  id: row.id,
  createdAt: formatDateTime(row.createdAt) ?? '',
  channel: row.channel as DeliveryChannel,
  recipientName: row.recipientName,
  subject: row.subject,
  state: row.state as NoticeDelivery['state'],
  attempts: row.attempts,
  lastError: row.lastError,
});

/** An absolute link: the platform's address and the hash route. */
export const absoluteLink = (publicUrl: string, link: string) =>
  publicUrl && link ? `${publicUrl.replace(/\/+$/, '')}/#${link}` : '';

/** What the parts of the service share: the repo, the key and how to open what it sealed. */
function deliveryContext(deps: Deps) {
  const { repo, key } = deps;
  const now = deps.now ?? (() => new Date());
  const smtpOf = (row: NoticeSettingsRow): SmtpSettings => ({
    host: row.smtpHost,
    port: row.smtpPort,
    secure: row.smtpSecure,
    user: row.smtpUser,
    password: row.smtpPasswordSealed ? openSecret(key, row.smtpPasswordSealed) : null,
    from: row.smtpFrom,
  });
  const robotTarget = (row: NoticeRobotRow) => ({
    channel: row.channel as RobotChannel,
    webhook: openSecret(key, row.webhookSealed),
    secret: row.secretSealed ? openSecret(key, row.secretSealed) : null,
  });
  return { repo, key, now, smtpOf, robotTarget };
}
type Context = ReturnType<typeof deliveryContext>;

/** A test send answers its failure to the administrator at once, in Chinese. */
async function tryNow(send: () => Promise<void>) {
  try {
    await send();
    return { sent: true };
  } catch (error) {
    throw new AppError('UNPROCESSABLE', `${DELIVERY_MESSAGES.sendFailed}${(error as Error).message}`);
  }
}

export function createDeliveryService(deps: Deps) {
  const context = deliveryContext(deps);
  return { ...settingsActions(context), ...robotActions(context), ...outbox(context) };
}

function settingsActions(context: Context) {
  const { repo, key, smtpOf } = context;
  async function preferences(userId: string) {
    const [own, settings, email] = await Promise.all([
      repo.userSettings(userId),
      repo.settings(),
      repo.emailOf(userId),
    ]);
    return {
      email,
      emailCategories: (own?.emailCategories ?? settings.emailCategories) as NoticeCategory[],
      digest: own?.digest ?? false,
      isDefault: own === null,
    };
  }
  return {
    async settings(): Promise<NoticeSettings> {
      return toSettings(await repo.settings());
    },
    async saveSettings(body: NoticeSettingsBody): Promise<NoticeSettings> {
      const { smtpPassword, ...rest } = body;
      await repo.saveSettings({
        ...rest,
        reminderDays: [...new Set(body.reminderDays)].sort((a, b) => b - a),
        ...(smtpPassword === undefined
          ? {}
          : { smtpPasswordSealed: smtpPassword === '' ? null : sealSecret(key, smtpPassword) }),
      });
      return toSettings(await repo.settings());
    },
    async testEmail(to: string) {
      const settings = await repo.settings();
      return tryNow(() =>
        sendEmail(smtpOf(settings), to, {
          subject: '测试邮件',
          content: '这是一封测试邮件：消息推送的邮件设置可以使用。',
          url: absoluteLink(settings.publicUrl, '/index'),
        }),
      );
    },
    async deliveries(query: {
      state?: string | undefined;
      channel?: string | undefined;
      keyword?: string | undefined;
      pageNum: number;
      pageSize: number;
    }) {
      const { pageNum, pageSize, ...filter } = query;
      const page = await repo.deliveries(filter, { pageNum, pageSize });
      return { records: page.records.map(toDelivery), total: page.total };
    },
    preferences,
    async savePreferences(userId: string, body: { emailCategories: NoticeCategory[]; digest: boolean }) {
      await repo.saveUserSettings(userId, {
        emailCategories: [...new Set(body.emailCategories)],
        digest: body.digest,
      });
      return preferences(userId);
    },
  };
}

function robotActions(context: Context) {
  const { repo, key, robotTarget } = context;
  return {
    async robots(): Promise<NoticeRobot[]> {
      return (await repo.robots()).map((row) => toRobot(row, key));
    },
    async saveRobot(body: NoticeRobotBody): Promise<NoticeRobot> {
      const existing = body.id ? await repo.robot(body.id) : null;
      if (body.id && !existing) throw notFound(DELIVERY_MESSAGES.robotNotFound);
      if (!existing && !body.webhook) throw new AppError('VALIDATION', DELIVERY_MESSAGES.webhookRequired);
      if (body.departmentId && !(await repo.departmentExists(body.departmentId)))
        throw notFound(DELIVERY_MESSAGES.departmentNotFound);
      const id = existing?.id ?? newId();
      const keep = (given: string | undefined, sealed: string | null) =>
        given === undefined ? sealed : given === '' ? null : sealSecret(key, given);
      await repo.saveRobot({
        id,
        name: body.name,
        channel: body.channel,
        webhookSealed: body.webhook ? sealSecret(key, body.webhook) : existing!.webhookSealed,
        secretSealed: keep(body.secret, existing?.secretSealed ?? null),
        departmentId: body.departmentId,
        categories: body.categories,
        enabled: body.enabled,
      });
      return toRobot((await repo.robot(id))!, key);
    },
    async deleteRobot(id: string) {
      if ((await repo.deleteRobot(id)) === 0) throw notFound(DELIVERY_MESSAGES.robotNotFound);
      return { id };
    },
    async testRobot(id: string) {
      const robot = await repo.robot(id);
      if (!robot) throw notFound(DELIVERY_MESSAGES.robotNotFound);
      const settings = await repo.settings();
      return tryNow(() =>
        postToRobot(robotTarget(robot), {
          subject: '测试消息',
          content: `这是一条测试消息：「${robot.name}」可以收到教学质量监测平台的消息。`,
          url: absoluteLink(settings.publicUrl, '/index'),
        }),
      );
    },
  };
}

function outbox(context: Context) {
  const { repo, now } = context;
  return {
    /**
     * Turns undispatched notices into deliveries, in one transaction with skip locked (instances share the
     * work): an e-mail to each recipient who takes the category by e-mail (not as a digest), and one post
     * per robot and event for the robots of the recipient's department (or of the administrators).
     */
    async dispatch(limit = 200): Promise<number> {
      return repo.transaction(async (tx) => {
        const pending = await tx.pendingNotices(limit);
        if (pending.length === 0) return 0;
        const [settings, robots] = await Promise.all([tx.settings(), tx.robots()]);
        const rows = deliveriesOf(
          pending,
          settings,
          robots.filter((r) => r.enabled),
        );
        await tx.insertDeliveries(rows);
        await tx.markDispatched(
          pending.map((n) => n.id),
          now(),
        );
        return rows.length;
      });
    },

    /** Sends what is due; a failure waits 30 s, 1 min, 2 min … and is given up after the last attempt. */
    async sendDue(limit = 50): Promise<{ sent: number; failed: number }> {
      const due = await repo.claimDue(limit);
      if (due.length === 0) return { sent: 0, failed: 0 };
      const [settings, robots] = await Promise.all([repo.settings(), repo.robots()]);
      const robotsById = new Map(robots.map((robot) => [robot.id, robot]));
      let sent = 0;
      let failed = 0;
      for (const delivery of due) {
        try {
          await sendOne(context, delivery, { settings, robotsById });
          await repo.markSent(delivery.id, now());
          sent += 1;
        } catch (error) {
          failed += 1;
          const retry = delivery.attempts < DELIVERY_MAX_ATTEMPTS;
          await repo.markFailed(delivery.id, {
            error: ((error as Error).message || '发送失败').slice(0, 500),
            retryAt: retry ? new Date(now().getTime() + 30_000 * 2 ** (delivery.attempts - 1)) : null,
          });
        }
      }
      return { sent, failed };
    },

    /** The daily digest e-mail, from DIGEST_HOUR on the school's clock, once per person and day. */
    async sendDigests(): Promise<number> {
      const at = now();
      if (zonedParts(at.getTime(), schoolTimeZone()).hour < DIGEST_HOUR) return 0;
      const day = formatSchoolDate(at);
      const settings = await repo.settings();
      const rows: DeliveryInsert[] = [];
      for (const person of await repo.digestCandidates(day)) {
        if (!(await repo.claimDigest(person.userId, day))) continue;
        rows.push({
          id: newId(),
          channel: 'email',
          target: person.email,
          recipientName: person.name,
          subject: `每日消息汇总（${person.titles.length} 条）`,
          content: person.titles
            .map(
              (title, i) =>
                `${i + 1}. ${title}${person.links[i] ? `  ${absoluteLink(settings.publicUrl, person.links[i]!)}` : ''}`,
            )
            .join('\n'),
          link: '/index',
        });
      }
      await repo.insertDeliveries(rows);
      return rows.length;
    },
  };
}

async function sendOne(
  context: Context,
  delivery: DeliveryRow,
  known: { settings: NoticeSettingsRow; robotsById: Map<string, NoticeRobotRow> },
) {
  const { smtpOf, robotTarget } = context;
  const { settings } = known;
  const message: Outgoing = {
    subject: delivery.subject,
    content: delivery.content,
    url: absoluteLink(settings.publicUrl, delivery.link),
  };
  if (delivery.channel === 'email') return sendEmail(smtpOf(settings), delivery.target, message);
  const robot = known.robotsById.get(delivery.target);
  if (!robot) throw new Error('群机器人已删除');
  return postToRobot(robotTarget(robot), message);
}

/** The text a delivery carries: the message and who caused it. */
const contentOf = (n: PendingNotice) => (n.actorName ? `${n.body}（${n.actorName}）` : n.body);

function deliveriesOf(
  pending: PendingNotice[],
  settings: NoticeSettingsRow,
  robots: NoticeRobotRow[],
): DeliveryInsert[] {
  const rows: DeliveryInsert[] = [];
  const posted = new Set<string>();
  for (const n of pending) {
    const categories = n.emailCategories ?? settings.emailCategories;
    if (n.email && !n.digest && categories.includes(n.category)) {
      rows.push({
        id: newId(),
        noticeId: n.id,
        channel: 'email',
        target: n.email,
        recipientName: n.recipientName,
        subject: n.title,
        content: contentOf(n),
        link: n.link,
      });
    }
    for (const robot of robots) {
      const reaches = robot.departmentId === null ? n.isAdmin : robot.departmentId === n.departmentId;
      const event = `${robot.id}|${n.kind}|${n.objectId ?? ''}|${n.title}`;
      if (!reaches || !robot.categories.includes(n.category) || posted.has(event)) continue;
      posted.add(event);
      rows.push({
        id: newId(),
        noticeId: n.id,
        channel: robot.channel,
        target: robot.id,
        recipientName: robot.name,
        subject: n.title,
        content: contentOf(n),
        link: n.link,
      });
    }
  }
  return rows;
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
