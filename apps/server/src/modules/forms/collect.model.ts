import {
  type Allocation,
  type AllocationState,
  type CollectTask,
  type CollectTaskState,
  checkRecord,
  type FieldValue,
  type FillState,
  type FillTask,
  FORM_MESSAGES,
  type FormDefinition,
  FormDefinitionSchema,
  type FormRecord,
  hasRule,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { formatDateTime } from '../../platform/time.ts';
import { isManager } from './collect.access.ts';
import type { AllocationListRow, Claim, CollectQueries, FillListRow, TaskListRow } from './collect.repo.ts';

export { isManager };

export const COLLECT_MESSAGES = {
  taskNotFound: '采集任务不存在',
  allocationNotFound: '任务分配不存在',
  fillNotFound: '填报任务不存在',
  formNotFound: '表单不存在',
  linkNotFound: '公开链接不存在',
  formUnpublished: (name: string) => `表单「${name}」尚未发布，不能用于采集任务`,
  departmentMissing: '所选部门不存在',
  cycleMissing: '所选周期不存在',
  deadlineBeforeStart: '截止时间必须晚于开始时间',
  taskHasSubmissions: '该采集任务已有填报数据提交，不能删除；可以结束任务',
  stale: '数据已被他人修改，请刷新后重试',
  notManager: '只有数据管理员可以执行此操作',
  notHead: '只有该部门的负责人可以分配填报人',
  notFiller: '只有该任务的填报人可以填写和提交',
  notAuditor: '只有该部门的负责人或数据管理员可以审核',
  noAuditScope: '只有部门负责人或数据管理员可以查看待审核的填报',
  fillerOutside: '填报人必须是该部门的用户',
  fillerSubmitted: (name: string) => `填报人「${name}」已提交过数据，不能移除`,
  floatingOneRecord: '该表单每位填报人只填写一条记录',
  nothingToCommit: '请先填写数据再提交',
  recordNotFound: '要修改的记录不存在',
  unknownField: (key: string) => `表单中没有字段「${key}」`,
  recordChanged: (labels: string[]) =>
    `数据已被他人修改（${labels.length ? `字段：${labels.join('、')}` : '行已变更'}），请刷新后再保存`,
  uniqueTaken: (label: string, value: string) => `「${label}」的值「${value}」已被其他提交占用，不能重复`,
  linkClosed: '该链接已关闭，不能再填写',
  linkFull: '该链接的提交份数已满，不能再填写',
  throttled: '提交过于频繁，请10分钟后再试',
} as const;

export function assertManager(actor: Actor) {
  if (!isManager(actor)) throw new AppError('FORBIDDEN', COLLECT_MESSAGES.notManager);
}

/** A refusal of the contract's state rules answered in its own words. */
export function unprocessable(message: string): never {
  throw new AppError('UNPROCESSABLE', message);
}
/** Someone changed the row between our read and our write. */
export function stale(): never {
  throw new AppError('CONFLICT', COLLECT_MESSAGES.stale);
}

const time = (value: Date | string) => formatDateTime(new Date(value)) ?? '';
const maybeTime = (value: Date | string | null) => (value === null ? null : time(value));

export function toTask(row: TaskListRow): CollectTask {
  return {
    id: row.id,
    name: row.name,
    cycleId: row.cycleId,
    startAt: time(row.startAt),
    deadline: time(row.deadline),
    state: row.state as CollectTaskState,
    remark: row.remark,
    forms: row.forms ?? [],
    departments: row.departments ?? [],
    createdAt: time(row.createdAt),
  };
}

export function toAllocation(row: AllocationListRow): Allocation {
  return {
    id: row.id,
    taskId: row.taskId,
    taskName: row.taskName,
    taskState: row.taskState as CollectTaskState,
    deadline: time(row.deadline),
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    state: row.state as AllocationState,
    reason: row.reason,
    fillerIds: (row.fillerIds ?? []).slice().sort(),
    fillCount: row.fillCount,
    uncommittedCount: row.uncommittedCount,
    unauditedCount: row.unauditedCount,
    rollbackCount: row.rollbackCount,
    finishedCount: row.finishedCount,
  };
}

export function toFill(row: FillListRow): FillTask {
  return {
    id: row.id,
    taskId: row.taskId,
    taskName: row.taskName,
    taskState: row.taskState as CollectTaskState,
    deadline: time(row.deadline),
    formId: row.formId,
    formName: row.formName,
    allocationId: row.allocationId,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    fillerId: row.fillerId,
    fillerName: row.fillerName,
    state: row.state as FillState,
    rollbackReason: row.rollbackReason,
    revision: row.revision,
    committedAt: maybeTime(row.committedAt),
    auditedAt: maybeTime(row.auditedAt),
  };
}

export { time as formatTime };

/** The stored design of a form at a version (stored through the contract's schema, read back the same way). */
export async function definitionAt(
  q: CollectQueries,
  formId: string,
  version: number,
): Promise<FormDefinition> {
  return parseDefinition(await q.definitionOf(formId, version));
}

/** A design as stored; one that is missing or does not parse is a form not found. */
export function parseDefinition(stored: unknown): FormDefinition {
  const parsed = FormDefinitionSchema.safeParse(stored);
  if (!parsed.success) throw notFound(COLLECT_MESSAGES.formNotFound);
  return parsed.data;
}

/** Keys a record may carry: the form's fields. */
export function assertKnownKeys(definition: FormDefinition, data: FormRecord) {
  const keys = new Set(definition.fields.map((f) => f.key));
  for (const key of Object.keys(data))
    if (!keys.has(key)) throw new AppError('VALIDATION', COLLECT_MESSAGES.unknownField(key));
}

/** How a unique value is compared: trimmed text; a multiSelect's options sorted. */
export function uniqueText(value: FieldValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = Array.isArray(value) ? [...value].sort().join(',') : String(value).trim();
  return text === '' ? null : text;
}

/** What `checkRecords` found: the claims to take and the problems so far, the held values not yet asked. */
export interface CheckedRecords {
  claims: Claim[];
  problems: string[];
  /** A claim's message, numbered by the row that claims it. */
  heldMessage(held: Pick<Claim, 'fieldKey' | 'value'>): string;
}

/**
 * Checks records for a commit or a public answer: every field rule of the contract (options from the
 * constants), then the `unique` fields repeated among these records. Answers the claims to take and the
 * problems, numbered by row; whether another submission holds a value is the caller's to ask.
 */
export async function checkRecords(input: {
  q: Pick<CollectQueries, 'constantValues'>;
  formId: string;
  definition: FormDefinition;
  records: readonly { id: string; data: FormRecord }[];
}): Promise<CheckedRecords> {
  const { q, formId, definition, records } = input;
  const typeIds = definition.fields.flatMap((f) => (f.options ? [f.options.constantTypeId] : []));
  const options = await q.constantValues([...new Set(typeIds)]);
  const labelOf = new Map(definition.fields.map((f) => [f.key, f.label]));
  const problems: string[] = [];
  const prefix = (index: number) => (records.length > 1 ? `第${index + 1}行` : '');
  records.forEach((record, index) => {
    const errors = checkRecord(definition, record.data, (field) =>
      field.options ? (options.get(field.options.constantTypeId) ?? []) : undefined,
    );
    for (const [key, message] of Object.entries(errors))
      problems.push(`${prefix(index)}「${labelOf.get(key)}」：${message}`);
  });
  const claims: Claim[] = [];
  const seen = new Map<string, number>();
  const uniqueFields = definition.fields.filter((f) => hasRule(f, 'unique'));
  records.forEach((record, index) => {
    for (const field of uniqueFields) {
      const value = uniqueText(record.data[field.key]);
      if (value === null) continue;
      const key = `${field.key}\u0000${value}`;
      if (seen.has(key)) problems.push(`${prefix(index)}「${field.label}」：${FORM_MESSAGES.unique}`);
      else {
        seen.set(key, index);
        claims.push({ formId, fieldKey: field.key, value, recordId: record.id });
      }
    }
  });
  const heldMessage = (held: Pick<Claim, 'fieldKey' | 'value'>) =>
    `${prefix(seen.get(`${held.fieldKey}\u0000${held.value}`) ?? 0)}「${labelOf.get(held.fieldKey)}」：${FORM_MESSAGES.unique}`;
  return { claims, problems, heldMessage };
}

/** Refuses with every message at once (the first twenty). */
export function refuseProblems(problems: readonly string[]) {
  if (problems.length > 0) throw new AppError('VALIDATION', problems.slice(0, 20).join('；'));
}

/** The values of `checked` that records other than `records` hold, as messages. */
export async function heldProblems(
  q: Pick<CollectQueries, 'claimsHeld'>,
  formId: string,
  checked: CheckedRecords,
  records: readonly { id: string }[],
) {
  const held = await q.claimsHeld(
    formId,
    checked.claims,
    records.map((r) => r.id),
  );
  return held.map(checked.heldMessage);
}

/**
 * `checkRecords`, then the values another submission holds: refuses with every message at once; answers
 * the claims to take.
 */
export async function checkSubmission(input: Parameters<typeof checkRecords>[0] & { q: CollectQueries }) {
  const checked = await checkRecords(input);
  refuseProblems([
    ...checked.problems,
    ...(await heldProblems(input.q, input.formId, checked, input.records)),
  ]);
  return checked.claims;
}
