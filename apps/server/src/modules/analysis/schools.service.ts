import {
  type PagingQuery,
  SCHOOL_LEVELS,
  SCHOOL_LIMITS,
  SCHOOL_NATURES,
  type SchoolDirectoryEntry,
  type SchoolFilter,
  type SchoolHistory,
  type SchoolLevel,
  type SchoolNature,
  type SchoolOptions,
  type SchoolScreenSetting,
} from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { SchoolsRepo, StoredHistory } from './schools.repo.ts';

export const SCHOOL_SERVICE_MESSAGES = {
  unknownProvinces: (names: readonly string[]) => `所在省份不存在：${names.join('、')}`,
  unknownSchools: (codes: readonly string[]) =>
    `以下学校不在高校名录中：${codes.slice(0, 5).join('、')}${codes.length > 5 ? ` 等${codes.length}所` : ''}`,
  schoolNotFound: '学校不在高校名录中',
  historyLimit: `常用查询最多保存${SCHOOL_LIMITS.historiesPerUser}条，请先删除不用的`,
  historyDuplicate: '已有同名的常用查询，请换一个名称',
  historyNotFound: '常用查询不存在',
} as const;

/** 智能分析 readers: the analysis menu, and the data screen (which shows the school among its peers). */
export const canReadSchools = (actor: Actor) =>
  actor.menuKeys.has('analysis') || actor.menuKeys.has('dataScreen');

function assertReader(actor: Actor) {
  if (!canReadSchools(actor)) throw new AppError('FORBIDDEN');
}
function assertAnalysis(actor: Actor) {
  if (!actor.menuKeys.has('analysis')) throw new AppError('FORBIDDEN');
}
/** Changing the directory or the own school: 智能分析维护. */
export function assertSchoolManager(actor: Actor) {
  if (!actor.actions.has('analysis.manage')) throw new AppError('FORBIDDEN');
}

/** A stored filter read back defensively (jsonb written by an earlier version may lack a field). */
const StoredFilterSchema = z.object({
  keyword: z.string().catch(''),
  provinces: z.array(z.string()).catch([]),
  natures: z.array(z.enum(SCHOOL_NATURES)).catch([]),
  levels: z.array(z.enum(SCHOOL_LEVELS)).catch([]),
});
const StoredCodesSchema = z.array(z.string()).catch([]);

const uniq = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * 高校名录与选校: the directory read under filters (spec 1 §2 piece 2), the caller's common-query settings
 * (piece 3) and saved selections, and the own school. Every function checks its caller first.
 */
export function createSchoolsService(deps: { repo: SchoolsRepo }) {
  const context = schoolsContext(deps.repo);
  return {
    ...schoolDirectory(context),
    ...schoolScreenSettings(context),
    ...schoolHistories(context),
  };
}

/** What the parts share: the repo, the province check and how a stored history is read back. */
function schoolsContext(repo: SchoolsRepo) {
  async function assertProvincesKnown(provinces: readonly string[]) {
    const unknown = await repo.unknownProvinces(provinces);
    if (unknown.length > 0)
      throw new AppError('VALIDATION', SCHOOL_SERVICE_MESSAGES.unknownProvinces(unknown));
  }

  async function toHistory(row: StoredHistory): Promise<SchoolHistory> {
    const filter = StoredFilterSchema.parse(row.filter ?? {});
    return {
      id: row.id,
      name: row.name,
      filter,
      schools: await repo.findByCodes(StoredCodesSchema.parse(row.schoolCodes)),
      createdAt: new Date(row.createdAt),
    };
  }

  return { repo, assertProvincesKnown, toHistory };
}
type SchoolsContext = ReturnType<typeof schoolsContext>;

/** The directory under filters, and the own school. */
function schoolDirectory({ repo, assertProvincesKnown }: SchoolsContext) {
  return {
    async options(actor: Actor): Promise<SchoolOptions> {
      assertReader(actor);
      const options = await repo.options();
      // Levels and natures in their fixed order; provinces in the national code order the repo gives.
      const order = <T extends string>(list: readonly T[], values: SchoolOptions['levels']) =>
        [...values].sort((a, b) => list.indexOf(a.value as T) - list.indexOf(b.value as T));
      return {
        levels: order(SCHOOL_LEVELS, options.levels),
        natures: order(SCHOOL_NATURES, options.natures),
        provinces: options.provinces,
      };
    },

    async page(actor: Actor, input: { filter: SchoolFilter; paging: PagingQuery }) {
      assertReader(actor);
      await assertProvincesKnown(input.filter.provinces);
      return repo.page(
        {
          ...input.filter,
          provinces: uniq(input.filter.provinces),
          natures: uniq(input.filter.natures),
          levels: uniq(input.filter.levels),
        },
        input.paging,
      );
    },

    async ownSchool(actor: Actor): Promise<SchoolDirectoryEntry | null> {
      assertReader(actor);
      return (await repo.ownSchool()) ?? null;
    },

    async setOwnSchool(actor: Actor, code: string): Promise<SchoolDirectoryEntry> {
      assertSchoolManager(actor);
      const [school] = await repo.findByCodes([code]);
      if (!school) throw new AppError('VALIDATION', SCHOOL_SERVICE_MESSAGES.schoolNotFound);
      await repo.setOwnSchool(code);
      return (await repo.ownSchool())!;
    },
  };
}

/** The caller's common-query settings (piece 3). */
function schoolScreenSettings({ repo, assertProvincesKnown }: SchoolsContext) {
  return {
    /** The caller's settings; unset, all levels and natures and the own school's province. */
    async screenSetting(actor: Actor): Promise<SchoolScreenSetting> {
      assertAnalysis(actor);
      const stored = await repo.screenSetting(actor.userId);
      if (stored) {
        const filter = StoredFilterSchema.parse({ ...stored, keyword: '' });
        return { levels: filter.levels, natures: filter.natures, provinces: filter.provinces };
      }
      const own = await repo.ownSchool();
      return {
        levels: [...SCHOOL_LEVELS],
        natures: [...SCHOOL_NATURES],
        provinces: own ? [own.province] : [],
      };
    },

    async saveScreenSetting(actor: Actor, setting: SchoolScreenSetting): Promise<SchoolScreenSetting> {
      assertAnalysis(actor);
      const provinces = uniq(setting.provinces);
      await assertProvincesKnown(provinces);
      const saved = {
        levels: SCHOOL_LEVELS.filter((l) => setting.levels.includes(l)),
        natures: SCHOOL_NATURES.filter((n) => setting.natures.includes(n)),
        provinces,
      };
      await repo.saveScreenSetting(actor.userId, saved);
      return saved;
    },
  };
}

/** The caller's saved selections. */
function schoolHistories({ repo, assertProvincesKnown, toHistory }: SchoolsContext) {
  return {
    async histories(actor: Actor, limit: number = SCHOOL_LIMITS.historiesPerUser): Promise<SchoolHistory[]> {
      assertAnalysis(actor);
      return Promise.all((await repo.histories(actor.userId, limit)).map(toHistory));
    },

    async saveHistory(
      actor: Actor,
      input: {
        name: string;
        filter: {
          keyword?: string | undefined;
          provinces?: string[];
          natures?: SchoolNature[];
          levels?: SchoolLevel[];
        };
        schoolCodes: string[];
      },
    ): Promise<SchoolHistory> {
      assertAnalysis(actor);
      const filter: SchoolFilter = {
        keyword: input.filter.keyword ?? '',
        provinces: uniq(input.filter.provinces ?? []),
        natures: uniq(input.filter.natures ?? []),
        levels: uniq(input.filter.levels ?? []),
      };
      await assertProvincesKnown(filter.provinces);
      const codes = uniq(input.schoolCodes);
      const found = new Set((await repo.findByCodes(codes)).map((s) => s.code));
      const missing = codes.filter((c) => !found.has(c));
      if (missing.length > 0)
        throw new AppError('VALIDATION', SCHOOL_SERVICE_MESSAGES.unknownSchools(missing));
      const existing = await repo.histories(actor.userId, SCHOOL_LIMITS.historiesPerUser + 1);
      if (existing.some((h) => h.name === input.name))
        throw new AppError('CONFLICT', SCHOOL_SERVICE_MESSAGES.historyDuplicate);
      if ((await repo.countHistories(actor.userId)) >= SCHOOL_LIMITS.historiesPerUser)
        throw new AppError('UNPROCESSABLE', SCHOOL_SERVICE_MESSAGES.historyLimit);
      const row = { id: newId(), name: input.name, filter, schoolCodes: codes, createdAt: new Date() };
      await repo.insertHistory({ ...row, userId: actor.userId });
      return toHistory(row);
    },

    async deleteHistory(actor: Actor, id: string) {
      assertAnalysis(actor);
      if (!(await repo.deleteHistory(actor.userId, id)))
        throw notFound(SCHOOL_SERVICE_MESSAGES.historyNotFound);
    },
  };
}

export type SchoolsService = ReturnType<typeof createSchoolsService>;
