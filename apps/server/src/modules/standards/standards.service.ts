import { createCategoryService } from './standards.categories.ts';
import { createCycleService, createCycleTypeService } from './standards.cycles.ts';
import { createDimensionService } from './standards.dimensions.ts';
import { createIndicatorService } from './standards.indicators.ts';
import { createPointService } from './standards.points.ts';
import type { StandardsRepo } from './standards.repo.ts';

export {
  type CategoryInput,
  defaultTableName,
  type IndicatorInput,
  MAX_INDICATOR_DEPTH,
  type PointInput,
  pointColumns,
} from './standards.model.ts';

/**
 * Target standards: indicator categories → indicator tree → quality points; cycles and dimensions.
 * Routes have checked the caller's menu or `standards.manage`; the rules that keep the indicator system
 * consistent live here. A seed may call the same functions (`createStandardsService({ standardsRepo })`).
 */
export function createStandardsService(deps: { standardsRepo: StandardsRepo }) {
  const repo = deps.standardsRepo;
  return {
    ...createCategoryService(repo),
    ...createIndicatorService(repo),
    ...createPointService(repo),
    ...createCycleTypeService(repo),
    ...createCycleService(repo),
    ...createDimensionService(repo),
  };
}

export type StandardsService = ReturnType<typeof createStandardsService>;
