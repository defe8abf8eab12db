import { ROLE_IDS } from '@eduqa/contract';
import type { Db } from '../../db/client.ts';
import { analysisSettings, peerIndicatorValues, peerSchools } from './analysis.table.ts';

/** A school for the analysis tests; the directory the schools helper loads is not needed for them. */
export interface FixtureSchool {
  code: string;
  name: string;
  province: string;
  level: '本科' | '专科' | '成人';
  nature?: '公办' | '民办' | '中外合作';
}

export async function insertSchools(db: Db, schools: readonly FixtureSchool[], ownCode?: string) {
  await db.insert(peerSchools).values(
    schools.map((s) => ({
      code: s.code,
      name: s.name,
      province: s.province,
      level: s.level,
      nature: s.nature ?? '公办',
      source: s.code === ownCode ? 'own' : 'moe',
    })),
  );
  if (ownCode) await db.insert(analysisSettings).values({ id: 'default', ownSchoolCode: ownCode });
}

/** `[school, indicator, year, value]` rows; demo when asked. */
export async function insertValues(
  db: Db,
  rows: ReadonlyArray<readonly [string, string, number, number]>,
  isDemo = false,
) {
  await db.insert(peerIndicatorValues).values(
    rows.map(([schoolCode, indicatorId, year, value]) => ({
      schoolCode,
      indicatorId,
      year,
      value,
      isDemo,
    })),
  );
}

/** Roles of the analysis tests: a reader (school leader) and someone without the 智能分析 menu. */
export const ANALYSIS_ROLES = { reader: ROLE_IDS.schoolLeader, outsider: ROLE_IDS.diagnosisObject } as const;
