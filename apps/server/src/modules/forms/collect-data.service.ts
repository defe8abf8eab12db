import { type FieldType, FORM_MESSAGES, type PagingQuery } from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import {
  assertManager,
  definitionAt,
  formatTime,
  isManager,
  COLLECT_MESSAGES as M,
  uniqueText,
} from './collect.model.ts';
import type { CollectQueries, CollectRepo } from './collect.repo.ts';

export const COLLECT_SYNC_JOB = 'forms.sync';

/**
 * The form's warehouse table when its records go there (the form is `syn`), with its column types; or
 * why they do not. `on conflict (c_record_id)` needs that column unique: it is what makes a second
 * write rewrite or keep a row, not add one.
 */
export async function warehouseTargetOf(
  q: Pick<CollectQueries, 'warehouseTarget'>,
  form: { name: string; syncType: string; warehouseTableId: string | null },
): Promise<{ physicalName: string; columnTypes: Map<string, FieldType> } | { skipped: string }> {
  if (form.syncType !== 'syn') return { skipped: `${form.name}：不同步` };
  const target = form.warehouseTableId ? await q.warehouseTarget(form.warehouseTableId) : undefined;
  if (!target?.fields.some((f) => f.code === 'record_id' && f.isUnique))
    return { skipped: `${form.name}：没有可写入的数据仓库表（需要唯一的 record_id 字段）` };
  return {
    physicalName: target.physicalName,
    columnTypes: new Map(target.fields.map((f) => [f.code, f.type as FieldType])),
  };
}

/**
 * Used by the sync job and by the demo seed.
 * Copies the passed records of each `syn` form of the task into the form's warehouse table, one
 * statement per form; `on conflict (c_record_id)` makes a second run rewrite the same rows. Rows of the
 * task's fills that are no longer passed (rolled back since, or the record removed) are taken out.
 * Public-link answers have no task: they reach the table as each is accepted (collect-public.service.ts).
 */
export async function syncTask(
  repo: CollectRepo,
  taskId: string,
  report: (progress: number) => Promise<void>,
) {
  const forms = await repo.taskForms(taskId);
  const skipped: string[] = [];
  let rows = 0;
  let removed = 0;
  let synced = 0;
  for (const [index, form] of forms.entries()) {
    const target = await warehouseTargetOf(repo, form);
    if ('skipped' in target) {
      skipped.push(target.skipped);
      continue;
    }
    const definition = await definitionAt(repo, form.formId, form.formVersion);
    const { physicalName, columnTypes } = target;
    // The warehouse mirrors what is passed now: a record rolled back or removed since the last sync leaves it.
    const written = await repo.transaction(async (tx) => ({
      removed: columnTypes.has('fill_task_id')
        ? await tx.removeUnpassedWarehouseRows({ physicalName, taskId, formId: form.formId })
        : 0,
      rows: await tx.upsertWarehouseRows({
        physicalName,
        columnTypes,
        fieldKeys: definition.fields.map((f) => f.key),
        taskId,
        formId: form.formId,
      }),
    }));
    rows += written.rows;
    removed += written.removed;
    synced += 1;
    await report(((index + 1) / forms.length) * 100);
  }
  return { forms: synced, rows, removed, skipped };
}

/** 采集数据 (browse, unique check, the sync to the warehouse) and the public links of forms. */
export function createCollectDataService(deps: { repo: CollectRepo; jobs: Jobs; now?: () => Date }) {
  const { repo, jobs } = deps;
  const _now = deps.now ?? (() => new Date());

  const syncJob = jobs.register(COLLECT_SYNC_JOB, {
    payload: z.object({ taskId: z.string() }),
    label: '同步采集数据',
    failedMessage: '同步失败，请重试',
    async run({ payload, report }) {
      return { result: await syncTask(repo, payload.taskId, (progress) => report(progress)) };
    },
  });

  return {
    kinds: [COLLECT_SYNC_JOB] as const,

    async dataPage(
      actor: Actor,
      query: {
        formId: string;
        taskId?: string | undefined;
        departmentId?: string | undefined;
        state?: string | undefined;
        fieldKey?: string | undefined;
        value?: string | undefined;
      } & PagingQuery,
    ) {
      assertManager(actor);
      if (!(await repo.findForm(query.formId))) throw notFound(M.formNotFound);
      const page = await repo.dataPage(query, query);
      return {
        records: page.records.map((r) => ({
          id: r.id,
          fillTaskId: r.fillTaskId,
          publicLinkId: r.publicLinkId,
          taskName: r.taskName,
          departmentName: r.departmentName,
          fillerName: r.fillerName,
          state: r.state as 'uncommitted' | 'unaudited' | 'rollback' | 'finished' | null,
          data: r.data,
          updatedAt: formatTime(r.updatedAt),
        })),
        total: page.total,
      };
    },

    /** Whether a submitted record other than `recordId` already holds the value. */
    /**
     * Only the form's own fillers and the data manager may ask: anyone else could probe which values
     * (staff numbers, ID numbers) a form holds. Not theirs looks like not found.
     */
    async checkUnique(
      actor: Actor,
      body: { formId: string; fieldKey: string; value: string; recordId?: string | undefined },
    ) {
      if (!(await repo.findForm(body.formId))) throw notFound(M.formNotFound);
      if (!isManager(actor) && !(await repo.fillsForm(body.formId, actor.userId)))
        throw notFound(M.formNotFound);
      const value = uniqueText(body.value);
      const held = value
        ? await repo.claimsHeld(
            body.formId,
            [{ fieldKey: body.fieldKey, value }],
            body.recordId ? [body.recordId] : [],
          )
        : [];
      return { isUnique: held.length === 0, message: held.length === 0 ? '' : FORM_MESSAGES.unique };
    },

    async startSync(actor: Actor, taskId: string) {
      assertManager(actor);
      if (!(await repo.findTask(taskId))) throw notFound(M.taskNotFound);
      const job = await syncJob.enqueue({ actorId: actor.userId, payload: { taskId }, subjectKey: taskId });
      return { taskId: job.id };
    },
  };
}

export type CollectDataService = ReturnType<typeof createCollectDataService>;
