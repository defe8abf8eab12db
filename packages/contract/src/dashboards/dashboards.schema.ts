import { z } from 'zod';
import { ALGORITHM_VERSION_MAX } from '../algorithms/algorithms.schema.ts';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import { checkCardBinding } from './card-data.ts';
import {
  CARD_KINDS,
  CARD_SOURCES,
  type CardKind,
  type CardSource,
  type MeasureKey,
} from './dashboards.enums.ts';
import { MeasureKeySchema } from './measures.schema.ts';

/**
 * 仪表盘 (spec 2 §7.3 "ybpdy getList and save; ybp: selectquery, insert, update, ids/delete,
 * selectDataById; ybplx: selectlx and select"): cards bound to a detail algorithm, a built-in measure or
 * an address, and where each person (or, by default, each role) places them on the home page.
 */
export interface DashboardCard {
  id: string;
  name: string;
  kind: CardKind;
  source: CardSource;
  algorithmGroupId: string | null;
  algorithmGroupName: string | null;
  /** A fixed version of the group's detail algorithm; null follows the group's current one. */
  algorithmVersion: number | null;
  /** The diagnosis object the algorithm runs for; null runs it for the caller (his own object, else the school). */
  objectId: string | null;
  objectName: string | null;
  measure: MeasureKey | null;
  url: string | null;
  /** Shared cards are offered to everyone; the others only to their creator. */
  isShared: boolean;
  creatorId: string | null;
  creatorName: string | null;
  /** The caller may change or delete it (智能分析维护, or its creator). */
  canEdit: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A card's place on a home page, in react-grid-layout units of a 24-column row. */
export interface LayoutItem {
  cardId: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where a layout came from: the caller's own, his role's default, or nothing saved yet. */
export const LAYOUT_ORIGINS = ['user', 'role', 'empty'] as const;
export type LayoutOrigin = (typeof LAYOUT_ORIGINS)[number];

export interface DashboardLayout {
  origin: LayoutOrigin;
  /** The role whose default this is (origin `role`, or the role an administrator asked for). */
  roleId: string | null;
  items: Array<LayoutItem & { card: DashboardCard }>;
}

export const DASHBOARD_GRID_COLUMNS = 24;
export const DASHBOARD_MAX_CARDS = 40;
export const CARD_WIDTH_MAX = 24;
export const CARD_HEIGHT_MAX = 20;
export const CARD_URL_MAX = 500;

const cardFields = {
  name: requiredText('卡片名称', TEXT_LIMITS.default),
  kind: z.enum(CARD_KINDS, { error: '卡片类型不正确' }).describe('卡片类型'),
  source: z.enum(CARD_SOURCES, { error: '数据来源不正确' }).describe('数据来源'),
  algorithmGroupId: text('算法组', 64).nullish(),
  algorithmVersion: z.coerce
    .number({ error: '算法版本必须是正整数' })
    .int({ error: '算法版本必须是正整数' })
    .min(1, { error: '算法版本必须是正整数' })
    .max(ALGORITHM_VERSION_MAX, { error: '算法版本不存在' })
    .nullish()
    .describe('详情算法版本（不填则用算法组的当前版本）'),
  objectId: text('诊断对象', 64).nullish(),
  measure: MeasureKeySchema.nullish(),
  url: text('网址', CARD_URL_MAX).nullish(),
  isShared: flag('是否共享').optional(),
};

type CardFields = {
  kind: CardKind;
  source: CardSource;
  algorithmGroupId?: string | null | undefined;
  measure?: string | null | undefined;
  url?: string | null | undefined;
};

/** The kind and its binding checked together; the service stores the address with its scheme. */
function checkBinding(card: CardFields, ctx: z.RefinementCtx) {
  const problem = checkCardBinding(card);
  if (problem)
    ctx.addIssue({ code: 'custom', message: problem, path: [card.source === 'url' ? 'url' : 'source'] });
}

export const CardBodySchema = z.object(cardFields).superRefine(checkBinding);
export type CardBody = z.output<typeof CardBodySchema>;

export const CardUpdateBodySchema = z
  .object({ id: requiredId('卡片'), ...cardFields })
  .superRefine(checkBinding);
export type CardUpdateBody = z.output<typeof CardUpdateBodySchema>;

export const CardIdsBodySchema = z.object({
  ids: idList('卡片').pipe(z.array(z.string()).min(1, { error: '请选择卡片' }).max(200)),
});

export const CardIdQuerySchema = z.object({ id: requiredId('卡片') });

export const CardPageQuerySchema = PagingQuerySchema.extend({
  keyword: text('卡片名称').optional(),
  kind: z.enum(CARD_KINDS, { error: '卡片类型不正确' }).optional().describe('卡片类型'),
  source: z.enum(CARD_SOURCES, { error: '数据来源不正确' }).optional().describe('数据来源'),
});
export type CardPageQuery = z.output<typeof CardPageQuerySchema>;

const gridNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int({ error: `${label}必须是整数` })
    .min(min, { error: `${label}不能小于${min}` })
    .max(max, { error: `${label}不能大于${max}` })
    .describe(label);

export const LayoutItemSchema = z
  .object({
    cardId: requiredId('卡片'),
    x: gridNumber('横向位置', 0, DASHBOARD_GRID_COLUMNS - 1),
    y: gridNumber('纵向位置', 0, 10_000),
    w: gridNumber('卡片宽度', 1, CARD_WIDTH_MAX),
    h: gridNumber('卡片高度', 1, CARD_HEIGHT_MAX),
  })
  .refine((item) => item.x + item.w <= DASHBOARD_GRID_COLUMNS, {
    message: `卡片超出了每行 ${DASHBOARD_GRID_COLUMNS} 格的宽度`,
    path: ['w'],
  });

export const LayoutSaveBodySchema = z.object({
  roleId: text('角色', 64).optional().describe('角色（智能分析维护者保存该角色的默认布局）'),
  list: z
    .array(LayoutItemSchema, { error: '布局格式不正确' })
    .max(DASHBOARD_MAX_CARDS, { error: `仪表盘最多放 ${DASHBOARD_MAX_CARDS} 张卡片` })
    .refine((items) => new Set(items.map((i) => i.cardId)).size === items.length, {
      message: '同一张卡片只能放一次',
    })
    .describe('卡片及其位置'),
});
export type LayoutSaveBody = z.output<typeof LayoutSaveBodySchema>;

export const LayoutQuerySchema = z.object({
  roleId: text('角色', 64).optional().describe('角色（智能分析维护者查看该角色的默认布局）'),
});

export const LayoutResetBodySchema = LayoutQuerySchema;
