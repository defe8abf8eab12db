import type { AverageDirection, AverageStatus } from '@eduqa/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goalAverageTargets } from './annual.table.ts';
import { goalTasks } from './goals.table.ts';

export interface AverageNumbers {
  averageValue: number;
  targetNumber: number;
  direction: AverageDirection;
}

/** The average-level numbers and status of a goal task (平均水平目标). */
export function createAnnualAveragesRepo(db: Db) {
  return {
    /** The average-level target rows among `ids`. */
    averages: (ids: string[]) =>
      db
        .select({
          id: goalAverageTargets.taskId,
          status: goalAverageTargets.status,
          actualValue: goalAverageTargets.actualValue,
        })
        .from(goalAverageTargets)
        .where(inArray(goalAverageTargets.taskId, ids)),

    /**
     * Makes the task just created by the goal service an average-level target; should that fail, the
     * task (written outside this transaction) is taken back.
     */
    async insertAverage(taskId: string, numbers: AverageNumbers, targetTypeId: string | undefined) {
      try {
        await db.transaction(async (tx) => {
          await tx.insert(goalAverageTargets).values({ taskId, ...numbers });
          if (targetTypeId) {
            await tx.update(goalTasks).set({ targetTypeId }).where(eq(goalTasks.id, taskId));
          }
        });
      } catch (error) {
        await db.delete(goalTasks).where(eq(goalTasks.id, taskId));
        throw error;
      }
    },

    updateAverage: (taskId: string, numbers: AverageNumbers, targetTypeId: string | undefined) =>
      db.transaction(async (tx) => {
        await tx
          .update(goalAverageTargets)
          .set({ ...numbers, updatedAt: new Date() })
          .where(eq(goalAverageTargets.taskId, taskId));
        await tx
          .update(goalTasks)
          .set({ targetTypeId: targetTypeId ?? null })
          .where(eq(goalTasks.id, taskId));
      }),

    /** Moves the status on only from `from`: the rows changed (none when another request moved it first). */
    async setAverageStatus(
      taskId: string,
      from: string,
      next: { status: AverageStatus; actualValue: number | null },
    ) {
      return db
        .update(goalAverageTargets)
        .set({ status: next.status, actualValue: next.actualValue, updatedAt: new Date() })
        .where(and(eq(goalAverageTargets.taskId, taskId), eq(goalAverageTargets.status, from)))
        .returning({ id: goalAverageTargets.taskId });
    },
  };
}
