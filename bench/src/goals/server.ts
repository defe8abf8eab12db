/**
 * The server of the goals benchmark, in its own process: the real app (`buildApp`, as `npm start` wires
 * it) on the benchmark's PostgreSQL database, plus two floor routes registered here, not in the app,
 * each running hand-written SQL for the same answer through the raw `pg` driver — no session, no
 * permission check, no assembly, no wire mapping:
 *   GET /bench/floor/tasks?userId=…      the first page (10) of the tasks of the departments the user heads, with the total
 *   GET /bench/floor/warnings[?departmentId=…]  the process / overdue warning counts per task
 */
import { openFloorServer } from '../floor-server.ts';
import { FLOOR_TASK_PAGE, FLOOR_TASK_TOTAL, FLOOR_WARNINGS } from './floor-sql.ts';

const { app, pool, listen } = await openFloorServer();

app.get('/bench/floor/tasks', async (request) => {
  const { userId } = request.query as { userId: string };
  const [page, total] = await Promise.all([
    pool.query(FLOOR_TASK_PAGE, [userId]),
    pool.query(FLOOR_TASK_TOTAL, [userId]),
  ]);
  return { rows: page.rows, total: Number(total.rows[0].n) };
});

app.get('/bench/floor/warnings', async (request) => {
  const { departmentId, today } = request.query as { departmentId?: string; today: string };
  return { rows: (await pool.query(FLOOR_WARNINGS, [departmentId ?? null, today])).rows };
});

await listen();
