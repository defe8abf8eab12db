import {
  type ComputedChange,
  type ComputedCompare,
  type ComputedCompareInput,
  type ComputedTaskPoint,
  gradeOf,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { todayOf } from '../diagnosis/point-rule.ts';
import { cyclesOfTarget, type SamplingCycle } from './computed.cycles.ts';
import { valueText } from './computed.gate.ts';
import type { AlgorithmRunner, ResolvedAlgorithm } from './computed.ports.ts';
import type { ComputedRepo, TargetRow } from './computed.repo.ts';
import { paramsOf, runAlgorithm } from './computed-stage.ts';

const M = {
  noCycle: '任务尚未开始，没有可用的采样周期',
  unknownCycle: '采样周期不在任务期间内',
  pointNotInTask: '该任务没有这个质控点，或它不是算法方式',
  tooMany: (objects: number, cycles: number) =>
    `要对比的范围太大（${objects} 个对象 × ${cycles} 个周期），请选择一个采样周期`,
};

/**
 * Every object × cycle runs both versions once; past this many the request would wait for minutes (a
 * daily point over a school year), so the user is asked for one cycle instead.
 */
export const COMPARE_MAX_PAIRS = 5000;

export interface CompareDeps {
  repo: ComputedRepo;
  runner: AlgorithmRunner;
  now: () => Date;
  /** The collector's check (the task's publisher or an administrator): comparing is part of collecting. */
  taskForCollector(actor: Actor, taskId: string): Promise<unknown>;
}

/** One object in one cycle under both versions; null when nothing differs. */
async function changeOf(
  runner: AlgorithmRunner,
  pair: { t: TargetRow; cycle: SamplingCycle; from: ResolvedAlgorithm; to: ResolvedAlgorithm },
): Promise<{ change: ComputedChange | null; isEmpty: boolean }> {
  const { t, cycle } = pair;
  const params = paramsOf(t, cycle);
  const a = await runAlgorithm(runner, pair.from, params);
  const b = await runAlgorithm(runner, pair.to, params);
  const fromValue = a.error ? null : valueText(a.raw, t.rule.dataType);
  const toValue = b.error ? null : valueText(b.raw, t.rule.dataType);
  const fromGrade = gradeOf(t.rule, fromValue);
  const toGrade = gradeOf(t.rule, toValue);
  const isEmpty = fromValue === null && toValue === null;
  if (fromValue === toValue && fromGrade === toGrade) return { change: null, isEmpty };
  const change = {
    assignedPointId: t.assignedPointId,
    objectName: t.objectName,
    objectCode: t.objectCode,
    cycleKey: cycle.key,
    fromValue,
    toValue,
    fromGrade,
    toGrade,
    gradeChanged: fromGrade !== toGrade,
  };
  return { change, isEmpty };
}

/** Two versions of a point's result algorithm side by side over a task; nothing is stored. */
export function comparing(deps: CompareDeps) {
  const { repo, runner } = deps;
  return {
    /** The task's computed points, one line each, with what the compare form picks from. */
    async taskPoints(actor: Actor, taskId: string): Promise<ComputedTaskPoint[]> {
      await deps.taskForCollector(actor, taskId);
      const firsts = new Map<string, TargetRow>();
      for (const t of await repo.targets(taskId, null)) if (!firsts.has(t.pointId)) firsts.set(t.pointId, t);
      const today = todayOf(deps.now());
      return Promise.all(
        [...firsts.values()].map(async (t) => ({
          pointId: t.pointId,
          pointName: t.pointName,
          collectionMethod: t.collectionMethod,
          resultGroupId: t.resultGroupId,
          versions: t.resultGroupId ? await runner.versions(t.resultGroupId, 'result') : [],
          cycleKeys: cyclesOfTarget(t, today).map((c) => c.key),
        })),
      );
    },

    /**
     * Versions `fromVersion` and `toVersion` over the task's objects in every cycle so far (or the one
     * asked for): a version that changes only an earlier cycle is found too. Each object and cycle whose
     * value or grade would differ is listed; pairs where neither version gives a value are counted, so
     * "nothing changes" is not read as "both agree" when both found nothing.
     */
    async compare(actor: Actor, body: ComputedCompareInput): Promise<ComputedCompare> {
      await deps.taskForCollector(actor, body.taskId);
      const targets = (await repo.targets(body.taskId, null)).filter((t) => t.pointId === body.pointId);
      const groupId = targets[0]?.resultGroupId;
      if (!groupId) throw new AppError('UNPROCESSABLE', M.pointNotInTask);
      const all = cyclesOfTarget(targets[0]!, todayOf(deps.now()));
      if (all.length === 0) throw new AppError('UNPROCESSABLE', M.noCycle);
      const cycles = body.cycleKey ? all.filter((c) => c.key === body.cycleKey) : all;
      if (cycles.length === 0) throw new AppError('VALIDATION', M.unknownCycle);
      if (!body.cycleKey && targets.length * cycles.length > COMPARE_MAX_PAIRS)
        throw new AppError('UNPROCESSABLE', M.tooMany(targets.length, cycles.length));
      const from = await runner.resolve(groupId, 'result', body.fromVersion);
      const to = await runner.resolve(groupId, 'result', body.toVersion);
      const changes: ComputedChange[] = [];
      let emptyCount = 0;
      for (const t of targets) {
        for (const cycle of cycles) {
          const { change, isEmpty } = await changeOf(runner, { t, cycle, from, to });
          if (isEmpty) emptyCount += 1;
          if (change) changes.push(change);
        }
      }
      return {
        fromVersion: from.version,
        toVersion: to.version,
        cycleKeys: cycles.map((c) => c.key),
        objectCount: targets.length,
        comparedCount: targets.length * cycles.length,
        emptyCount,
        changes,
      };
    },
  };
}
