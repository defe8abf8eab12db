import type { PeerTableKind, TargetBandScope } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { RULE_COLUMNS, type RuleColumns } from '../diagnosis/recompute.ts';
import { type EffectiveValue, effectiveValues } from './peers.repo.ts';

export interface PointRow extends RuleColumns {
  id: string;
  name: string;
  level: string;
  standardValue: string | null;
}

export interface BandSourceRow {
  indicatorId: string | null;
  indicatorName: string | null;
  unit: string | null;
  indicatorDirection: string | null;
  tableKind: PeerTableKind | null;
  ownCode: string | null;
  ownName: string | null;
  ownProvince: string | null;
  ownLevel: string | null;
}

/** Assigned points of the quality point in one task that share their values (`objects` of them). */
export interface PastGroupRow {
  taskId: string;
  taskName: string;
  period: string;
  endDate: string;
  state: string;
  targetValue: string | null;
  revisedTarget: string | null;
  result: string | null;
  revisedResult: string | null;
  grade: string | null;
  below: boolean;
  objects: number;
  warnings: number;
}

/** 目标定位's reads: a point's rule, its linked indicator and the own school, the peers' values, its past cycles. */
export function createTargetBandRepo(db: Db) {
  return {
    async findPoint(pointId: string): Promise<PointRow | undefined> {
      const [row] = await queryRows<PointRow>(
        db,
        sql`select qp.id, qp.name, qp.level, qp.standard_value as "standardValue", ${RULE_COLUMNS}
            from quality_points qp where qp.id = ${pointId}`,
      );
      return row;
    },

    /** The first indicator linked to the point (by its order) and the own school, either possibly missing. */
    async bandSource(pointId: string): Promise<BandSourceRow> {
      const [row] = await queryRows<BandSourceRow>(
        db,
        sql`select i.id as "indicatorId", i.name as "indicatorName", i.unit, i.direction as "indicatorDirection",
                   i.table_kind as "tableKind", s.code as "ownCode", s.name as "ownName",
                   s.province as "ownProvince", s.level as "ownLevel"
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
        sql`select t.id as "taskId", t.name as "taskName", t.period, t.end_date::text as "endDate", t.state,
                   ap.target_value as "targetValue", ap.revised_target as "revisedTarget", ap.result,
                   ap.revised_result as "revisedResult", ap.grade, ap.below,
                   count(*)::int as objects, coalesce(sum(w.n), 0)::int as warnings
            from assigned_points ap
            join quality_points qp on qp.id = ap.quality_point_id
            join object_tasks ot on ot.id = ap.object_task_id
            join diagnosis_tasks t on t.id = ot.task_id and t.level = qp.level
            left join lateral (
              select count(*)::int as n from point_warnings w where w.assigned_point_id = ap.id
            ) w on true
            where ap.quality_point_id = ${pointId}
            group by t.id, t.name, t.period, t.end_date, t.state, ap.target_value, ap.revised_target,
                     ap.result, ap.revised_result, ap.grade, ap.below
            order by t.end_date, t.id, count(*) desc`,
      );
      return rows.map((r) => ({ ...r, objects: Number(r.objects), warnings: Number(r.warnings) }));
    },
  };
}

export type TargetBandRepo = ReturnType<typeof createTargetBandRepo>;
