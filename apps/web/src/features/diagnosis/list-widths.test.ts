import { describe, expect, it } from 'vitest';
import { columnsWidth } from '../../shared/ui/table-width.ts';
import { belowStandardColumns, EXPAND_COLUMN_WIDTH } from './components/below-standard-columns.tsx';
import { objectTaskColumns } from './components/object-task-columns.tsx';
import { reviewQueueColumns } from './components/review-queue-columns.tsx';
import { taskListColumns } from './components/task-list-columns.tsx';
import { warningColumns } from './components/warning-columns.tsx';
import { DESK_TABLE_WIDTH } from './table-layout.ts';

const none = () => undefined;
const noneAsync = async () => undefined;

/** Issue 11: the diagnosis lists hid 未完成, 未处理预警 and 发布人 behind a sideways scroll on a desk. */
describe('the diagnosis lists fit a 1280 px desk', () => {
  it('task lists, for the publisher and for everyone else', () => {
    for (const canManage of [true, false]) {
      const columns = taskListColumns({ canManage, act: async () => true, onOpen: none, onEdit: none });
      expect(columnsWidth(columns)).toBeLessThanOrEqual(DESK_TABLE_WIDTH);
      expect(columns.map((c) => c.title)).toEqual(expect.arrayContaining(['未完成', '未处理预警', '发布人']));
    }
  });

  it("a task's object tasks (the publisher's with the selection column)", () => {
    for (const canManage of [true, false]) {
      const columns = objectTaskColumns({
        canManage,
        isOpen: true,
        onOpen: none,
        onCharger: none,
        onAssign: noneAsync,
        act: async () => true,
      });
      expect(columnsWidth(columns, canManage ? 32 : 0)).toBeLessThanOrEqual(DESK_TABLE_WIDTH);
    }
  });

  it('warning tables, in a task and across tasks', () => {
    for (const acrossTasks of [true, false]) {
      const columns = warningColumns({
        acrossTasks,
        canDispose: true,
        checking: null,
        onOpen: none,
        onDispose: noneAsync,
      });
      expect(columnsWidth(columns)).toBeLessThanOrEqual(DESK_TABLE_WIDTH);
    }
  });

  it('the below-standard points, with and without 操作', () => {
    for (const editable of [true, false]) {
      const columns = belowStandardColumns({
        editable,
        onOpen: none,
        onSample: none,
        onFiles: none,
        onEdit: none,
      });
      expect(columnsWidth(columns, EXPAND_COLUMN_WIDTH)).toBeLessThanOrEqual(DESK_TABLE_WIDTH);
    }
  });

  it('the review queue', () => {
    expect(columnsWidth(reviewQueueColumns(none))).toBeLessThanOrEqual(DESK_TABLE_WIDTH);
  });
});
