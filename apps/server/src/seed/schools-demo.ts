import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ANALYSIS_SETTINGS_ID } from '../modules/analysis/schools.repo.ts';
import { DEMO_SCHOOL } from './demo.ts';

/**
 * The demo school's code in the directory: not a Ministry 学校标识码 (those are ten digits), so it can
 * never collide with the national list or an imported one.
 */
export const DEMO_OWN_SCHOOL_CODE = 'DEMO000001';

/** The demo school as a directory row of its own (source `own`) and named the own school. */
export async function seedOwnSchoolDemo(tx: Pick<Db, 'execute'>) {
  await tx.execute(sql`
    insert into peer_schools (code, name, province, city, level, authority, nature, note, source)
    values (${DEMO_OWN_SCHOOL_CODE}, ${DEMO_SCHOOL}, '浙江省', '杭州市', '专科', '浙江省', '公办', '', 'own')
    on conflict (code) do nothing`);
  await tx.execute(sql`
    insert into analysis_settings (id, own_school_code) values (${ANALYSIS_SETTINGS_ID}, ${DEMO_OWN_SCHOOL_CODE})
    on conflict (id) do update set own_school_code = excluded.own_school_code`);
}
