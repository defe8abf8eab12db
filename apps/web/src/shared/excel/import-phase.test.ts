import { describe, expect, it } from 'vitest';
import {
  errorCountText,
  fileProblem,
  type ImportOutcome,
  type ImportPhase,
  isImportBusy,
  nextPhase,
  refusedText,
  rowText,
} from './import-phase.ts';

const refused: ImportOutcome = { imported: false, errors: [{ row: 3, column: '任务名称', message: '必填' }] };

describe('the import phases', () => {
  it('go from the upload through the job to the answer', () => {
    let phase: ImportPhase<ImportOutcome> = { kind: 'idle' };
    phase = nextPhase(phase, { type: 'upload' });
    expect(phase).toEqual({ kind: 'uploading', percent: 0 });
    phase = nextPhase(phase, { type: 'progress', percent: 60 });
    expect(phase).toEqual({ kind: 'uploading', percent: 60 });
    expect(isImportBusy(phase)).toBe(true);
    phase = nextPhase(phase, { type: 'started', taskId: 't1' });
    expect(phase).toEqual({ kind: 'importing', taskId: 't1' });
    expect(isImportBusy(phase)).toBe(true);
    phase = nextPhase(phase, { type: 'answered', outcome: refused });
    expect(phase).toEqual({ kind: 'answered', outcome: refused });
    expect(isImportBusy(phase)).toBe(false);
  });

  it('ignore a progress event once the job has started', () => {
    const importing: ImportPhase<ImportOutcome> = { kind: 'importing', taskId: 't1' };
    expect(nextPhase(importing, { type: 'progress', percent: 100 })).toBe(importing);
  });

  it('keep the reason of a failed job, with a default when the server gave none', () => {
    const phase: ImportPhase<ImportOutcome> = { kind: 'importing', taskId: 't1' };
    expect(nextPhase(phase, { type: 'jobFailed', message: '文件过大' })).toEqual({
      kind: 'jobFailed',
      message: '文件过大',
    });
    expect(nextPhase(phase, { type: 'jobFailed', message: '' })).toEqual({
      kind: 'jobFailed',
      message: '导入失败，请重试',
    });
  });

  it('go back to idle on reset (a new file chosen)', () => {
    expect(nextPhase({ kind: 'answered', outcome: refused }, { type: 'reset' })).toEqual({ kind: 'idle' });
  });
});

describe('the import texts', () => {
  it('refuse a file that is not .xlsx or is empty', () => {
    expect(fileProblem({ name: '任务.xls', size: 10 })).toBe('只能上传xlsx的文件');
    expect(fileProblem({ name: '任务.csv', size: 10 })).toBe('只能上传xlsx的文件');
    expect(fileProblem({ name: '任务.XLSX', size: 0 })).toBe('文件为空');
    expect(fileProblem({ name: '任务.xlsx', size: 10 })).toBeNull();
  });

  it('name what was not imported', () => {
    expect(refusedText('任务')).toBe('以下行有误，未导入任何任务，请修改后重新导入');
  });

  it('say how many errors there are only when the list is cut short', () => {
    expect(errorCountText(refused)).toBeNull();
    expect(errorCountText({ ...refused, errorCount: 1 })).toBeNull();
    const listed = Array.from({ length: 1000 }, (_, i) => ({ row: i + 2, column: '列', message: '有误' }));
    expect(errorCountText({ imported: false, errors: listed, errorCount: 100_000 })).toBe(
      '共 100000 处错误，仅列出前 1000 处',
    );
  });

  it('show a whole-file error as 文件 in the row column', () => {
    expect(rowText({ row: 0, column: '', message: '文件不是有效的 xlsx' })).toBe('文件');
    expect(rowText({ row: 7, column: '列', message: 'x' })).toBe('7');
  });
});
