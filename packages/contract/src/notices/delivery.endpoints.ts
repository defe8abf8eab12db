import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import {
  NoticeDeliveryQuerySchema,
  NoticeDeliverySchema,
  NoticePreferencesBodySchema,
  NoticePreferencesSchema,
  NoticeRobotBodySchema,
  NoticeRobotSchema,
  NoticeSettingsBodySchema,
  NoticeSettingsSchema,
  TestEmailBodySchema,
} from './delivery.schema.ts';

const admin = '/api/user/admin/notice-delivery';
const tag = '消息推送';
const idParams = z.object({ id: z.string().min(1).max(64) });

/** 系统设置 › 消息推送 (the administrator) and 个人中心 › 消息设置 (everyone). Paths are ours. */
export const noticeDeliveryEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: `${admin}/settings`,
    summary: '消息推送设置',
    tag,
    data: NoticeSettingsSchema,
  }),
  saveSettings: defineEndpoint({
    method: 'POST',
    path: `${admin}/settings`,
    summary: '保存消息推送设置',
    tag,
    body: NoticeSettingsBodySchema,
    data: NoticeSettingsSchema,
  }),
  testEmail: defineEndpoint({
    method: 'POST',
    path: `${admin}/test-email`,
    summary: '发送测试邮件（用已保存的设置，立即发送）',
    tag,
    body: TestEmailBodySchema,
    data: z.object({ sent: z.boolean() }),
  }),
  robots: defineEndpoint({
    method: 'GET',
    path: `${admin}/robots`,
    summary: '群机器人',
    tag,
    data: z.array(NoticeRobotSchema),
  }),
  saveRobot: defineEndpoint({
    method: 'POST',
    path: `${admin}/robots/save`,
    summary: '新增或修改群机器人',
    tag,
    body: NoticeRobotBodySchema,
    data: NoticeRobotSchema,
  }),
  deleteRobot: defineEndpoint({
    method: 'POST',
    path: `${admin}/robots/{id}/delete`,
    summary: '删除群机器人',
    tag,
    params: idParams,
    data: z.object({ id: z.string() }),
  }),
  testRobot: defineEndpoint({
    method: 'POST',
    path: `${admin}/robots/{id}/test`,
    summary: '向群机器人发送测试消息（立即发送）',
    tag,
    params: idParams,
    data: z.object({ sent: z.boolean() }),
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: `${admin}/deliveries`,
    summary: '推送记录（时间、渠道、收件人、原因）',
    tag,
    query: NoticeDeliveryQuerySchema,
    data: pageOf(NoticeDeliverySchema),
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: '/api/user/notice-preferences',
    summary: '我的消息设置',
    tag,
    data: NoticePreferencesSchema,
  }),
  savePreferences: defineEndpoint({
    method: 'POST',
    path: '/api/user/notice-preferences',
    summary: '保存我的消息设置',
    tag,
    body: NoticePreferencesBodySchema,
    data: NoticePreferencesSchema,
  }),
};
