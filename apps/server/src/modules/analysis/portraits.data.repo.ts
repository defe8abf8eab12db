import type { PagingQuery, PortraitObject, PortraitSubject } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern } from '../../platform/sql.ts';
import { visibleObject } from './authority.access.ts';

const objectColumns = sql`o.id, o.code, o.name, d.name as "departmentName"`;

/** The reads of 画像 data: objects, and each block of a portrait in one set-based statement. */
export function createPortraitDataRepo(db: Db) {
  return {
    /** Whether the object of this level exists and the actor may see its portrait. */
    async objectVisible(actor: Actor, subject: PortraitSubject, objectId: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select o.id from diagnosis_objects o
            where o.id = ${objectId} and o.level = ${subject} and ${visibleObject(actor)}`,
      );
      return rows.length > 0;
    },

    /** The objects of a level the actor may see, by name or code, in name order. */
    async objectPage(
      actor: Actor,
      filter: { subject: PortraitSubject; keyword?: string | undefined },
      paging: PagingQuery,
    ) {
      const parts: SQL[] = [sql`o.level = ${filter.subject}`, visibleObject(actor)];
      if (filter.keyword) {
        const like = likePattern(filter.keyword);
        parts.push(sql`(o.name ilike ${like} or o.code ilike ${like})`);
      }
      return pagedRows<PortraitObject>(
        db,
        sql`select ${objectColumns} from diagnosis_objects o left join departments d on d.id = o.department_id
            where ${sql.join(parts, sql` and `)} order by o.name, o.code, o.id`,
        paging,
      );
    },

    async object(objectId: string): Promise<PortraitObject | undefined> {
      const [row] = await queryRows<PortraitObject>(
        db,
        sql`select ${objectColumns} from diagnosis_objects o left join departments d on d.id = o.department_id
            where o.id = ${objectId}`,
      );
      return row;
    },
  };
}

export type PortraitDataRepo = ReturnType<typeof createPortraitDataRepo>;
