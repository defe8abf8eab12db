// The app's ambient module declarations live outside this package's `include`.
/// <reference path="../../../apps/server/src/modules/attachments/archiver.d.ts" />
/**
 * The server of the diagnosis benchmark, run in its own process: the real app (`buildApp`, as `npm start`
 * wires it) on the benchmark's PostgreSQL database, plus one floor route registered here, not in the
 * app: `GET /bench/floor/points?dxrwid=…&userId=…` runs the point list's queries (the five of
 * `loadRows` in diagnosis.rows.ts, in parallel as there) through the raw `pg` driver and answers the
 * rows as they come — no session, no permission check, no assembly, no wire mapping.
 */
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { createLocalFileStorage } from '../../../apps/server/src/platform/file-storage.ts';

const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ url: config.databaseUrl });
const { app } = await buildApp({
  config,
  database,
  storage: createLocalFileStorage(path.join(config.dataDir, 'files')),
  logger: false,
});

const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });

const ROWS = `
  select ap.id, ap.quality_point_id, qp.name, qp.connotation, qp.diagnostic_standard,
         t.id as task_id, t.name as task_name, ot.id as object_task_id, ot.object_id, o.name as object_name,
         qp.standard_value, ap.target_value, ap.revised_target, ap.result, ap.revised_result, ap.grade,
         ap.previous_result, ap.previous_grade, ap.below, ap.unfinished, ap.cause, ap.measure,
         qp.data_type, qp.calc_mode, qp.direction, qp.cal_rule, qp.collection_method,
         qp.not_allow_change, qp.is_quantitative, ap.audit_state, ap.audit_reason,
         ot.charger_user_id, cu.name as charger_name, qp.display_mode,
         qp.warning_mode, qp.warning_condition, qp.warning_value, qp.warning_period, qp.sampling_period,
         qp.indicator_id, i.category_id, qp.sort as point_sort, (f.user_id is not null) as focus
  from assigned_points ap
  join quality_points qp on qp.id = ap.quality_point_id
  join indicators i on i.id = qp.indicator_id
  join object_tasks ot on ot.id = ap.object_task_id
  join diagnosis_tasks t on t.id = ot.task_id
  join diagnosis_objects o on o.id = ot.object_id
  left join users cu on cu.id = ot.charger_user_id
  left join point_focus f on f.assigned_point_id = ap.id and f.user_id = $2
  where ap.object_task_id = $1
  order by o.code, o.name, ot.id, qp.sort, qp.name, ap.id`;
const INDICATORS = 'select id, parent_id, name, sort from indicators where category_id = any($1)';
const SHARERS = `select s.object_task_id, s.user_id, u.name from object_task_sharers s join users u on u.id = s.user_id
  where s.object_task_id = any($1) order by u.name, u.id`;
const WARNINGS = `
  select w.id, w.assigned_point_id, (extract(epoch from w.warned_at) * 1000)::float8 as warned_at,
         w.warning_value, w.monitored_value,
         (extract(epoch from w.handled_at) * 1000)::float8 as handled_at,
         w.cause, w.measure, hu.name as handler_name, qp.data_type
  from point_warnings w
  join assigned_points wap on wap.id = w.assigned_point_id
  join quality_points qp on qp.id = wap.quality_point_id
  left join users hu on hu.id = w.handler_user_id
  where w.assigned_point_id = any($1) order by w.warned_at, w.id`;
const FILES = `select pf.assigned_point_id, pf.file_id, fl.name, fl.size, pf.stage
  from point_files pf join files fl on fl.id = pf.file_id
  where pf.assigned_point_id = any($1) order by pf.created_at, pf.id`;

app.get('/bench/floor/points', async (request) => {
  const { dxrwid, userId } = request.query as { dxrwid: string; userId: string };
  const rows = (await pool.query(ROWS, [dxrwid, userId])).rows as Array<{
    id: string;
    category_id: string;
    object_task_id: string;
  }>;
  if (rows.length === 0) return { rows };
  const pointIds = rows.map((r) => r.id);
  const [indicators, sharers, warnings, files] = await Promise.all([
    pool.query(INDICATORS, [[...new Set(rows.map((r) => r.category_id))]]),
    pool.query(SHARERS, [[...new Set(rows.map((r) => r.object_task_id))]]),
    pool.query(WARNINGS, [pointIds]),
    pool.query(FILES, [pointIds]),
  ]);
  return {
    rows,
    indicators: indicators.rows,
    sharers: sharers.rows,
    warnings: warnings.rows,
    files: files.rows,
  };
});

async function shutdown() {
  await app.close();
  await pool.end();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write('ready\n');
