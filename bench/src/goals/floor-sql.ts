/**
 * The floor's SQL: what the department task list and the warning counts need, written by hand as
 * directly as PostgreSQL allows. Same rules as the app (DESIGN §7): a task's warning items are its
 * nodes, or the task itself when it has none; an item not done is overdue past its end and in process
 * within the configured days (latest configuration of the task type, default 15) before it.
 */
const headed = `(select id from departments where head_user_id = $1)`;

export const FLOOR_TASK_PAGE = `
  select t.id, t.name, t.type, t.state, t.start_date, t.end_date, y.name as year_target_name,
         d.name as department_name, pu.name as principal_name,
         (select count(*) from goal_nodes n where n.task_id = t.id) as node_count,
         (select count(*) from goal_nodes n where n.task_id = t.id and n.state in ('hasDone', 'delayDone')) as done_count
  from goal_tasks t
  join goal_year_targets y on y.id = t.year_target_id
  join departments d on d.id = t.department_id
  join users pu on pu.id = t.principal_user_id
  where t.department_id in ${headed} and not t.is_withdrawn
  order by y.cycle_year desc, t.sort, t.created_at, t.id
  limit 10`;

export const FLOOR_TASK_TOTAL = `
  select count(*) as n from goal_tasks t where t.department_id in ${headed} and not t.is_withdrawn`;

export const FLOOR_WARNINGS = `
  with days as (
    select distinct on (task_type) task_type, days from goal_warning_conditions
    order by task_type, configured_at desc, id desc
  ), vt as (
    select t.id, t.end_date, t.state = 'done' as done, coalesce(days.days, 15) as days
    from goal_tasks t left join days on days.task_type = t.type
    where not t.is_withdrawn and ($1::text is null or t.department_id = $1)
  ), items as (
    select vt.id, n.end_date, n.state in ('hasDone', 'delayDone') as done, vt.days
    from vt join goal_nodes n on n.task_id = vt.id
    union all
    select vt.id, vt.end_date, vt.done, vt.days from vt
    where not exists (select 1 from goal_nodes n where n.task_id = vt.id)
  )
  select id as task_id,
         count(*) filter (where not done and end_date >= $2::date and end_date <= $2::date + days) as process_count,
         count(*) filter (where not done and end_date < $2::date) as expired_count
  from items where not done and end_date <= $2::date + days
  group by id`;
