import {
  PORTRAIT_SUBJECT_LABELS,
  PORTRAIT_SUBJECTS,
  type PortraitConfig,
  type PortraitKind,
  type PortraitMeasure,
  type PortraitSubject,
  ROLE_IDS,
  SCREEN_LAYOUT_LABELS,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { portraitGrants, portraits } from '../modules/analysis/analysis.table.ts';
import { newId } from '../platform/ids.ts';

/** Who opens the demo's portraits: leaders, publishers and the administrator; teachers their own portrait. */
const READERS = [ROLE_IDS.schoolLeader, ROLE_IDS.diagnosisPublisher, ROLE_IDS.admin];
const READERS_OF: Record<PortraitSubject, string[]> = {
  school: READERS,
  major: READERS,
  course: READERS,
  teacher: [...READERS, ROLE_IDS.diagnosisObject],
  student: READERS,
};

const CARDS: Array<{ name: string; measures: PortraitMeasure[] }> = [
  { name: '质量概况', measures: ['pointCount', 'attainmentRate', 'belowStandard', 'warnings'] },
  { name: '等级与预警', measures: ['gradeDistribution', 'warningsByMonth'] },
  { name: '质控点明细与趋势', measures: ['pointTable', 'pointTrend'] },
];

/** The school portrait's warehouse cards: a card per demo table, counted through the warehouse module. */
const WAREHOUSE_CARDS = [
  { name: '新生报到记录', table: '新生报到' },
  { name: '教师信息记录', table: '教师信息' },
];

/**
 * The demo's 画像: per subject a portrait menu with three cards (numbers, grade and warning charts, points),
 * the school's warehouse counts, and the screen 学校质量总览 (layout schoolOverview) for leaders,
 * publishers and the administrator.
 */
export async function seedPortraitsDemo(tx: Db, input: { adminId: string }) {
  const rows: Array<typeof portraits.$inferInsert> = [];
  const grants: Array<{ portraitId: string; roleId: string }> = [];
  const add = (
    kind: PortraitKind,
    subject: PortraitSubject,
    name: string,
    config: PortraitConfig,
    roles: readonly string[],
    extra: { parentId?: string; sortOrder?: number } = {},
  ) => {
    const id = newId();
    rows.push({ id, kind, subject, name, config, creatorUserId: input.adminId, ...extra });
    for (const roleId of roles) grants.push({ portraitId: id, roleId });
    return id;
  };

  const tables = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select id, name from warehouse_tables where is_created and deleted_at is null`,
  );
  PORTRAIT_SUBJECTS.forEach((subject, i) => {
    const readers = READERS_OF[subject];
    const menuId = add('menu', subject, PORTRAIT_SUBJECT_LABELS[subject], { measures: [] }, readers, {
      sortOrder: i + 1,
    });
    CARDS.forEach((card, j) => {
      add('card', subject, card.name, { measures: card.measures }, readers, {
        parentId: menuId,
        sortOrder: j + 1,
      });
    });
    if (subject === 'school') {
      WAREHOUSE_CARDS.forEach((card, j) => {
        const table = tables.find((t) => t.name === card.table);
        if (!table) return;
        add(
          'card',
          subject,
          card.name,
          { measures: ['warehouseCount'], warehouseTableId: table.id },
          readers,
          { parentId: menuId, sortOrder: CARDS.length + j + 1 },
        );
      });
    }
  });
  add(
    'screen',
    'school',
    SCREEN_LAYOUT_LABELS.schoolOverview,
    { measures: [], layout: 'schoolOverview' },
    READERS,
    {
      sortOrder: 1,
    },
  );

  await tx.insert(portraits).values(rows);
  await tx.insert(portraitGrants).values(grants);
}
