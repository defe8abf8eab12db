import type { ImportRowError } from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { duplicateMessage, firstRows } from '../../platform/excel/columns.ts';
import { importErrors } from '../../platform/excel/row-errors.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { createExcelImport, type ImportStage } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { GoalAccess } from './goal-access.ts';
import { notifyTasksIssued } from './goal-notices.ts';
import type { NewTask } from './goal-tasks.repo.ts';
import { GOALS_MESSAGES as M } from './goals.common.ts';
import { type ParsedTaskRow, readTaskWorkbook } from './goals.excel.ts';
import type { GoalsRepo } from './goals.repo.ts';

/** What the rows' names resolve against, read before planning. */
export interface ImportLookups {
  departments: readonly { id: string; name: string; short: string | null }[];
  users: readonly { id: string; account: string }[];
  topTasks: readonly { id: string; name: string; start: string; end: string }[];
}

type Span = { id: string; start: string; end: string };
type Plan = { tasks: NewTask[]; errors: ImportRowError[] };

/**
 * The import as a pure plan: every row checked (names against the lookups and the rows before it), and
 * either the tasks to insert or the errors, sorted by row. Nothing here reads or writes the database.
 */
export function planTaskImport(input: {
  yearTargetId: string;
  rows: readonly ParsedTaskRow[];
  errors: readonly ImportRowError[];
  lookups: ImportLookups;
}): Plan {
  const { lookups } = input;
  const errors: ImportRowError[] = [...input.errors];
  const departmentOf = (name: string) =>
    lookups.departments.find((d) => d.name === name) ?? lookups.departments.find((d) => d.short === name);
  const userOf = new Map(lookups.users.map((u) => [u.account, u.id]));
  const topInFile = new Map<string, Span>();
  const earlier = firstRows();
  const tasks: NewTask[] = [];

  for (const row of input.rows) {
    const fail = (column: string, message: string) => errors.push({ row: row.row, column, message });
    const before = errors.length;
    const department = row.departmentName ? departmentOf(row.departmentName) : undefined;
    if (row.departmentName && !department) fail('责任部门', `部门「${row.departmentName}」不存在`);
    const principalId = row.principalAccount ? userOf.get(row.principalAccount.toLowerCase()) : undefined;
    if (row.principalAccount && !principalId)
      fail('任务负责人账号', `账号「${row.principalAccount}」不存在或已停用`);
    const collaboratorIds: string[] = [];
    for (const name of row.collaboratorNames) {
      const d = departmentOf(name);
      if (!d) fail('协同部门', `部门「${name}」不存在`);
      else if (d.id === department?.id) fail('协同部门', M.collaboratorIsResponsible);
      else if (!collaboratorIds.includes(d.id)) collaboratorIds.push(d.id);
    }
    let parentId: string | null = null;
    if (row.parentName) {
      const parent = topInFile.get(row.parentName) ?? lookups.topTasks.find((t) => t.name === row.parentName);
      if (!parent) fail('上级任务名称', `上级任务「${row.parentName}」不存在（须为本年度目标下的一级任务）`);
      else if (row.startDate < parent.start || row.endDate > parent.end) fail('结束日期', M.subTaskDates);
      else parentId = parent.id;
    }
    const repeated = row.name ? earlier(`${row.parentName ?? ''}\u0000${row.name}`, row.row) : undefined;
    if (repeated !== undefined) fail('任务名称', duplicateMessage(repeated, '任务'));
    if (errors.length > before || !department || !principalId || !row.type || !row.examType) continue;
    const task: NewTask = {
      id: newId(),
      yearTargetId: input.yearTargetId,
      parentId,
      name: row.name,
      type: row.type,
      examType: row.examType,
      targetValue: row.targetValue,
      departmentId: department.id,
      principalUserId: principalId,
      startDate: row.startDate,
      endDate: row.endDate,
      detail: row.detail,
      collaboratorIds,
    };
    tasks.push(task);
    if (!row.parentName) topInFile.set(row.name, { id: task.id, start: row.startDate, end: row.endDate });
  }
  errors.sort((a, b) => a.row - b.row);
  return { tasks: errors.length > 0 ? [] : tasks, errors };
}

/** The job kind of a target-task import. */
export const TASK_IMPORT_JOB = 'goal-task-import';

const TaskImportInput = z.object({ yearTargetId: z.string() });

/**
 * 目标任务导入 as a job: the request checks the publisher and the year target; the job reads the workbook,
 * looks the names up, plans, then writes every task in one transaction.
 */
export function createTaskImport(deps: {
  repo: GoalsRepo;
  access: GoalAccess;
  jobs: Jobs;
  storage: FileStorage;
}) {
  const { repo, access } = deps;

  async function prepare(actor: Actor, fields: Readonly<Record<string, string>>) {
    access.requirePublisher(actor);
    const { yearTargetId } = fields;
    if (!yearTargetId) throw new AppError('VALIDATION', '请选择年度目标');
    if (!(await repo.existingYearTargets([yearTargetId])).has(yearTargetId))
      throw notFound(M.yearTargetNotFound);
    return { yearTargetId };
  }

  /** Reads, plans and writes; the annual year-task import runs the same steps under its own kind. */
  async function runTaskImport(context: {
    actorId: string;
    input: { yearTargetId: string };
    bytes: Uint8Array;
    stage(stage: ImportStage): Promise<void>;
  }) {
    const { yearTargetId } = context.input;
    const parsed = await readTaskWorkbook(context.bytes);
    await context.stage('checking');
    const accounts = [...new Set(parsed.rows.map((r) => r.principalAccount.toLowerCase()))];
    const lookups = await repo.importLookups(yearTargetId, accounts);
    const plan = planTaskImport({ yearTargetId, rows: parsed.rows, errors: parsed.errors, lookups });
    if (plan.errors.length > 0) {
      // The plan holds the errors the reader listed plus its own; the reader counted more than it listed.
      const counted = parsed.errorCount - parsed.errors.length + plan.errors.length;
      return { imported: false, tasks: 0, ...importErrors(plan.errors, counted) };
    }
    await context.stage('writing');
    await repo.transaction(async (tx) => {
      await tx.insertTasks(plan.tasks, context.actorId);
      await notifyTasksIssued(
        tx,
        context.actorId,
        plan.tasks.map((t) => t.id),
      );
    });
    return { imported: true, tasks: plan.tasks.length, errors: [] };
  }

  const taskImport = createExcelImport(deps, {
    kind: TASK_IMPORT_JOB,
    label: '导入目标任务',
    input: TaskImportInput,
    prepare,
    run: runTaskImport,
  });

  return {
    taskImport,
    /** The steps of the import, for an import of the same rows under another kind. */
    taskImportSteps: { prepare, run: runTaskImport, input: TaskImportInput },
  };
}
