import type { ImportRowError, ObjectLevel } from '@eduqa/contract';
import { z } from 'zod';
import { importErrors } from '../../platform/excel/row-errors.ts';
import type { WorkbookInput } from '../../platform/excel/source.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { createExcelImport, type ImportStage } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import {
  indicatorWorkbook,
  levelHeader,
  type SheetRow,
  sheetRow,
  TEMPLATE_EXAMPLE,
  TEMPLATE_LEVELS,
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

/** Excel export and import of the whole indicator system (categories → indicators → points). */
export function createStandardsTransfer(deps: {
  standardsRepo: StandardsRepo;
  jobs: Jobs;
  storage: FileStorage;
}) {
  const repo = deps.standardsRepo;

  /**
   * All or nothing: every row is checked (on its own, against the other rows and against what is
   * stored) before anything is written; one bad row imports nothing and every bad row is listed.
   * Existing categories (level + name), indicators (path) and points (indicator + name) are reused;
   * the points are updated from the sheet.
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
        const emit = (path: string[], point: PointRow | null) =>
          rows.push(sheetRow({ category, path, levels, point }));
        const walk = (parentId: string | null, path: string[]) => {
          for (const node of children.get(key(category.id, parentId)) ?? []) {
            const here = [...path, node.name];
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

    indicatorImport: createExcelImport(deps, {
      kind: INDICATOR_IMPORT_JOB,
      input: z.object({}),
      prepare: async () => ({}),
      run: ({ bytes, stage }) => importWorkbook(bytes, stage),
    }),
  };
}

/** Resolves parsed rows against what is stored: what to insert, what to update, and what is wrong. */
export function planImport(input: {
  rows: ParsedRow[];
  categoryRows: CategoryRow[];
  indicatorRows: IndicatorRow[];
  pointRows: PointRow[];
}) {
  const errors: ImportRowError[] = [];
  const categories = new Map<string, CategoryRow>(input.categoryRows.map((c) => [key(c.level, c.name), c]));
  const newCategories: CategoryRow[] = [];
  let categorySort = Math.max(0, ...input.categoryRows.map((c) => c.sort));

  const byPath = new Map<string, IndicatorRow>();
  const maxSort = new Map<string, number>();
  const hasChildren = new Set<string>();
  for (const row of input.indicatorRows) {
    byPath.set(key(row.categoryId, row.parentId, row.name), row);
    const siblings = key(row.categoryId, row.parentId);
    maxSort.set(siblings, Math.max(maxSort.get(siblings) ?? 0, row.sort));
    if (row.parentId) hasChildren.add(row.parentId);
  }
  const storedPointCount = new Map<string, number>();
  const storedPoints = new Map<string, PointRow>();
  for (const p of input.pointRows) {
    storedPointCount.set(p.indicatorId, (storedPointCount.get(p.indicatorId) ?? 0) + 1);
    storedPoints.set(key(p.indicatorId, p.name), p);
  }
  const newIndicators: IndicatorRow[] = [];
  const planned: Array<{ row: ParsedRow; indicatorId: string; indicatorName: string; level: ObjectLevel }> =
    [];
  const now = new Date();

  for (const row of input.rows) {
    const { category: c } = row;
    let category = categories.get(key(c.level, c.name));
    if (!category) {
      category = {
        id: newId(),
        name: c.name,
        icon: c.icon ?? 'other',
        level: c.level,
        tableName: c.tableName ?? defaultTableName(c.name),
        sort: ++categorySort,
        createdAt: now,
      };
      categories.set(key(c.level, c.name), category);
      newCategories.push(category);
    }
    let parent = null as IndicatorRow | null;
    let failed = false;
    for (const [i, name] of row.path.entries()) {
      const depth = i + 1;
      let node = byPath.get(key(category.id, parent?.id ?? null, name));
      if (!node) {
        if (depth > MAX_INDICATOR_DEPTH) {
          errors.push({
            row: row.row,
            column: levelHeader(depth),
            message: `指标最多${MAX_INDICATOR_DEPTH}级`,
          });
          failed = true;
          break;
        }
        if (parent && (storedPointCount.get(parent.id) ?? 0) > 0) {
          errors.push({
            row: row.row,
            column: levelHeader(depth),
            message: `指标「${parent.name}」下已有质控点，不能添加下级指标`,
          });
          failed = true;
          break;
        }
        const siblings = key(category.id, parent?.id ?? null);
        const sort = (maxSort.get(siblings) ?? 0) + 1;
        maxSort.set(siblings, sort);
        node = {
          id: newId(),
          categoryId: category.id,
          parentId: parent?.id ?? null,
          code: null,
          name,
          depth,
          sort,
          createdAt: now,
        };
        byPath.set(key(category.id, node.parentId, name), node);
        newIndicators.push(node);
      }
      if (parent) hasChildren.add(parent.id);
      parent = node;
    }
    if (!failed && row.point && parent) {
      planned.push({
        row,
        indicatorId: parent.id,
        indicatorName: parent.name,
        level: category.level as ObjectLevel,
      });
    }
  }

  const seen = new Map<string, number>();
  const newPoints: PointInsert[] = [];
  const pointUpdates: Array<{ id: string; changes: Omit<PointInsert, 'id' | 'createdAt'> }> = [];
  const pointSort = new Map<string, number>();
  for (const p of input.pointRows)
    pointSort.set(p.indicatorId, Math.max(pointSort.get(p.indicatorId) ?? 0, p.sort));
  for (const item of planned) {
    const point = item.row.point!;
    if (hasChildren.has(item.indicatorId)) {
      errors.push({
        row: item.row.row,
        column: item.row.pathColumn ?? levelHeader(1),
        message: `质控点只能挂在末级指标下，指标「${item.indicatorName}」还有下级指标`,
      });
      continue;
    }
    const pointKey = key(item.indicatorId, point.name);
    const earlier = seen.get(pointKey);
    if (earlier !== undefined) {
      errors.push({ row: item.row.row, column: '质控点名称', message: `与第${earlier}行的质控点重复` });
      continue;
    }
    seen.set(pointKey, item.row.row);
    const columns = pointColumns({ ...point, indicatorId: item.indicatorId }, item.level);
    const stored = storedPoints.get(pointKey);
    if (stored) {
      pointUpdates.push({ id: stored.id, changes: { ...columns, sort: point.sort ?? stored.sort } });
    } else {
      const sort = point.sort ?? (pointSort.get(item.indicatorId) ?? 0) + 1;
      pointSort.set(item.indicatorId, Math.max(pointSort.get(item.indicatorId) ?? 0, sort));
      newPoints.push({ id: newId(), ...columns, sort });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { errors, newCategories, newIndicators, newPoints, pointUpdates };
}
