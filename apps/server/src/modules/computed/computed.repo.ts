import type {
  CollectionMethod,
  ComputedBinding,
  DisplayMode,
  PagingQuery,
  PointRule,
  SamplingPeriod,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { transactionOf } from '../../db/transaction.ts';
import { pagedRows } from '../../platform/paging.ts';
import { isoOrNull, likePattern, sqlList } from '../../platform/sql.ts';
import { RULE_COLUMNS, type RuleColumns, ruleOf } from '../diagnosis/point-rule.ts';
import { computedBindings } from './computed.table.ts';
import { lineageQueries } from './computed-lineage.repo.ts';
import { type ApplyInput, applyRun, runQueries } from './computed-runs.repo.ts';

export type { OriginSampleRow } from './computed-lineage.repo.ts';
export type { RunRow, RunValueInsert } from './computed-runs.repo.ts';
export type BindingInsert = typeof computedBindings.$inferInsert;

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

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

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
    updateTime: isoOrNull(row.updated_at),
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

/** Tasks and their targets; with the bindings, runs and lineage. */
function createQueries(db: Db) {
  return {
    ...bindingQueries(db),
    ...runQueries(db),
    ...lineageQueries(db),
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

    async userName(id: string): Promise<string | null> {
      const [row] = await queryRows<{ name: string }>(db, sql`select name from users where id = ${id}`);
      return row?.name ?? null;
    },
  };
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
