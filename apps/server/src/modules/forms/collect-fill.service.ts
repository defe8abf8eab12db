import {
  auditFill,
  type CollectTaskState,
  canEditFill,
  commitFill,
  type FillState,
  type FormRecord,
  type PagingQuery,
  type SaveRecordsBody,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  assertKnownKeys,
  checkSubmission,
  definitionAt,
  isManager,
  COLLECT_MESSAGES as M,
  stale,
  toFill,
  unprocessable,
} from './collect.model.ts';
import type { CollectQueries, CollectRepo, FillListRow } from './collect.repo.ts';
import { type KnownFill, knownValues, noticeChanges } from './collect-known.ts';
import { committedNotice, passedNotice, returnedNotices, valueChangeNotices } from './collect-notices.ts';

/** The fill as the prefill lookup reads it. */
const knownFill = (row: FillListRow): KnownFill => ({
  id: row.id,
  fillerId: row.fillerId,
  taskId: row.taskId,
  formId: row.formId,
});

const UNIQUE_RACE = '提交的唯一字段的值刚刚被其他提交占用，请检查后重新提交';

/** 填报任务 and their drafts: the filler fills and commits, the department head or data manager audits. */
export function createCollectFillService(deps: { repo: CollectRepo; now?: () => Date }) {
  const context: FillContext = { repo: deps.repo, now: deps.now ?? (() => new Date()) };
  return {
    ...fillReads(context),
    ...fillDrafts(context),
    ...fillCommits(context),
    ...fillAudits(context),
  };
}

interface FillContext {
  repo: CollectRepo;
  now: () => Date;
}

async function fillRow(q: CollectQueries, id: string): Promise<FillListRow> {
  const row = await q.fillListRow(id);
  if (!row) throw notFound(M.fillNotFound);
  return row;
}

/** The filler, the head of the fill's department, or a data manager; anyone else is told "not found". */
async function visibleFill(repo: CollectRepo, actor: Actor, id: string) {
  const row = await fillRow(repo, id);
  if (row.fillerId !== actor.userId && row.headUserId !== actor.userId && !isManager(actor))
    throw notFound(M.fillNotFound);
  return row;
}

function assertFiller(actor: Actor, row: FillListRow) {
  if (row.fillerId !== actor.userId) throw new AppError('FORBIDDEN', M.notFiller);
}

/** The lists and a fill with its design, records and known values. */
function fillReads({ repo }: FillContext) {
  return {
    async fillPage(
      actor: Actor,
      query: {
        scope: 'mine' | 'audit';
        keyword?: string | undefined;
        state?: string | undefined;
        taskId?: string | undefined;
      } & PagingQuery,
    ) {
      if (query.scope === 'audit' && !isManager(actor)) {
        if ((await repo.departmentsHeadedBy(actor.userId)).length === 0)
          throw new AppError('FORBIDDEN', M.noAuditScope);
      }
      const page = await repo.fillPage(
        {
          reader: actor,
          scope: query.scope,
          keyword: query.keyword,
          // A filler's own list holds only their name: the auditor's tells fillers apart by it.
          isFillerSearched: query.scope === 'audit',
          state: query.state,
          taskId: query.taskId,
        },
        query,
      );
      return { records: page.records.map(toFill), total: page.total };
    },

    /** The fill and its form's design, without its records: what a template or an import needs. */
    async fillForm(actor: Actor, id: string) {
      const row = await visibleFill(repo, actor, id);
      return {
        fillTask: toFill(row),
        definition: await definitionAt(repo, row.formId, row.formVersion),
        recordCount: await repo.recordCountOfFill(id),
      };
    },

    async fillDetail(actor: Actor, id: string) {
      const row = await visibleFill(repo, actor, id);
      const definition = await definitionAt(repo, row.formId, row.formVersion);
      const records = await repo.recordsOfFill(id);
      const known = await knownValues(repo.known, knownFill(row), definition);
      return {
        fillTask: toFill(row),
        formVersion: row.formVersion,
        definition,
        records: records.map((r) => ({
          id: r.id,
          data: r.data as Record<string, unknown>,
          parentId: r.parentId,
          links: r.links as string[],
          sort: r.sort,
          revision: r.revision,
        })),
        known,
      };
    },
  };
}

/** The filler's drafts. */
function fillDrafts({ repo }: FillContext) {
  return {
    /**
     * Draft rows as the filler types. A changed row carries the revision it was read at; another
     * save in between answers 409 naming the fields that differ from what this editor started from.
     */
    async saveRecords(actor: Actor, body: SaveRecordsBody) {
      const row = await visibleFill(repo, actor, body.fillTaskId);
      assertFiller(actor, row);
      const definition = await definitionAt(repo, row.formId, row.formVersion);
      for (const record of body.records) assertKnownKeys(definition, record.data as FormRecord);
      const labelOf = new Map(definition.fields.map((f) => [f.key, f.label]));
      return repo.transaction(async (tx) => {
        const locked = await tx.lockFill(row.id);
        if (!locked) throw notFound(M.fillNotFound);
        const editable = canEditFill(locked.state as FillState);
        if (!editable.ok) unprocessable(editable.message);
        const ids = body.records.flatMap((r) => (r.id ? [r.id] : []));
        const stored = new Map((await tx.findRecords(ids)).map((r) => [r.id, r]));
        for (const record of body.records) {
          const current = record.id ? stored.get(record.id) : undefined;
          if (current && current.fillTaskId !== row.id) throw notFound(M.recordNotFound);
          if (current && current.revision !== record.revision) {
            const data = current.data as Record<string, unknown>;
            const base = (record.base ?? record.data) as Record<string, unknown>;
            const keys = new Set([...Object.keys(data), ...Object.keys(base)]);
            const changed = [...keys].filter(
              (k) => JSON.stringify(data[k] ?? null) !== JSON.stringify(base[k] ?? null),
            );
            throw new AppError('CONFLICT', M.recordChanged(changed.map((k) => labelOf.get(k) ?? k)));
          }
        }
        const existing = await tx.recordsOfFill(row.id);
        const removed = new Set(body.removeIds ?? []);
        const kept = new Set(existing.filter((r) => !removed.has(r.id)).map((r) => r.id));
        const rows = body.records.map((record, index) => {
          const id = record.id ?? newId();
          kept.add(id);
          return {
            id,
            formId: row.formId,
            fillTaskId: row.id,
            data: record.data,
            parentId: record.parentId ?? null,
            links: record.links ?? [],
            sort: record.sort ?? stored.get(id)?.sort ?? existing.length + index,
            revision: 1,
            updatedBy: actor.userId,
          };
        });
        if (definition.formType === 'floating' && kept.size > 1) unprocessable(M.floatingOneRecord);
        await tx.deleteRecords(row.id, [...removed]);
        const saved = await tx.upsertRecords(rows);
        const fill = await tx.updateFill(row.id, locked.state, {});
        if (!fill) stale();
        return { revision: fill.revision, records: saved };
      });
    },
  };
}

/**
 * A commit's messages: to those who audit the fill (its department's head and the data managers, as
 * 填报审核 lists it), and each 数据变更提醒 it left to its recipient.
 */
async function notifyCommit(
  tx: CollectQueries,
  input: { actor: Actor; row: FillListRow; changes: Awaited<ReturnType<typeof noticeChanges>> },
) {
  const { actor, row, changes } = input;
  const dataManagerIds = await tx.dataManagers();
  await tx.notify([
    committedNotice({
      actor,
      fill: row,
      auditorIds: [...(row.headUserId ? [row.headUserId] : []), ...dataManagerIds],
    }),
    ...valueChangeNotices({ actor, fill: row, changes, dataManagerIds }),
  ]);
}

/** The filler's commit. */
function fillCommits({ repo, now }: FillContext) {
  return {
    /** Every record checked by the contract's rules, its unique values claimed with the state change. */
    async commit(actor: Actor, id: string) {
      const row = await visibleFill(repo, actor, id);
      assertFiller(actor, row);
      const definition = await definitionAt(repo, row.formId, row.formVersion);
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const locked = await tx.lockFill(id);
            if (!locked) throw notFound(M.fillNotFound);
            const task = await tx.findTask(row.taskId);
            const move = commitFill({
              state: locked.state as FillState,
              taskState: (task?.state ?? 'finished') as CollectTaskState,
            });
            if (!move.ok) unprocessable(move.message);
            const records = await tx.recordsOfFill(id);
            if (records.length === 0 && definition.formType === 'floating') unprocessable(M.nothingToCommit);
            const claims = await checkSubmission({
              q: tx,
              formId: row.formId,
              definition,
              records: records.map((r) => ({ id: r.id, data: r.data as FormRecord })),
            });
            const changed = await tx.updateFill(id, locked.state, {
              state: move.to,
              rollbackReason: '',
              committedAt: now(),
            });
            if (!changed) stale();
            await tx.releaseClaims(records.map((r) => r.id));
            await tx.claim(claims);
            const changes =
              definition.formType === 'floating'
                ? await noticeChanges(
                    tx.known,
                    knownFill(row),
                    definition,
                    records[0]?.data as FormRecord | undefined,
                  )
                : [];
            await notifyCommit(tx, { actor, row, changes });
          }),
        { conflict: UNIQUE_RACE },
      );
      return toFill(await fillRow(repo, id));
    },
  };
}

/** The head's or data manager's decision on a committed fill. */
function fillAudits({ repo, now }: FillContext) {
  async function audit(actor: Actor, id: string, decision: 'pass' | 'rollback', reason: string) {
    await repo.transaction(async (tx) => {
      const row = await fillRow(tx, id);
      if (row.headUserId !== actor.userId && !isManager(actor)) throw new AppError('FORBIDDEN', M.notAuditor);
      const move = auditFill({ state: row.state as FillState, decision, reason });
      if (!move.ok) unprocessable(move.message);
      const changed = await tx.updateFill(id, row.state, {
        state: move.to,
        rollbackReason: decision === 'rollback' ? reason.trim() : '',
        auditedBy: actor.userId,
        auditedAt: now(),
      });
      if (!changed) stale();
      await tx.notify(
        decision === 'pass' ? [passedNotice(actor, row)] : returnedNotices(actor, [row], reason.trim()),
      );
    });
    return toFill(await fillRow(repo, id));
  }

  return {
    audit: (actor: Actor, id: string, body: { decision: 'pass' | 'rollback'; reason?: string | undefined }) =>
      audit(actor, id, body.decision, body.reason ?? ''),
    rollback: (actor: Actor, body: { id: string; reason: string }) =>
      audit(actor, body.id, 'rollback', body.reason),
  };
}

export type CollectFillService = ReturnType<typeof createCollectFillService>;
