import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roles, users } from '../org/org.table.ts';
import { qualityPoints } from '../standards/standards.table.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * 高校名录: the Ministry of Education's national list (loaded from `shared/data` on first start, or imported
 * by an administrator from Excel), plus the own school when it is not on the list (`source` own).
 * `nature` (公办 / 民办 / 中外合作) is derived from the list's note.
 */
export const peerSchools = pgTable(
  'peer_schools',
  {
    code: text().primaryKey(),
    name: text().notNull(),
    province: text().notNull(),
    city: text().notNull().default(''),
    /** 本科 | 专科 | 成人 */
    level: text().notNull(),
    authority: text().notNull().default(''),
    /** 公办 | 民办 | 中外合作 */
    nature: text().notNull(),
    note: text().notNull().default(''),
    /** moe (the national list) | import (an administrator's Excel) | own */
    source: text().notNull(),
    updatedAt: createdAt(),
  },
  (t) => [index('peer_schools_name_idx').on(t.name), index('peer_schools_province_idx').on(t.province)],
);

/** 双高计划 units of one round: 学校 (two rows, one per 专业群) or 专业群; `schoolCode` resolved against the list. */
export const doubleHighUnits = pgTable(
  'double_high_units',
  {
    id: text().primaryKey(),
    round: integer().notNull(),
    /** 学校 | 专业群 */
    category: text().notNull(),
    /** A | B | C */
    grade: text().notNull(),
    /** The name as the notice printed it. */
    schoolName: text().notNull(),
    schoolCode: text().references(() => peerSchools.code, { onDelete: 'set null' }),
    majorGroup: text().notNull(),
  },
  (t) => [index('double_high_units_round_idx').on(t.round, t.category, t.grade)],
);

/** The single row naming which school of the list is ours (highlighted in every comparison). */
export const analysisSettings = pgTable('analysis_settings', {
  id: text().primaryKey(),
  ownSchoolCode: text()
    .notNull()
    .references(() => peerSchools.code),
  updatedAt: createdAt(),
});

/** 常用查询设置 (spec 1 §2 piece 3): the levels, natures and provinces a user's common queries offer. */
export const schoolScreenSettings = pgTable('school_screen_settings', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  levels: jsonb().notNull(),
  natures: jsonb().notNull(),
  provinces: jsonb().notNull(),
  updatedAt: createdAt(),
});

/** 选校历史 / 常用查询: a user's saved selection (school codes) with the filter it was made under. */
export const schoolHistories = pgTable(
  'school_histories',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** { province?, nature?, level? } */
    filter: jsonb().notNull(),
    schoolCodes: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('school_histories_user_idx').on(t.userId, t.createdAt)],
);

/**
 * 质量年报 indicators (计分卡, 资源表, 服务贡献表, 落实政策表, 国际影响表). `pointId` links an indicator to the own
 * school's quality point, whose results give the own school's values.
 */
export const peerIndicators = pgTable(
  'peer_indicators',
  {
    id: text().primaryKey(),
    /** scorecard | resource | service | policy | international */
    tableKind: text().notNull(),
    name: text().notNull(),
    unit: text().notNull().default(''),
    /** '>' bigger is better, '<' smaller is better */
    direction: text().notNull().default('>'),
    sortOrder: integer().notNull().default(0),
    pointId: text().references(() => qualityPoints.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('peer_indicators_name_uq').on(t.tableKind, t.name)],
);

/** One school's published value of one indicator in one year. `isDemo` marks the seeded sample (演示数据). */
export const peerIndicatorValues = pgTable(
  'peer_indicator_values',
  {
    schoolCode: text()
      .notNull()
      .references(() => peerSchools.code, { onDelete: 'cascade' }),
    indicatorId: text()
      .notNull()
      .references(() => peerIndicators.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    value: doublePrecision().notNull(),
    isDemo: boolean().notNull().default(false),
    importedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolCode, t.indicatorId, t.year] }),
    index('peer_indicator_values_indicator_idx').on(t.indicatorId, t.year),
  ],
);

/**
 * 画像 entries: cards, menus and screens of a subject (school, major, course, teacher, student); `config`
 * binds each to its measures. Menus nest through `parentId`.
 */
export const portraits = pgTable(
  'portraits',
  {
    id: text().primaryKey(),
    /** card | menu | screen */
    kind: text().notNull(),
    /** school | major | course | teacher | student */
    subject: text().notNull(),
    name: text().notNull(),
    parentId: text(),
    sortOrder: integer().notNull().default(0),
    config: jsonb().notNull(),
    creatorUserId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('portraits_kind_idx').on(t.kind, t.subject, t.sortOrder)],
);

/** 分析权限: which roles see a portrait entry (a screen's grant is the 大屏权限). */
export const portraitGrants = pgTable(
  'portrait_grants',
  {
    portraitId: text()
      .notNull()
      .references(() => portraits.id, { onDelete: 'cascade' }),
    roleId: text()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.portraitId, t.roleId] })],
);
