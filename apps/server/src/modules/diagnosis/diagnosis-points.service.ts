import type * as S from '@eduqa/contract';
import { parseValue, type QualityRow, type Sample } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { pageOf } from '../../platform/paging.ts';
import { type DiagnosisRight, isManager } from './diagnosis.access.ts';
import { notePoint } from './diagnosis.audit.ts';
import {
  checkValue,
  type DiagnosisDeps,
  EXPORT_MAX_ROWS,
  emptyToNull,
  DIAGNOSIS_MESSAGES as M,
  type Paged,
  parseSampleTime,
  requireEditOrManage,
  requireOpenTask,
  unprocessable,
} from './diagnosis.rules.ts';
import type { PointForWrite } from './diagnosis-points.repo.ts';

/** What the point groups share: the deps and the helpers that load a point and grade it again. */
interface PointContext extends DiagnosisDeps {
  rowOrThrow(actor: Actor, id: string): Promise<QualityRow>;
  pointOrThrow(
    actor: Actor,
    id: string,
    need: DiagnosisRight,
  ): Promise<PointForWrite & { right: DiagnosisRight }>;
  recomputePoints(ids: readonly string[]): ReturnType<DiagnosisDeps['recompute']>;
}

/** Assigned points: their rows, samples, targets, results, and the cause and measure of a miss. */
export function createDiagnosisPointService(deps: DiagnosisDeps) {
  const { repo, access, now } = deps;

  async function rowOrThrow(actor: Actor, id: string): Promise<QualityRow> {
    const row = await repo.pointRow(id, actor.userId);
    if (!row) throw notFound(M.pointNotFound);
    return row;
  }

  async function pointOrThrow(actor: Actor, id: string, need: DiagnosisRight) {
    const { right } = await access.pointRight(actor, id, need);
    const point = await repo.pointForWrite(id);
    if (!point) throw notFound(M.pointNotFound);
    return { ...point, right };
  }

  const recomputePoints = (ids: readonly string[]) => deps.recompute({ assignedPointIds: ids, now: now() });

  const ctx: PointContext = { ...deps, rowOrThrow, pointOrThrow, recomputePoints };
  return { ...pointReading(ctx), ...pointValues(ctx), ...pointMisses(ctx) };
}

/** A publisher sets any target; a charger only those of their own points that allow it. */
export function checkTargetWrite(actor: Actor, point: PointForWrite, target: string | null) {
  if (!isManager(actor)) {
    if (point.chargerUserId !== actor.userId) throw new AppError('FORBIDDEN');
    if (point.notAllowChange) throw unprocessable(M.notAllowChange);
  }
  requireOpenTask(point.taskState);
  checkValue(point.rule, target, '目标值');
}

/** The values a result update writes; a fixed target may only be sent back unchanged. */
function resultValues(point: PointForWrite, body: S.ResultInput) {
  const value = (raw: string | undefined, label: string) => {
    if (raw === undefined) return undefined;
    const checked = emptyToNull(raw);
    checkValue(point.rule, checked, label);
    return checked;
  };
  if (body.revisedTarget !== undefined && point.notAllowChange) {
    const wanted = emptyToNull(body.revisedTarget);
    if (wanted !== null && wanted !== emptyToNull(point.revisedTarget)) throw unprocessable(M.notAllowChange);
  }
  return {
    result: value(body.result, '结果值'),
    revisedResult: value(body.revisedResult, '修正结果值'),
    revisedTarget: point.notAllowChange ? undefined : value(body.revisedTarget, '修正目标值'),
  };
}

/** Reading: the rows of an object task, one row, the samples of a point. */
function pointReading({ repo, access, rowOrThrow }: PointContext) {
  return {
    async points(actor: Actor, objectTaskId: string): Promise<QualityRow[]> {
      await access.objectTaskRight(actor, objectTaskId, 'read');
      return repo.pointRows(objectTaskId, actor.userId);
    },

    async point(actor: Actor, id: string): Promise<QualityRow> {
      await access.pointRight(actor, id, 'read');
      return rowOrThrow(actor, id);
    },

    async samples(actor: Actor, query: S.SamplesInput): Promise<Sample[]> {
      await access.pointRight(actor, query.assignedPointId, 'read');
      return repo.samples({
        pointId: query.assignedPointId,
        startDate: query.startTime,
        endDate: query.endTime,
      });
    },
  };
}

/** The point after a write, its change noted for the operation log. */
function noted(actor: Actor, before: QualityRow, after: QualityRow) {
  notePoint(actor, before, after);
  return after;
}

/** What the operation log compares: the point's own fields, read before a write. */
async function fieldsBefore(repo: PointContext['repo'], actor: Actor, id: string): Promise<QualityRow> {
  const row = await repo.pointFields(id, actor.userId);
  if (!row) throw notFound(M.pointNotFound);
  return row;
}

/** Values: samples, targets and results, each write followed by grading the points again. */
function pointValues(ctx: PointContext) {
  const { repo, access, now, rowOrThrow, pointOrThrow, recomputePoints } = ctx;
  return {
    async insertSample(actor: Actor, body: S.SampleInput): Promise<QualityRow> {
      const point = await pointOrThrow(actor, body.assignedPointId, 'read');
      requireEditOrManage(actor, point.right);
      requireOpenTask(point.taskState);
      checkValue(point.rule, body.value, '采集值');
      const before = await fieldsBefore(repo, actor, point.id);
      await repo.insertSample({
        pointId: point.id,
        at: parseSampleTime(body.time, now()),
        value: body.value,
        numericValue: point.calcMode === 'level' ? null : parseValue(point.dataType, body.value),
        enteredBy: actor.userId,
      });
      await recomputePoints([point.id]);
      return noted(actor, before, await rowOrThrow(actor, point.id));
    },

    async updateTargets(actor: Actor, body: S.TargetsInput) {
      const ids = [...new Set(body.list.map((item) => item.assignedPointId))];
      const points = await repo.pointsForWrite(ids, actor);
      if (points.length !== ids.length) throw notFound(M.pointNotFound);
      const byId = new Map(points.map((p) => [p.id, p]));
      const targets = body.list.map((item) => {
        const target = emptyToNull(item.target);
        checkTargetWrite(actor, byId.get(item.assignedPointId)!, target);
        return { id: item.assignedPointId, target };
      });
      await repo.setTargets(targets);
      await recomputePoints([...byId.keys()]);
      return { updated: byId.size };
    },

    async updateResult(actor: Actor, body: S.ResultInput): Promise<QualityRow> {
      const point = await pointOrThrow(actor, body.assignedPointId, 'edit');
      requireOpenTask(point.taskState);
      if (point.auditState === 'submitted' || point.auditState === 'passed')
        throw unprocessable(M.auditLocked);
      const values = resultValues(point, body);
      if (!Object.values(values).some((v) => v !== undefined)) return rowOrThrow(actor, point.id);
      const before = await fieldsBefore(repo, actor, point.id);
      await repo.setValues(point.id, values, actor.userId);
      await recomputePoints([point.id]);
      return noted(actor, before, await rowOrThrow(actor, point.id));
    },

    async calResult(actor: Actor, objectTaskId: string) {
      const right = await access.objectTaskRight(actor, objectTaskId, 'read');
      requireEditOrManage(actor, right.right);
      const result = await ctx.recompute({ objectTaskIds: [objectTaskId], now: now() });
      return { points: result.points };
    },
  };
}

/** Misses: the disqualified points, with the cause and the measure their charger writes down. */
function pointMisses({ repo, access, rowOrThrow }: PointContext) {
  /** The list and its export read the same rows under the same right. */
  async function pageMisses(
    actor: Actor,
    filter: S.DisqualifiedFilter,
    page: { limit: number; offset: number },
  ) {
    if (filter.objectTaskId) await access.objectTaskRight(actor, filter.objectTaskId, 'read');
    return repo.pageDisqualified(
      { reader: actor, objectTaskId: filter.objectTaskId, taskId: filter.taskId, keyword: filter.keyword },
      page,
    );
  }

  return {
    /** 我负责的质控点: only the caller's own points, so no further check. */
    myPoints(actor: Actor, query: S.MyPointsInput): Promise<Paged<QualityRow>> {
      return repo.pageMyPoints(
        { reader: actor, auditState: query.auditState, keyword: query.keyword },
        pageOf(query),
      );
    },

    disqualified: (actor: Actor, query: S.DisqualifiedInput): Promise<Paged<QualityRow>> =>
      pageMisses(actor, query, pageOf(query)),

    /** Every row of the list under its filters, in its order (the export; at most an import's rows). */
    async allDisqualified(actor: Actor, filter: S.DisqualifiedFilter): Promise<QualityRow[]> {
      return (await pageMisses(actor, filter, { limit: EXPORT_MAX_ROWS, offset: 0 })).records;
    },

    async updateDisqualified(actor: Actor, body: S.CauseInput): Promise<QualityRow> {
      await access.pointRight(actor, body.id, 'edit');
      await repo.setCauseAndMeasure(body.id, body.cause, body.measure);
      return rowOrThrow(actor, body.id);
    },
  };
}
