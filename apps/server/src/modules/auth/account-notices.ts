import type { Actor } from '../../platform/access.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { NoticeInput } from '../notices/notices.writer.ts';

/**
 * 账号安全 messages (消息中心): what happened to one's own account that one did not do oneself — a password
 * an administrator set, a sign-in from an address the account never signed in from.
 */

export function passwordResetNotice(actor: Actor, userId: string, administratorName: string): NoticeInput {
  return {
    recipientIds: [userId],
    category: 'account',
    kind: 'account.passwordReset',
    title: '密码已被管理员重置',
    body: `管理员${administratorName}重置了您的密码，请使用新密码登录，并按提示修改密码`,
    link: '',
    objectId: userId,
    actorId: actor.userId,
  };
}

/** Written by the system (no actor): the sign-in was the person's own, or someone holding their password. */
export function newAddressNotice(input: { userId: string; ip: string; at: Date }): NoticeInput {
  return {
    recipientIds: [input.userId],
    category: 'account',
    kind: 'account.newAddress',
    title: `新地址登录：${input.ip}`,
    body: `新地址 ${input.ip} 于 ${formatDateTime(input.at)} 登录，如非本人操作请立即修改密码`,
    link: '',
    objectId: input.userId,
    actorId: null,
  };
}
