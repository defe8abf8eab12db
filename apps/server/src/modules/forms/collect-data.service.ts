import { createHash } from 'node:crypto';
import {
  columnOf,
  type FieldType,
  FORM_MESSAGES,
  type FormRecord,
  type PagingQuery,
  type PublicLink,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { ident } from '../warehouse/warehouse.physical.ts';
import { SQL_TYPES } from '../warehouse/warehouse.values.ts';
import {
  assertKnownKeys,
  assertManager,
  checkSubmission,
  definitionAt,
  formatTime,
  COLLECT_MESSAGES as M,
  uniqueText,
  unprocessable,
} from './collect.model.ts';
import type { CollectRepo, PublicLinkRow } from './collect.repo.ts';

export const COLLECT_SYNC_JOB = 'forms.sync';

/** The public page: at most this many answers per address and link in the window. */
export const PUBLIC_THROTTLE = { max: 5, windowMs: 10 * 60_000 } as const;

/** Columns the sync fills beside the form's fields (FORM_RESERVED_KEYS), and where each value comes from. */
const RESERVED_VALUES: Record<string, SQL> = {
  record_id: sql`r.id`,
  fill_task_id: sql`ft.id`,
  filler_id: sql`ft.filler_id`,
  department_id: sql`a.department_id`,
};

/** A field's stored value as text: a multiSelect's options joined by commas, blanks as null. */
function valueText(key: string): SQL {
  return sql`nullif(trim(case when jsonb_typeof(r.data -> ${key}) = 'array'
    then (select string_agg(x, ',') from jsonb_array_elements_text(r.data -> ${key}) x)
    else r.data ->> ${key} end), '')`;
}

/** The value converted to the column's type; a value that would not convert is left empty, not fatal. */
function castTo(text: SQL, type: FieldType): SQL {
  const target = SQL_TYPES[type];
  if (target === 'text') return text;
  return sql`case when public.warehouse_castable(${text}, ${target}) then (${text})::${sql.raw(target)} end`;
}

const toLink = (row: PublicLinkRow): PublicLink => ({
  id: row.id,
  formId: row.formId,
  title: row.title,
  maxSubmissions: row.maxSubmissions,
  submissionCount: row.submissionCount,
  isClosed: row.isClosed,
  createdAt: formatTime(row.createdAt),
});

/** 采集数据 (browse, unique check, the sync to the warehouse) and the public links of forms. */
export function createCollectDataService(deps: { repo: CollectRepo; jobs: Jobs; now?: () => Date }) {
  const { repo, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Copies the passed records of each `syn` form of the task into the form's warehouse table, one
   * statement per form; `on conflict (c_record_id)` makes a second run rewrite the same rows.
   */
  async function syncTask(taskId: string, report: (progress: number) => Promise<void>) {
    const forms = await repo.taskForms(taskId);
    const skipped: string[] = [];
    let rows = 0;
    let synced = 0;
    for (const [index, form] of forms.entries()) {
      if (form.syncType !== 'syn') {
        skipped.push(`${form.name}：不同步`);
        continue;
      }
      const target = form.warehouseTableId ? await repo.warehouseTarget(form.warehouseTableId) : undefined;
      const codes = new Map(target?.fields.map((f) => [f.code, f.type as FieldType]));
      if (!target || !codes.has('record_id')) {
        skipped.push(`${form.name}：没有可写入的数据仓库表`);
        continue;
      }
      const definition = await definitionAt(repo, form.formId, form.formVersion);
      const columns: { name: SQL; value: SQL }[] = [];
      for (const [key, value] of Object.entries(RESERVED_VALUES)) {
        const type = codes.get(key);
        if (type) columns.push({ name: ident(columnOf(key)), value: castTo(value, type) });
      }
      for (const field of definition.fields) {
        const type = codes.get(field.key);
        if (type)
          columns.push({ name: ident(columnOf(field.key)), value: castTo(valueText(field.key), type) });
      }
      rows += await repo.upsertWarehouseRows({
        table: sql`${ident('dw')}.${ident(target.physicalName)}`,
        columns,
        taskId,
        formId: form.formId,
      });
      synced += 1;
      await report(((index + 1) / forms.length) * 100);
    }
    return { forms: synced, rows, skipped };
  }

  const syncJob = jobs.register(COLLECT_SYNC_JOB, {
    payload: z.object({ taskId: z.string() }),
    failedMessage: '同步失败，请重试',
    async run({ payload, report }) {
      return { result: await syncTask(payload.taskId, (progress) => report(progress)) };
    },
  });

  async function liveLink(linkId: string) {
    const link = await repo.findLink(linkId);
    if (!link) throw notFound(M.linkNotFound);
    const form = await repo.findForm(link.formId);
    if (form?.publishState !== 'published' || form.publishedVersion === null) throw notFound(M.linkNotFound);
    return { link, form, version: form.publishedVersion };
  }
  function assertOpen(link: PublicLinkRow) {
    if (link.isClosed) unprocessable(M.linkClosed);
    if (link.submissionCount >= link.maxSubmissions) unprocessable(M.linkFull);
  }

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
          fillTaskId: r.fill_task_id,
          publicLinkId: r.public_link_id,
          taskName: r.task_name,
          departmentName: r.department_name,
          fillerName: r.filler_name,
          state: r.state as 'uncommitted' | 'unaudited' | 'rollback' | 'finished' | null,
          data: r.data,
          updatedAt: formatTime(r.updated_at),
        })),
        total: page.total,
      };
    },

    /** Whether a submitted record other than `recordId` already holds the value. */
    async checkUnique(body: {
      formId: string;
      fieldKey: string;
      value: string;
      recordId?: string | undefined;
    }) {
      if (!(await repo.findForm(body.formId))) throw notFound(M.formNotFound);
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

    // 公开链接

    async createLink(actor: Actor, formId: string, body: { title: string; maxSubmissions: number }) {
      assertManager(actor);
      const form = await repo.findForm(formId);
      if (!form) throw notFound(M.formNotFound);
      if (form.publishState !== 'published') unprocessable(M.formUnpublished(form.name));
      const [row] = await repo.insertLink({ id: newId(), formId, ...body, createdBy: actor.userId });
      return toLink(row!);
    },
    async links(actor: Actor, formId: string) {
      assertManager(actor);
      if (!(await repo.findForm(formId))) throw notFound(M.formNotFound);
      return (await repo.linksOfForm(formId)).map(toLink);
    },
    async closeLink(actor: Actor, linkId: string) {
      assertManager(actor);
      const row = await repo.closeLink(linkId);
      if (!row) throw notFound(M.linkNotFound);
      return toLink(row);
    },

    async publicForm(linkId: string) {
      const { link, form, version } = await liveLink(linkId);
      assertOpen(link);
      return {
        linkId: link.id,
        title: link.title,
        formName: form.name,
        definition: await definitionAt(repo, form.id, version),
        remaining: link.maxSubmissions - link.submissionCount,
      };
    },

    /**
     * An answer from outside the school, checked like a commit. The link's counter is taken in the
     * same transaction (closed or full refuses), then the address's answers of the last ten minutes.
     */
    async publicSubmit(input: { linkId: string; data: FormRecord; address: string }) {
      const { link, form, version } = await liveLink(input.linkId);
      assertOpen(link);
      const definition = await definitionAt(repo, form.id, version);
      assertKnownKeys(definition, input.data);
      const addressHash = createHash('sha256').update(`${link.id}\u0000${input.address}`).digest('hex');
      const recordId = newId();
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const taken = await tx.takeSubmission(link.id);
            if (!taken) {
              const current = await tx.findLink(link.id);
              unprocessable(current?.isClosed ? M.linkClosed : M.linkFull);
            }
            const since = new Date(now().getTime() - PUBLIC_THROTTLE.windowMs);
            if ((await tx.recentHits(link.id, addressHash, since)) >= PUBLIC_THROTTLE.max)
              throw new AppError('UNPROCESSABLE', M.throttled);
            const claims = await checkSubmission({
              q: tx,
              formId: form.id,
              definition,
              records: [{ id: recordId, data: input.data }],
            });
            await tx.insertRecord({
              id: recordId,
              formId: form.id,
              publicLinkId: link.id,
              data: input.data,
              revision: 1,
            });
            await tx.claim(claims);
            await tx.addHit(link.id, addressHash);
          }),
        { conflict: '提交的唯一字段的值刚刚被其他提交占用，请检查后重新提交' },
      );
      return { recordId };
    },
  };
}

export type CollectDataService = ReturnType<typeof createCollectDataService>;
