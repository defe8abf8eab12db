import { noticeLinks } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { schoolTodaySql, schoolZoneSql } from '../../platform/time.ts';

/**
 * 到期提醒 (issue 29 item 3): what a person still has to do before a deadline — points of a running diagnosis
 * task, progress of a goal node, a fill, a report review — reminded on each of the set days before the end
 * and on the first day after it. Each reminder is keyed by person, object, step and end date, so a scan run
 * twice, by two instances at once or again after a restart writes it once; a deadline moved later is
 * reminded again. One INSERT … SELECT per kind over every person at once.
 */

const today = schoolTodaySql;

/** The reminder's step for an end date: `d3` on the third day before, `overdue` the day after; else null. */
function stepOf(end: SQL, days: readonly number[]): SQL {
  const before = days.map((d) => sql`when ${end} - ${today()} = ${d}::int then ${`d${d}`}::text`);
  return sql`(case ${sql.join(before, sql` `)} when ${end} - ${today()} = -1 then 'overdue' else null end)`;
}

/** 「将于 2026-12-03 结束（还有 3 天）」 or 「已于 2026-11-29 结束，已逾期」. */
function whenText(end: SQL, verb: string): SQL {
  return sql`(case when ${end} < ${today()}
    then '已于 ' || to_char(${end}, 'YYYY-MM-DD') || ' ' || ${verb} || '，已逾期'
    else '将于 ' || to_char(${end}, 'YYYY-MM-DD') || ' ' || ${verb} || '（还有 ' || (${end} - ${today()}) || ' 天）' end)`;
}

interface Candidate {
  kind: string;
  /** Columns: recipient, object_id, end_date (date), title, body, link. */
  rows: SQL;
}

function candidates(): Candidate[] {
  const fillEnd = sql`(ct.deadline at time zone ${schoolZoneSql()})::date`;
  return [
    {
      kind: 'reminder.points',
      rows: sql`select ot.charger_user_id as recipient, ot.id as object_id, t.end_date,
          '填报提醒：' || t.name as title,
          o.name || '还有 ' || count(*) || ' 个质控点未提交，诊断任务' || ${whenText(sql`t.end_date`, '结束')} as body,
          ${noticeLinks.objectTask('')} || ot.id as link
        from assigned_points ap join object_tasks ot on ot.id = ap.object_task_id
          join diagnosis_tasks t on t.id = ot.task_id join diagnosis_objects o on o.id = ot.object_id
        where t.state = 'normal' and ap.audit_state in ('draft', 'refused') and ot.charger_user_id is not null
        group by ot.charger_user_id, ot.id, t.end_date, t.name, o.name`,
    },
    {
      kind: 'reminder.progress',
      rows: sql`select n.principal_user_id as recipient, n.id as object_id, n.end_date,
          '进度上报提醒：' || n.name as title,
          '目标任务「' || gt.name || '」的节点' || ${whenText(sql`n.end_date`, '到期')} as body,
          ${noticeLinks.goalTask('')} || gt.id as link
        from goal_nodes n join goal_tasks gt on gt.id = n.task_id
        where not gt.is_withdrawn and n.state in ('executeing', 'delayNotDone') and n.principal_user_id is not null
          and not exists (select 1 from goal_progress p where p.node_id = n.id
                          and p.audit_state in ('reviewing', 'childPass'))`,
    },
    {
      kind: 'reminder.fill',
      rows: sql`select ft.filler_id as recipient, ft.id as object_id, ${fillEnd} as end_date,
          '填报提醒：' || ct.name as title,
          '表单「' || f.name || '」' || ${whenText(fillEnd, '截止')} as body,
          ${noticeLinks.fill('')} || ft.id as link
        from fill_tasks ft join collect_tasks ct on ct.id = ft.task_id join forms f on f.id = ft.form_id
        where ct.state = 'normal' and ft.state in ('uncommitted', 'rollback')`,
    },
    {
      kind: 'reminder.review',
      rows: sql`select e.user_id as recipient, r.id as object_id, t.end_date,
          '评审提醒：' || r.name as title,
          '质量报告待您评审，诊断任务' || ${whenText(sql`t.end_date`, '结束')} as body,
          ${noticeLinks.reportsToReview()} as link
        from quality_reports r join quality_report_experts e on e.report_id = r.id
          join diagnosis_tasks t on t.id = r.task_id
        where r.state = 'expertReview'
          and not exists (select 1 from quality_report_reviews rv where rv.report_id = r.id
                          and rv.reviewer_user_id = e.user_id and rv.kind = 'expert' and rv.round = r.round)`,
    },
  ];
}

/** Writes today's reminders; answers how many were new, by kind. */
export async function sendReminders(
  db: Db,
  input: { days: readonly number[] },
): Promise<Record<string, number>> {
  const days = [...new Set(input.days)].filter((d) => Number.isInteger(d) && d > 0);
  const written: Record<string, number> = {};
  for (const candidate of candidates()) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`insert into notices (id, recipient_id, category, kind, title, body, link, object_id, dedupe_key)
          select replace(gen_random_uuid()::text, '-', ''), c.recipient, 'reminder', ${candidate.kind},
                 c.title, c.body, c.link, c.object_id,
                 ${candidate.kind} || ':' || c.object_id || ':' || c.step || ':' || to_char(c.end_date, 'YYYY-MM-DD')
          from (select x.*, ${stepOf(sql`x.end_date`, days)} as step from (${candidate.rows}) x) c
          where c.step is not null
          on conflict (recipient_id, dedupe_key) where dedupe_key is not null do nothing
          returning id`,
    );
    written[candidate.kind] = rows.length;
  }
  return written;
}
