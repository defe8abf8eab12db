import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { algorithmGroups } from '../algorithms/algorithms.table.ts';
import { assignedPoints, diagnosisTasks, pointSamples } from '../diagnosis/diagnosis.table.ts';
import { users } from '../org/org.table.ts';
import { qualityPoints } from '../standards/standards.table.ts';

const at = () => timestamp({ withTimezone: true });

// The SQL names keep the module's former word (point_collection_bindings, collection_runs, …):
// renaming tables is a migration for no behaviour, so only the TypeScript names say `computed`.

/**
 * Where a value came from: the method, the algorithm group and version (or the data source or address) and
 * how many input rows. A staged run value and the applied sample's lineage hold the same columns, so one
 * list serves both (a function: each table needs its own column builders).
 */
const lineageColumns = () => ({
  method: text().notNull(),
  groupId: text(),
  groupName: text(),
  algorithmId: text(),
  version: integer(),
  sqlHash: text(),
  params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  dataSourceId: text(),
  dataSourceName: text(),
  endpointUrl: text(),
  inputRows: integer().notNull().default(0),
});

/**
 * 采集配置 of a quality point whose collection method is algorithm, sql or interface. Its own table so
 * that standards' point table stays as it is. Algorithm group ids are plain text: the algorithms
 * module owns the groups (the foreign key is added when both are merged).
 */
export const computedBindings = pgTable('point_collection_bindings', {
  pointId: text()
    .primaryKey()
    .references(() => qualityPoints.id, { onDelete: 'cascade' }),
  resultGroupId: text().references(() => algorithmGroups.id),
  detailGroupId: text().references(() => algorithmGroups.id),
  /** interface: an HTTP(S) address answering JSON, and where in it the rows and their fields are. */
  endpointUrl: text(),
  listPath: text(),
  codeField: text(),
  valueField: text(),
  dateField: text(),
  /** The plausible range of a value; outside it the gate flags the value. */
  plausibleMin: doublePrecision(),
  plausibleMax: doublePrecision(),
  updatedBy: text().references(() => users.id),
  updatedAt: at().notNull().defaultNow(),
});

/** 采集批次: one collection of a diagnosis task, staged until the publisher accepts it (the gate). */
export const computedRuns = pgTable(
  'collection_runs',
  {
    id: text().primaryKey(),
    taskId: text()
      .notNull()
      .references(() => diagnosisTasks.id, { onDelete: 'cascade' }),
    jobId: text(),
    /** running → gate (awaiting the publisher) → applied | discarded; failed when the job failed. */
    state: text().notNull().default('running'),
    actorUserId: text()
      .notNull()
      .references(() => users.id),
    /** The object tasks asked for; null means all of the task's. */
    objectTaskIds: jsonb().$type<string[] | null>(),
    autoApply: boolean().notNull().default(false),
    objectCount: integer().notNull().default(0),
    valueCount: integer().notNull().default(0),
    flaggedCount: integer().notNull().default(0),
    appliedCount: integer().notNull().default(0),
    heldCount: integer().notNull().default(0),
    /** Rows of an interface whose object code matched no object of the task, for the report. */
    unmappedCodes: jsonb().$type<string[]>().notNull().default([]),
    message: text().notNull().default(''),
    startedAt: at().notNull().defaultNow(),
    finishedAt: at(),
    appliedAt: at(),
    appliedBy: text().references(() => users.id),
  },
  (t) => [index('collection_runs_task_idx').on(t.taskId, t.startedAt)],
);

/** A staged value of a run: one per assigned point and sampling cycle, with the gate's flags. */
export const computedRunValues = pgTable(
  'collection_run_values',
  {
    id: text().primaryKey(),
    runId: text()
      .notNull()
      .references(() => computedRuns.id, { onDelete: 'cascade' }),
    assignedPointId: text()
      .notNull()
      .references(() => assignedPoints.id, { onDelete: 'cascade' }),
    cycleKey: text().notNull(),
    cycleStart: text().notNull(),
    cycleEnd: text().notNull(),
    sampledAt: at().notNull(),
    value: text(),
    /** The value as a number (as point_samples keeps it); null for 是/否, 有/无 and grades. */
    numericValue: doublePrecision(),
    /** missing, null, range, outlier, error (see computed.enums.ts). */
    flags: jsonb().$type<string[]>().notNull().default([]),
    reasons: jsonb().$type<string[]>().notNull().default([]),
    held: boolean().notNull().default(false),
    /** Lineage staged with the value, copied to sample_lineage when applied. */
    ...lineageColumns(),
    elapsedMs: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('collection_run_values_uq').on(t.runId, t.assignedPointId, t.cycleKey),
    index('collection_run_values_point_idx').on(t.assignedPointId),
  ],
);

/** 数据血缘 of a sample written by a collection: where the value came from, exactly. */
export const sampleLineage = pgTable(
  'sample_lineage',
  {
    sampleId: text()
      .primaryKey()
      .references(() => pointSamples.id, { onDelete: 'cascade' }),
    assignedPointId: text()
      .notNull()
      .references(() => assignedPoints.id, { onDelete: 'cascade' }),
    runId: text().references(() => computedRuns.id, { onDelete: 'set null' }),
    jobId: text(),
    cycleKey: text().notNull(),
    ...lineageColumns(),
    collectedAt: at().notNull(),
    appliedAt: at().notNull().defaultNow(),
    appliedBy: text().references(() => users.id),
  },
  (t) => [index('sample_lineage_point_idx').on(t.assignedPointId, t.collectedAt)],
);
