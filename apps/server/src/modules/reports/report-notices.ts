import { noticeLinks, REVIEW_RESULT_LABELS, type ReviewResult } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import type { NoticeInput } from '../notices/notices.writer.ts';

/**
 * 质量报告's messages (消息中心), each written in the transaction of its review step. Who receives one
 * follows reports.access.ts: the authors (creator and principal) hear of their report's review; those who
 * act next hear that it waits for them — the diagnosis publishers (diagnosis.manage) once submitted, the
 * assigned experts, the school reviewers (report.review) once the experts are done; a share reaches the
 * people it names and the members of the departments it names.
 */

/** The report as its messages name it. */
export interface NoticedReport {
  id: string;
  name: string;
  creatorUserId: string;
  principalUserId: string;
}

const authorsOf = (report: NoticedReport) => [report.creatorUserId, report.principalUserId];

function reportNotice(
  actor: Actor,
  report: NoticedReport,
  message: Pick<NoticeInput, 'recipientIds' | 'kind' | 'title' | 'body'> & { link?: string },
): NoticeInput {
  return {
    category: 'report',
    link: noticeLinks.report(report.id),
    objectId: report.id,
    actorId: actor.userId,
    ...message,
  };
}

export const reportNotices = {
  submitted: (actor: Actor, report: NoticedReport, publisherIds: readonly string[]) =>
    reportNotice(actor, report, {
      recipientIds: publisherIds,
      kind: 'report.submitted',
      title: `报告待评审：${report.name}`,
      body: `质量报告「${report.name}」已提交评审，请指派评审专家`,
    }),

  assigned: (actor: Actor, report: NoticedReport, expertIds: readonly string[]) =>
    reportNotice(actor, report, {
      recipientIds: expertIds,
      kind: 'report.assigned',
      title: `评审任务：${report.name}`,
      body: `您被指派为质量报告「${report.name}」的评审专家，请评审`,
      link: noticeLinks.reportsToReview(),
    }),

  reviewed: (actor: Actor, report: NoticedReport, review: { result: ReviewResult; opinion: string }) =>
    reportNotice(actor, report, {
      recipientIds: authorsOf(report),
      kind: 'report.reviewed',
      title: `专家已评审：${report.name}`,
      body: [`评审结果：${REVIEW_RESULT_LABELS[review.result]}`, review.opinion && `意见：${review.opinion}`]
        .filter(Boolean)
        .join('；'),
    }),

  toSchoolReview: (actor: Actor, report: NoticedReport, reviewerIds: readonly string[]) =>
    reportNotice(actor, report, {
      recipientIds: reviewerIds,
      kind: 'report.toSchoolReview',
      title: `报告待审核：${report.name}`,
      body: `质量报告「${report.name}」的专家评审已完成，请学校审核`,
      link: noticeLinks.reportsToReview(),
    }),

  sealed: (actor: Actor, report: NoticedReport, result: ReviewResult) =>
    reportNotice(actor, report, {
      recipientIds: authorsOf(report),
      kind: 'report.sealed',
      title: `评审完成：${report.name}`,
      body: `学校审核结果：${REVIEW_RESULT_LABELS[result]}，报告已盖章`,
    }),

  rejected: (actor: Actor, report: NoticedReport, reason: string) =>
    reportNotice(actor, report, {
      recipientIds: authorsOf(report),
      kind: 'report.rejected',
      title: `报告驳回：${report.name}`,
      body: `驳回原因：${reason}`,
    }),

  shared: (actor: Actor, report: NoticedReport, readerIds: readonly string[]) =>
    reportNotice(actor, report, {
      recipientIds: readerIds,
      kind: 'report.shared',
      title: `报告分享：${report.name}`,
      body: `质量报告「${report.name}」已分享给您`,
    }),
};
