import {
  auditFill,
  type CollectTaskState,
  canEditFill,
  commitFill,
  type FillState,
  type FormDefinition,
  type FormRecord,
  type PagingQuery,
  type SaveRecordsBody,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { NoticeInput } from '../notices/notices.writer.ts';
import {
  assertKnownKeys,
  checkRecords,
  definitionAt,
  heldProblems,
  isManager,
  COLLECT_MESSAGES as M,
  parseDefinition,
  refuseProblems,
  stale,
  toFill,
  unprocessable,
} from './collect.model.ts';
import type { CollectQueries, CollectRepo, CommitFacts, FillListRow } from './collect.repo.ts';
import { type KnownFill, knownValues, noticeChanges } from './collect-known.ts';
import { committedNotice, passedNotice, returnedNotices, valueChangeNotices } from './collect-notices.ts';

/** The fill as the prefill lookup reads it. */
const knownFill = (row: FillListRow): KnownFill => ({
  id: row.id,
  fillerId: row.fillerId,
  taskId: row.taskId,
  formId: row.formId,
});

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
function commitNotices(input: {
  actor: Actor;
  row: CommitFacts;
  changes: Awaited<ReturnType<typeof noticeChanges>>;
}): NoticeInput[] {
  const { actor, row, changes } = input;
  const { dataManagerIds } = row;
  return [
    committedNotice({
      actor,
      fill: row,
      auditorIds: [...(row.headUserId ? [row.headUserId] : []), ...dataManagerIds],
    }),
    ...valueChangeNotices({ actor, fill: row, changes, dataManagerIds }),
  ];
}

/**
 * The fill locked with everything a commit reads. A read that waited for the lock is read again, now
 * under the lock: its records may be older than the save it waited for.
 */
async function lockForCommit(tx: CollectQueries, actor: Actor, id: string) {
  let row = await tx.lockFillForCommit(id);
  if (row && row.seenRevision !== row.revision) row = await tx.lockFillForCommit(id);
  if (!row || (row.fillerId !== actor.userId && row.headUserId !== actor.userId && !isManager(actor)))
    throw notFound(M.fillNotFound);
  assertFiller(actor, row);
  return row;
}

/**
 * The records' checks, then their claims, the state change and the messages in one statement. A value
 * another fill holds, committed before or claimed in the same instant, refuses the commit as the check
 * would.
 */
async function claimAndMove(
  tx: CollectQueries,
  input: { row: CommitFacts; definition: FormDefinition; to: FillState; at: Date; notices: NoticeInput[] },
) {
  const { row, definition } = input;
  const records = row.records.map((r) => ({ id: r.id, data: r.data as FormRecord }));
  const checked = await checkRecords({ q: tx, formId: row.formId, definition, records });
  if (checked.problems.length > 0)
    refuseProblems([...checked.problems, ...(await heldProblems(tx, row.formId, checked, records))]);
  const written = await tx.writeCommit({
    id: row.id,
    readState: row.state,
    to: input.to,
    at: input.at,
    formId: row.formId,
    recordIds: records.map((r) => r.id),
    claims: checked.claims,
    notices: input.notices,
  });
  if (written.revision === null) stale();
  const claimed = new Set(written.claimed.map((c) => `${c.fieldKey}\u0000${c.value}`));
  refuseProblems(
    checked.claims.filter((c) => !claimed.has(`${c.fieldKey}\u0000${c.value}`)).map(checked.heldMessage),
  );
  return written.revision;
}

/** The filler's commit. */
function fillCommits({ repo, now }: FillContext) {
  return {
    /**
     * Every record checked by the contract's rules, its unique values claimed with the state change.
     * At a deadline every filler commits at once (`bench:forms-commit`), so the transaction is two
     * statements: the reads under the lock, then the writes with the messages (more only for a form with
     * options or known values).
     */
    commit: (actor: Actor, id: string) =>
      repo.transaction(async (tx) => {
        const row = await lockForCommit(tx, actor, id);
        const definition = parseDefinition(row.definition);
        const move = commitFill({
          state: row.state as FillState,
          taskState: row.taskState as CollectTaskState,
        });
        if (!move.ok) unprocessable(move.message);
        if (row.records.length === 0 && definition.formType === 'floating') unprocessable(M.nothingToCommit);
        const changes =
          definition.formType === 'floating'
            ? await noticeChanges(
                tx.known,
                knownFill(row),
                definition,
                row.records[0]?.data as FormRecord | undefined,
              )
            : [];
        const committedAt = now();
        const revision = await claimAndMove(tx, {
          row,
          definition,
          to: move.to,
          at: committedAt,
          notices: commitNotices({ actor, row, changes }),
        });
        return toFill({ ...row, state: move.to, rollbackReason: '', committedAt, revision });
      }),
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
