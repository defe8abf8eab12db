import {
  computeTaskFigures,
  type DataType,
  effectiveValue,
  type PagingQuery,
  PORTRAIT_GRADES,
  type PortraitData,
  type PortraitGrade,
  type PortraitPoint,
  type PortraitSubject,
  type PortraitSummary,
  type PortraitTrendPoint,
  parseValue,
  pointPortraitGrade,
  portraitGradeOfPoints,
  type WarehouseTable,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isAnalysisManager } from './authority.access.ts';
import type { AuthorityService } from './authority.service.ts';
import type { PortraitDataRepo, PortraitPointRow, PortraitTrendRow } from './portraits.data.repo.ts';
import type { PortraitsRepo } from './portraits.repo.ts';

export const PORTRAIT_DATA_MESSAGES = { taskNotFound: '该对象没有这个诊断任务' } as const;

const toPoint = (row: PortraitPointRow): PortraitPoint => {
  const result = effectiveValue(row.result, row.revisedResult);
  return {
    assignedPointId: row.assignedPointId,
    qualityPointId: row.qualityPointId,
    name: row.name,
    indicator: row.indicator ?? '',
    dataType: row.dataType,
    result,
    target: effectiveValue(row.target, row.revisedTarget),
    grade: row.grade,
    resultSource: row.resultSource,
    // The catalogue's 未达标 and 未完成 (figures.ts): a point's tags are the points the summary counts.
    below: result !== null && row.below,
    unfinished: result === null,
    warnings: Number(row.warnings),
  };
};

/**
 * The summary of one object task's points: the catalogue's figures (figures.ts), the same function a
 * report of this object task computes its overview with. The portrait grade keeps its own share (met
 * points over all points, portrait-grade.ts), which is not 达标率 and is not shown as one.
 */
export function summarize(rows: readonly PortraitPointRow[]): PortraitSummary & { grade: PortraitGrade } {
  const facts = rows.map((r) => {
    const p = toPoint(r);
    return {
      hasResult: p.result !== null,
      grade: p.grade,
      below: p.below,
      warnings: Number(r.warnings),
      handledWarnings: Number(r.handled),
    };
  });
  return { ...computeTaskFigures(facts), grade: portraitGradeOfPoints(facts) };
}

/** Points per portrait label, all five in the labels' order. */
export function gradeDistribution(points: readonly PortraitPoint[]) {
  const counts = new Map<PortraitGrade, number>(PORTRAIT_GRADES.map((g) => [g, 0]));
  for (const p of points) {
    const label = pointPortraitGrade(p.grade);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return PORTRAIT_GRADES.map((grade) => ({ grade, count: counts.get(grade) ?? 0 }));
}

/** The trend rows (ordered by point, then task) grouped per point, values read as numbers. */
export function trendOf(rows: readonly PortraitTrendRow[]): PortraitTrendPoint[] {
  const byPoint = new Map<string, PortraitTrendPoint>();
  for (const r of rows) {
    const entry = byPoint.get(r.qualityPointId) ?? {
      qualityPointId: r.qualityPointId,
      name: r.name,
      values: [],
    };
    const dataType = r.dataType as DataType;
    entry.values.push({
      taskId: r.taskId,
      period: r.period,
      result: parseValue(dataType, r.result),
      target: parseValue(dataType, r.target),
      grade: r.grade,
    });
    byPoint.set(r.qualityPointId, entry);
  }
  return [...byPoint.values()];
}

const EMPTY_SUMMARY: PortraitSummary = computeTaskFigures([]);

/**
 * 画像 data: the object list of a subject and one object's portrait, built from its latest (or chosen)
 * diagnosis task. Both check the object authority first (authority.service.ts).
 */
export function createPortraitDataService(deps: {
  repo: PortraitDataRepo;
  portraits: PortraitsRepo;
  authority: AuthorityService;
  /** The warehouse module's table read (name and row count); throws not-found for an unknown table. */
  warehouseTable(id: string): Promise<Pick<WarehouseTable, 'name' | 'rowCount'>>;
}) {
  const { repo, authority } = deps;

  /** The row counts of the warehouse tables named by the cards of the subject the actor may see. */
  async function warehouseCounts(actor: Actor, subject: PortraitSubject) {
    const cards = await deps.portraits.list({
      kind: 'card',
      subject,
      grantedTo: isAnalysisManager(actor) ? null : actor.roleIds,
    });
    const counted = cards.filter(
      (c) => c.config.measures.includes('warehouseCount') && c.config.warehouseTableId,
    );
    return Promise.all(
      counted.map(async (card) => {
        const table = await deps.warehouseTable(card.config.warehouseTableId!).catch((error: unknown) => {
          if (error instanceof AppError && error.kind === 'NOT_FOUND') return null;
          throw error;
        });
        return {
          cardId: card.id,
          cardName: card.name,
          tableName: table?.name ?? '（数据仓库表已删除）',
          rowCount: table?.rowCount ?? null,
        };
      }),
    );
  }

  return {
    async objects(
      actor: Actor,
      input: { subject: PortraitSubject; keyword?: string | undefined; paging: PagingQuery },
    ) {
      if (!(await authority.subjectGranted(actor, input.subject))) throw new AppError('FORBIDDEN');
      return repo.objectPage(actor, input, input.paging);
    },

    async data(
      actor: Actor,
      input: { subject: PortraitSubject; objectId: string; taskId?: string | undefined },
    ): Promise<PortraitData> {
      await authority.assertObject(actor, input.subject, input.objectId);
      const object = await repo.object(input.objectId);
      if (!object) throw notFound('画像对象不存在');
      const taskRows = await repo.tasksOf(input.objectId);
      const chosen = input.taskId ? taskRows.find((r) => r.id === input.taskId) : taskRows[0];
      if (input.taskId && !chosen) throw notFound(PORTRAIT_DATA_MESSAGES.taskNotFound);
      const tasks = taskRows.map(({ id, name, period }) => ({ id, name, period }));
      const warehouse = await warehouseCounts(actor, input.subject);
      if (!chosen) {
        return {
          object,
          tasks,
          task: null,
          grade: 'unrated',
          summary: EMPTY_SUMMARY,
          grades: gradeDistribution([]),
          warningsByMonth: [],
          points: [],
          trend: [],
          warehouse,
        };
      }
      const [pointRows, warningsByMonth, trendRows] = await Promise.all([
        repo.points(chosen.objectTaskId),
        repo.warningsByMonth(chosen.objectTaskId),
        repo.trend(input.objectId, chosen.objectTaskId),
      ]);
      const points = pointRows.map(toPoint);
      const { grade, ...summary } = summarize(pointRows);
      return {
        object,
        tasks,
        task: { id: chosen.id, name: chosen.name, period: chosen.period },
        grade,
        summary,
        grades: gradeDistribution(points),
        warningsByMonth,
        points,
        trend: trendOf(trendRows),
        warehouse,
      };
    },
  };
}

export type PortraitDataService = ReturnType<typeof createPortraitDataService>;
