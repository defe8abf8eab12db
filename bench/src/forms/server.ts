/**
 * The server of the forms benchmarks, run in its own process: the real app (`buildApp`, as `npm start`
 * wires it, serving the built web app too) on the benchmark's PostgreSQL database, plus one floor route
 * registered here, not in the app: `POST /bench/floor/commit/:id` is a bare commit — lock one row of
 * `bench_floor_fills` (a copy of the task's fill tasks the runner makes), move it to 待审核 with
 * `revision + 1`, commit — through the raw `pg` driver with a pool as large as the app's. No session,
 * no CSRF, no permission check, no records, no unique claims.
 */
import { noticeWriting } from '../../../apps/server/src/modules/notices/notices.writer.ts';
import { openFloorServer } from '../floor-server.ts';

// BENCH_NOTICES=off: the same commits without their messages, to measure what messages cost.
noticeWriting.enabled = process.env.BENCH_NOTICES !== 'off';

const { app, pool, listen } = await openFloorServer({ sameAsApp: true });

app.post('/bench/floor/commit/:id', async (request, reply) => {
  const { id } = request.params as { id: string };
  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = await client.query('select state from bench_floor_fills where id = $1 for update', [id]);
    const moved = await client.query(
      `update bench_floor_fills set state = 'unaudited', revision = revision + 1, committed_at = now()
       where id = $1 and state = $2`,
      [id, locked.rows[0]?.state],
    );
    await client.query('commit');
    if (moved.rowCount !== 1) return reply.code(422).send({ moved: 0 });
    return { moved: 1 };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
});

// The interleaved mode of bench:forms-commit turns messages on and off between one commit and the next.
app.post('/bench/notices/:state', async (request) => {
  noticeWriting.enabled = (request.params as { state: string }).state === 'on';
  return { enabled: noticeWriting.enabled };
});

await listen();
