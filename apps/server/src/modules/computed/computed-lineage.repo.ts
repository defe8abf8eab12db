import type { GateFlag, SampleLineage, SampleSource } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { isoOrNull, jsonOf } from '../../platform/sql.ts';
import { formatDateTime } from '../../platform/time.ts';

interface LineageColumns {
  sample_id: string;
  sampled_at: string | Date;
  value: string;
  cycle_key: string;
  method: string;
  group_id: string | null;
  group_name: string | null;
  version: number | null;
  sql_hash: string | null;
  params: Record<string, unknown> | string;
  data_source_name: string | null;
  endpoint_url: string | null;
  input_rows: number;
  run_id: string | null;
  run_started_at: string | Date | null;
  run_by: string | null;
  job_id: string | null;
  collected_at: string | Date;
  applied_by: string | null;
}

/** A run named for the reader by who started it when, not by its id (issue 26: no raw id where a name belongs). */
const runLabel = (startedAt: string | Date | null, by: string | null) =>
  startedAt === null ? null : `${by ?? '未知用户'} 于 ${formatDateTime(new Date(startedAt))} 发起的采集`;

const toLineage = (row: LineageColumns): SampleLineage => ({
  sampleId: row.sample_id,
  sampledAt: new Date(row.sampled_at).toISOString(),
  value: row.value,
  cycleKey: row.cycle_key,
  method: row.method,
  groupId: row.group_id,
  groupName: row.group_name,
  version: row.version === null ? null : Number(row.version),
  sqlHash: row.sql_hash,
  params: jsonOf<Record<string, unknown>>(row.params),
  dataSourceName: row.data_source_name,
  endpointUrl: row.endpoint_url,
  inputRows: Number(row.input_rows),
  runId: row.run_id,
  runLabel: runLabel(row.run_started_at, row.run_by),
  jobId: row.job_id,
  collectedAt: new Date(row.collected_at).toISOString(),
  appliedBy: row.applied_by,
});

/** A sample of a point with where it came from, for 为什么是这个值. */
export interface OriginSampleRow {
  id: string;
  ms: number;
  value: string;
  source: SampleSource;
  enteredBy: string | null;
  enteredAt: string;
}

/** What 为什么是这个值 reads: the lineage, every sample, the revision, the last collection's verdict. */
export function lineageQueries(db: Db) {
  return {
    async lineage(assignedPointId: string): Promise<SampleLineage[]> {
      const rows = await queryRows<LineageColumns>(
        db,
        sql`select l.sample_id, s.sampled_at, s.value, l.cycle_key, l.method, l.group_id, l.group_name, l.version,
                   l.sql_hash, l.params, l.data_source_name, l.endpoint_url, l.input_rows, l.run_id, l.job_id,
                   l.collected_at, u.name as applied_by, r.started_at as run_started_at, ru.name as run_by
            from sample_lineage l
            join point_samples s on s.id = l.sample_id
            left join users u on u.id = l.applied_by
            left join collection_runs r on r.id = l.run_id
            left join users ru on ru.id = r.actor_user_id
            where l.assigned_point_id = ${assignedPointId}
            order by s.sampled_at desc, l.collected_at desc limit 100`,
      );
      return rows.map(toLineage);
    },

    async originSamples(assignedPointId: string): Promise<OriginSampleRow[]> {
      const rows = await queryRows<{
        id: string;
        ms: number | string;
        value: string;
        source: SampleSource;
        entered_by: string | null;
        created_at: string | Date;
      }>(
        db,
        sql`select s.id, (extract(epoch from s.sampled_at) * 1000)::float8 as ms, s.value, s.source,
                   u.name as entered_by, s.created_at
            from point_samples s left join users u on u.id = s.entered_by
            where s.assigned_point_id = ${assignedPointId} order by s.sampled_at, s.id`,
      );
      return rows.map((r) => ({
        id: r.id,
        ms: Number(r.ms),
        value: r.value,
        source: r.source,
        enteredBy: r.entered_by,
        enteredAt: new Date(r.created_at).toISOString(),
      }));
    },

    async revision(assignedPointId: string) {
      const [row] = await queryRows<{
        revised_result: string | null;
        revised_by: string | null;
        revised_at: string | Date | null;
      }>(
        db,
        sql`select ap.revised_result, u.name as revised_by, ap.revised_at from assigned_points ap
            left join users u on u.id = ap.revised_by where ap.id = ${assignedPointId}`,
      );
      return {
        revisedResult: row?.revised_result ?? null,
        revisedBy: row?.revised_by ?? null,
        revisedAt: isoOrNull(row?.revised_at ?? null),
      };
    },

    /**
     * The newest accepted collection's staged value of the point for a cycle (any cycle when null): what
     * the collection found there — a value, nothing (with the gate's flags), or a value held back.
     */
    async lastCollected(assignedPointId: string, cycleKey: string | null) {
      const [row] = await queryRows<{ value: string | null; flags: string[] | string; held: boolean }>(
        db,
        sql`select v.value, v.flags, v.held from collection_run_values v
            join collection_runs r on r.id = v.run_id
            where v.assigned_point_id = ${assignedPointId} and r.state = 'applied'
              ${cycleKey === null ? sql`` : sql`and v.cycle_key = ${cycleKey}`}
            order by r.applied_at desc, v.sampled_at desc limit 1`,
      );
      return row && { value: row.value, flags: jsonOf<string[]>(row.flags) as GateFlag[], held: row.held };
    },
  };
}
