import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { backupSchedule } from './backup.table.ts';

export type BackupScheduleRow = typeof backupSchedule.$inferSelect;
const ROW_ID = 'default';
const one = eq(backupSchedule.id, ROW_ID);
/** Also true while the column is still null (never run). */
const notYet = (
  column: typeof backupSchedule.lastRunDate | typeof backupSchedule.lastPurgeDate,
  day: string,
): SQL => sql`${column} is distinct from ${day}`;

/** The one row of 定时备份 and 日志保留, and the claims that let a single instance run each day's work. */
export function createBackupScheduleRepo(db: Db) {
  /** The row, made with the table's defaults when missing (a race of two first reads inserts one). */
  async function find(): Promise<BackupScheduleRow> {
    const [row] = await db.select().from(backupSchedule).where(one);
    if (row) return row;
    await db.insert(backupSchedule).values({ id: ROW_ID }).onConflictDoNothing();
    const [made] = await db.select().from(backupSchedule).where(one);
    if (!made) throw new Error('backup_schedule row missing after insert');
    return made;
  }

  return {
    find,

    async save(input: { enabled: boolean; time: string; keep: number; auditRetentionDays: number }) {
      await find();
      await db
        .update(backupSchedule)
        .set({ ...input, updatedAt: new Date() })
        .where(one);
    },

    /**
     * Takes the day's scheduled backup when it is on and nobody took that day yet: one UPDATE, so of
     * several instances ticking together exactly one gets the row back.
     */
    async claimBackup(input: { day: string; at: Date }): Promise<BackupScheduleRow | undefined> {
      await find();
      const [row] = await db
        .update(backupSchedule)
        .set({
          lastRunDate: input.day,
          lastRunAt: input.at,
          lastJobId: null,
          lastRunState: 'running',
          lastRunMessage: '正在备份…',
        })
        .where(and(one, eq(backupSchedule.enabled, true), notYet(backupSchedule.lastRunDate, input.day)))
        .returning();
      return row;
    },

    /** The job the claimed day's run became (the screen reads a run killed midway from it). */
    async attachJob(input: { day: string; jobId: string }) {
      await db
        .update(backupSchedule)
        .set({ lastJobId: input.jobId })
        .where(and(one, eq(backupSchedule.lastRunDate, input.day)));
    },

    /** How the day's run ended; a later day's claim is left alone. */
    async recordRun(input: { day: string; state: 'finished' | 'failed'; message: string }) {
      await db
        .update(backupSchedule)
        .set({ lastRunState: input.state, lastRunMessage: input.message })
        .where(and(one, eq(backupSchedule.lastRunDate, input.day)));
    },

    /** Takes the day's purge of expired audit entries, as `claimBackup` does; answers the retention. */
    async claimPurge(day: string): Promise<number | undefined> {
      await find();
      const [row] = await db
        .update(backupSchedule)
        .set({ lastPurgeDate: day })
        .where(and(one, notYet(backupSchedule.lastPurgeDate, day)))
        .returning({ days: backupSchedule.auditRetentionDays });
      return row?.days;
    },

    async recordPurge(input: { at: Date; deleted: number }) {
      await db
        .update(backupSchedule)
        .set({ lastPurgeAt: input.at, lastPurgeCount: input.deleted })
        .where(one);
    },
  };
}

export type BackupScheduleRepo = ReturnType<typeof createBackupScheduleRepo>;
