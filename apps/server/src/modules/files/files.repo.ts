import { eq, sql } from 'drizzle-orm';
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
    /** The file, and whether it is someone's current avatar (shown to every signed-in user). */
    async findDocument(id: string) {
      const [row] = await db
        .select({
          file: files,
          // Spelled out: inside a one-table select Drizzle writes ${files.id} as a bare "id", which the subquery reads as u.id.
          isAvatar: sql<boolean>`exists (select 1 from users u where u.avatar_file_id = files.id)`,
        })
        .from(files)
        .where(eq(files.id, id));
      return row;
    },
  };
}

export type FilesRepo = ReturnType<typeof createFilesRepo>;
