import type { Algorithm, AlgorithmTestRun, AlgorithmType } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { AlgorithmParams, createAlgorithmRunner } from './algorithm-runner.ts';
import { noteAlgorithm, noteAlgorithmGroup } from './algorithms.audit.ts';
import type { AlgorithmsRepo } from './algorithms.repo.ts';
import { algorithmOf, GROUP_NOT_FOUND, groupOf, sqlHashOf, VERSION_NOT_FOUND } from './algorithms.views.ts';
import { guardSql } from './sql-guard.ts';

export interface TestInput {
  groupId: string;
  type?: AlgorithmType | undefined;
  version?: number | undefined;
  sql?: string | undefined;
  objectId: string;
  cycleStart: string;
  cycleEnd: string;
}

type Runner = ReturnType<typeof createAlgorithmRunner>;

interface AlgorithmVersionsDeps {
  repo: AlgorithmsRepo;
  runner: Runner;
}

async function groupRow(repo: AlgorithmsRepo, id: string) {
  const view = await repo.findGroup(id);
  if (!view) throw notFound(GROUP_NOT_FOUND);
  return view.group;
}

async function algorithmById(repo: AlgorithmsRepo, id: string): Promise<Algorithm> {
  const view = await repo.findAlgorithm(id);
  if (!view) throw notFound(VERSION_NOT_FOUND);
  return algorithmOf(view);
}

/** The group as its page shows it: its current versions are what publishing may switch. */
async function groupView(repo: AlgorithmsRepo, id: string) {
  const view = await repo.findGroup(id);
  if (!view) throw notFound(GROUP_NOT_FOUND);
  return groupOf(view, (await repo.pointIdsOf([id])).get(id) ?? []);
}

/** The version after a write, its change noted for the operation log under its group's name. */
async function notedVersion(
  repo: AlgorithmsRepo,
  change: { actor: Pick<Actor, 'userId'>; before: Algorithm | null; id: string },
) {
  const after = await algorithmById(repo, change.id);
  noteAlgorithm(change.actor, (await groupRow(repo, after.groupId)).name, change.before, after);
  return after;
}

/**
 * The guard runs at save time too, so a version that could never run is not stored; the dialect of
 * the group's source decides how its SQL is read.
 */
async function parametersOfSql(repo: AlgorithmsRepo, groupId: string, text: string) {
  const view = await repo.findGroup(groupId);
  if (!view) throw notFound(GROUP_NOT_FOUND);
  const kind = view.dataSourceKind;
  const checked = await guardSql(text, {
    dialect: kind === 'mysql' ? 'mysql' : 'postgresql',
    builtin: kind === 'builtin',
  });
  return checked.parameters;
}

/** 算法: the numbered versions of a group, and test runs on a diagnosis object. */
export function createAlgorithmVersionsService(deps: AlgorithmVersionsDeps) {
  const { repo } = deps;
  const group = (id: string) => groupRow(repo, id);
  const algorithm = (id: string) => algorithmById(repo, id);
  const noted = (actor: Pick<Actor, 'userId'>, before: Algorithm | null, id: string) =>
    notedVersion(repo, { actor, before, id });
  const parametersOf = (groupId: string, text: string) => parametersOfSql(repo, groupId, text);

  /** A new draft, numbered after the group's last version of that type. */
  async function createVersion(
    actor: Pick<Actor, 'userId'>,
    input: { groupId: string; type: AlgorithmType; sql: string; remark?: string | undefined },
  ) {
    const parameters = await parametersOf(input.groupId, input.sql);
    const id = newId();
    await guarded(
      () =>
        repo.transaction(async (tx) => {
          const version = (await tx.lastVersion(input.groupId, input.type)) + 1;
          await tx.insertAlgorithm({
            id,
            groupId: input.groupId,
            type: input.type,
            version,
            sql: input.sql,
            sqlHash: sqlHashOf(input.sql),
            parameters,
            remark: input.remark ?? '',
            createdBy: actor.userId,
          });
        }),
      { conflict: '有人同时新增了版本，请重试' },
    );
    return noted(actor, null, id);
  }

  return {
    /* ---- versions ---- */
    async versions(groupId: string, filter: { type?: AlgorithmType | undefined; publishedOnly?: boolean }) {
      await group(groupId);
      return (await repo.versionsOf(groupId, filter)).map(algorithmOf);
    },

    async byVersion(groupId: string, type: AlgorithmType, version: number): Promise<Algorithm> {
      const view = await repo.findVersion(groupId, type, version);
      if (!view) throw notFound(VERSION_NOT_FOUND);
      return algorithmOf(view);
    },

    async currentResult(groupId: string): Promise<Algorithm | null> {
      const current = (await group(groupId)).currentResultVersion;
      if (current === null) return null;
      const view = await repo.findVersion(groupId, 'result', current);
      return view ? algorithmOf(view) : null;
    },

    createVersion,

    /** A draft is edited in place; a published version is immutable, so editing it makes the next draft. */
    async updateVersion(
      actor: Pick<Actor, 'userId'>,
      input: { id: string; sql: string; remark?: string | undefined },
    ) {
      const existing = await algorithm(input.id);
      if (existing.status === 'published') {
        return createVersion(actor, {
          groupId: existing.groupId,
          type: existing.type,
          sql: input.sql,
          remark: input.remark,
        });
      }
      const parameters = await parametersOf(existing.groupId, input.sql);
      await repo.updateAlgorithm(input.id, {
        sql: input.sql,
        sqlHash: sqlHashOf(input.sql),
        parameters,
        remark: input.remark ?? existing.remark,
      });
      return noted(actor, existing, input.id);
    },

    /**
     * A group without a current version of the type cannot be collected at all, so its first published
     * version becomes current at once; a later one waits for an explicit 设为当前 (results already
     * collected keep the version they used until someone chooses to switch).
     */
    async publish(actor: Pick<Actor, 'userId'>, id: string): Promise<Algorithm> {
      const existing = await algorithm(id);
      if (existing.status === 'published') throw new AppError('UNPROCESSABLE', '该版本已发布');
      await parametersOf(existing.groupId, existing.sql);
      const groupBefore = await groupView(repo, existing.groupId);
      await repo.transaction(async (tx) => {
        await tx.updateAlgorithm(id, {
          status: 'published',
          publishedBy: actor.userId,
          publishedAt: new Date(),
        });
        await tx.adoptCurrentIfNone(existing.groupId, existing.type, existing.version);
      });
      noteAlgorithmGroup(actor, groupBefore, await groupView(repo, existing.groupId));
      return noted(actor, existing, id);
    },

    /** Published versions are history (results point at them): only drafts can be deleted. */
    async removeVersion(actor: Pick<Actor, 'userId'>, id: string) {
      const existing = await algorithm(id);
      if (existing.status === 'published') throw new AppError('UNPROCESSABLE', '已发布的版本不能删除');
      await repo.deleteAlgorithm(id);
      noteAlgorithm(actor, (await group(existing.groupId)).name, existing, null);
    },
    ...algorithmRuns(deps),
  };
}

/** Test runs of a version, or of SQL not saved yet, on one diagnosis object and cycle. */
function algorithmRuns(deps: AlgorithmVersionsDeps) {
  return {
    async test(input: TestInput): Promise<AlgorithmTestRun> {
      const object = await deps.repo.findObject(input.objectId);
      if (!object) throw new AppError('VALIDATION', '诊断对象不存在');
      const params: AlgorithmParams = {
        objectId: object.id,
        objectCode: object.code,
        departmentId: object.departmentId,
        cycleStart: input.cycleStart,
        cycleEnd: input.cycleEnd,
        year: Number(input.cycleStart.slice(0, 4)),
      };
      const type = input.type ?? 'result';
      if (input.sql !== undefined) {
        const found = await groupRow(deps.repo, input.groupId);
        const run = await deps.runner.runSql({
          sql: input.sql,
          type,
          dataSourceId: found.dataSourceId,
          params,
        });
        return { ...run, version: null, parameters: { ...params } };
      }
      const resolved = await deps.runner.resolve(input.groupId, type, input.version);
      const run = await deps.runner.run(resolved, params);
      return { ...run, version: resolved.version, parameters: { ...params } };
    },
  };
}
