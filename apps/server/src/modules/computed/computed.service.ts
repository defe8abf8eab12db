import {
  type BoundMethod,
  COMPUTED_RUN_JOB,
  type CollectionMethod,
  type ComputedBinding,
  type ComputedBindingInput,
  type ComputedDetail,
  type ComputedDetailInput,
  type ComputedRun,
  type ComputedRunInput,
  type ComputedWhy,
  type PagingQuery,
  ROLE_IDS,
  type RunState,
} from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { DiagnosisAccess } from '../diagnosis/diagnosis.access.ts';
import { todayOf } from '../diagnosis/point-rule.ts';
import { comparing } from './computed.compare.ts';
import { cyclesOfTarget } from './computed.cycles.ts';
import { DEFAULT_INTERFACE_LIMITS, type InterfaceLimits } from './computed.interface.ts';
import type { AlgorithmRunner } from './computed.ports.ts';
import type { ComputedRepo, RunRow, TargetRow } from './computed.repo.ts';
import { explainPoint } from './computed.why.ts';
import { paramsOf, stageToGate } from './computed-stage.ts';

const M = {
  pointNotFound: '质控点不存在',
  reportNeedsNone: '填报方式的质控点不需要采集配置',
  needsResultGroup: '请选择结果算法组',
  groupNotFound: '所选算法组不存在',
  needsEndpoint: '请填写接口地址、对象编码字段和数值字段',
  taskNotFound: '诊断任务不存在',
  notPublisher: '只有该任务的发布人或系统管理员可以采集',
  taskFinished: '任务已结束，不能再采集',
  objectTaskNotInTask: '所选对象任务不属于该诊断任务',
  nothingToCollect: '该任务没有需要采集的质控点（算法、SQL 或接口方式）',
  runNotFound: '采集批次不存在',
  notAtGate: '该采集批次不在待确认状态',
  heldNotInRun: '暂缓的数据不属于该采集批次',
  noDetail: '该质控点未配置明细算法',
  noCycle: '任务尚未开始，没有可用的采样周期',
  unknownCycle: '采样周期不在任务期间内',
};

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function toRun(row: RunRow): ComputedRun {
  return {
    id: row.id,
    taskId: row.taskId,
    jobId: row.jobId,
    state: row.state as RunState,
    actorName: row.actorName,
    objectCount: row.objectCount,
    valueCount: row.valueCount,
    flaggedCount: row.flaggedCount,
    appliedCount: row.appliedCount,
    heldCount: row.heldCount,
    unmappedCodes: row.unmappedCodes,
    message: row.message,
    startTime: row.startedAt.toISOString(),
    endTime: iso(row.finishedAt),
    applyTime: iso(row.appliedAt),
  };
}

/** A detail row's cell as JSON can carry it. */
function cellOf(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

export interface ComputedDeps {
  repo: ComputedRepo;
  runner: AlgorithmRunner;
  access: Pick<DiagnosisAccess, 'pointRight'>;
  jobs: Jobs;
  recompute(options: { objectTaskIds: readonly string[] }): Promise<unknown>;
  interfaceLimits?: InterfaceLimits;
  now?: () => Date;
}

/** What the run methods share: the checks of the collector and the apply step. */
interface RunContext extends ComputedDeps {
  taskForCollector(actor: Actor, taskId: string): Promise<{ state: string }>;
  runForCollector(actor: Actor, runId: string): Promise<RunRow>;
  apply(input: { run: RunRow; heldIds: readonly string[]; actorId: string }): Promise<void>;
  now: () => Date;
}

/**
 * Results computed, not typed: bindings, runs through the data-quality gate, lineage,
 * detail rows and version comparison (computed.compare.ts). Collecting (and deciding at the gate) is for the task's publisher
 * or an administrator; reading a value's lineage follows the diagnosis reading rule of the point.
 */
export function createComputedService(deps: ComputedDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function taskForCollector(actor: Actor, taskId: string) {
    const task = await repo.findTask(taskId);
    if (!task) throw notFound(M.taskNotFound);
    if (task.publisherUserId !== actor.userId && !actor.roleIds.includes(ROLE_IDS.admin))
      throw new AppError('FORBIDDEN', M.notPublisher);
    return task;
  }

  async function runForCollector(actor: Actor, runId: string) {
    const run = await repo.findRun(runId);
    if (!run) throw notFound(M.runNotFound);
    await taskForCollector(actor, run.taskId);
    return run;
  }

  async function apply(input: { run: RunRow; heldIds: readonly string[]; actorId: string }) {
    const applied = await repo.applyRun({
      runId: input.run.id,
      heldIds: input.heldIds,
      actorId: input.actorId,
      jobId: input.run.jobId,
    });
    if (!applied) throw new AppError('UNPROCESSABLE', M.notAtGate);
    const targets = await repo.targets(input.run.taskId, input.run.objectTaskIds);
    await deps.recompute({ objectTaskIds: [...new Set(targets.map((t) => t.objectTaskId))] });
  }

  const ctx: RunContext = { ...deps, now, taskForCollector, runForCollector, apply };
  const job = registerRunJob(ctx);
  return {
    kinds: [COMPUTED_RUN_JOB] as const,
    ...bindingMethods(repo),
    ...runMethods(ctx, job),
    ...explaining(ctx),
    ...comparing(ctx),
  };
}

/** The job of a run: stage every value, then wait at the gate (or apply when asked and all is clean). */
function registerRunJob(ctx: RunContext) {
  const { repo, runner, now, apply } = ctx;
  const limits = ctx.interfaceLimits ?? DEFAULT_INTERFACE_LIMITS;
  return ctx.jobs.register(COMPUTED_RUN_JOB, {
    payload: z.object({ runId: z.string() }),
    failedMessage: '采集失败，请重试',
    label: '采集监测数据',
    async run({ payload, report, jobId }) {
      const run = await repo.findRun(payload.runId);
      if (!run) throw new AppError('NOT_FOUND', M.runNotFound);
      await repo.updateRun(run.id, { jobId });
      try {
        const targets = await repo.targets(run.taskId, run.objectTaskIds);
        const { flagged } = await stageToGate(
          { repo, runner, interfaceLimits: limits },
          {
            runId: run.id,
            targets,
            today: todayOf(now()),
            report: (done, total) => report((done / total) * 95, `已采集 ${done}/${total} 个对象`),
          },
        );
        if (run.autoApply && flagged === 0)
          await apply({ run: { ...run, jobId }, heldIds: [], actorId: run.actorUserId });
      } catch (error) {
        await repo.deleteValues(run.id);
        await repo.updateRun(run.id, { state: 'failed', finishedAt: new Date(), message: '采集失败' });
        throw error;
      }
      return { result: { runId: run.id } };
    },
  });
}

/** 采集配置 of a point. */
function bindingMethods(repo: ComputedRepo) {
  return {
    async bindingPage(
      query: { keyword?: string | undefined; collectionMethod?: CollectionMethod | undefined } & PagingQuery,
    ) {
      return repo.pageBindings({ keyword: query.keyword, method: query.collectionMethod }, query);
    },

    async binding(pointId: string): Promise<ComputedBinding> {
      const row = await repo.findBinding(pointId);
      if (!row) throw notFound(M.pointNotFound);
      return row;
    },

    async saveBinding(actor: Actor, body: ComputedBindingInput): Promise<ComputedBinding> {
      const point = await repo.findBinding(body.pointId);
      if (!point) throw notFound(M.pointNotFound);
      const method = point.collectionMethod;
      if (method === 'report') throw new AppError('UNPROCESSABLE', M.reportNeedsNone);
      const isInterface = (method as BoundMethod) === 'interface';
      if (!isInterface && !body.resultGroupId) throw new AppError('VALIDATION', M.needsResultGroup);
      if (isInterface && (!body.endpointUrl || !body.codeField || !body.valueField))
        throw new AppError('VALIDATION', M.needsEndpoint);
      const empty = (v: string | undefined) => (v ? v : null);
      const save = () =>
        repo.saveBinding({
          pointId: body.pointId,
          resultGroupId: isInterface ? null : empty(body.resultGroupId),
          detailGroupId: empty(body.detailGroupId),
          endpointUrl: isInterface ? empty(body.endpointUrl) : null,
          listPath: isInterface ? empty(body.listPath) : null,
          codeField: isInterface ? empty(body.codeField) : null,
          valueField: isInterface ? empty(body.valueField) : null,
          dateField: isInterface ? empty(body.dateField) : null,
          plausibleMin: body.plausibleMin ?? null,
          plausibleMax: body.plausibleMax ?? null,
          updatedBy: actor.userId,
        });
      await guarded(save, { inUse: M.groupNotFound });
      return (await repo.findBinding(body.pointId))!;
    },
  };
}

/**
 * A run whose job died with its runner (a restart) would read 采集中 forever: once the job is failed,
 * the run is too.
 */
async function settled(ctx: RunContext, run: RunRow): Promise<RunRow> {
  if (run.state !== 'running' || !run.jobId) return run;
  const job = await ctx.jobs.get(run.jobId);
  if (job && job.state !== 'failed') return run;
  const message = job?.message || '采集任务已中断，请重新采集';
  await ctx.repo.updateRun(run.id, { state: 'failed', message, finishedAt: new Date() });
  return { ...run, state: 'failed', message };
}

/** Runs: start, list, the gate report, accept or discard. */
function runMethods(ctx: RunContext, job: ReturnType<typeof registerRunJob>) {
  const { repo, taskForCollector, runForCollector, apply } = ctx;
  return {
    /** Starts a run: a job stages the values; the run then waits at the gate (or applies itself). */
    async start(actor: Actor, body: ComputedRunInput) {
      const task = await taskForCollector(actor, body.taskId);
      if (task.state === 'finished') throw new AppError('UNPROCESSABLE', M.taskFinished);
      let objectTaskIds: string[] | null = null;
      if (body.objectTaskIds?.length) {
        objectTaskIds = [...new Set(body.objectTaskIds)];
        if ((await repo.objectTasksOf(body.taskId, objectTaskIds)).length !== objectTaskIds.length)
          throw new AppError('VALIDATION', M.objectTaskNotInTask);
      }
      if ((await repo.targets(body.taskId, objectTaskIds)).length === 0)
        throw new AppError('UNPROCESSABLE', M.nothingToCollect);
      const runId = newId();
      await repo.insertRun({
        id: runId,
        taskId: body.taskId,
        actorUserId: actor.userId,
        objectTaskIds,
        autoApply: body.autoApply ?? false,
      });
      const started = await job.enqueue({ actorId: actor.userId, payload: { runId } });
      await repo.updateRun(runId, { jobId: started.id });
      return { taskId: started.id, runId };
    },

    async runs(actor: Actor, query: { taskId: string } & PagingQuery) {
      await taskForCollector(actor, query.taskId);
      const page = await repo.pageRuns(query.taskId, query);
      const records = await Promise.all(page.records.map((r) => settled(ctx, r)));
      return { records: records.map(toRun), total: page.total };
    },

    run: async (actor: Actor, runId: string) =>
      toRun(await settled(ctx, await runForCollector(actor, runId))),

    async values(actor: Actor, query: { runId: string; flaggedOnly?: boolean | undefined } & PagingQuery) {
      await runForCollector(actor, query.runId);
      return repo.pageValues(query.runId, query.flaggedOnly ?? false, query);
    },

    /** The gate's decision: everything but the held rows becomes samples, then grades follow. */
    async accept(actor: Actor, body: { runId: string; heldIds?: string[] | undefined }) {
      const run = await runForCollector(actor, body.runId);
      if (run.state !== 'gate') throw new AppError('UNPROCESSABLE', M.notAtGate);
      const heldIds = [...new Set(body.heldIds ?? [])];
      if ((await repo.valueIdsOf(run.id, heldIds)).length !== heldIds.length)
        throw new AppError('VALIDATION', M.heldNotInRun);
      await apply({ run, heldIds, actorId: actor.userId });
      return toRun((await repo.findRun(run.id))!);
    },

    async discard(actor: Actor, runId: string) {
      const run = await runForCollector(actor, runId);
      if (run.state !== 'gate') throw new AppError('UNPROCESSABLE', M.notAtGate);
      await repo.updateRun(run.id, { state: 'discarded' });
      return toRun((await repo.findRun(run.id))!);
    },
  };
}

/** Why a value, its detail rows, and two versions side by side. */
/** A point the actor may read, with its object and binding; null for a point reported by hand. */
async function readableTarget(
  deps: RunContext,
  actor: Actor,
  assignedPointId: string,
): Promise<TargetRow | null> {
  await deps.access.pointRight(actor, assignedPointId, 'read');
  return (await deps.repo.target(assignedPointId)) ?? null;
}

function explaining(deps: RunContext) {
  const { repo, runner } = deps;
  return {
    async why(actor: Actor, assignedPointId: string): Promise<ComputedWhy> {
      await deps.access.pointRight(actor, assignedPointId, 'read');
      return explainPoint(deps, assignedPointId);
    },

    /**
     * Where a point's result came from, for a caller whose right to read the point was checked elsewhere
     * (a quality report's reader reads its points through the report).
     */
    explainPoint: (assignedPointId: string) => explainPoint(deps, assignedPointId),

    /** The detail algorithm's rows for the object and a cycle (by default the latest collected one). */
    async detail(actor: Actor, query: ComputedDetailInput): Promise<ComputedDetail> {
      const t = await readableTarget(deps, actor, query.assignedPointId);
      if (!t?.detailGroupId) throw new AppError('UNPROCESSABLE', M.noDetail);
      const cycles = cyclesOfTarget(t, todayOf(deps.now()));
      if (cycles.length === 0) throw new AppError('UNPROCESSABLE', M.noCycle);
      const wanted = query.cycleKey || (await repo.lineage(query.assignedPointId))[0]?.cycleKey;
      const cycle = wanted ? cycles.find((c) => c.key === wanted) : cycles.at(-1);
      if (!cycle) throw new AppError('VALIDATION', M.unknownCycle);
      const algorithm = await runner.resolve(t.detailGroupId, 'detail');
      const run = await runner.run(algorithm, paramsOf(t, cycle));
      return {
        displayMode: t.displayMode,
        cycleKey: cycle.key,
        version: algorithm.version,
        columns: run.columns,
        rows: run.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, cellOf(v)]))),
        truncated: run.truncated,
        elapsedMs: Math.round(run.elapsedMs),
      };
    },
  };
}

export type ComputedService = ReturnType<typeof createComputedService>;
