import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';

/**
 * Who may read quality reports, in one place: the list, the page, every action and the home workbench's
 * count read through these conditions. Diagnosis publishers (diagnosis.manage) see every report; school
 * reviewers (report.review) every submitted one.
 */
export function rolesOf(actor: Actor) {
  return {
    manages: actor.actions.has('diagnosis.manage'),
    schoolReviews: actor.actions.has('report.review'),
  };
}

/**
 * The reports (alias `r`) a caller may read: all for diagnosis publishers; otherwise those they created
 * or lead, those assigned to them as expert, those shared with them or their department, those of their
 * own object task or department, and for school reviewers every submitted one.
 */
export function visibleReport(actor: Actor, roles: { manages: boolean; schoolReviews: boolean }): SQL {
  if (roles.manages) return sql`true`;
  const me = actor.userId;
  return sql`(r.creator_user_id = ${me} or r.principal_user_id = ${me}
    or exists (select 1 from quality_report_experts ve where ve.report_id = r.id and ve.user_id = ${me})
    or exists (select 1 from quality_report_shares vs left join users vu on vu.id = ${me}
               where vs.report_id = r.id and (vs.user_id = ${me} or (vs.department_id is not null and vs.department_id = vu.department_id)))
    or (r.scope = 'objectTask' and exists (select 1 from object_tasks vo where vo.id = r.object_task_id and vo.charger_user_id = ${me}))
    or (r.scope = 'department' and exists (select 1 from departments vd where vd.id = r.department_id and vd.head_user_id = ${me}))
    ${roles.schoolReviews ? sql`or r.state <> 'draft'` : sql``})`;
}

/**
 * The todo queue (alias `r`): expert review waiting for the caller, and school review for school
 * reviewers. The list's 待我评审 and the home workbench count with this one condition.
 */
export function reportTodoCondition(actor: Actor, schoolReviews: boolean): SQL {
  const me = actor.userId;
  return sql`((r.state = 'expertReview' and exists (select 1 from quality_report_experts e
                 where e.report_id = r.id and e.user_id = ${me})
               and not exists (select 1 from quality_report_reviews rv where rv.report_id = r.id
                 and rv.reviewer_user_id = ${me} and rv.kind = 'expert' and rv.round = r.round))
              ${schoolReviews ? sql`or r.state = 'schoolReview'` : sql``})`;
}

export type ReportRoles = ReturnType<typeof rolesOf>;
