import path from 'node:path';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { formatDateTime } from '../../../apps/server/src/platform/time.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/seed.ts';
import {
  CONNECTIONS,
  DURATION,
  measure,
  type Row,
  signIn,
  startBenchServer,
  withClient,
  withScratchDatabase,
} from '../harness.ts';
import { generateGoals, goalsScale } from './generate.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PUBLISHER = 'sunhua';

const log = (line: string) => process.stdout.write(`${line}\n`);

type Envelope<T> = { data: T | null; meta?: { success?: boolean; message?: string } };
async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  return (await (await fetch(url, { headers })).json()) as T;
}

type CountMap = { delayMap: Record<string, unknown>; processMap: Record<string, unknown> };
type FloorWarning = { task_id: string; process_count: string; expired_count: string };

/** The app's map and the floor's rows name the same tasks with the same kind of warning. */
function sameWarnings(app: CountMap, floor: FloorWarning[]): boolean {
  const delay = floor.filter((r) => Number(r.expired_count) > 0).map((r) => r.task_id);
  const process = floor.filter((r) => Number(r.process_count) > 0).map((r) => r.task_id);
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));
  return same(Object.keys(app.delayMap), delay) && same(Object.keys(app.processMap), process);
}

async function main() {
  await withScratchDatabase('eduqa_bench_goals', async (url, name) => {
    log(`== goals benchmark on PostgreSQL, database ${name}, scale ${SCALE}`);
    const database = await openDatabase({ url });
    try {
      await database.migrate();
      await seedIfEmpty({ db: database.db, demo: true });
    } finally {
      await database.close();
    }
    const today = formatDateTime(new Date())?.slice(0, 10) ?? '';
    const t0 = performance.now();
    const gen = await withClient(url, (c) =>
      generateGoals(c, { scale: goalsScale(SCALE), today, publisherAccount: PUBLISHER }),
    );
    const totals = await withClient(
      url,
      async (c) =>
        (
          await c.query(
            `select (select count(*) from departments) as departments, (select count(*) from goal_tasks) as tasks,
              (select count(*) from goal_nodes) as nodes`,
          )
        ).rows[0] as { departments: string; tasks: string; nodes: string },
    );
    log(
      `generated ${gen.departments} departments, ${gen.users.toLocaleString()} users, ${gen.tasks.toLocaleString()} tasks, ` +
        `${gen.nodes.toLocaleString()} nodes in ${((performance.now() - t0) / 1000).toFixed(2)} s ` +
        `(with the demo school: ${totals.departments} departments, ${Number(totals.tasks).toLocaleString()} tasks, ` +
        `${Number(totals.nodes).toLocaleString()} nodes); today ${today}`,
    );
    await measureRoutes(url, gen.headAccount, gen.headDepartmentId, today);
  });
}

async function measureRoutes(url: string, head: string, departmentId: string, today: string) {
  const server = await startBenchServer(path.join(import.meta.dirname, 'server.ts'), url);
  try {
    const base = server.baseUrl;
    const headCookie = { cookie: await signIn(base, head) };
    const publisherCookie = { cookie: await signIn(base, PUBLISHER) };
    const headId = await withClient(url, async (c) =>
      String((await c.query('select id from users where account = $1', [head])).rows[0].id),
    );

    const paths = {
      appTasks: '/api/herm-mbrwgl/targetTask?view=department&pageNum=1&pageSize=10',
      floorTasks: `/bench/floor/tasks?userId=${encodeURIComponent(headId)}`,
      appDeptWarnings: `/api/herm-mbrwgl/warningCount?departmentCondition=${encodeURIComponent(departmentId)}`,
      floorDeptWarnings: `/bench/floor/warnings?departmentId=${encodeURIComponent(departmentId)}&today=${today}`,
      appAllWarnings: '/api/herm-mbrwgl/warningCount',
      floorAllWarnings: `/bench/floor/warnings?today=${today}`,
    };

    // The app and the floor agree before anything is timed.
    const tasks = await getJson<Envelope<{ total: number; records: unknown[] }>>(
      `${base}${paths.appTasks}`,
      headCookie,
    );
    const floorTasks = await getJson<{ total: number; rows: unknown[] }>(`${base}${paths.floorTasks}`);
    if (!tasks.data) throw new Error(`the task list failed: ${tasks.meta?.message}`);
    if (tasks.data.total !== floorTasks.total || tasks.data.records.length !== floorTasks.rows.length) {
      throw new Error(
        `task lists differ: app ${tasks.data.total}/${tasks.data.records.length}, floor ${floorTasks.total}/${floorTasks.rows.length}`,
      );
    }
    const check = async (appPath: string, floorPath: string, cookie: Record<string, string>) => {
      const app = await getJson<Envelope<CountMap>>(`${base}${appPath}`, cookie);
      const floor = await getJson<{ rows: FloorWarning[] }>(`${base}${floorPath}`);
      if (!app.data) throw new Error(`warning counts failed: ${app.meta?.message}`);
      if (!sameWarnings(app.data, floor.rows)) throw new Error(`warning counts differ for ${appPath}`);
      return {
        delayed: Object.keys(app.data.delayMap).length,
        inProcess: Object.keys(app.data.processMap).length,
      };
    };
    const dept = await check(paths.appDeptWarnings, paths.floorDeptWarnings, headCookie);
    const all = await check(paths.appAllWarnings, paths.floorAllWarnings, publisherCookie);
    log(
      `department ${departmentId}: ${tasks.data.total} tasks, ${dept.delayed} overdue and ${dept.inProcess} in-process tasks; ` +
        `whole school: ${all.delayed} overdue and ${all.inProcess} in-process tasks — app and floor agree`,
    );

    const pairs: Array<[Row, Row]> = [];
    pairs.push([
      await measure(`floor: department task page (raw pg)`, { url: `${base}${paths.floorTasks}` }),
      await measure(`GET targetTask?view=department (page 1 of ${tasks.data.total})`, {
        url: `${base}${paths.appTasks}`,
        headers: headCookie,
      }),
    ]);
    pairs.push([
      await measure('floor: department warning counts (raw pg)', {
        url: `${base}${paths.floorDeptWarnings}`,
      }),
      await measure('GET warningCount?departmentCondition=…', {
        url: `${base}${paths.appDeptWarnings}`,
        headers: headCookie,
      }),
    ]);
    pairs.push([
      await measure('floor: whole-school warning counts (raw pg)', {
        url: `${base}${paths.floorAllWarnings}`,
      }),
      await measure('GET warningCount (publisher, whole school)', {
        url: `${base}${paths.appAllWarnings}`,
        headers: publisherCookie,
      }),
    ]);
    log('');
    log(`${CONNECTIONS} connections, ${DURATION} s each`);
    log(
      `  ${'scenario'.padEnd(56)}${'req/s'.padStart(9)}${'p99 ms'.padStart(8)}${'vs floor'.padStart(10)}${'errors'.padStart(8)}`,
    );
    for (const [floor, app] of pairs) {
      for (const row of [floor, app]) {
        const ratio = `${((row.rps / floor.rps) * 100).toFixed(1)}%`;
        log(
          `  ${row.name.padEnd(56)}${row.rps.toFixed(0).padStart(9)}${String(row.p99).padStart(8)}${ratio.padStart(10)}${String(row.errors).padStart(8)}`,
        );
      }
    }
  } finally {
    await server.stop();
  }
}

await main();
