import { noticeLinks } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import type { NoticeInput } from '../notices/notices.writer.ts';
import type { NoticeInsert } from './collect-known.repo.ts';

/**
 * The messages of 数据采集 (消息中心): each written by its service in the transaction of the change. A fill's
 * own events go to its filler and open the fill; a commit goes to those who audit it (the department's
 * head and the data managers, as 填报审核 lists it); a 数据变更提醒 to the source's owner.
 */

/** A fill as the messages name it. */
export interface NoticedFill {
  id: string;
  fillerId: string;
  formName: string;
  taskName: string;
}

/** The head named the filler: one message per new fill, each opening its own fill. */
export function allocatedNotices(input: {
  actor: Actor;
  fills: readonly NoticedFill[];
  deadline: string | null;
}): NoticeInput[] {
  const due = input.deadline ? `，截止时间 ${input.deadline}` : '';
  return input.fills.map((fill) => ({
    recipientIds: [fill.fillerId],
    category: 'fill',
    kind: 'fill.allocated',
    title: `填报任务：${fill.formName}`,
    body: `采集任务「${fill.taskName}」请您填报「${fill.formName}」${due}`,
    link: noticeLinks.fill(fill.id),
    objectId: fill.id,
    actorId: input.actor.userId,
  }));
}

/** The fill went back to its filler with the reason (an audit, or the department's data sent back). */
export function returnedNotices(actor: Actor, fills: readonly NoticedFill[], reason: string): NoticeInput[] {
  return fills.map((fill) => ({
    recipientIds: [fill.fillerId],
    category: 'audit',
    kind: 'fill.returned',
    title: `填报退回：${fill.formName}`,
    body: `采集任务「${fill.taskName}」的「${fill.formName}」被退回，原因：${reason}`,
    link: noticeLinks.fill(fill.id),
    objectId: fill.id,
    actorId: actor.userId,
  }));
}

export function passedNotice(actor: Actor, fill: NoticedFill): NoticeInput {
  return {
    recipientIds: [fill.fillerId],
    category: 'audit',
    kind: 'fill.passed',
    title: `填报通过：${fill.formName}`,
    body: `采集任务「${fill.taskName}」的「${fill.formName}」已审核通过`,
    link: noticeLinks.fill(fill.id),
    objectId: fill.id,
    actorId: actor.userId,
  };
}

/** A commit waits for those who audit it. */
export function committedNotice(input: {
  actor: Actor;
  fill: NoticedFill & { fillerName: string };
  auditorIds: readonly string[];
}): NoticeInput {
  const { fill } = input;
  return {
    recipientIds: input.auditorIds,
    category: 'fill',
    kind: 'fill.committed',
    title: `填报待审核：${fill.formName}`,
    body: `${fill.fillerName}提交了采集任务「${fill.taskName}」的「${fill.formName}」，请审核`,
    link: noticeLinks.fillAudits(),
    objectId: fill.id,
    actorId: input.actor.userId,
  };
}

/** Each 数据变更提醒 the commit left, to its recipient; one addressed to no one goes to the data managers. */
export function valueChangeNotices(input: {
  actor: Actor;
  fill: NoticedFill & { fillerName: string };
  changes: readonly NoticeInsert[];
  dataManagerIds: readonly string[];
}): NoticeInput[] {
  const { fill } = input;
  return input.changes.map((change) => ({
    recipientIds: change.recipientId === null ? input.dataManagerIds : [change.recipientId],
    category: 'valueChange',
    kind: 'fill.valueChanged',
    title: `数据变更：${change.fieldLabel}`,
    body: `${fill.fillerName}在「${fill.formName}」中将${change.fieldLabel}由「${change.knownValue}」改为「${change.newValue}」（原值来自${change.source}）`,
    link: noticeLinks.valueChanges(),
    objectId: change.fillTaskId,
    actorId: input.actor.userId,
  }));
}
