import {
  type AnalysisGrid,
  type AnalysisSummary,
  type DepartmentAnalysis,
  type DepartmentFinishRate,
  type FinishRateRank,
  type GatherAnalysis,
  type GoalAnalysisFilter,
  type GridCell,
  percentOf,
  roundPercent,
  SCHEDULE_STATUSES,
  type ScheduleStatus,
  TASK_TYPES,
  type TaskStatusAnalysis,
  type TaskType,
  type TypeAnalysis,
  YEAR_TASK_STATES,
  type YearTaskState,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { AnalysisScope, DepartmentRow, GoalSummaryRepo, SummaryRow } from './goal-summary.repo.ts';

const n = (v: string | number | null | undefined) => Number(v ?? 0);

function toSummary(row: SummaryRow | undefined): AnalysisSummary {
  const taskCount = n(row?.taskCount);
  const finishedCount = n(row?.finishedCount);
  return {
    taskCount,
    finishedCount,
    inProgressCount: n(row?.inProgressCount),
    unstartCount: n(row?.unstartCount),
    overdueCount: n(row?.overdueCount),
    processWarningCount: n(row?.processWarningCount),
    expiredWarningCount: n(row?.expiredWarningCount),
    finishRate: percentOf(finishedCount, taskCount),
  };
}

const department = (row: Pick<DepartmentRow, 'departmentId' | 'departmentName' | 'headId' | 'headName'>) => ({
  departmentId: row.departmentId,
  departmentName: row.departmentName,
  headId: row.headId,
  headName: row.headName,
});

function cellOf(counts: { taskCount: number; finishedCount: number; overdueCount: number }): GridCell {
  return { ...counts, finishRate: percentOf(counts.finishedCount, counts.taskCount) };
}
function sumCells(cells: readonly GridCell[]): GridCell {
  return cellOf({
    taskCount: cells.reduce((s, c) => s + c.taskCount, 0),
    finishedCount: cells.reduce((s, c) => s + c.finishedCount, 0),
    overdueCount: cells.reduce((s, c) => s + c.overdueCount, 0),
  });
}

type AnalysisDeps = { repo: GoalSummaryRepo; now?: () => Date };

/**
 * 汇总分析 of target tasks. Who is counted is exactly who the target-task lists show (goal-scopes
 * visibleTask: publishers, school leaders and administrators the whole school; a department head or
 * auditor their departments' and collaborations' tasks; everyone else the tasks they lead or hold a
 * node of), withdrawn tasks left out as the warning counts leave them out.
 */
export function createGoalAnalysisService(deps: AnalysisDeps) {
  const context = analysisContext(deps);
  return { ...overallFigures(context), ...departmentFigures(context), ...departmentTypeGrid(context) };
}

function analysisContext(deps: AnalysisDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  function scopeOf(actor: Actor, filter: GoalAnalysisFilter): AnalysisScope {
    return {
      readers: { kind: 'actor', actor },
      yearTargetId: filter.yearTargetId,
      cycleYear: filter.cycleYear,
      taskType: filter.taskType,
      departmentId: filter.departmentId,
      warning: filter.warningType,
      today: formatDateTime(now())!.slice(0, 10),
    };
  }

  async function departments(actor: Actor, filter: GoalAnalysisFilter) {
    return (await repo.byDepartment(scopeOf(actor, filter))).map((row) => ({
      row,
      summary: toSummary(row),
    }));
  }

  return { repo, scopeOf, departments };
}
type AnalysisContext = ReturnType<typeof analysisContext>;

function overallFigures({ repo, scopeOf }: AnalysisContext) {
  return {
    async taskStatus(actor: Actor, filter: GoalAnalysisFilter): Promise<TaskStatusAnalysis> {
      const found = await repo.statusCounts(scopeOf(actor, filter));
      const countOf = (kind: 'schedule' | 'state', value: string) =>
        n(found.find((r) => r.kind === kind && r.value === value)?.n);
      const scheduleStatuses = SCHEDULE_STATUSES.map((status: ScheduleStatus) => ({
        status,
        count: countOf('schedule', status),
      }));
      return {
        total: scheduleStatuses.reduce((s, c) => s + c.count, 0),
        scheduleStatuses,
        states: YEAR_TASK_STATES.map((state: YearTaskState) => ({ state, count: countOf('state', state) })),
      };
    },

    async gather(actor: Actor, filter: GoalAnalysisFilter): Promise<GatherAnalysis> {
      const row = await repo.summary(scopeOf(actor, filter));
      return {
        ...toSummary(row),
        departmentCount: n(row.departmentCount),
        progress: roundPercent(n(row.progress)),
      };
    },

    async byType(actor: Actor, filter: GoalAnalysisFilter): Promise<TypeAnalysis[]> {
      const found = await repo.byType(scopeOf(actor, filter));
      return TASK_TYPES.map((type: TaskType) => ({
        type,
        ...toSummary(found.find((r) => r.type === type)),
      }));
    },
  };
}

function departmentFigures({ departments }: AnalysisContext) {
  return {
    async departmentFinishRates(actor: Actor, filter: GoalAnalysisFilter): Promise<DepartmentFinishRate[]> {
      return (await departments(actor, filter)).map(({ row, summary }) => ({
        ...department(row),
        taskCount: summary.taskCount,
        finishedCount: summary.finishedCount,
        unfinishedCount: summary.taskCount - summary.finishedCount,
        finishRate: summary.finishRate,
        progress: roundPercent(n(row.progress)),
      }));
    },

    async finishRateRank(actor: Actor, filter: GoalAnalysisFilter): Promise<FinishRateRank[]> {
      return (await departments(actor, filter)).map(({ row, summary }) => ({
        rank: n(row.rank),
        ...department(row),
        taskCount: summary.taskCount,
        finishedCount: summary.finishedCount,
        finishRate: summary.finishRate,
      }));
    },

    async byDepartment(actor: Actor, filter: GoalAnalysisFilter): Promise<DepartmentAnalysis[]> {
      return (await departments(actor, filter)).map(({ row, summary }) => ({
        ...department(row),
        ...summary,
        progress: roundPercent(n(row.progress)),
      }));
    },
  };
}

function departmentTypeGrid({ repo, scopeOf }: AnalysisContext) {
  return {
    async grid(actor: Actor, filter: GoalAnalysisFilter): Promise<AnalysisGrid> {
      const found = await repo.grid(scopeOf(actor, filter));
      const types = [...TASK_TYPES];
      const byDepartment = new Map<string, typeof found>();
      for (const row of found) {
        byDepartment.set(row.departmentId, [...(byDepartment.get(row.departmentId) ?? []), row]);
      }
      const rows = [...byDepartment.values()].map((cellsOf) => {
        const cells = types.map((type) => {
          const cell = cellsOf.find((r) => r.type === type);
          return cellOf({
            taskCount: n(cell?.taskCount),
            finishedCount: n(cell?.finishedCount),
            overdueCount: n(cell?.overdueCount),
          });
        });
        return { ...department(cellsOf[0]!), cells, total: sumCells(cells) };
      });
      const totals = types.map((_, i) => sumCells(rows.map((r) => r.cells[i]!)));
      return { types, rows, totals, total: sumCells(totals) };
    },
  };
}

export type GoalAnalysisService = ReturnType<typeof createGoalAnalysisService>;
