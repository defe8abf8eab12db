import type { ImportRowError, ObjectLevel } from '@eduqa/contract';
import { z } from 'zod';
import { importErrors } from '../../platform/excel/row-errors.ts';
import type { WorkbookInput } from '../../platform/excel/source.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { createExcelImport, type ImportStage } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { createDimensionTransfer } from './standards.dimensions-excel.ts';
import {
  indicatorWorkbook,
  levelHeader,
  type SheetRow,
  sheetRow,
  TEMPLATE_EXAMPLE,
  TEMPLATE_LEVELS,
  weightHeader,
} from './standards.excel.ts';
import { type ParsedRow, readWorkbook } from './standards.excel-read.ts';
import type { CategoryRow, IndicatorRow, PointInsert, PointRow, StandardsRepo } from './standards.repo.ts';
import { defaultTableName, MAX_INDICATOR_DEPTH, pointColumns } from './standards.service.ts';

export interface ImportResult {
  imported: boolean;
  categories: number;
  indicators: number;
  points: number;
  errors: ImportRowError[];
  /** Present when there are errors: all of them, of which `errors` lists the first. */
  errorCount?: number;
}

/** The job kind of the indicator-system import. */
export const INDICATOR_IMPORT_JOB = 'standards-indicator-import';

const key = (...parts: Array<string | null>) => parts.map((p) => p ?? '').join('\u0000');

/** What the transfer is built from (wired in app.ts). */
interface TransferDeps {
  standardsRepo: StandardsRepo;
  jobs: Jobs;
  storage: FileStorage;
}

/** Excel export and import of the whole indicator system (categories → indicators → points), and of dimensions. */
export function createStandardsTransfer(deps: TransferDeps) {
  return { ...workbookExport(deps), ...workbookImport(deps), ...createDimensionTransfer(deps) };
}

/** The template, and the stored system written out in the template's shape. */
function workbookExport({ standardsRepo: repo }: TransferDeps) {
  return {
    template: () => indicatorWorkbook({ levels: TEMPLATE_LEVELS, rows: [TEMPLATE_EXAMPLE], withHelp: true }),

    /** Every category, its indicators depth-first in order, and each leaf's points. */
    async exportWorkbook(): Promise<Buffer> {
      const [categories, indicators, points] = await Promise.all([
        repo.findCategories(),
        repo.findIndicators(),
        repo.findAllPoints(),
      ]);
      const levels = Math.max(TEMPLATE_LEVELS, ...indicators.map((i) => i.depth));
      const children = new Map<string, IndicatorRow[]>();
      for (const row of indicators) {
        const k = key(row.categoryId, row.parentId);
        children.set(k, [...(children.get(k) ?? []), row]);
      }
      for (const list of children.values()) list.sort((a, b) => a.sort - b.sort);
      const pointsOf = new Map<string, PointRow[]>();
      for (const p of points) pointsOf.set(p.indicatorId, [...(pointsOf.get(p.indicatorId) ?? []), p]);

      const rows: SheetRow[] = [];
      for (const category of categories) {
        const emit = (path: IndicatorRow[], point: PointRow | null) =>
          rows.push(
            sheetRow({
              category,
              path: path.map((n) => n.name),
              weights: path.map((n) => n.weight),
              levels,
              point,
            }),
          );
        const walk = (parentId: string | null, path: IndicatorRow[]) => {
          for (const node of children.get(key(category.id, parentId)) ?? []) {
            const here = [...path, node];
            const own = pointsOf.get(node.id) ?? [];
            const below = children.get(key(category.id, node.id)) ?? [];
            for (const p of own) emit(here, p);
            if (below.length) walk(node.id, here);
            else if (own.length === 0) emit(here, null);
          }
        };
        if ((children.get(key(category.id, null)) ?? []).length === 0) emit([], null);
        else walk(null, []);
      }
      return indicatorWorkbook({ levels, rows, withHelp: false });
    },
  };
}

/** The import, run as a job over an uploaded workbook. */
function workbookImport(deps: TransferDeps) {
  const repo = deps.standardsRepo;

  /**
   * All or nothing: every row is checked (on its own, against the other rows and against what is
   * stored) before anything is written; one bad row imports nothing and every bad row is listed.
   * Existing categories (level + name), indicators (path) and points (indicator + name) are reused;
   * the points, and the weights of indicators whose weight cell is filled, are updated from the sheet.
   */
  async function importWorkbook(
    input: WorkbookInput,
    stage: (stage: ImportStage) => Promise<void>,
  ): Promise<ImportResult> {
    const parsed = await readWorkbook(input);
    const empty = { imported: false, categories: 0, indicators: 0, points: 0 };
    if (parsed.rows.length === 0) return { ...empty, ...importErrors(parsed.errors, parsed.errorCount) };
    await stage('checking');
    const [categoryRows, indicatorRows, pointRows] = await Promise.all([
      repo.findCategories(),
      repo.findIndicators(),
      repo.findAllPoints(),
    ]);
    const plan = planImport({ rows: parsed.rows, categoryRows, indicatorRows, pointRows });
    // Rows that failed on their own are left out of the plan; their errors join the plan's.
    if (parsed.errorCount + plan.errors.length > 0) {
      const errors = [...parsed.errors, ...plan.errors];
      return { ...empty, ...importErrors(errors, parsed.errorCount + plan.errors.length) };
    }
    await stage('writing');
    await repo.transaction(async (tx) => {
      await tx.insertCategories(plan.newCategories);
      await tx.insertIndicators(plan.newIndicators);
      await tx.insertPoints(plan.newPoints);
      for (const update of plan.weightUpdates) await tx.updateIndicator(update.id, { weight: update.weight });
      for (const update of plan.pointUpdates) await tx.updatePoint(update.id, update.changes);
    });
    return {
      imported: true,
      categories: plan.newCategories.length,
      indicators: plan.newIndicators.length,
      points: plan.newPoints.length + plan.pointUpdates.length,
      errors: [],
    };
  }

  return {
    indicatorImport: createExcelImport(deps, {
      kind: INDICATOR_IMPORT_JOB,
      label: '导入诊断指标',
      input: z.object({}),
      prepare: async () => ({}),
      run: ({ bytes, stage }) => importWorkbook(bytes, stage),
    }),
  };
}

interface PlanInput {
  rows: ParsedRow[];
  categoryRows: CategoryRow[];
  indicatorRows: IndicatorRow[];
  pointRows: PointRow[];
}

/**
 * What the plan knows while it goes down the sheet: what is stored, plus what the rows above added,
 * so that a later row reuses the category or indicator an earlier row created.
 */
interface PlanState {
  now: Date;
  errors: ImportRowError[];
  /** By level and name. */
  categories: Map<string, CategoryRow>;
  categorySort: number;
  newCategories: CategoryRow[];
  /** By category, parent and name. */
  byPath: Map<string, IndicatorRow>;
  /** The highest sort among the children of a category and parent. */
  maxSort: Map<string, number>;
  hasChildren: Set<string>;
  newIndicators: IndicatorRow[];
  storedIndicatorIds: Set<string>;
  /** The weight each indicator got from the sheet, and the first row that gave it. */
  sheetWeights: Map<string, { weight: number; row: number }>;
  /** Stored indicators whose weight the sheet changes. */
  weightUpdates: Map<string, number>;
  storedPointCount: Map<string, number>;
  /** By indicator and name. */
  storedPoints: Map<string, PointRow>;
}

/** A row's point, placed under the indicator it names. */
interface PlannedPoint {
  row: ParsedRow;
  indicatorId: string;
  indicatorName: string;
  level: ObjectLevel;
}

/** Resolves parsed rows against what is stored: what to insert, what to update, and what is wrong. */
export function planImport(input: PlanInput) {
  const state = planState(input);
  const planned: PlannedPoint[] = [];
  for (const row of input.rows) {
    const item = placeRow(state, row);
    if (item) planned.push(item);
  }
  const { newPoints, pointUpdates } = planPoints(state, input.pointRows, planned);
  const { errors, newCategories, newIndicators } = state;
  errors.sort((a, b) => a.row - b.row);
  const weightUpdates = [...state.weightUpdates].map(([id, weight]) => ({ id, weight }));
  return { errors, newCategories, newIndicators, newPoints, pointUpdates, weightUpdates };
}

function planState(input: PlanInput): PlanState {
  const state: PlanState = {
    now: new Date(),
    errors: [],
    categories: new Map(input.categoryRows.map((c) => [key(c.level, c.name), c])),
    categorySort: Math.max(0, ...input.categoryRows.map((c) => c.sort)),
    newCategories: [],
    byPath: new Map(),
    maxSort: new Map(),
    hasChildren: new Set(),
    newIndicators: [],
    storedIndicatorIds: new Set(input.indicatorRows.map((i) => i.id)),
    sheetWeights: new Map(),
    weightUpdates: new Map(),
    storedPointCount: new Map(),
    storedPoints: new Map(),
  };
  for (const row of input.indicatorRows) {
    state.byPath.set(key(row.categoryId, row.parentId, row.name), row);
    const siblings = key(row.categoryId, row.parentId);
    state.maxSort.set(siblings, Math.max(state.maxSort.get(siblings) ?? 0, row.sort));
    if (row.parentId) state.hasChildren.add(row.parentId);
  }
  for (const p of input.pointRows) {
    state.storedPointCount.set(p.indicatorId, (state.storedPointCount.get(p.indicatorId) ?? 0) + 1);
    state.storedPoints.set(key(p.indicatorId, p.name), p);
  }
  return state;
}

/** A row's category and indicators, reused or planned; its point's place, or null when it has none. */
function placeRow(state: PlanState, row: ParsedRow): PlannedPoint | null {
  const category = categoryOf(state, row.category);
  let parent = null as IndicatorRow | null;
  for (const [i, name] of row.path.entries()) {
    const depth = i + 1;
    let node = state.byPath.get(key(category.id, parent?.id ?? null, name));
    if (!node) {
      const problem = newIndicatorProblem(state, parent, depth);
      if (problem) {
        state.errors.push({ row: row.row, column: levelHeader(depth), message: problem });
        return null;
      }
      node = newIndicator(state, { category, parent, name, depth });
    }
    if (!placeWeight(state, { row, node, depth, weight: row.weights[i] ?? null })) return null;
    if (parent) state.hasChildren.add(parent.id);
    parent = node;
  }
  if (!row.point || !parent) return null;
  return { row, indicatorId: parent.id, indicatorName: parent.name, level: category.level as ObjectLevel };
}

/**
 * A row's weight for an indicator: a new indicator takes it, a stored one is updated when it differs;
 * two rows naming the same indicator with different weights are an error (false).
 */
function placeWeight(
  state: PlanState,
  at: { row: ParsedRow; node: IndicatorRow; depth: number; weight: number | null },
): boolean {
  const { row, node, depth, weight } = at;
  if (weight === null) return true;
  const earlier = state.sheetWeights.get(node.id);
  if (earlier) {
    if (earlier.weight === weight) return true;
    state.errors.push({
      row: row.row,
      column: weightHeader(depth),
      message: `与第${earlier.row}行「${node.name}」的权重${earlier.weight}不一致`,
    });
    return false;
  }
  state.sheetWeights.set(node.id, { weight, row: row.row });
  if (!state.storedIndicatorIds.has(node.id)) node.weight = weight;
  else if (node.weight !== weight) state.weightUpdates.set(node.id, weight);
  return true;
}

function categoryOf(state: PlanState, c: ParsedRow['category']): CategoryRow {
  const found = state.categories.get(key(c.level, c.name));
  if (found) return found;
  const category: CategoryRow = {
    id: newId(),
    name: c.name,
    icon: c.icon ?? 'other',
    level: c.level,
    tableName: c.tableName ?? defaultTableName(c.name),
    sort: ++state.categorySort,
    createdAt: state.now,
  };
  state.categories.set(key(c.level, c.name), category);
  state.newCategories.push(category);
  return category;
}

/** Why no indicator may be added at `depth` under `parent`: too deep, or the parent already holds points. */
function newIndicatorProblem(state: PlanState, parent: IndicatorRow | null, depth: number): string | null {
  if (depth > MAX_INDICATOR_DEPTH) return `指标最多${MAX_INDICATOR_DEPTH}级`;
  if (parent && (state.storedPointCount.get(parent.id) ?? 0) > 0)
    return `指标「${parent.name}」下已有质控点，不能添加下级指标`;
  return null;
}

function newIndicator(
  state: PlanState,
  at: { category: CategoryRow; parent: IndicatorRow | null; name: string; depth: number },
): IndicatorRow {
  const { category, parent, name, depth } = at;
  const siblings = key(category.id, parent?.id ?? null);
  const sort = (state.maxSort.get(siblings) ?? 0) + 1;
  state.maxSort.set(siblings, sort);
  const node: IndicatorRow = {
    id: newId(),
    categoryId: category.id,
    parentId: parent?.id ?? null,
    code: null,
    name,
    depth,
    sort,
    weight: null,
    createdAt: state.now,
  };
  state.byPath.set(key(category.id, node.parentId, name), node);
  state.newIndicators.push(node);
  return node;
}

/**
 * The points to insert or update, once every row's indicators are known: only then can a point
 * under an indicator that a later row gave children be refused.
 */
function planPoints(state: PlanState, pointRows: readonly PointRow[], planned: readonly PlannedPoint[]) {
  const seen = new Map<string, number>();
  const newPoints: PointInsert[] = [];
  const pointUpdates: Array<{ id: string; changes: Omit<PointInsert, 'id' | 'createdAt'> }> = [];
  const pointSort = new Map<string, number>();
  for (const p of pointRows)
    pointSort.set(p.indicatorId, Math.max(pointSort.get(p.indicatorId) ?? 0, p.sort));
  for (const item of planned) {
    const point = item.row.point!;
    if (state.hasChildren.has(item.indicatorId)) {
      state.errors.push({
        row: item.row.row,
        column: item.row.pathColumn ?? levelHeader(1),
        message: `质控点只能挂在末级指标下，指标「${item.indicatorName}」还有下级指标`,
      });
      continue;
    }
    const pointKey = key(item.indicatorId, point.name);
    const earlier = seen.get(pointKey);
    if (earlier !== undefined) {
      state.errors.push({ row: item.row.row, column: '质控点名称', message: `与第${earlier}行的质控点重复` });
      continue;
    }
    seen.set(pointKey, item.row.row);
    const columns = pointColumns({ ...point, indicatorId: item.indicatorId }, item.level);
    const stored = state.storedPoints.get(pointKey);
    if (stored) {
      pointUpdates.push({ id: stored.id, changes: { ...columns, sort: point.sort ?? stored.sort } });
    } else {
      const sort = point.sort ?? (pointSort.get(item.indicatorId) ?? 0) + 1;
      pointSort.set(item.indicatorId, Math.max(pointSort.get(item.indicatorId) ?? 0, sort));
      newPoints.push({ id: newId(), ...columns, sort });
    }
  }
  return { newPoints, pointUpdates };
}
