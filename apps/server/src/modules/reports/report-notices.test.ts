import { noticeLinks, type ReportSummaryWire, ROLE_IDS } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createUser, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { deliveredBy, expectOnly } from '../../../test/inbox.ts';
import { API, ok, startTaskWorld, type TaskSetup, type World } from '../diagnosis/diagnosis.fixtures.ts';

/**
 * 质量报告's messages (消息中心): each review step reaches exactly its people — the diagnosis publishers on
 * submit, the assigned experts, the authors (creator and principal) on each review, rejection and the seal,
 * the school reviewers once the experts are done, the readers a share adds — and nobody else of the world.
 */

let t: TestApp;
let w: World;
let s: TaskSetup;
let people: Record<
  | 'admin'
  | 'publisher'
  | 'auditor'
  | 'charger'
  | 'sharer'
  | 'stranger'
  | 'head'
  | 'expertA'
  | 'expertB'
  | 'leader',
  Session
>;

const R = `${API}/report`;

async function user(roles: string[]) {
  const u = await createUser(t, { roles });
  return signIn(t, u.account, u.password);
}

beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
  people = {
    admin: await signIn(t, 'admin', ADMIN_PASSWORD),
    publisher: w.publisher,
    auditor: w.auditor,
    charger: w.charger,
    sharer: w.sharer,
    stranger: w.stranger,
    head: w.head,
    expertA: await user([ROLE_IDS.inSchoolExpert]),
    expertB: await user([ROLE_IDS.outsideExpert]),
    leader: await user([ROLE_IDS.schoolLeader]),
  };
}, 120_000);
afterAll(() => t?.close());

const during = (act: () => Promise<unknown>) => deliveredBy(people, act);

describe('a report’s review', () => {
  it('goes to the publishers, the experts, the authors and the school, each step to its people', async () => {
    const report = ok<ReportSummaryWire>(
      await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'objectTask', dxrwid: s.objectTaskId }),
    );
    const id = report.bgid;
    const name = report.reportName;
    const link = noticeLinks.report(id);

    // The object task's charger leads it and submits: the diagnosis publishers choose its experts.
    const submitted = await during(async () => ok(await w.charger.post(`${R}/submit`, { bgid: id })));
    const toPublishers = {
      category: 'report' as const,
      kind: 'report.submitted',
      title: `报告待评审：${name}`,
      body: `质量报告「${name}」已提交评审，请指派评审专家`,
      link,
    };
    expectOnly(submitted, { publisher: [toPublishers], admin: [toPublishers] });

    const assigned = await during(async () =>
      ok(
        await w.publisher.post(`${R}/experts/update`, {
          bgid: id,
          userIds: [people.expertA.userId, people.expertB.userId],
        }),
      ),
    );
    const toExperts = {
      kind: 'report.assigned',
      title: `评审任务：${name}`,
      body: `您被指派为质量报告「${name}」的评审专家，请评审`,
      link: noticeLinks.reportsToReview(),
    };
    expectOnly(assigned, { expertA: [toExperts], expertB: [toExperts] });

    const first = await during(async () =>
      ok(
        await people.expertA.post(`${R}/review/expertreview`, {
          bgid: id,
          fhjg: 'excellent',
          score: '90',
          opinion: '数据翔实',
        }),
      ),
    );
    const reviewed = (body: string) => ({
      category: 'report' as const,
      kind: 'report.reviewed',
      title: `专家已评审：${name}`,
      body,
      link,
    });
    expectOnly(first, {
      publisher: [reviewed('评审结果：优秀；意见：数据翔实')],
      charger: [reviewed('评审结果：优秀；意见：数据翔实')],
    });

    const last = await during(async () =>
      ok(
        await people.expertB.post(`${R}/review/expertreview`, {
          bgid: id,
          fhjg: 'qualified',
          score: 80,
          opinion: '可改进',
        }),
      ),
    );
    const toSchool = {
      kind: 'report.toSchoolReview',
      title: `报告待审核：${name}`,
      link: noticeLinks.reportsToReview(),
    };
    expectOnly(last, {
      publisher: [reviewed('评审结果：合格；意见：可改进')],
      charger: [reviewed('评审结果：合格；意见：可改进')],
      leader: [toSchool],
      admin: [toSchool],
    });

    const sealed = await during(async () =>
      ok(
        await people.leader.post(`${R}/review/schoolreview`, {
          bgid: id,
          fhjg: 'qualified',
          opinion: '同意',
        }),
      ),
    );
    const done = {
      kind: 'report.sealed',
      title: `评审完成：${name}`,
      body: '学校审核结果：合格，报告已盖章',
      link,
    };
    expectOnly(sealed, { publisher: [done], charger: [done] });
  });

  it('tells the authors of a rejection with its reason, and writes nothing for a refused one', async () => {
    const report = ok<ReportSummaryWire>(
      await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'task' }),
    );
    const id = report.bgid;
    ok(await w.publisher.post(`${R}/submit`, { bgid: id }));
    ok(await w.publisher.post(`${R}/experts/update`, { bgid: id, userIds: [people.expertA.userId] }));
    const refused = await during(async () => {
      const answer = await people.expertA.post(`${R}/reject`, { bgid: id, reason: '  ' });
      expect(answer.statusCode).toBe(400);
    });
    expectOnly(refused, {});
    const rejected = await during(async () =>
      ok(await people.expertA.post(`${R}/reject`, { bgid: id, reason: '缺少自评' })),
    );
    expectOnly(rejected, {
      publisher: [
        {
          category: 'report',
          kind: 'report.rejected',
          title: `报告驳回：${report.reportName}`,
          body: '驳回原因：缺少自评',
          link: noticeLinks.report(id),
        },
      ],
    });
  });
});

describe('a share', () => {
  it('reaches the people and the departments’ members it adds, once each', async () => {
    const report = ok<ReportSummaryWire>(
      await w.publisher.post(`${R}/insert`, {
        rwid: s.taskId,
        scope: 'department',
        bmid: w.headDepartmentId,
      }),
    );
    const id = report.bgid;
    const message = {
      category: 'report' as const,
      kind: 'report.shared',
      title: `报告分享：${report.reportName}`,
      body: `质量报告「${report.reportName}」已分享给您`,
      link: noticeLinks.report(id),
    };
    const first = await during(async () =>
      ok(
        await w.publisher.post(`${R}/share`, {
          bgid: id,
          userIds: [w.stranger.userId],
          departmentIds: [w.headDepartmentId],
        }),
      ),
    );
    expectOnly(first, { stranger: [message], head: [message] });
    const again = await during(async () =>
      ok(
        await w.publisher.post(`${R}/share`, {
          bgid: id,
          userIds: [w.stranger.userId, w.sharer.userId],
          departmentIds: [w.headDepartmentId],
        }),
      ),
    );
    expectOnly(again, { sharer: [message] });
  });
});
