import type { Db } from '../../db/client.ts';
import { createDoubleHighRepo } from './double-high.repo.ts';
import {
  DOUBLE_HIGH_ROUND,
  REFERENCE_DATA_DIR,
  readReferenceData,
  resolveDoubleHighNames,
} from './reference-data.ts';
import { createSchoolsRepo } from './schools.repo.ts';

/**
 * Loads the bundled reference data where it is missing, at every start (with or without the demo): the
 * national list when the directory has no `moe` row, and the 2019 双高 units when that round is absent,
 * each school name resolved to a directory code. Each is one statement; a start that finds both present
 * reads no file. Answers what it added.
 */
export async function ensureReferenceData(
  db: Db,
  options: { dir?: string } = {},
): Promise<{ schools: number; doubleHighUnits: number }> {
  const schools = createSchoolsRepo(db);
  const doubleHigh = createDoubleHighRepo(db);
  const needsSchools = (await schools.countBySource('moe')) === 0;
  const needsDoubleHigh = (await doubleHigh.countRound(DOUBLE_HIGH_ROUND)) === 0;
  if (!needsSchools && !needsDoubleHigh) return { schools: 0, doubleHighUnits: 0 };

  const data = await readReferenceData(options.dir ?? REFERENCE_DATA_DIR);
  if (needsSchools) await schools.insertSchools(data.schools, 'moe');
  if (needsDoubleHigh) {
    const codes = resolveDoubleHighNames(
      data.doubleHigh.map((r) => r.school),
      await schools.codeByName(),
      data.renames,
    );
    await doubleHigh.insertUnits(
      data.doubleHigh.map((r, i) => ({
        id: `dh-${DOUBLE_HIGH_ROUND}-${String(i + 1).padStart(4, '0')}`,
        round: DOUBLE_HIGH_ROUND,
        category: r.category,
        grade: r.grade,
        schoolName: r.school,
        schoolCode: codes.get(r.school) ?? null,
        majorGroup: r.majorGroup,
      })),
    );
  }
  return {
    schools: needsSchools ? data.schools.length : 0,
    doubleHighUnits: needsDoubleHigh ? data.doubleHigh.length : 0,
  };
}
