import type { PeerTableKind, TargetBandScope } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { RULE_COLUMNS, type RuleColumns } from '../diagnosis/recompute.ts';
import { type EffectiveValue, effectiveValues } from './peers.repo.ts';

export interface PointRow extends RuleColumns {
  id: string;
  name: string;
  level: string;
  standard_value: string | null;
}

export interface BandSourceRow {
  indicator_id: string | null;
  indicator_name: string | null;
  unit: string | null;
  indicator_direction: string | null;
  table_kind: PeerTableKind | null;
  own_code: string | null;
  own_name: string | null;
  own_province: string | null;
  own_level: string | null;
}

/** Assigned points of the quality point in one task that share their values (`objects` of them). */
export interface PastGroupRow {
  task_id: string;
  task_name: string;
  period: string;
  end_date: string;
  state: string;
  target_value: string | null;
  revised_target: string | null;
  result: string | null;
  revised_result: string | null;
  grade: string | null;
  below: boolean;
  unfinished: boolean;
  objects: number;
  warnings: number;
}

/** 目标定位's reads: a point's rule, its linked indicator and the own school, the peers' values, its past cycles. */
export function createTargetBandRepo(db: Db) {
  return {
    async findPoint(pointId: string): Promise<PointRow | undefined> {
      const [row] = await queryRows<PointRow>(
        db,
        sql`select qp.id, qp.name, qp.level, qp.standard_value, ${RULE_COLUMNS}
            from quality_points qp where qp.id = ${pointId}`,
      );
      return row;
    },

    /** The first indicator linked to the point (by its order) and the own school, either possibly missing. */
    async bandSource(pointId: string): Promise<BandSourceRow> {
      const [row] = await queryRows<BandSourceRow>(
        db,
        sql`select i.id as indicator_id, i.name as indicator_name, i.unit, i.direction as indicator_direction,
                   i.table_kind, s.code as own_code, s.name as own_name, s.province as own_province,
                   s.level as own_level
            from (select 1) one
            left join lateral (
              select * from peer_indicators where point_id = ${pointId} order by sort_order, name, id limit 1
            ) i on true
            left join lateral (
              select own_school_code from analysis_settings order by updated_at desc limit 1
            ) a on true
            left join peer_schools s on s.code = a.own_school_code`,
      );
      return row!;
    },

    /**
     * The indicator's values of the schools of the own school's level (and province, for that scope), the own
     * school's included, every year — as every analysis takes them (`effectiveValues`: the own school's result
     * of the linked point instead of what it published).
     */
    async peerValues(input: {
      indicatorId: string;
      level: string;
      province: string;
      scope: TargetBandScope;
    }): Promise<EffectiveValue[]> {
      const rows = await queryRows<EffectiveValue>(
        db,
        effectiveValues({
          schools: {
            kind: 'level',
            level: input.level,
            ...(input.scope === 'province' ? { province: input.province } : {}),
          },
          indicatorIds: [input.indicatorId],
        }),
      );
      return rows.map((r) => ({ ...r, year: Number(r.year), value: Number(r.value) }));
    },

    /**
     * The point's assigned points in every diagnosis task of its level, grouped by task and values, with
     * the warnings recorded on them; oldest task first. One statement for all cycles.
     */
    async pastGroups(pointId: string): Promise<PastGroupRow[]> {
      const rows = await queryRows<PastGroupRow>(
        db,
        sql`select t.id as task_id, t.name as task_name, t.period, t.end_date::text as end_date, t.state,
                   ap.target_value, ap.revised_target, ap.result, ap.revised_result, ap.grade, ap.below,
                   ap.unfinished, count(*)::int as objects, coalesce(sum(w.n), 0)::int as warnings
            from assigned_points ap
            join quality_points qp on qp.id = ap.quality_point_id
            join object_tasks ot on ot.id = ap.object_task_id
            join diagnosis_tasks t on t.id = ot.task_id and t.level = qp.level
            left join lateral (
              select count(*)::int as n from point_warnings w where w.assigned_point_id = ap.id
            ) w on true
            where ap.quality_point_id = ${pointId}
            group by t.id, t.name, t.period, t.end_date, t.state, ap.target_value, ap.revised_target,
                     ap.result, ap.revised_result, ap.grade, ap.below, ap.unfinished
            order by t.end_date, t.id, count(*) desc`,
      );
      return rows.map((r) => ({ ...r, objects: Number(r.objects), warnings: Number(r.warnings) }));
    },
  };
}

export type TargetBandRepo = ReturnType<typeof createTargetBandRepo>;
