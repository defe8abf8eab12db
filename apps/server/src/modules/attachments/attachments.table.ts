import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assignedPoints } from '../diagnosis/diagnosis.table.ts';
import { files } from '../files/files.table.ts';

/** 支撑附件: a file attached to an assigned point at a stage. */
export const pointFiles = pgTable(
  'point_files',
  {
    id: text().primaryKey(),
    assignedPointId: text()
      .notNull()
      .references(() => assignedPoints.id, { onDelete: 'cascade' }),
    fileId: text()
      .notNull()
      .references(() => files.id),
    stage: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('point_files_point_idx').on(t.assignedPointId, t.stage),
    uniqueIndex('point_files_file_uq').on(t.assignedPointId, t.fileId),
  ],
);
