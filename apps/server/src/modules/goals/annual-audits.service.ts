import type * as S from '@eduqa/contract';
import type { DelayAudit, ScheduleAudit } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { pageOf } from '../../platform/paging.ts';
import { type AnnualParts, inOrder } from './annual.common.ts';
import type { ScheduleContextRow } from './annual-audits.repo.ts';
import type { In, Paged } from './goals.common.ts';

type AuditQuery = In<typeof S.AuditingListQuerySchema>;

/** What the caller may decide on a report: a department's manager the department audit, the creator the last. */
function decisionsOf(actor: Actor, auditState: string, c: ScheduleContextRow): ScheduleAudit['decisions'] {
  const decisions: ScheduleAudit['decisions'] = [];
  if (auditState === 'reviewing' && c.isDeptManager) decisions.push('childPass');
  if (c.creatorId === actor.userId) decisions.push('pass');
  decisions.push('reject');
  return decisions;
}

/** 进度审核、延期审核: what the caller may decide now; the decision goes through the goal service. */
export function createAnnualAuditsService({ repo, goals }: AnnualParts) {
  return {
    async scheduleAudits(actor: Actor, q: AuditQuery): Promise<Paged<ScheduleAudit>> {
      const { records, total } = await repo.schedulePage(actor, q, pageOf(q));
      const ids = records.map((r) => r.id);
      const reports = inOrder(ids, await goals.progressByIds(ids));
      const context = new Map(records.map((r) => [r.id, r]));
      return {
        records: reports.map((report) => {
          const c = context.get(report.id)!;
          return {
            ...report,
            taskName: c.taskName,
            yearTargetName: c.yearTargetName,
            departmentName: c.departmentName,
            decisions: decisionsOf(actor, report.auditState, c),
          };
        }),
        total,
      };
    },

    decideSchedule: (actor: Actor, body: In<typeof S.ProgressAuditBodySchema>) =>
      goals.auditProgress(actor, body),

    async delayAudits(actor: Actor, q: AuditQuery): Promise<Paged<DelayAudit>> {
      const { records, total } = await repo.delayPage(actor, q, pageOf(q));
      const ids = records.map((r) => r.id);
      const delays = inOrder(ids, await goals.delaysByIds(ids));
      const context = new Map(records.map((r) => [r.id, r]));
      return {
        records: delays.map((delay) => {
          const c = context.get(delay.id)!;
          return {
            ...delay,
            taskName: c.taskName,
            yearTargetName: c.yearTargetName,
            departmentName: c.departmentName,
          };
        }),
        total,
      };
    },

    decideDelay: (actor: Actor, body: In<typeof S.DelayAuditBodySchema>) => goals.auditDelay(actor, body),
  };
}
