import type { ObjectTaskScore, ScoredPoint, ScoreIndicator } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { visibleObjectTask, visibleTask } from '../diagnosis.scopes.ts';

/**
 * Which object tasks a score computation covers: one task's (or one object task of it), or every
 * object task (the demo seed).
 */
export type ScoreScope = { taskId: string; objectTaskId?: string | null } | 'all';

/** A stored score (object_task_scores) as the reports module reads it. */
export interface StoredScore {
  score: number;
  gradedPoints: number;
  computedAt: Date;
}

/** An object task with its object's name and stored score; the score's fields are null without one. */
export interface ScoreViewRow {
  objectTaskId: string;
  objectName: string;
  score: number | null;
  gradedPoints: number | null;
  computedAt: Date | null;
}

/** The object tasks (alias `ot`) of a scope. */
function inScope(scope: ScoreScope): SQL {
  if (scope === 'all') return sql`true`;
  const one = scope.objectTaskId ? sql` and ot.id = ${scope.objectTaskId}` : sql``;
  return sql`ot.task_id = ${scope.taskId}${one}`;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The stored scores of these object tasks; an object task without a score (never computed, or no
 * graded point at the last computation) is absent from the map. For the reports' 得分 stamp.
 */
export async function scoresOf(db: Db, objectTaskIds: readonly string[]): Promise<Map<string, StoredScore>> {
  if (objectTaskIds.length === 0) return new Map();
  const rows = await queryRows<{
    object_task_id: string;
    score: number | string;
    graded_points: number | string;
    computed_at: Date | string;
  }>(
    db,
    sql`select object_task_id, score, graded_points, computed_at from object_task_scores
        where object_task_id in (select jsonb_array_elements_text(${JSON.stringify(objectTaskIds)}::jsonb))`,
  );
  return new Map(
    rows.map((r) => [
      r.object_task_id,
      { score: Number(r.score), gradedPoints: Number(r.graded_points), computedAt: toDate(r.computed_at) },
    ]),
  );
}

export function createScoreRepo(db: Db) {
  return {
    /** A task with the publisher and whether the actor may read it; undefined when there is none. */
    async findTask(actor: Actor, taskId: string) {
      const [row] = await queryRows<{ id: string; publisherUserId: string; readable: boolean }>(
        db,
        sql`select t.id, t.publisher_user_id as "publisherUserId", ${visibleTask(actor)} as readable
            from diagnosis_tasks t where t.id = ${taskId}`,
      );
      return row;
    },

    /** An object task with its task's publisher and whether the actor may read it. */
    async findObjectTask(actor: Actor, objectTaskId: string) {
      const [row] = await queryRows<{
        id: string;
        taskId: string;
        publisherUserId: string;
        readable: boolean;
      }>(
        db,
        sql`select ot.id, ot.task_id as "taskId", t.publisher_user_id as "publisherUserId",
                   ${visibleObjectTask(actor)} as readable
            from object_tasks ot join diagnosis_tasks t on t.id = ot.task_id where ot.id = ${objectTaskId}`,
      );
      return row;
    },

    /** The object tasks of a scope; only those the actor may read when an actor is given. */
    async objectTaskIds(scope: ScoreScope, actor?: Actor): Promise<string[]> {
      const readable = actor ? visibleObjectTask(actor) : sql`true`;
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select ot.id from object_tasks ot where ${inScope(scope)} and ${readable}`,
      );
      return rows.map((r) => r.id);
    },

    /**
     * Every graded point of the scope with its indicator path (level 1 first, with the weights), in one
     * statement: the leaf indicators of the graded points are walked up to their roots once, not per point.
     */
    async gradedPoints(scope: ScoreScope): Promise<Array<ScoredPoint & { objectTaskId: string }>> {
      const rows = await queryRows<{
        object_task_id: string;
        grade: string;
        below: boolean;
        path: ScoreIndicator[] | string;
      }>(
        db,
        sql`with recursive graded as (
              select ap.object_task_id, ap.grade, ap.below, qp.indicator_id
              from assigned_points ap
              join object_tasks ot on ot.id = ap.object_task_id
              join quality_points qp on qp.id = ap.quality_point_id
              where ${inScope(scope)} and ap.grade is not null
            ), up as (
              select i.id as leaf_id, i.id, i.parent_id, i.weight, 0 as step
              from indicators i where i.id in (select indicator_id from graded)
              union all
              -- the step bound only guards against a cycle written into the table by hand
              select up.leaf_id, p.id, p.parent_id, p.weight, up.step + 1
              from up join indicators p on p.id = up.parent_id where up.step < 32
            ), paths as (
              select leaf_id, json_agg(json_build_object('id', id, 'weight', weight) order by step desc) as path
              from up group by leaf_id
            )
            select g.object_task_id, g.grade, g.below, p.path
            from graded g join paths p on p.leaf_id = g.indicator_id`,
      );
      return rows.map((r) => ({
        objectTaskId: r.object_task_id,
        grade: r.grade,
        below: r.below,
        path: typeof r.path === 'string' ? (JSON.parse(r.path) as ScoreIndicator[]) : r.path,
      }));
    },

    /**
     * Writes the scores of a scope in one statement: the scored object tasks are upserted, and those of
     * the scope that no longer have a score (no graded point now) lose their old one. An object task
     * removed meanwhile is skipped rather than failing the whole run.
     */
    async writeScores(scope: ScoreScope, scores: ReadonlyMap<string, ObjectTaskScore>) {
      const rows = [...scores].map(([id, s]) => ({ id, score: s.score, graded: s.gradedPoints }));
      const json = JSON.stringify(rows);
      await db.execute(sql`
        with fresh as (
          select x.id, x.score, x.graded from jsonb_to_recordset(${json}::jsonb) as x(id text, score float8, graded int)
        ), removed as (
          delete from object_task_scores s using object_tasks ot
          where s.object_task_id = ot.id and ${inScope(scope)}
            and s.object_task_id not in (select id from fresh)
        )
        insert into object_task_scores (object_task_id, score, graded_points, computed_at)
        select f.id, f.score, f.graded, now() from fresh f where exists (select 1 from object_tasks o where o.id = f.id)
        on conflict (object_task_id) do update
          set score = excluded.score, graded_points = excluded.graded_points, computed_at = excluded.computed_at`);
    },

    /** The object tasks with their object's name and stored score (or none), by the object's name. */
    async scoreViews(objectTaskIds: readonly string[]): Promise<ScoreViewRow[]> {
      if (objectTaskIds.length === 0) return [];
      const rows = await queryRows<{
        object_task_id: string;
        object_name: string;
        score: number | string | null;
        graded_points: number | string | null;
        computed_at: Date | string | null;
      }>(
        db,
        sql`select ot.id as object_task_id, o.name as object_name, s.score, s.graded_points, s.computed_at
            from object_tasks ot
            join diagnosis_objects o on o.id = ot.object_id
            left join object_task_scores s on s.object_task_id = ot.id
            where ot.id in (select jsonb_array_elements_text(${JSON.stringify(objectTaskIds)}::jsonb))
            order by o.code, ot.id`,
      );
      return rows.map((r) => ({
        objectTaskId: r.object_task_id,
        objectName: r.object_name,
        score: r.score === null ? null : Number(r.score),
        gradedPoints: r.graded_points === null ? null : Number(r.graded_points),
        computedAt: r.computed_at === null ? null : toDate(r.computed_at),
      }));
    },
  };
}

export type ScoreRepo = ReturnType<typeof createScoreRepo>;
