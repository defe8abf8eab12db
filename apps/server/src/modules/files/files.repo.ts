import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from './files.table.ts';

export function createFilesRepo(db: Db) {
  return {
    async insert(row: typeof files.$inferInsert) {
      await db.insert(files).values(row);
    },
    async findById(id: string) {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      return row;
    },
  };
}

export type FilesRepo = ReturnType<typeof createFilesRepo>;
