import type {
  CollectionMethod,
  ComputedBinding,
  ComputedRunValue,
  DisplayMode,
  GateFlag,
  PagingQuery,
  PointRule,
  SampleLineage,
  SampleSource,
  SamplingPeriod,
} from '@eduqa/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { transactionOf } from '../../db/transaction.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlList } from '../../platform/sql.ts';
import { RULE_COLUMNS, type RuleColumns, ruleOf } from '../diagnosis/point-rule.ts';
import { computedBindings, computedRuns, computedRunValues } from './computed.table.ts';

export type BindingInsert = typeof computedBindings.$inferInsert;
export type RunRow = typeof computedRuns.$inferSelect & { actorName: string };
export type RunValueInsert = typeof computedRunValues.$inferInsert;

/** One assigned point of a run: its object, its point's grading rule and binding. */
export interface TargetRow {
  assignedPointId: string;
  objectTaskId: string;
  objectId: string;
  objectCode: string;
  objectName: string;
  departmentId: string | null;
  pointId: string;
  pointName: string;
  collectionMethod: CollectionMethod;
  displayMode: DisplayMode;
  samplingPeriod: SamplingPeriod;
  resultGroupId: string | null;
  detailGroupId: string | null;
  endpointUrl: string | null;
  listPath: string | null;
  codeField: string | null;
  valueField: string | null;
  dateField: string | null;
  plausibleMin: number | null;
  plausibleMax: number | null;
  rule: PointRule;
  result: string | null;
  grade: string | null;
  taskStart: string;
  taskEnd: string;
}

/** The diagnosis task a run collects, as the collector's checks need it. */
export interface RunTask {
  id: string;
  publisherUserId: string;
  state: string;
  startDate: string;
  endDate: string;
}

/** An earlier numeric sample of an assigned point's object and quality point. */
export interface HistoryRow {
  assignedPointId: string;
  ms: number;
  numericValue: number;
}

/** The columns of `BINDING_COLUMNS` as the drivers answer them; mapped once, below. */
interface BindingColumns {
  point_id: string;
  point_name: string;
  collection_method: string;
  display_mode: string;
  sampling_period: string;
  bound: boolean;
  result_group_id: string | null;
  result_group_name: string | null;
  detail_group_name: string | null;
  detail_group_id: string | null;
  endpoint_url: string | null;
  list_path: string | null;
  code_field: string | null;
  value_field: string | null;
  date_field: string | null;
  plausible_min: number | string | null;
  plausible_max: number | string | null;
}

interface TargetColumns extends RuleColumns, BindingColumns {
  assigned_point_id: string;
  object_task_id: string;
  object_id: string;
  object_code: string;
  object_name: string;
  department_id: string | null;
  result: string | null;
  grade: string | null;
  task_start: string;
  task_end: string;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
/** A jsonb column: the drivers answer it parsed or as text. */
const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** A point's collection settings, read alike by the binding list and a run's targets. */
function settingsOf(row: BindingColumns) {
  return {
    pointId: row.point_id,
    pointName: row.point_name,
    collectionMethod: row.collection_method as CollectionMethod,
    displayMode: row.display_mode as DisplayMode,
    samplingPeriod: row.sampling_period as SamplingPeriod,
    resultGroupId: row.result_group_id,
    detailGroupId: row.detail_group_id,
    endpointUrl: row.endpoint_url,
    listPath: row.list_path,
    codeField: row.code_field,
    valueField: row.value_field,
    dateField: row.date_field,
    plausibleMin: numberOrNull(row.plausible_min),
    plausibleMax: numberOrNull(row.plausible_max),
  };
}

function toBinding(row: BindingColumns & { updated_at: string | Date | null }): ComputedBinding {
  return {
    ...settingsOf(row),
    bound: row.bound,
    resultGroupName: row.result_group_name,
    detailGroupName: row.detail_group_name,
    updateTime: iso(row.updated_at),
  };
}

function toTarget(row: TargetColumns): TargetRow {
  return {
    assignedPointId: row.assigned_point_id,
    objectTaskId: row.object_task_id,
    objectId: row.object_id,
    objectCode: row.object_code,
    objectName: row.object_name,
    departmentId: row.department_id,
    ...settingsOf(row),
    rule: ruleOf(row),
    result: row.result,
    grade: row.grade,
    taskStart: row.task_start,
    taskEnd: row.task_end,
  };
}

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

const BINDING_COLUMNS = sql`qp.id as point_id, qp.name as point_name, qp.collection_method, qp.display_mode,
  qp.sampling_period, b.point_id is not null as bound, b.result_group_id, b.detail_group_id, b.endpoint_url,
  b.list_path, b.code_field, b.value_field, b.date_field, b.plausible_min, b.plausible_max,
  (select g.name from algorithm_groups g where g.id = b.result_group_id) as result_group_name,
  (select g.name from algorithm_groups g where g.id = b.detail_group_id) as detail_group_name`;

/** The targets of a task: assigned points not reported by hand, with object, rule and binding. */
const targetsQuery = (where: SQL) => sql`
  select ap.id as assigned_point_id, ot.id as object_task_id, o.id as object_id, o.code as object_code,
         o.name as object_name, o.department_id, ${BINDING_COLUMNS}, ${RULE_COLUMNS}, ap.result, ap.grade,
         t.start_date::text as task_start, t.end_date::text as task_end
  from object_tasks ot
  join diagnosis_tasks t on t.id = ot.task_id
  join diagnosis_objects o on o.id = ot.object_id
  join assigned_points ap on ap.object_task_id = ot.id
  join quality_points qp on qp.id = ap.quality_point_id
  left join point_collection_bindings b on b.point_id = qp.id
  where qp.collection_method <> 'report' and ${where}
  order by o.code, ot.id, qp.sort, qp.id`;

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
  job_id: string | null;
  collected_at: string | Date;
  applied_by: string | null;
}

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
  jobId: row.job_id,
  collectedAt: new Date(row.collected_at).toISOString(),
  appliedBy: row.applied_by,
});

/** The bindings, with their quality points. */
function bindingQueries(db: Db) {
  return {
    async findBinding(pointId: string): Promise<ComputedBinding | undefined> {
      const [row] = await queryRows<BindingColumns & { updated_at: string | Date | null }>(
        db,
        sql`select ${BINDING_COLUMNS}, b.updated_at from quality_points qp
            left join point_collection_bindings b on b.point_id = qp.id where qp.id = ${pointId}`,
      );
      return row && toBinding(row);
    },

    async pageBindings(
      filter: { keyword?: string | undefined; method?: string | undefined },
      paging: PagingQuery,
    ) {
      const conditions: SQL[] = [sql`qp.collection_method <> 'report'`];
      if (filter.keyword) conditions.push(sql`qp.name ilike ${likePattern(filter.keyword)}`);
      if (filter.method) conditions.push(sql`qp.collection_method = ${filter.method}`);
      const page = await pagedRows<BindingColumns & { updated_at: string | Date | null }>(
        db,
        sql`select ${BINDING_COLUMNS}, b.updated_at from quality_points qp
            left join point_collection_bindings b on b.point_id = qp.id
            where ${sql.join(conditions, sql` and `)} order by qp.name, qp.id`,
        paging,
      );
      return { records: page.records.map(toBinding), total: page.total };
    },

    async saveBinding(row: BindingInsert) {
      const { pointId: _, ...rest } = row;
      await db
        .insert(computedBindings)
        .values(row)
        .onConflictDoUpdate({
          target: computedBindings.pointId,
          set: { ...rest, updatedAt: new Date() },
        });
    },
  };
}

/** Runs and their staged values. */
function runQueries(db: Db) {
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

    async insertValues(rows: RunValueInsert[]) {
      for (let i = 0; i < rows.length; i += 1000)
        await db.insert(computedRunValues).values(rows.slice(i, i + 1000));
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

/** A sample of a point with where it came from, for 为什么是这个值. */
export interface OriginSampleRow {
  id: string;
  ms: number;
  value: string;
  source: SampleSource;
  enteredBy: string | null;
  enteredAt: string;
}

/** What 为什么是这个值 reads beyond the lineage: every sample, the revision, the last collection's verdict. */
function originQueries(db: Db) {
  return {
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
        revisedAt: iso(row?.revised_at ?? null),
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

/** Tasks and their targets, lineage; with the bindings and runs. */
function createQueries(db: Db) {
  return {
    ...bindingQueries(db),
    ...runQueries(db),
    ...originQueries(db),
    async findTask(taskId: string): Promise<RunTask | undefined> {
      const [row] = await queryRows<RunTask>(
        db,
        sql`select id, publisher_user_id as "publisherUserId", state, start_date::text as "startDate",
                   end_date::text as "endDate"
            from diagnosis_tasks where id = ${taskId}`,
      );
      return row;
    },

    /** The object tasks among `ids` that belong to the task. */
    async objectTasksOf(taskId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from object_tasks where task_id = ${taskId} and id in (${sqlList(ids)})`,
      );
      return rows.map((r) => r.id);
    },

    async targets(taskId: string, objectTaskIds: readonly string[] | null): Promise<TargetRow[]> {
      const only = objectTaskIds ? sql` and ot.id in (${sqlList(objectTaskIds)})` : sql``;
      const rows = await queryRows<TargetColumns>(db, targetsQuery(sql`ot.task_id = ${taskId}${only}`));
      return rows.map(toTarget);
    },

    async target(assignedPointId: string): Promise<TargetRow | undefined> {
      const [row] = await queryRows<TargetColumns>(db, targetsQuery(sql`ap.id = ${assignedPointId}`));
      return row && toTarget(row);
    },

    /**
     * Earlier numeric samples of the same object and quality point, across tasks: the history the gate
     * compares a new value with. Oldest first.
     */
    async history(assignedPointIds: readonly string[]): Promise<HistoryRow[]> {
      if (assignedPointIds.length === 0) return [];
      const rows = await queryRows<{ assigned_point_id: string; ms: number | string; numeric_value: number }>(
        db,
        sql`
          select ap.id as assigned_point_id, (extract(epoch from s.sampled_at) * 1000)::float8 as ms, s.numeric_value
          from assigned_points ap
          join object_tasks ot on ot.id = ap.object_task_id
          join object_tasks ot2 on ot2.object_id = ot.object_id
          join assigned_points ap2 on ap2.object_task_id = ot2.id and ap2.quality_point_id = ap.quality_point_id
          join point_samples s on s.assigned_point_id = ap2.id
          where ap.id in (${sqlList(assignedPointIds)}) and s.numeric_value is not null
          order by s.sampled_at, s.id`,
      );
      return rows.map((r) => ({
        assignedPointId: r.assigned_point_id,
        ms: Number(r.ms),
        numericValue: Number(r.numeric_value),
      }));
    },

    async lineage(assignedPointId: string): Promise<SampleLineage[]> {
      const rows = await queryRows<LineageColumns>(
        db,
        sql`select l.sample_id, s.sampled_at, s.value, l.cycle_key, l.method, l.group_id, l.group_name, l.version,
                   l.sql_hash, l.params, l.data_source_name, l.endpoint_url, l.input_rows, l.run_id, l.job_id,
                   l.collected_at, u.name as applied_by
            from sample_lineage l
            join point_samples s on s.id = l.sample_id
            left join users u on u.id = l.applied_by
            where l.assigned_point_id = ${assignedPointId}
            order by s.sampled_at desc, l.collected_at desc limit 100`,
      );
      return rows.map(toLineage);
    },

    async userName(id: string): Promise<string | null> {
      const [row] = await queryRows<{ name: string }>(db, sql`select name from users where id = ${id}`);
      return row?.name ?? null;
    },
  };
}

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

/**
 * Accepting a run, in one transaction: the held values are marked, every other value with a value
 * becomes a sample (its id the staged row's, so lineage joins without a lookup) replacing an earlier
 * collected sample of the same cycle, and the lineage is copied. Set-based: three statements.
 */
interface ApplyInput {
  runId: string;
  heldIds: readonly string[];
  actorId: string;
  jobId: string | null;
}

async function applyRun(db: Db, input: ApplyInput) {
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

/** Applying a run: claim it, then the set-based apply; bound to a transaction by `createComputedRepo`. */
function applyQueries(db: Db) {
  return {
    ...createQueries(db),
    /** Claims the run at the gate: of two accepts racing, the second finds it no longer there. */
    async claimRun(runId: string) {
      const claimed = await queryRows<{ id: string }>(
        db,
        sql`update collection_runs set state = 'applied' where id = ${runId} and state = 'gate' returning id`,
      );
      return claimed.length > 0;
    },
    applyRun: (input: ApplyInput) => applyRun(db, input),
  };
}

export function createComputedRepo(db: Db) {
  const transaction = transactionOf(db, applyQueries);
  return {
    ...createQueries(db),
    /** Applies a run in one transaction; null when the run was no longer at the gate. */
    applyRun: (input: ApplyInput) =>
      transaction(async (tx) => {
        if (!(await tx.claimRun(input.runId))) return null;
        const result = await tx.applyRun(input);
        await tx.updateRun(input.runId, {
          appliedCount: result.applied,
          heldCount: result.held,
          appliedAt: new Date(),
          appliedBy: input.actorId,
        });
        return result;
      }),
  };
}

export type ComputedRepo = ReturnType<typeof createComputedRepo>;
