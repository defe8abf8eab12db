import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { requiredText, text } from '../platform/text.ts';
import { EMAIL_RE } from '../platform/validators.ts';
import { NOTICE_CATEGORIES } from './notices.enums.ts';

/** 消息推送 (issue 29 item 4): e-mail through the school's SMTP server and the chat robots of its groups. */
export const ROBOT_CHANNELS = ['wecom', 'dingtalk', 'feishu'] as const;
export type RobotChannel = (typeof ROBOT_CHANNELS)[number];
export const ROBOT_CHANNEL_LABELS: Record<RobotChannel, string> = {
  wecom: '企业微信',
  dingtalk: '钉钉',
  feishu: '飞书',
};

export const DELIVERY_CHANNELS = ['email', ...ROBOT_CHANNELS] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  email: '邮件',
  ...ROBOT_CHANNEL_LABELS,
};

export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  pending: '待发送',
  sent: '已发送',
  failed: '发送失败',
};

/** Attempts before a delivery is given up; the wait doubles from 30 s. */
export const DELIVERY_MAX_ATTEMPTS = 5;

const categories = (label: string) =>
  z.array(z.enum(NOTICE_CATEGORIES, { error: `${label}中的消息类别不正确` })).max(NOTICE_CATEGORIES.length);

const webUrl = (label: string) =>
  requiredText(label, 500).refine(
    (v) => /^https?:\/\/[^\s/]+/i.test(v),
    `${label}必须以 http:// 或 https:// 开头`,
  );

/** What the settings screen reads: the password is never sent back, only whether one is kept. */
export const NoticeSettingsSchema = z.object({
  reminderDays: z.array(z.number().int()).describe('到期前几天提醒'),
  publicUrl: z.string().describe('平台访问地址（邮件与机器人消息中的链接）'),
  smtpHost: z.string().describe('SMTP 服务器'),
  smtpPort: z.number().int().describe('端口'),
  smtpSecure: z.boolean().describe('SSL/TLS'),
  smtpUser: z.string().describe('账号'),
  hasSmtpPassword: z.boolean().describe('已保存密码'),
  smtpFrom: z.string().describe('发件人地址'),
  emailCategories: z.array(z.enum(NOTICE_CATEGORIES)).describe('默认发送邮件的消息类别'),
});
export type NoticeSettings = z.infer<typeof NoticeSettingsSchema>;

export const NoticeSettingsBodySchema = z.object({
  reminderDays: z
    .array(
      z
        .number({ error: '提醒天数必须是整数' })
        .int('提醒天数必须是整数')
        .min(1, '提醒天数最少 1 天')
        .max(30, '提醒天数最多 30 天'),
    )
    .max(5, '提醒天数最多设置 5 个'),
  publicUrl: z.union([z.literal(''), webUrl('平台访问地址')]),
  smtpHost: text('SMTP 服务器', 200).default(''),
  smtpPort: z
    .number({ error: '端口必须是数字' })
    .int('端口必须是整数')
    .min(1, '端口不正确')
    .max(65535, '端口不正确'),
  smtpSecure: z.boolean(),
  smtpUser: text('账号', 200).default(''),
  /** Absent: keep the stored password; '' clears it. */
  smtpPassword: text('密码', 200).optional(),
  smtpFrom: z.union([z.literal(''), requiredText('发件人地址', 200).regex(EMAIL_RE, '发件人地址格式不正确')]),
  emailCategories: categories('默认发送邮件'),
});
export type NoticeSettingsBody = z.infer<typeof NoticeSettingsBodySchema>;

export const TestEmailBodySchema = z.object({
  to: requiredText('收件地址', 200).regex(EMAIL_RE, '收件地址格式不正确'),
});

export const NoticeRobotSchema = z.object({
  id: z.string(),
  name: z.string().describe('名称'),
  channel: z.enum(ROBOT_CHANNELS).describe('渠道'),
  /** The webhook with its key hidden: only the host shows which robot it is. */
  webhookHint: z.string().describe('Webhook（已隐藏密钥）'),
  hasSecret: z.boolean().describe('已设置加签密钥'),
  departmentId: z.string().nullable().describe('部门（空为管理员）'),
  departmentName: z.string().nullable().describe('部门名称'),
  categories: z.array(z.enum(NOTICE_CATEGORIES)).describe('推送的消息类别'),
  enabled: z.boolean().describe('启用'),
});
export type NoticeRobot = z.infer<typeof NoticeRobotSchema>;

export const NoticeRobotBodySchema = z.object({
  id: z.string().max(64).optional(),
  name: requiredText('名称', 50),
  channel: z.enum(ROBOT_CHANNELS, { error: '渠道只能是企业微信、钉钉或飞书' }),
  /** Required when creating; absent on an update keeps the stored one. */
  webhook: webUrl('Webhook 地址').optional(),
  /** 钉钉/飞书 加签; absent keeps, '' clears. */
  secret: text('加签密钥', 200).optional(),
  departmentId: z.string().max(64).nullable(),
  categories: categories('推送').min(1, '请至少选择一个消息类别'),
  enabled: z.boolean(),
});
export type NoticeRobotBody = z.infer<typeof NoticeRobotBodySchema>;

export const NoticeDeliverySchema = z.object({
  id: z.string(),
  createdAt: z.string().describe('时间'),
  channel: z.enum(DELIVERY_CHANNELS).describe('渠道'),
  recipientName: z.string().describe('收件人'),
  subject: z.string().describe('标题'),
  state: z.enum(DELIVERY_STATES).describe('状态'),
  attempts: z.number().int().describe('已尝试次数'),
  lastError: z.string().nullable().describe('原因'),
});
export type NoticeDelivery = z.infer<typeof NoticeDeliverySchema>;

export const NoticeDeliveryQuerySchema = PagingQuerySchema.extend({
  keyword: text('收件人或标题', 60).optional(),
  state: z.enum(DELIVERY_STATES, { error: '状态不正确' }).optional(),
  channel: z.enum(DELIVERY_CHANNELS, { error: '渠道不正确' }).optional(),
});

export const NoticePreferencesSchema = z.object({
  email: z.string().nullable().describe('我的邮箱（个人信息中设置）'),
  emailCategories: z.array(z.enum(NOTICE_CATEGORIES)).describe('发送邮件的消息类别'),
  digest: z.boolean().describe('每日汇总一封'),
  isDefault: z.boolean().describe('尚未设置，沿用管理员的默认'),
});
export type NoticePreferences = z.infer<typeof NoticePreferencesSchema>;

export const NoticePreferencesBodySchema = z.object({
  emailCategories: categories('发送邮件'),
  digest: z.boolean(),
});
