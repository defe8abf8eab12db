import {
  type BodyOf,
  collectEndpoints as C,
  CollectSyncResultSchema,
  collectFutureTasks,
  formsEndpoints as F,
  FILL_IMPORT,
  type FormDraft,
  orgEndpoints,
  type QueryOf,
  standardsEndpoints,
  warehouseEndpoints as W,
} from '@eduqa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, download } from '../../shared/api/client.ts';
import { saveBlob } from '../../shared/api/save-blob.ts';
import { usePagedQuery } from '../../shared/api/use-paged-query.ts';

/**
 * The form service (herm-sjcj). Its wire names are the contract's English ones (no forms.wire.ts), so
 * answers reach the pages as they come; the two foreign calls (people, cycles) are mapped here once.
 */
export const formsKeys = {
  all: ['forms'] as const,
  directories: ['forms', 'directories'] as const,
  forms: (query: object) => ['forms', 'list', query] as const,
  form: (id: string) => ['forms', 'form', id] as const,
  versions: (id: string) => ['forms', 'versions', id] as const,
  options: (id: string) => ['forms', 'options', id] as const,
  recycle: (query: object) => ['forms', 'recycle', query] as const,
  links: (formId: string) => ['forms', 'links', formId] as const,
  constantTypes: (query: object) => ['forms', 'constantTypes', query] as const,
  constants: (typeId: string) => ['forms', 'constants', typeId] as const,
  tasks: (query: object) => ['forms', 'tasks', query] as const,
  allocations: (query: object) => ['forms', 'allocations', query] as const,
  fillTasks: (query: object) => ['forms', 'fillTasks', query] as const,
  fillTask: (id: string) => ['forms', 'fillTask', id] as const,
  data: (query: object) => ['forms', 'data', query] as const,
  people: (departmentId: string) => ['forms', 'people', departmentId] as const,
  cycles: ['forms', 'cycles'] as const,
};

/** Lists the pickers read whole (published forms, constant types, fillers); the server pages them. */
const ALL = { pageNum: 1, pageSize: 500 } as const;

// 表单目录与表单

export const useDirectoryTree = () =>
  useQuery({ queryKey: formsKeys.directories, queryFn: () => call(F.directoryTree) });

export type FormListFilters = Omit<QueryOf<typeof F.formPage>, 'pageNum' | 'pageSize'>;

export const useForms = (filters: FormListFilters) =>
  usePagedQuery({
    queryKey: formsKeys.forms,
    queryFn: (query) => call(F.formPage, { query }),
    filters,
  });

/** Published forms, for a task's form picker and the data browser. */
export const usePublishedForms = () =>
  useQuery({
    queryKey: formsKeys.forms({ publishState: 'published', ...ALL }),
    queryFn: async () => (await call(F.formPage, { query: { publishState: 'published', ...ALL } })).records,
  });

export const useFormDetail = (id: string) =>
  useQuery({
    queryKey: formsKeys.form(id),
    queryFn: () => call(F.formDetail, { params: { id } }),
    enabled: id !== '',
  });

export const useFormVersions = (id: string) =>
  useQuery({ queryKey: formsKeys.versions(id), queryFn: () => call(F.formVersions, { params: { id } }) });

export const useFormOptions = (id: string | undefined) =>
  useQuery({
    queryKey: formsKeys.options(id ?? ''),
    queryFn: () => call(F.formOptions, { params: { id: id! } }),
    enabled: Boolean(id),
  });

export const useFormRecycle = (keyword: string) =>
  usePagedQuery({
    queryKey: formsKeys.recycle,
    queryFn: (query) => call(F.formRecycle, { query }),
    filters: { keyword: keyword || undefined },
  });

export type DirectoryBody = BodyOf<typeof F.directoryInsert>;
export const saveDirectory = (body: DirectoryBody, id: string | undefined) =>
  id
    ? call(F.directoryUpdate, { params: { id }, body, json: true })
    : call(F.directoryInsert, { body, json: true });
export const deleteDirectory = (id: string) => call(F.directoryDelete, { params: { id } });

export type FormCreateBody = BodyOf<typeof F.formInsert>;
export const createForm = (body: FormCreateBody) => call(F.formInsert, { body, json: true });
export const publishForm = (id: string) => call(F.formPublish, { params: { id } });
export const auditForm = (id: string) => call(F.formAudit, { params: { id } });
export const deleteForm = (id: string) => call(F.formDelete, { params: { id } });
export const restoreForm = (id: string) => call(F.formRestore, { params: { id } });

/** Saves the design; silent, since the designer page shows the refusal beside the design. */
export const saveFormDesign = (id: string, definition: FormDraft, version: number) =>
  call(F.formUpdate, { params: { id }, body: { definition, version }, json: true, silent: true });

// 公开链接

export const usePublicLinks = (formId: string | null) =>
  useQuery({
    queryKey: formsKeys.links(formId ?? ''),
    queryFn: () => call(C.publicLinkList, { params: { id: formId! } }),
    enabled: formId !== null,
  });
export const createPublicLink = (formId: string, body: BodyOf<typeof C.publicLinkCreate>) =>
  call(C.publicLinkCreate, { params: { id: formId }, body, json: true });
export const closePublicLink = (id: string) => call(C.publicLinkClose, { params: { id } });

/** The public page is opened without a session and shows the server's refusal itself. */
export const usePublicForm = (linkId: string) =>
  useQuery({
    queryKey: ['forms', 'public', linkId],
    queryFn: () => call(C.publicForm, { params: { linkId }, silent: true }),
    retry: false,
  });
export const submitPublicForm = (linkId: string, data: BodyOf<typeof C.publicSubmit>['data']) =>
  call(C.publicSubmit, { params: { linkId }, body: { data }, json: true, silent: true });

// 常量

export const useConstantTypes = (keyword: string) =>
  usePagedQuery({
    queryKey: formsKeys.constantTypes,
    queryFn: (query) => call(F.constantTypePage, { query }),
    filters: { keyword: keyword || undefined },
  });

/** Every constant type, for the designer's option source. */
export const useAllConstantTypes = () =>
  useQuery({
    queryKey: formsKeys.constantTypes(ALL),
    queryFn: async () => (await call(F.constantTypePage, { query: ALL })).records,
  });

export const useConstants = (typeId: string | null, keyword: string) =>
  useQuery({
    queryKey: [...formsKeys.constants(typeId ?? ''), keyword],
    queryFn: () => call(F.constantList, { query: { typeId: typeId!, ...(keyword ? { keyword } : {}) } }),
    enabled: typeId !== null,
    placeholderData: keepPreviousData,
  });

export type ConstantTypeBody = BodyOf<typeof F.constantTypeInsert>;
export const saveConstantType = (body: ConstantTypeBody, id: string | undefined) =>
  id
    ? call(F.constantTypeUpdate, { params: { id }, body, json: true })
    : call(F.constantTypeInsert, { body, json: true });
export const deleteConstantType = (id: string) => call(F.constantTypeDelete, { params: { id } });

export type ConstantBody = BodyOf<typeof F.constantUpdate>;
export const saveConstant = (body: ConstantBody, typeId: string, id: string | undefined) =>
  id
    ? call(F.constantUpdate, { params: { id }, body, json: true })
    : call(F.constantInsert, { body: { ...body, typeId }, json: true });
export const deleteConstant = (id: string) => call(F.constantDelete, { params: { id } });

// 固定表单的 Excel 导入

/** The fill import for the shared import dialog; its template is the fill task's own form's. */
export function fillImport(fillTaskId: string) {
  return {
    ...FILL_IMPORT,
    template: {
      ...FILL_IMPORT.template,
      path: `${FILL_IMPORT.template.path}?fillTaskId=${encodeURIComponent(fillTaskId)}`,
    },
  };
}

// 采集任务与分配

export type TaskFilters = Omit<QueryOf<typeof C.taskPage>, 'pageNum' | 'pageSize'>;
export const useCollectTasks = (filters: TaskFilters) =>
  usePagedQuery({ queryKey: formsKeys.tasks, queryFn: (query) => call(C.taskPage, { query }), filters });

export type TaskCreateBody = BodyOf<typeof C.taskCreate>;
export type TaskUpdateBody = BodyOf<typeof C.taskUpdate>;
export const createTask = (body: TaskCreateBody) => call(C.taskCreate, { body, json: true });
export const updateTask = (id: string, body: TaskUpdateBody) =>
  call(C.taskUpdate, { params: { id }, body, json: true });
export const deleteTask = (id: string) => call(C.taskDelete, { params: { id } });
export const closeOutdatedTasks = () => call(C.closeOutdated);

export type AllocationFilters = Omit<QueryOf<typeof C.allocationPage>, 'pageNum' | 'pageSize'>;
export const useAllocations = (filters: AllocationFilters, enabled = true) =>
  usePagedQuery({
    queryKey: formsKeys.allocations,
    queryFn: (query) => call(C.allocationPage, { query }),
    filters,
    enabled,
  });
export const allocate = (allocationId: string, fillerIds: string[]) =>
  call(C.allocate, { body: { allocationId, fillerIds }, json: true });
export const auditAllocation = (id: string) => call(C.auditAllocation, { params: { id } });
export const rollbackAllocation = (body: BodyOf<typeof C.rollbackAllocation>) =>
  call(C.rollbackAllocation, { body, json: true });
export async function exportAllocations(task: { id: string; name: string }) {
  saveBlob(
    await download(C.allocationExport.path, { query: { taskId: task.id } }),
    `${task.name}-分配与进度.xlsx`,
  );
}

/** Sync to the warehouse: starts a job polled through `syncJobEndpoint`. */
export const startSync = (taskId: string) => call(C.sync, { body: { taskId }, json: true });
export const syncJobEndpoint = collectFutureTasks.result;
/** An ended sync job is acknowledged, so the server can forget it. */
export const acknowledgeSync = (taskId: string) =>
  call(collectFutureTasks.done, { body: { taskId }, json: true, silent: true }).catch(() => null);
export const parseSyncResult = (raw: unknown) => CollectSyncResultSchema.safeParse(raw).data ?? null;

/** The enabled members of a department, the fillers its head may choose from. */
export const useDepartmentPeople = (departmentId: string | null) =>
  useQuery({
    queryKey: formsKeys.people(departmentId ?? ''),
    queryFn: async () =>
      (await call(orgEndpoints.commonUsers, { query: { departmentId: departmentId!, ...ALL } })).records.map(
        (user) => ({ id: user.userId, name: user.userName, account: user.account }),
      ),
    enabled: departmentId !== null,
  });

/** The cycles a task may belong to; empty for a user who may not read them (the cycle is optional). */
export const useCycles = () =>
  useQuery({
    queryKey: formsKeys.cycles,
    queryFn: async () => {
      try {
        const page = await call(standardsEndpoints.cyclePage, { query: ALL, silent: true });
        return page.records.map((cycle) => ({ id: cycle.cycleId, name: cycle.cycleNumber }));
      } catch {
        return [];
      }
    },
  });

// 填报

export type FillFilters = Omit<QueryOf<typeof C.fillTaskPage>, 'pageNum' | 'pageSize'>;
/** `silent` for a list whose page shows the refusal itself (填报审核 for a user who audits nothing). */
export const useFillTasks = (filters: FillFilters, silent = false) =>
  usePagedQuery({
    queryKey: formsKeys.fillTasks,
    queryFn: (query) => call(C.fillTaskPage, { query, silent }),
    filters,
  });

/**
 * The sidebar counts: my fill tasks still to fill (未提交 and 已退回), and those waiting for my audit.
 * Silent: a filler who audits nothing is refused the audit count, which then reads as none.
 */
export const useFillCount = (scope: 'mine' | 'audit') =>
  useQuery({
    queryKey: ['forms', 'fillCount', scope],
    queryFn: async () => {
      const count = async (state: 'uncommitted' | 'rollback' | 'unaudited') =>
        (await call(C.fillTaskPage, { query: { scope, state, pageNum: 1, pageSize: 1 }, silent: true }))
          .total;
      try {
        if (scope === 'audit') return await count('unaudited');
        const [open, back] = await Promise.all([count('uncommitted'), count('rollback')]);
        return open + back;
      } catch {
        return 0;
      }
    },
  });

/** Every task, for the data browser's task filter. */
export const useAllTasks = () =>
  useQuery({
    queryKey: formsKeys.tasks(ALL),
    queryFn: async () => (await call(C.taskPage, { query: ALL })).records,
  });

export const useFillTaskDetail = (id: string | null) =>
  useQuery({
    queryKey: formsKeys.fillTask(id ?? ''),
    queryFn: () => call(C.fillTaskDetail, { params: { id: id! } }),
    enabled: id !== null,
    // A draft on screen must not be replaced by a refetch behind the filler's back.
    refetchOnWindowFocus: false,
  });

export type SaveRecordsBody = BodyOf<typeof C.saveRecords>;
/** Silent: the fill page shows 保存失败 in its status line and a conflict in its own dialog. */
export const saveRecords = (body: SaveRecordsBody) => call(C.saveRecords, { body, json: true, silent: true });
/** Silent: the fill page puts the refusal under the field it names, or above the form. */
export const commitFill = (id: string) => call(C.commitFill, { params: { id }, silent: true });
export const auditFill = (id: string, body: BodyOf<typeof C.auditFill>) =>
  call(C.auditFill, { params: { id }, body, json: true });
export const checkUnique = (body: BodyOf<typeof C.checkUnique>) =>
  call(C.checkUnique, { body, json: true, silent: true });

// 采集数据

export type DataFilters = Omit<QueryOf<typeof C.queryData>, 'pageNum' | 'pageSize'>;
export const useCollectedData = (filters: DataFilters | null) =>
  usePagedQuery({
    queryKey: formsKeys.data,
    queryFn: (query) => call(C.queryData, { query: query as QueryOf<typeof C.queryData> }),
    filters: filters ?? { formId: '' },
    enabled: filters !== null,
  });

// 数据变更提醒 (数据只采一次)

export type NoticeFilters = { read?: '0' | '1' };

export const useValueNotices = (filters: NoticeFilters) =>
  usePagedQuery({
    queryKey: (query) => ['forms', 'valueNotices', query] as const,
    queryFn: (query) => call(C.valueNoticePage, { query }),
    filters,
  });

export const useUnreadNoticeCount = () =>
  useQuery({
    queryKey: ['forms', 'valueNotices', 'unread'],
    queryFn: async () => {
      try {
        return (
          await call(C.valueNoticePage, { query: { read: '0', pageNum: 1, pageSize: 1 }, silent: true })
        ).total;
      } catch {
        return 0;
      }
    },
  });

export const readValueNotice = (id: string) => call(C.valueNoticeRead, { params: { id } });

/** Created warehouse tables, each named with its warehouse: the sources a field can take a known value from. */
export const useSourceTables = () =>
  useQuery({
    queryKey: ['forms', 'sourceTables'],
    queryFn: async () => {
      const warehouses = await call(W.warehouseAll);
      const tables = await Promise.all(warehouses.map((w) => call(W.tableAll, { query: { ckid: w.id } })));
      return tables
        .flat()
        .filter((t) => t.sfcj === 1 && t.scsj === null)
        .map((t) => ({ id: t.id, name: `${t.ckmc} / ${t.bmc}` }));
    },
  });

export const useSourceTableFields = (tableId: string | undefined) =>
  useQuery({
    queryKey: ['forms', 'sourceTable', tableId ?? ''],
    enabled: Boolean(tableId),
    queryFn: async () =>
      (await call(W.tableDetail, { query: { id: tableId! } })).fields.map((f) => ({
        code: f.zddm,
        label: f.zdmc,
        isObject: f.gllx === 'object',
      })),
  });
