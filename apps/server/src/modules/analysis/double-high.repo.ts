import { count, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { doubleHighUnits } from './analysis.table.ts';

export interface DoubleHighUnitRow {
  id: string;
  round: number;
  category: '学校' | '专业群';
  grade: 'A' | 'B' | 'C';
  schoolName: string;
  schoolCode: string | null;
  majorGroup: string;
}

/** One school of a round's category and grade, its 专业群 gathered, in the notice's order. */
export interface DoubleHighSchoolRow {
  code: string | null;
  name: string;
  noticeName: string;
  category: '学校' | '专业群';
  grade: 'A' | 'B' | 'C';
  majorGroups: string[];
}

export function createDoubleHighRepo(db: Db) {
  return {
    async countRound(round: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(doubleHighUnits)
        .where(eq(doubleHighUnits.round, round));
      return row?.n ?? 0;
    },

    /** A round's units in one statement; ids are stable, so a second start inserting at once adds nothing. */
    async insertUnits(rows: readonly DoubleHighUnitRow[]) {
      await db.execute(sql`
        insert into double_high_units (id, round, category, grade, school_name, school_code, major_group)
        select x.id, x.round, x.category, x.grade, x.school_name, x.school_code, x.major_group
        from jsonb_to_recordset(${JSON.stringify(
          rows.map((r) => ({
            id: r.id,
            round: r.round,
            category: r.category,
            grade: r.grade,
            school_name: r.schoolName,
            school_code: r.schoolCode,
            major_group: r.majorGroup,
          })),
        )}::jsonb) as x(id text, round int, category text, grade text, school_name text, school_code text,
          major_group text)
        on conflict (id) do nothing`);
    },

    async rounds(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ round: doubleHighUnits.round })
        .from(doubleHighUnits)
        .orderBy(sql`${doubleHighUnits.round} desc`);
      return rows.map((r) => r.round);
    },

    async schools(input: { round: number; category: string; grade: string }): Promise<DoubleHighSchoolRow[]> {
      const rows = await queryRows<DoubleHighSchoolRow>(
        db,
        sql`select u.school_code as code, coalesce(p.name, u.school_name) as name, u.school_name as "noticeName",
            u.category, u.grade, array_agg(u.major_group order by u.id) as "majorGroups"
          from double_high_units u left join peer_schools p on p.code = u.school_code
          where u.round = ${input.round} and u.category = ${input.category} and u.grade = ${input.grade}
          group by u.school_code, p.name, u.school_name, u.category, u.grade
          order by min(u.id)`,
      );
      return rows;
    },
  };
}

export type DoubleHighRepo = ReturnType<typeof createDoubleHighRepo>;
