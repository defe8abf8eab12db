/**
 * A large school's goals (issue 4, item 11): departments with heads and principals, two year targets,
 * target tasks spread over every type, state and date, collaborators and nodes in every state.
 * Set-based (`INSERT … SELECT generate_series`) and deterministic: every value is a function of the
 * row number, and dates are relative to `today` so that overdue and process warnings exist on any day.
 */
import type pg from 'pg';

export interface GoalsScale {
  departments: number;
  principalsPerDepartment: number;
  tasks: number;
  nodesPerTask: number;
}

export function goalsScale(scale: number): GoalsScale {
  return {
    departments: Math.max(2, Math.round(50 * scale)),
    principalsPerDepartment: 10,
    tasks: Math.max(10, Math.round(5000 * scale)),
    nodesPerTask: 6,
  };
}

export interface GeneratedGoals {
  departments: number;
  users: number;
  tasks: number;
  nodes: number;
  /** The head of the first generated department: the department view is measured as them. */
  headAccount: string;
  headDepartmentId: string;
}

const NODE_STATES = [
  'notPushed',
  'waitAccept',
  'waitResolve',
  'goBack',
  'waitDefine',
  'executeing',
  'hasDone',
  'delayNotDone',
  'delayDone',
];

/** Departments `bench-dep-<i>`, heads `bench-head-<i>`, principals `bench-u-<i>-<j>`; password of `qianli`. */
export async function generateGoals(
  client: pg.ClientBase,
  options: { scale: GoalsScale; today: string; publisherAccount: string },
): Promise<GeneratedGoals> {
  const { scale, today } = options;
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const publisher = (await q('select id from users where account = $1', [options.publisherAccount]))
    .rows[0] as { id: string } | undefined;
  const model = (await q(`select password_hash from users where account = 'qianli'`)).rows[0] as
    | { password_hash: string }
    | undefined;
  if (!publisher || !model)
    throw new Error(`the demo accounts ${options.publisherAccount} and qianli are missing`);

  await q('begin');
  await q(
    `insert into departments (id, name, sort)
     select 'bench-dep-' || i, '规模测试部门' || lpad(i::text, 3, '0'), 1000 + i from generate_series(1, $1::int) i`,
    [scale.departments],
  );
  await q(
    `insert into users (id, account, name, password_hash, department_id)
     select 'bench-head-' || i, 'bench-head-' || i, '部门负责人' || i, $2, 'bench-dep-' || i
     from generate_series(1, $1::int) i`,
    [scale.departments, model.password_hash],
  );
  await q(
    `update departments set head_user_id = 'bench-head-' || substr(id, 11) where id like 'bench-dep-%'`,
  );
  await q(
    `insert into users (id, account, name, password_hash, department_id)
     select 'bench-u-' || i || '-' || j, 'bench-u-' || i || '-' || j, '任务负责人' || i || '-' || j, $3, 'bench-dep-' || i
     from generate_series(1, $1::int) i, generate_series(1, $2::int) j`,
    [scale.departments, scale.principalsPerDepartment, model.password_hash],
  );
  const year = Number(today.slice(0, 4));
  await q(
    `insert into goal_year_targets (id, name, cycle_year, creator_user_id)
     select 'bench-yt-' || y, y || '年度规模测试目标', y, $2 from generate_series($1::int - 1, $1::int) y`,
    [year, publisher.id],
  );
  // Task k: department k mod D, a principal of it, type A/B/C, a 60-to-360-day span ending between
  // 200 days ago and 160 days ahead, a state by k mod 4; the older year target holds the first third.
  await q(
    `insert into goal_tasks (id, year_target_id, name, type, exam_type, department_id, principal_user_id,
                             start_date, end_date, state, audit_state, sort, creator_user_id)
     select 'bench-task-' || k,
            'bench-yt-' || case when k % 3 = 0 then $4::int - 1 else $4::int end,
            '规模测试任务' || lpad(k::text, 5, '0'),
            (array['A', 'B', 'C'])[1 + k % 3],
            (array['score', 'level'])[1 + k % 2],
            'bench-dep-' || (1 + k % $2::int),
            'bench-u-' || (1 + k % $2::int) || '-' || (1 + (k / $2::int) % $3::int),
            $5::date - 200 + (k * 37) % 360 - (60 + (k * 13) % 300),
            $5::date - 200 + (k * 37) % 360,
            (array['waitResolve', 'hasResolved', 'doing', 'done'])[1 + k % 4],
            case when k % 4 = 0 then null else (k % 3) end,
            k, $6
     from generate_series(1, $1::int) k`,
    [scale.tasks, scale.departments, scale.principalsPerDepartment, year, today, publisher.id],
  );
  await q(
    `insert into goal_task_collaborators (task_id, department_id)
     select 'bench-task-' || k, 'bench-dep-' || (1 + (k + 7) % $2::int)
     from generate_series(1, $1::int) k where (k + 7) % $2::int <> k % $2::int`,
    [scale.tasks, scale.departments],
  );
  // Node m of task k ends evenly between the task's start and end; its state cycles through all nine.
  await q(
    `insert into goal_nodes (id, task_id, name, principal_user_id, start_date, end_date, state)
     select 'bench-node-' || t.sort || '-' || m, t.id, '节点' || m, t.principal_user_id,
            t.start_date + ((t.end_date - t.start_date) * (m - 1)) / $1::int,
            t.start_date + ((t.end_date - t.start_date) * m) / $1::int,
            ($2::text[])[1 + (t.sort * 7 + m) % 9]
     from goal_tasks t cross join generate_series(1, $1::int) m where t.id like 'bench-task-%'`,
    [scale.nodesPerTask, NODE_STATES],
  );
  await q('commit');
  await q('analyze');
  const count = async (sqlText: string) => Number((await q(sqlText)).rows[0].n);
  return {
    departments: scale.departments,
    users: await count(`select count(*) as n from users where id like 'bench-%'`),
    tasks: await count(`select count(*) as n from goal_tasks where id like 'bench-task-%'`),
    nodes: await count(`select count(*) as n from goal_nodes where id like 'bench-node-%'`),
    headAccount: 'bench-head-1',
    headDepartmentId: 'bench-dep-1',
  };
}
