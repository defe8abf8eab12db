import type {
  DynamicChart,
  DynamicChartData,
  DynamicChartSourceType,
  DynamicChartsReplaceInput,
} from '@eduqa/contract';
import { type Actor, can } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { type AlgorithmRunner, noCurrentVersionMessage } from '../algorithms/algorithm-runner.ts';
import type { DashboardsRepo } from './dashboards.repo.ts';
import { DASHBOARD_MESSAGES, isDashboardManager, paramsOf, yearOf } from './dashboards.service.ts';

export const DYNAMIC_CHART_MESSAGES = {
  chartMissing: '图表不存在',
  objectMissing: '诊断对象不存在或无权查看',
} as const;

const cellOf = (value: unknown): string | number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '是' : '否';
  return JSON.stringify(value);
};

/**
 * 动态图表 (spec 2 §2.8, §7.2): a source's charts (a portrait entry, or a dashboard) and their rows —
 * each chart's detail algorithm run by the safe runner over the chosen dates, for the portrait's object
 * (when the caller may see it) or the caller's own context.
 */
export function createDynamicChartsService(deps: {
  repo: DashboardsRepo;
  runner: AlgorithmRunner;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** A portrait's charts follow the portrait: the 智能分析 menu, and its grant when it has one. */
  async function assertSource(actor: Actor, sourceType: DynamicChartSourceType, sourceId: string) {
    if (sourceType === 'dashboard') {
      if (!can(actor, { kind: 'menu', key: 'index' })) throw new AppError('FORBIDDEN');
      return;
    }
    if (!can(actor, { kind: 'menu', key: 'analysis' })) throw new AppError('FORBIDDEN');
    if (isDashboardManager(actor)) return;
    const roles = await repo.portraitGrantRoles(sourceId);
    if (roles.length && !roles.some((r) => actor.roleIds.includes(r))) throw new AppError('FORBIDDEN');
  }

  return {
    async list(input: {
      actor: Actor;
      sourceType: DynamicChartSourceType;
      sourceId: string;
    }): Promise<DynamicChart[]> {
      await assertSource(input.actor, input.sourceType, input.sourceId);
      return repo.dynamicCharts(input.sourceType, input.sourceId);
    },

    /** The source's charts replaced by the list, in its order; each bound to a group with a detail version. */
    async replace(input: { actor: Actor; data: DynamicChartsReplaceInput }): Promise<DynamicChart[]> {
      if (!isDashboardManager(input.actor)) throw new AppError('FORBIDDEN');
      const { sourceId, sourceType, charts } = input.data;
      const kept = new Set((await repo.dynamicCharts(sourceType, sourceId)).map((c) => c.id));
      const groupIds = [...new Set(charts.map((c) => c.algorithmGroupId))];
      const groups = new Map((await repo.findGroups(groupIds)).map((g) => [g.id, g]));
      const published = await repo.publishedDetailVersions(groupIds);
      const items = charts.map((chart) => {
        const group = groups.get(chart.algorithmGroupId);
        if (!group) throw new AppError('VALIDATION', `${chart.name}：${DASHBOARD_MESSAGES.groupMissing}`);
        const version = chart.algorithmVersion;
        if (version !== null && !published.has(`${group.id}:${version}`))
          throw new AppError('VALIDATION', DASHBOARD_MESSAGES.versionMissing(group.name, version));
        if (version === null && group.detailVersion === null)
          throw new AppError('VALIDATION', noCurrentVersionMessage(group.name, 'detail'));
        return {
          id: chart.id && kept.has(chart.id) ? chart.id : newId(),
          name: chart.name,
          chartKind: chart.chartKind,
          algorithmGroupId: group.id,
          algorithmVersion: version,
          width: chart.width,
        };
      });
      if (new Set(items.map((i) => i.id)).size !== items.length)
        throw new AppError('VALIDATION', '同一个图表不能出现两次');
      await repo.replaceDynamicCharts(sourceType, sourceId, items);
      return repo.dynamicCharts(sourceType, sourceId);
    },

    /** The chart's rows over the dates (default: this year); no rows is an empty list. */
    async data(input: {
      actor: Actor;
      id: string;
      startDate?: string | undefined;
      endDate?: string | undefined;
      objectId?: string | undefined;
    }): Promise<DynamicChartData> {
      const chart = await repo.findDynamicChart(input.id);
      if (!chart) throw notFound(DYNAMIC_CHART_MESSAGES.chartMissing);
      await assertSource(input.actor, chart.sourceType, chart.sourceId);
      if (!chart.algorithmGroupId) throw new AppError('UNPROCESSABLE', DASHBOARD_MESSAGES.groupMissing);
      const object = input.objectId
        ? await repo.findVisibleObject(input.actor, input.objectId)
        : await repo.callerContext(input.actor.userId);
      if (!object)
        throw input.objectId
          ? notFound(DYNAMIC_CHART_MESSAGES.objectMissing)
          : new AppError('UNPROCESSABLE', DASHBOARD_MESSAGES.noContext);
      const year = yearOf(now());
      const start = input.startDate ?? year.start;
      const end = input.endDate ?? (input.startDate ? `${input.startDate.slice(0, 4)}-12-31` : year.end);
      if (start > end) throw new AppError('VALIDATION', '开始日期不能晚于结束日期');
      const algorithm = await deps.runner.resolve(
        chart.algorithmGroupId,
        'detail',
        chart.algorithmVersion ?? undefined,
      );
      const run = await deps.runner.run(algorithm, paramsOf(object, start, end));
      return {
        columns: run.columns,
        rows: run.rows.map((row) => Object.fromEntries(run.columns.map((c) => [c, cellOf(row[c])]))),
        truncated: run.truncated,
      };
    },
  };
}

export type DynamicChartsService = ReturnType<typeof createDynamicChartsService>;
