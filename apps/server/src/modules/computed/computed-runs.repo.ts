import type { ComputedRunValue, GateFlag, PagingQuery } from '@eduqa/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pagedRows } from '../../platform/paging.ts';
import { columnKeys, jsonOf, recordsetOf, sqlList } from '../../platform/sql.ts';
import { computedRuns, computedRunValues } from './computed.table.ts';

export type RunRow = typeof computedRuns.$inferSelect & { actorName: string };
export type RunValueInsert = typeof computedRunValues.$inferInsert;

/** Rows per insert of a run's values: one JSON text of a few MB. */
const VALUE_SLICE = 5000;
const RUN_VALUE_KEYS = columnKeys(computedRunValues);

/** A run as `runSelect` answers it: counts may come as text, jsonb as text, times as text. */
function toRun(row: RunRow): RunRow {
  return {
    ...row,
    objectTaskIds: row.objectTaskIds === null ? null : jsonOf<string[]>(row.objectTaskIds),
    objectCount: Number(row.objectCount),
    valueCount: Number(row.valueCount),
    flaggedCount: Number(row.flaggedCount),
    appliedCount: Number(row.appliedCount),
    heldCount: Number(row.heldCount),
    unmappedCodes: jsonOf<string[]>(row.unmappedCodes),
    startedAt: new Date(row.startedAt),
    finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt),
    appliedAt: row.appliedAt === null ? null : new Date(row.appliedAt),
  };
}

interface RunValueColumns {
  id: string;
  assigned_point_id: string;
  object_name: string;
  object_code: string;
  point_name: string;
  cycle_key: string;
  value: string | null;
  flags: string[] | string;
  reasons: string[] | string;
  held: boolean;
  version: number | null;
}

const toRunValue = (v: RunValueColumns): ComputedRunValue => ({
  id: v.id,
  assignedPointId: v.assigned_point_id,
  objectName: v.object_name,
  objectCode: v.object_code,
  pointName: v.point_name,
  cycleKey: v.cycle_key,
  value: v.value,
  flags: jsonOf<string[]>(v.flags) as GateFlag[],
  reasons: jsonOf<string[]>(v.reasons),
  held: v.held,
  version: v.version === null ? null : Number(v.version),
});

const runSelect = (where: SQL) => sql`
  select r.id, r.task_id as "taskId", r.job_id as "jobId", r.state, r.actor_user_id as "actorUserId",
         r.object_task_ids as "objectTaskIds", r.auto_apply as "autoApply", r.object_count as "objectCount",
         r.value_count as "valueCount", r.flagged_count as "flaggedCount", r.applied_count as "appliedCount",
         r.held_count as "heldCount", r.unmapped_codes as "unmappedCodes", r.message,
         r.started_at as "startedAt", r.finished_at as "finishedAt", r.applied_at as "appliedAt",
         r.applied_by as "appliedBy", u.name as "actorName"
  from collection_runs r join users u on u.id = r.actor_user_id
  where ${where}
  order by r.started_at desc, r.id desc`;

/** Runs and their staged values. */
export function runQueries(db: Db) {
  return {
    async insertRun(row: typeof computedRuns.$inferInsert) {
      await db.insert(computedRuns).values(row);
    },

    async updateRun(id: string, patch: Partial<typeof computedRuns.$inferInsert>) {
      await db.update(computedRuns).set(patch).where(eq(computedRuns.id, id));
    },

    async findRun(id: string): Promise<RunRow | undefined> {
      const [row] = await queryRows<RunRow>(db, runSelect(sql`r.id = ${id}`));
      return row && toRun(row);
    },

    async pageRuns(taskId: string, paging: PagingQuery) {
      const page = await pagedRows<RunRow>(db, runSelect(sql`r.task_id = ${taskId}`), paging);
      return { records: page.records.map(toRun), total: page.total };
    },

    /**
     * One JSON parameter per slice instead of 24 per row: building a large college's 12,000-row insert
     * through Drizzle's builder took as long as collecting the values (bench:collection).
     */
    async insertValues(rows: RunValueInsert[]) {
      for (let i = 0; i < rows.length; i += VALUE_SLICE) {
        const values = recordsetOf(computedRunValues, RUN_VALUE_KEYS, rows.slice(i, i + VALUE_SLICE), 'v');
        await db.execute(
          sql`insert into ${computedRunValues} (${values.columns}) select * from ${values.from}`,
        );
      }
    },

    /** A failed run's staged values: it holds none, as before its values were written slice by slice. */
    async deleteValues(runId: string) {
      await db.delete(computedRunValues).where(eq(computedRunValues.runId, runId));
    },

    async pageValues(
      runId: string,
      flaggedOnly: boolean,
      paging: PagingQuery,
    ): Promise<{ records: ComputedRunValue[]; total: number }> {
      const page = await pagedRows<RunValueColumns>(
        db,
        sql`select v.id, v.assigned_point_id, o.name as object_name, o.code as object_code, qp.name as point_name,
                   v.cycle_key, v.value, v.flags, v.reasons, v.held, v.version
            from collection_run_values v
            join assigned_points ap on ap.id = v.assigned_point_id
            join object_tasks ot on ot.id = ap.object_task_id
            join diagnosis_objects o on o.id = ot.object_id
            join quality_points qp on qp.id = ap.quality_point_id
            where v.run_id = ${runId} ${flaggedOnly ? sql`and jsonb_array_length(v.flags) > 0` : sql``}
            order by jsonb_array_length(v.flags) = 0, o.code, qp.name, v.cycle_key, v.id`,
        paging,
      );
      return { records: page.records.map(toRunValue), total: page.total };
    },

    async valueIdsOf(runId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: computedRunValues.id })
        .from(computedRunValues)
        .where(and(eq(computedRunValues.runId, runId), inArray(computedRunValues.id, [...ids])));
      return rows.map((r) => r.id);
    },
  };
}

/**
 * Accepting a run, in one transaction: the held values are marked, every other value with a value
 * becomes a sample (its id the staged row's, so lineage joins without a lookup) replacing an earlier
 * collected sample of the same cycle, and the lineage is copied. Set-based: three statements.
 */
export interface ApplyInput {
  runId: string;
  heldIds: readonly string[];
  actorId: string;
  jobId: string | null;
}

export async function applyRun(db: Db, input: ApplyInput) {
  const held = input.heldIds.length ? sql`v.id in (${sqlList(input.heldIds)})` : sql`false`;
  await db.execute(sql`update collection_run_values v set held = ${held} where v.run_id = ${input.runId}`);
  const accepted = sql`select * from collection_run_values v where v.run_id = ${input.runId} and not v.held and v.value is not null`;
  await db.execute(sql`
    delete from point_samples s using (${accepted}) v, sample_lineage l
    where s.assigned_point_id = v.assigned_point_id and s.sampled_at = v.sampled_at and l.sample_id = s.id`);
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`insert into point_samples (id, assigned_point_id, sampled_at, value, numeric_value, source)
        select v.id, v.assigned_point_id, v.sampled_at, v.value, v.numeric_value, 'collected' from (${accepted}) v
        returning id`,
  );
  await db.execute(sql`
    insert into sample_lineage (sample_id, assigned_point_id, run_id, job_id, cycle_key, method, group_id, group_name,
      algorithm_id, version, sql_hash, params, data_source_id, data_source_name, endpoint_url, input_rows,
      collected_at, applied_at, applied_by)
    select v.id, v.assigned_point_id, v.run_id, ${input.jobId}, v.cycle_key, v.method, v.group_id, v.group_name,
      v.algorithm_id, v.version, v.sql_hash, v.params, v.data_source_id, v.data_source_name, v.endpoint_url,
      v.input_rows, r.started_at, now(), ${input.actorId}
    from (${accepted}) v join collection_runs r on r.id = v.run_id`);
  const [counts] = await queryRows<{ held: number | string }>(
    db,
    sql`select count(*) filter (where held) as held from collection_run_values where run_id = ${input.runId}`,
  );
  return { applied: inserted.length, held: Number(counts?.held ?? 0) };
}
