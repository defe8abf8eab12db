import type {
  DepartmentRef,
  DepartmentResponsibility,
  ObjectLevel,
  PagingQuery,
  PointResponsibility,
  QualityDeptVersion,
  ResponsibilityCategory,
  ResponsibilityIndicator,
  ResponsibilitySaveInput,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { PointFilter, ResponsibilityRepo } from './responsibility.repo.ts';

export const RESPONSIBILITY_MESSAGES = {
  departmentMissing: (ids: readonly string[]) => `部门不存在：${ids.join('、')}`,
  departmentByName: (name: string) => `部门「${name}」不存在`,
  pointMissing: (ids: readonly string[]) => `质控点不存在：${ids.join('、')}`,
  indicatorMissing: (ids: readonly string[]) => `指标不存在：${ids.join('、')}`,
  versionMissing: '版本不存在',
  versionDuplicate: '版本名称已存在',
  deleteEnabled: '启用中的版本不能删除，请先启用其他版本',
  gone: '部门或质控点已不存在，请刷新后重试',
} as const;

/**
 * 部门职责: the departments answering for each quality point, read as a tree, a filtered page or one
 * department's list, and saved by replacing the departments of the points named (an indicator stands
 * for every point under it); items apply in order, so a later item wins for a point named twice.
 */
export function createResponsibilityService(deps: { repo: ResponsibilityRepo }) {
  const { repo } = deps;
  return {
    async tree(categoryId?: string): Promise<ResponsibilityCategory[]> {
      const [categories, indicators, points] = await Promise.all([
        repo.findCategories(categoryId),
        repo.findIndicators(categoryId),
        repo.findPoints({ categoryId }),
      ]);
      return buildTree({ categories, indicators, points });
    },

    page(input: { filter: PointFilter; paging: PagingQuery }) {
      return repo.findPointsPage(input.filter, input.paging);
    },

    async byDepartmentName(name: string): Promise<DepartmentResponsibility> {
      const [department] = await repo.findDepartmentByName(name);
      if (!department) throw notFound(RESPONSIBILITY_MESSAGES.departmentByName(name));
      return { department, points: await repo.findPoints({ departmentId: department.id }) };
    },

    async save(input: ResponsibilitySaveInput): Promise<{ points: number }> {
      await assertDepartments(
        repo,
        input.items.flatMap((i) => i.departmentIds),
      );
      const pointIds = input.items.flatMap((i) => (i.pointId ? [i.pointId] : []));
      const found = new Set(await repo.findPointIds(pointIds));
      const missing = [...new Set(pointIds.filter((id) => !found.has(id)))];
      if (missing.length) throw notFound(RESPONSIBILITY_MESSAGES.pointMissing(missing));
      const indicatorIds = [...new Set(input.items.flatMap((i) => (i.indicatorId ? [i.indicatorId] : [])))];
      const knownIndicators = new Set((await repo.findIndicatorIds(indicatorIds)).map((r) => r.id));
      const lost = indicatorIds.filter((id) => !knownIndicators.has(id));
      if (lost.length) throw notFound(RESPONSIBILITY_MESSAGES.indicatorMissing(lost));

      const departmentsOf = new Map<string, string[]>();
      for (const item of input.items) {
        const targets = item.pointId ? [item.pointId] : await repo.findPointIdsUnder(item.indicatorId!);
        for (const pointId of targets) departmentsOf.set(pointId, [...new Set(item.departmentIds)]);
      }
      const pairs = [...departmentsOf].flatMap(([pointId, ids]) =>
        ids.map((departmentId) => ({ pointId, departmentId })),
      );
      // One transaction: the points' old departments go and the new ones come, or nothing changes.
      await guarded(() => repo.transaction((tx) => tx.replaceAssignments([...departmentsOf.keys()], pairs)), {
        inUse: RESPONSIBILITY_MESSAGES.gone,
      });
      return { points: departmentsOf.size };
    },

    ...versionRules(repo),
  };
}

async function assertDepartments(repo: ResponsibilityRepo, ids: readonly string[]) {
  const wanted = [...new Set(ids)];
  const found = new Set((await repo.findDepartments(wanted)).map((d) => d.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length) throw new AppError('VALIDATION', RESPONSIBILITY_MESSAGES.departmentMissing(missing));
}

/**
 * 质控点部门版本: a snapshot of the whole assignment. The enabled version is the one whose assignment
 * was last made current: a new version (a snapshot of what is current) becomes it, and enabling an
 * older one restores its pairs as the current assignment. The enabled one cannot be deleted.
 */
function versionRules(repo: ResponsibilityRepo) {
  async function existing(id: string) {
    const version = await repo.findVersion(id);
    if (!version) throw notFound(RESPONSIBILITY_MESSAGES.versionMissing);
    return version;
  }
  async function assertNameFree(name: string, self?: string) {
    const holder = await repo.findVersionIdByName(name);
    if (holder && holder !== self) throw new AppError('CONFLICT', RESPONSIBILITY_MESSAGES.versionDuplicate);
  }
  interface VersionInput {
    name: string;
    versionDate: string;
    remark?: string | undefined;
  }
  return {
    versions(input: { keyword?: string | undefined; paging: PagingQuery }) {
      return repo.findVersionsPage(input.keyword, input.paging);
    },

    async createVersion(input: { actor: Actor; data: VersionInput }): Promise<QualityDeptVersion> {
      const id = newId();
      await assertNameFree(input.data.name);
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            await tx.insertVersion({
              id,
              name: input.data.name,
              versionDate: input.data.versionDate,
              remark: input.data.remark ?? '',
              userId: input.actor.userId,
            });
            await tx.snapshotInto(id);
            await tx.enableOnly(id);
          }),
        { conflict: RESPONSIBILITY_MESSAGES.versionDuplicate },
      );
      return existing(id);
    },

    async updateVersion(id: string, data: VersionInput): Promise<QualityDeptVersion> {
      const version = await existing(id);
      await assertNameFree(data.name, id);
      await guarded(
        () =>
          repo.updateVersion(id, {
            name: data.name,
            versionDate: data.versionDate,
            remark: data.remark ?? version.remark,
          }),
        { conflict: RESPONSIBILITY_MESSAGES.versionDuplicate },
      );
      return existing(id);
    },

    async deleteVersion(id: string) {
      const version = await existing(id);
      if (version.isEnabled) throw new AppError('UNPROCESSABLE', RESPONSIBILITY_MESSAGES.deleteEnabled);
      await repo.deleteVersion(id);
    },

    /** Enabling the enabled version again restores its snapshot too: it undoes edits since. */
    async enableVersion(id: string): Promise<QualityDeptVersion> {
      await existing(id);
      await repo.transaction(async (tx) => {
        await tx.enableOnly(id);
        await tx.restoreFrom(id);
      });
      return existing(id);
    },
  };
}

interface TreeInput {
  categories: Array<{ id: string; name: string; level: string }>;
  indicators: Array<{ id: string; categoryId: string; parentId: string | null; name: string; depth: number }>;
  points: PointResponsibility[];
}

/** Categories → indicators (in stored order) → each leaf's points with their departments. */
export function buildTree(input: TreeInput): ResponsibilityCategory[] {
  const nodes = new Map<string, ResponsibilityIndicator>();
  for (const row of input.indicators)
    nodes.set(row.id, { id: row.id, name: row.name, depth: row.depth, children: [], points: [] });
  const roots = new Map<string, ResponsibilityIndicator[]>();
  for (const row of input.indicators) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.set(row.categoryId, [...(roots.get(row.categoryId) ?? []), node]);
  }
  for (const point of input.points) {
    const departments: DepartmentRef[] = point.departments;
    nodes.get(point.indicatorId)?.points.push({ id: point.pointId, name: point.pointName, departments });
  }
  return input.categories.map((c) => ({
    id: c.id,
    name: c.name,
    level: c.level as ObjectLevel,
    indicators: roots.get(c.id) ?? [],
  }));
}

export type ResponsibilityService = ReturnType<typeof createResponsibilityService>;
