import type { CalRuleItem } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** 指标分类: a category of the indicator system, at one object level. */
export const indicatorCategories = pgTable(
  'indicator_categories',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    icon: text().notNull(),
    level: text().notNull(),
    tableName: text(),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('indicator_categories_name_uq').on(t.level, t.name)],
);

/** 指标: a node of the indicator tree; level 1 has no parent. */
export const indicators = pgTable(
  'indicators',
  {
    id: text().primaryKey(),
    categoryId: text()
      .notNull()
      .references(() => indicatorCategories.id),
    parentId: text(),
    code: text(),
    name: text().notNull(),
    depth: integer().notNull(),
    sort: integer().notNull().default(0),
    /** 权重 of the indicator among its siblings for a task's score (obj/calScore); null counts as 1. */
    weight: doublePrecision(),
    createdAt: createdAt(),
  },
  (t) => [
    index('indicators_category_idx').on(t.categoryId, t.sort),
    index('indicators_parent_idx').on(t.parentId),
    uniqueIndex('indicators_sibling_name_uq').on(t.categoryId, sql`coalesce(${t.parentId}, '')`, t.name),
  ],
);

/** 质控点: a measurable point under a leaf indicator, with its whole configuration (spec 1 §3). */
export const qualityPoints = pgTable(
  'quality_points',
  {
    id: text().primaryKey(),
    indicatorId: text()
      .notNull()
      .references(() => indicators.id),
    code: text(),
    name: text().notNull(),
    connotation: text().notNull().default(''),
    diagnosticStandard: text().notNull().default(''),
    /** Text because whether/have points hold 是/否, 有/无 and level points hold a grade. */
    standardValue: text(),
    level: text().notNull(),
    dimension: text().notNull(),
    period: text().notNull(),
    direction: text().notNull().default('>'),
    dataType: text().notNull(),
    calcMode: text().notNull().default('result'),
    samplingPeriod: text().notNull().default('month'),
    warningPeriod: text().notNull().default('month'),
    isQuantitative: boolean().notNull().default(true),
    isJoin: boolean().notNull().default(true),
    hideNoReachTarget: boolean().notNull().default(false),
    hideNoCompleteTarget: boolean().notNull().default(false),
    notAllowChange: boolean().notNull().default(false),
    isFilePoint: boolean().notNull().default(false),
    warningMode: text(),
    warningCondition: text(),
    warningValue: text(),
    grades: jsonb().$type<string[]>().notNull().default([]),
    calRule: jsonb().$type<CalRuleItem[]>().notNull().default([]),
    collectionMethod: text().notNull().default('report'),
    displayMode: text().notNull().default('table'),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('quality_points_indicator_idx').on(t.indicatorId, t.sort),
    index('quality_points_level_idx').on(t.level),
  ],
);

/** 周期类型 (lxmc) and its values (cycleNumber) with default and hidden toggles. */
export const cycleTypes = pgTable(
  'cycle_types',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cycle_types_name_uq').on(t.name)],
);

export const cycles = pgTable(
  'cycles',
  {
    id: text().primaryKey(),
    typeId: text()
      .notNull()
      .references(() => cycleTypes.id),
    number: text().notNull(),
    isDefault: boolean().notNull().default(false),
    isHidden: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cycles_type_number_uq').on(t.typeId, t.number),
    // At most one default per type, enforced by the database, not by hope.
    uniqueIndex('cycles_one_default_uq').on(t.typeId).where(sql`${t.isDefault}`),
  ],
);

/** 维度类型 (pk_Dimension_Id, dimension_Name, display_Name). */
export const dimensionTypes = pgTable(
  'dimension_types',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    displayName: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dimension_types_name_uq').on(t.name)],
);
