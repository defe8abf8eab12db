import {
  bandsByYear,
  type Direction,
  effectiveValue,
  numericValueOf,
  type ObjectLevel,
  type PastPointGroup,
  proposedTargetError,
  readTarget,
  SIMULATION_NOTE,
  simulateCycles,
  TARGET_BAND_EMPTY,
  type TargetBand,
  type TargetBandQuery,
  WARNINGS_FOLLOW_TARGET,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { ruleOf, todayOf } from '../diagnosis/recompute.ts';
import type { TargetBandRepo } from './target-band.repo.ts';

export const TARGET_BAND_MESSAGES = {
  pointNotFound: '质控点不存在',
} as const;

/** 目标权限: the 目标标准 menu, or its maintenance (who sets targets). */
export const canSeeTargetBand = (actor: Actor) =>
  actor.actions.has('standards.manage') || actor.menuKeys.has('target');

type Band = TargetBand['band'];

/**
 * 目标定位 of a quality point: the peers' bands of its linked 质量年报 indicator, and its past cycles judged
 * against a proposed target (the point's standard value when none is given). Reads are set-based; the
 * rules are the contract's pure modules.
 */
export function createTargetBandService(deps: { repo: TargetBandRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async query(actor: Actor, query: TargetBandQuery): Promise<TargetBand> {
      if (!canSeeTargetBand(actor)) throw new AppError('FORBIDDEN');
      const point = await repo.findPoint(query.pointId);
      if (!point) throw notFound(TARGET_BAND_MESSAGES.pointNotFound);
      const rule = ruleOf(point);
      const given = query.target?.trim() || null;
      if (given !== null) {
        const problem = proposedTargetError(rule, given);
        if (problem) throw new AppError('VALIDATION', problem);
      }
      const currentTarget = effectiveValue(point.standardValue, null);
      const proposedTarget = given ?? currentTarget;
      const proposedValue = numericValueOf(rule, proposedTarget);

      const today = todayOf(now());
      const groups: PastPointGroup[] = (await repo.pastGroups(point.id)).map((g) => ({
        taskId: g.taskId,
        taskName: g.taskName,
        period: g.period,
        endDate: g.endDate,
        closed: g.state === 'finished' || g.endDate < today,
        targetValue: g.targetValue,
        revisedTarget: g.revisedTarget,
        result: g.result,
        revisedResult: g.revisedResult,
        grade: g.grade,
        below: g.below,
        objects: g.objects,
        warnings: g.warnings,
      }));
      const cycles = simulateCycles(rule, groups, proposedTarget);

      return {
        point: {
          id: point.id,
          name: point.name,
          level: point.level as ObjectLevel,
          dataType: rule.dataType,
          direction: rule.direction,
          calcMode: rule.calcMode,
          currentTarget,
          warningMode: rule.warningMode,
          warningCondition: rule.warningCondition,
          warningValue: rule.warningValue,
        },
        proposedTarget,
        proposedValue,
        band: await bandOf(repo, { pointId: point.id, scope: query.scope, proposedValue }),
        simulation: { warningsFollowTarget: WARNINGS_FOLLOW_TARGET, note: SIMULATION_NOTE, cycles },
      };
    },
  };
}

/** The peers' bands of the point's linked indicator, read against the proposed value; or why there are none. */
async function bandOf(
  repo: TargetBandRepo,
  input: {
    pointId: string;
    scope: TargetBandQuery['scope'];
    proposedValue: number | null;
  },
): Promise<Band> {
  const source = await repo.bandSource(input.pointId);
  const indicator = source.indicatorId
    ? {
        id: source.indicatorId,
        name: source.indicatorName ?? '',
        unit: source.unit ?? '',
        direction: (source.indicatorDirection === '<' ? '<' : '>') as Direction,
        tableKind: source.tableKind!,
      }
    : null;
  const ownSchool = source.ownCode
    ? {
        code: source.ownCode,
        name: source.ownName ?? '',
        province: source.ownProvince ?? '',
        level: source.ownLevel ?? '',
      }
    : null;
  const empty = (reason: string): Band => ({
    scope: input.scope,
    indicator,
    ownSchool,
    isDemo: false,
    emptyReason: reason,
    years: [],
    reading: null,
  });
  if (!indicator) return empty(TARGET_BAND_EMPTY.noIndicator);
  if (!ownSchool) return empty(TARGET_BAND_EMPTY.noOwnSchool);
  const values = await repo.peerValues({
    indicatorId: indicator.id,
    level: ownSchool.level,
    province: ownSchool.province,
    scope: input.scope,
  });
  const { years, isDemo } = bandsByYear({
    values,
    ownSchoolCode: ownSchool.code,
    direction: indicator.direction,
  });
  if (years.length === 0) return empty(TARGET_BAND_EMPTY.noValues);
  return {
    scope: input.scope,
    indicator,
    ownSchool,
    isDemo,
    emptyReason: null,
    years,
    reading: readTarget({ years, direction: indicator.direction, proposedValue: input.proposedValue }),
  };
}

export type TargetBandService = ReturnType<typeof createTargetBandService>;
