import {
  type Form,
  type FormCreateBody,
  type FormDefinition,
  type FormDetail,
  type FormDirectory,
  type FormDirectoryBody,
  type FormDirectoryNode,
  type FormDraft,
  FormDraftSchema,
  type FormListQuery,
  type FormOptions,
  type FormUpdateBody,
  type FormVersion,
  type PagingQuery,
  publishForm,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { checkPrefillSources } from './collect-known.ts';
import { parseDefinition, syncFormTable } from './forms.publish.ts';
import type { DirectoryRow, FormRow, FormsQueries, FormsRepo } from './forms.repo.ts';

const M = {
  formNotFound: '表单不存在',
  formTaken: '表单名称已存在',
  directoryNotFound: '表单目录不存在',
  directoryTaken: '同一目录下已有同名目录',
  changed: '表单已被他人修改，请刷新后重试',
} as const;

/**
 * Who designs: users holding the 数据管理 menu (data managers) create, change, publish and delete forms,
 * directories and constants — a design decides the columns of a warehouse table. Users holding only
 * 数据采集 (fillers) read the published forms they fill: the published version's design, never a draft.
 */
export const canDesign = (actor: Actor) => actor.menuKeys.has('dataManage');

const iso = (date: Date) => date.toISOString();

function directoryOf(row: DirectoryRow, formCount: number): FormDirectory {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    sort: row.sort,
    formCount,
    createdAt: iso(row.createdAt),
  };
}

function formOf(row: FormRow, directoryNames: ReadonlyMap<string, string>): Form {
  return {
    id: row.id,
    directoryId: row.directoryId,
    directoryName: row.directoryId ? (directoryNames.get(row.directoryId) ?? '') : '',
    name: row.name,
    remark: row.remark,
    formType: row.formType as Form['formType'],
    layout: row.layout as Form['layout'],
    syncType: row.syncType as Form['syncType'],
    publishState: row.publishState as Form['publishState'],
    auditState: row.auditState as Form['auditState'],
    version: row.version,
    publishedVersion: row.publishedVersion,
    warehouseTableId: row.warehouseTableId,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: row.deletedAt ? iso(row.deletedAt) : null,
  };
}

/** A stored design read back; a row that no longer reads (never expected) counts as an empty draft. */
function draftOf(definition: unknown, form: FormRow): FormDraft {
  const parsed = FormDraftSchema.safeParse(definition);
  return parsed.success
    ? parsed.data
    : {
        formType: form.formType as FormDraft['formType'],
        layout: form.layout as FormDraft['layout'],
        fields: [],
      };
}

async function directoryNames(q: FormsQueries): Promise<Map<string, string>> {
  return new Map((await q.allDirectories()).map((d) => [d.id, d.name]));
}

async function liveForm(q: FormsQueries, id: string): Promise<FormRow> {
  const row = await q.findForm(id);
  if (!row || row.deletedAt) throw notFound(M.formNotFound);
  return row;
}

/** The directory and every directory below it. */
function subtree(rows: readonly DirectoryRow[], rootId: string): string[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++)
    for (const row of rows) if (row.parentId === ids[i] && !ids.includes(row.id)) ids.push(row.id);
  return ids;
}

function directoryCalls(repo: FormsRepo) {
  async function save(id: string, body: FormDirectoryBody, isNew: boolean): Promise<FormDirectory> {
    await guarded(
      () =>
        repo.transaction(async (tx) => {
          const existing = isNew ? undefined : await tx.findDirectory(id);
          if (!isNew && !existing) throw notFound(M.directoryNotFound);
          const parentId = body.parentId || null;
          if (parentId) {
            if (!(await tx.findDirectory(parentId))) throw notFound('上级目录不存在');
            if (!isNew && subtree(await tx.allDirectories(), id).includes(parentId))
              throw new AppError('UNPROCESSABLE', '不能把目录移到它自己或它的下级目录之下');
          }
          const holder = await tx.siblingNamed(parentId, body.name);
          if (holder && holder.id !== id) throw new AppError('CONFLICT', M.directoryTaken);
          const columns = { name: body.name, parentId, sort: body.sort ?? existing?.sort ?? 0 };
          if (existing) await tx.updateDirectory(id, columns);
          else await tx.insertDirectory({ id, ...columns });
        }),
      { conflict: M.directoryTaken },
    );
    const row = (await repo.findDirectory(id))!;
    return directoryOf(row, (await repo.liveFormCounts()).get(id) ?? 0);
  }
  return {
    async directoryTree(): Promise<FormDirectoryNode[]> {
      const [rows, counts] = await Promise.all([repo.allDirectories(), repo.liveFormCounts()]);
      const nodes = new Map<string, FormDirectoryNode>(
        rows.map((r) => [r.id, { ...directoryOf(r, counts.get(r.id) ?? 0), children: [] }]),
      );
      const roots: FormDirectoryNode[] = [];
      for (const row of rows) {
        const node = nodes.get(row.id)!;
        const parent = row.parentId ? nodes.get(row.parentId) : undefined;
        (parent ? parent.children : roots).push(node);
      }
      return roots;
    },
    createDirectory: (body: FormDirectoryBody) => save(newId(), body, true),
    updateDirectory: (id: string, body: FormDirectoryBody) => save(id, body, false),
    async deleteDirectory(id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        if (!(await tx.findDirectory(id))) throw notFound(M.directoryNotFound);
        if ((await tx.childCount(id)) > 0)
          throw new AppError('UNPROCESSABLE', '目录下还有下级目录，请先删除下级目录');
        const held = await tx.formCountIn(id);
        if (held.live > 0)
          throw new AppError('UNPROCESSABLE', `目录下还有 ${held.live} 个表单，请先移走或删除`);
        if (held.deleted > 0)
          throw new AppError(
            'UNPROCESSABLE',
            `表单回收站中还有 ${held.deleted} 个属于该目录的表单，恢复时需要该目录`,
          );
        await tx.deleteDirectory(id);
      });
    },
  };
}

/** The form with the design its reader sees: a designer (or the service itself, `null`) the current one. */
async function detail(repo: FormsRepo, id: string, actor: Actor | null): Promise<FormDetail> {
  const row = await liveForm(repo, id);
  const designer = actor === null || canDesign(actor);
  const shown = designer ? row.version : row.publishedVersion;
  if (shown === null) throw notFound(M.formNotFound);
  const version = await repo.findVersion(id, shown);
  return {
    ...formOf(row, await directoryNames(repo)),
    definition: draftOf(version?.definition, row),
    definitionVersion: shown,
  };
}

async function checkDirectory(q: FormsQueries, directoryId: string | null | undefined) {
  if (directoryId && !(await q.findDirectory(directoryId))) throw notFound(M.directoryNotFound);
}

async function checkName(q: FormsQueries, name: string, selfId: string | null) {
  const holder = await q.liveFormNamed(name);
  if (holder && holder.id !== selfId) throw new AppError('CONFLICT', M.formTaken);
}

/** The form list, a form's design, its versions and its fields' options. */
function formReads(repo: FormsRepo) {
  return {
    async formPage(actor: Actor, query: FormListQuery) {
      const directories = await repo.allDirectories();
      const page = await repo.formPage(
        {
          keyword: query.keyword,
          directoryIds: query.directoryId ? subtree(directories, query.directoryId) : undefined,
          publishState: query.publishState,
          publishedOnly: !canDesign(actor),
          deleted: false,
        },
        query,
      );
      const names = new Map(directories.map((d) => [d.id, d.name]));
      return { records: page.records.map((r) => formOf(r, names)), total: page.total };
    },
    formDetail: (actor: Actor, id: string) => detail(repo, id, actor),

    async formVersions(id: string): Promise<FormVersion[]> {
      const row = await liveForm(repo, id);
      return (await repo.versionsOf(id)).map((v) => ({
        version: v.version,
        createdBy: v.createdBy,
        createdAt: iso(v.createdAt),
        publishedAt: v.publishedAt ? iso(v.publishedAt) : null,
        publishedBy: v.publishedBy,
        fieldCount: draftOf(v.definition, row).fields.length,
      }));
    },

    /** Each select field's options: the constants of its constant type, in their order. */
    async formOptions(actor: Actor, id: string): Promise<FormOptions> {
      const { definition } = await detail(repo, id, actor);
      return loadFieldOptions(repo, definition);
    },
  };
}

function formCreation(repo: FormsRepo) {
  return {
    async createForm(actor: Actor, body: FormCreateBody): Promise<FormDetail> {
      const id = newId();
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            await checkDirectory(tx, body.directoryId);
            await checkName(tx, body.name, null);
            await tx.insertForm({
              id,
              directoryId: body.directoryId || null,
              name: body.name,
              remark: body.remark ?? '',
              formType: body.definition.formType,
              layout: body.definition.layout,
              syncType: body.syncType,
              version: 1,
              createdBy: actor.userId,
            });
            await tx.insertVersion({
              formId: id,
              version: 1,
              definition: body.definition,
              createdBy: actor.userId,
            });
          }),
        { conflict: M.formTaken },
      );
      return detail(repo, id, null);
    },
  };
}

function formDesignChanges(repo: FormsRepo) {
  return {
    /**
     * Saves the name, place and design. A design whose current version is still a draft is overwritten;
     * once that version is published the design goes to version N+1, a draft again (publishState
     * unpublished) while fillers keep the published one.
     */
    async updateForm(actor: Actor, id: string, body: FormUpdateBody): Promise<FormDetail> {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const row = await liveForm(tx, id);
            if (body.version !== undefined && body.version !== row.version)
              throw new AppError('CONFLICT', `表单设计已保存为第${row.version}版，请刷新后再修改`);
            if (body.directoryId !== undefined) await checkDirectory(tx, body.directoryId);
            if (body.name !== undefined) await checkName(tx, body.name, id);
            let version = row.version;
            let publishState = row.publishState;
            if (body.definition) {
              const current = await tx.findVersion(id, row.version);
              if (current && !current.publishedAt) {
                await tx.overwriteDraft(id, row.version, body.definition);
              } else {
                version = row.version + 1;
                publishState = 'unpublished';
                await tx.insertVersion({
                  formId: id,
                  version,
                  definition: body.definition,
                  createdBy: actor.userId,
                });
              }
            }
            const changed = await tx.updateForm(
              id,
              {
                ...(body.name !== undefined ? { name: body.name } : {}),
                ...(body.remark !== undefined ? { remark: body.remark } : {}),
                ...(body.directoryId !== undefined ? { directoryId: body.directoryId || null } : {}),
                ...(body.syncType !== undefined ? { syncType: body.syncType } : {}),
                ...(body.definition
                  ? { formType: body.definition.formType, layout: body.definition.layout }
                  : {}),
                version,
                publishState,
              },
              { version: row.version, publishState: row.publishState, live: true },
            );
            if (changed === 0) throw new AppError('CONFLICT', M.changed);
            // The warehouse table is named after the form.
            if (body.name !== undefined && body.name !== row.name && row.warehouseTableId)
              await tx.warehouse.updateTable(row.warehouseTableId, { name: body.name });
          }),
        { conflict: M.formTaken },
      );
      return detail(repo, id, null);
    },
  };
}

/** Publishing a design (with its warehouse table) and auditing the published form. */
function formPublishing(repo: FormsRepo) {
  return {
    /**
     * publishById: the current design, checked whole by FormDefinitionSchema, becomes the published
     * version; the form's warehouse table is created (first publish) or follows the design, in the same
     * transaction as the form's state, which changes only from the state read.
     */
    async publishForm(actor: Actor, id: string): Promise<FormDetail> {
      await repo.transaction(async (tx) => {
        const row = await liveForm(tx, id);
        const transition = publishForm(row.publishState as Form['publishState']);
        if (!transition.ok) throw new AppError('CONFLICT', transition.message);
        const current = await tx.findVersion(id, row.version);
        const next = parseDefinition(draftOf(current?.definition, row));
        await checkConstantTypes(tx, next);
        await checkPrefillSources(tx.known, id, next);
        const published = row.publishedVersion ? await tx.findVersion(id, row.publishedVersion) : undefined;
        const previous = published ? parseDefinition(draftOf(published.definition, row)) : null;
        const tableId = await syncFormTable({
          q: tx,
          warehouse: tx.warehouse,
          form: row,
          previous,
          next,
        });
        await tx.markPublished(id, row.version, actor.userId);
        const changed = await tx.updateForm(
          id,
          {
            publishState: transition.to,
            publishedVersion: row.version,
            auditState: 'unaudited',
            warehouseTableId: tableId,
          },
          { version: row.version, publishState: row.publishState, live: true },
        );
        if (changed === 0) throw new AppError('CONFLICT', M.changed);
      });
      return detail(repo, id, null);
    },

    /** auditById: a published form, unaudited → audited, from the state read. */
    async auditForm(id: string): Promise<Form> {
      const row = await liveForm(repo, id);
      if (row.publishedVersion === null) throw new AppError('UNPROCESSABLE', '表单尚未发布，不能审核');
      if (row.auditState === 'audited') throw new AppError('CONFLICT', '表单已审核');
      const changed = await repo.updateForm(
        id,
        { auditState: 'audited' },
        { auditState: 'unaudited', live: true },
      );
      if (changed === 0) throw new AppError('CONFLICT', M.changed);
      return formOf((await repo.findForm(id))!, await directoryNames(repo));
    },
  };
}

async function checkConstantTypes(q: FormsQueries, definition: FormDefinition) {
  const wanted = definition.fields.flatMap((f) =>
    f.options ? [{ field: f, typeId: f.options.constantTypeId }] : [],
  );
  const existing = await q.existingConstantTypeIds(wanted.map((w) => w.typeId));
  const missing = wanted.find((w) => !existing.has(w.typeId));
  if (missing) throw new AppError('VALIDATION', `字段「${missing.field.label}」的常量类型不存在，请重新选择`);
}

/** 表单回收站: a deleted form keeps its records; its warehouse table waits in the warehouse bin. */
function binCalls(repo: FormsRepo) {
  return {
    /** Refused while a collection task that is not finished sends the form. */
    async deleteForm(actor: Actor, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await liveForm(tx, id);
        const tasks = await tx.openTaskNames(id);
        if (tasks.length > 0)
          throw new AppError(
            'UNPROCESSABLE',
            `表单正被未结束的采集任务「${tasks.slice(0, 3).join('」「')}」使用，任务结束后才能删除`,
          );
        const changed = await tx.updateForm(
          id,
          { deletedAt: new Date(), deletedBy: actor.userId },
          { live: true },
        );
        if (changed === 0) throw new AppError('CONFLICT', M.changed);
        if (row.warehouseTableId) await tx.warehouse.removeTables([row.warehouseTableId], actor.userId);
      });
    },
    async recycle(query: PagingQuery & { keyword?: string | undefined }) {
      const page = await repo.formPage(
        { keyword: query.keyword, publishedOnly: false, deleted: true },
        query,
      );
      const names = await directoryNames(repo);
      return { records: page.records.map((r) => formOf(r, names)), total: page.total };
    },
    async restoreForm(id: string): Promise<Form> {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const row = await tx.findForm(id);
            if (!row?.deletedAt) throw notFound('回收站中没有该表单');
            if (await tx.liveFormNamed(row.name))
              throw new AppError('CONFLICT', `已有同名表单「${row.name}」，请先把它改名后再恢复`);
            const changed = await tx.updateForm(id, { deletedAt: null, deletedBy: null }, { live: false });
            if (changed === 0) throw new AppError('CONFLICT', M.changed);
            if (row.warehouseTableId) await tx.warehouse.restoreTables([row.warehouseTableId]);
          }),
        { conflict: M.formTaken },
      );
      return formOf((await repo.findForm(id))!, await directoryNames(repo));
    },
    /**
     * Deletes a binned form for good, with its versions and its table (from the warehouse bin). A form
     * that was ever used for collection (tasks, records, public links) keeps pointing rows and is refused:
     * collected data is not thrown away from here.
     */
    async purgeForm(id: string): Promise<void> {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const row = await tx.findForm(id);
            if (!row?.deletedAt) throw notFound('回收站中没有该表单');
            await tx.deleteForm(id);
            if (row.warehouseTableId) await tx.warehouse.purgeTables([row.warehouseTableId]);
          }),
        { inUse: '表单已用于采集（有采集任务、采集数据或公开链接），不能彻底删除' },
      );
    },
    /**
     * The warehouse bin's own restore, purge or delete of a table that backs a form is refused: the form
     * and its table go and come back together through 表单管理 and 表单回收站.
     */
    async guardWarehouseTables(tableIds: readonly string[], action: 'remove' | 'restore' | 'purge') {
      const [form] = await repo.formOfTables(tableIds);
      if (!form) return;
      const message =
        action === 'remove'
          ? `数据表属于表单「${form.name}」，请在数据采集的表单管理中删除该表单`
          : `数据表属于已删除的表单「${form.name}」，请在数据采集的表单回收站中恢复该表单`;
      throw new AppError('UNPROCESSABLE', message);
    },
  };
}

/**
 * The option lists of a design's select components, from their constant types: for the filler's form
 * (forms/{id}/options) and the public page alike.
 */
export async function loadFieldOptions(
  repo: Pick<FormsRepo, 'constantsOfTypes'>,
  definition: { fields: ReadonlyArray<{ key?: unknown; options?: unknown }> },
): Promise<FormOptions> {
  const sources = new Map<string, string>();
  for (const field of definition.fields) {
    const options = field.options as { constantTypeId?: unknown } | null | undefined;
    if (typeof field.key === 'string' && typeof options?.constantTypeId === 'string')
      sources.set(field.key, options.constantTypeId);
  }
  const constants = await repo.constantsOfTypes([...new Set(sources.values())]);
  const answer: FormOptions = {};
  for (const [key, typeId] of sources)
    answer[key] = constants.filter((c) => c.typeId === typeId).map(({ label, value }) => ({ label, value }));
  return answer;
}

/**
 * 数据采集 › 表单设计: directories, forms and their versioned designs, and the warehouse table behind
 * each published form (changed through the repo's warehouse, inside the form's transaction).
 */
export function createFormsService(deps: { repo: FormsRepo }) {
  const { repo } = deps;
  return {
    ...directoryCalls(repo),
    ...formReads(repo),
    ...formCreation(repo),
    ...formDesignChanges(repo),
    ...formPublishing(repo),
    ...binCalls(repo),
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
