import type { ImportRowError } from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { duplicateMessage, firstRows } from '../../platform/excel/columns.ts';
import { importErrors } from '../../platform/excel/row-errors.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { createExcelImport } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { type ParsedChargerRow, readChargerWorkbook } from './annual.excel.ts';
import type { AnnualRepo } from './annual.repo.ts';
import type { ChargerColumns } from './annual-chargers.repo.ts';
import type { GoalsService } from './goals.service.ts';

/** The job kinds of the annual imports. */
export const YEAR_TASK_IMPORT_JOB = 'annual-year-task-import';
export const CHARGER_IMPORT_JOB = 'annual-charger-import';

interface AnnualImportsDeps {
  repo: AnnualRepo;
  goals: GoalsService;
  jobs: Jobs;
  storage: FileStorage;
  requirePublisher(actor: Actor): void;
}

/**
 * The imports of 年度目标分解 as jobs: year tasks are the goal import's rows answered as a count; chargers
 * are checked row by row (cells, then names against the database and the rows before them) and written
 * only when all are right, a department and type that already have a charger getting the new one.
 */
export function createAnnualImports(deps: AnnualImportsDeps) {
  return { yearTaskImport: yearTaskImport(deps), chargerImport: chargerImport(deps) };
}

function yearTaskImport(deps: AnnualImportsDeps) {
  const steps = deps.goals.taskImportSteps;
  return createExcelImport(deps, {
    kind: YEAR_TASK_IMPORT_JOB,
    label: '导入年度任务',
    input: steps.input,
    prepare: steps.prepare,
    async run(context) {
      const { tasks, ...answer } = await steps.run(context);
      return { ...answer, count: tasks };
    },
  });
}

function chargerImport(deps: AnnualImportsDeps) {
  return createExcelImport(deps, {
    kind: CHARGER_IMPORT_JOB,
    label: '导入任务负责人',
    input: z.object({}),
    async prepare(actor) {
      deps.requirePublisher(actor);
      return {};
    },
    async run({ bytes, stage }) {
      const parsed = await readChargerWorkbook(bytes);
      await stage('checking');
      const errors: ImportRowError[] = [...parsed.errors];
      const planned = planChargers(parsed.rows, await deps.repo.chargerNames(), errors);
      if (errors.length > 0) {
        // The reader counted more errors than it listed; the ones found here are all listed.
        const counted = parsed.errorCount - parsed.errors.length + errors.length;
        return { imported: false, count: 0, ...importErrors(errors, counted) };
      }
      await stage('writing');
      // One statement, so a failure leaves the chargers as they were.
      await deps.repo.upsertChargers(planned.map((p) => ({ id: newId(), ...p })));
      return { imported: true, count: planned.length, errors: [] };
    },
  });
}

/** Checks each row against the names and the rows before it; pushes its errors and answers the good rows. */
function planChargers(
  rows: ParsedChargerRow[],
  { allDepartments, types, userOf }: Awaited<ReturnType<AnnualRepo['chargerNames']>>,
  errors: ImportRowError[],
) {
  const departmentOf = (name: string) =>
    allDepartments.find((d) => d.name === name) ?? allDepartments.find((d) => d.short === name);
  const earlier = firstRows();
  const planned: ChargerColumns[] = [];
  for (const row of rows) {
    const fail = (column: string, message: string) => errors.push({ row: row.row, column, message });
    const before = errors.length;
    const department = row.departmentName ? departmentOf(row.departmentName) : undefined;
    if (row.departmentName && !department) fail('部门', `部门「${row.departmentName}」不存在`);
    const type = row.targetTypeName ? types.find((t) => t.name === row.targetTypeName) : undefined;
    if (row.targetTypeName && !type) fail('目标类型', `目标类型「${row.targetTypeName}」不存在`);
    const userId = row.account ? userOf.get(row.account.toLowerCase()) : undefined;
    if (row.account && !userId) fail('负责人账号', `账号「${row.account}」不存在或已停用`);
    if (department && type) {
      const repeated = earlier(`${department.id}\u0000${type.id}`, row.row);
      if (repeated !== undefined) fail('目标类型', duplicateMessage(repeated, '部门和目标类型'));
    }
    if (errors.length > before || !department || !type || !userId) continue;
    planned.push({
      departmentId: department.id,
      targetTypeId: type.id,
      userId,
      phone: row.phone,
      remark: row.remark,
    });
  }
  return planned;
}
