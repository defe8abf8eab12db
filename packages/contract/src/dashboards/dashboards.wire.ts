import { z } from 'zod';
import { CARD_KIND_LABELS, CARD_KINDS, CARD_SOURCES, MEASURE_KEYS } from './dashboards.enums.ts';
import {
  type DashboardCard,
  type DashboardLayout,
  LAYOUT_ORIGINS,
  type LayoutItem,
} from './dashboards.schema.ts';

/**
 * Wire shapes of 仪表盘 (`ybp`, `ybplx`, `ybpdy`). The spec names only the calls, not their fields, so the
 * fields are English; dates travel as ISO text and the kind's Chinese name rides along as `kindName`.
 */
export const DashboardCardWireSchema = z.object({
  id: z.string().describe('卡片编号'),
  name: z.string().describe('卡片名称'),
  kind: z.enum(CARD_KINDS).describe('卡片类型（ybplx）'),
  kindName: z.string().describe('卡片类型名称'),
  source: z.enum(CARD_SOURCES).describe('数据来源'),
  algorithmGroupId: z.string().nullable().describe('算法组编号'),
  algorithmGroupName: z.string().nullable().describe('算法组名称'),
  algorithmVersion: z.number().int().nullable().describe('详情算法版本（空为当前版本）'),
  objectId: z.string().nullable().describe('诊断对象编号（空为调用者自己的对象或学校）'),
  objectName: z.string().nullable().describe('诊断对象名称'),
  measure: z.enum(MEASURE_KEYS).nullable().describe('内置指标'),
  url: z.string().nullable().describe('内嵌页面网址'),
  isShared: z.boolean().describe('是否共享给所有人'),
  creatorId: z.string().nullable().describe('创建人编号'),
  creatorName: z.string().nullable().describe('创建人姓名'),
  canEdit: z.boolean().describe('调用者可修改或删除'),
  createTime: z.string().describe('创建时间'),
  updateTime: z.string().describe('修改时间'),
});
export type DashboardCardWire = z.infer<typeof DashboardCardWireSchema>;

export function toDashboardCardWire(c: DashboardCard): DashboardCardWire {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    kindName: CARD_KIND_LABELS[c.kind],
    source: c.source,
    algorithmGroupId: c.algorithmGroupId,
    algorithmGroupName: c.algorithmGroupName,
    algorithmVersion: c.algorithmVersion,
    objectId: c.objectId,
    objectName: c.objectName,
    measure: c.measure,
    url: c.url,
    isShared: c.isShared,
    creatorId: c.creatorId,
    creatorName: c.creatorName,
    canEdit: c.canEdit,
    createTime: c.createdAt.toISOString(),
    updateTime: c.updatedAt.toISOString(),
  };
}

export function fromDashboardCardWire(w: DashboardCardWire): DashboardCard {
  return {
    id: w.id,
    name: w.name,
    kind: w.kind,
    source: w.source,
    algorithmGroupId: w.algorithmGroupId,
    algorithmGroupName: w.algorithmGroupName,
    algorithmVersion: w.algorithmVersion,
    objectId: w.objectId,
    objectName: w.objectName,
    measure: w.measure,
    url: w.url,
    isShared: w.isShared,
    creatorId: w.creatorId,
    creatorName: w.creatorName,
    canEdit: w.canEdit,
    createdAt: new Date(w.createTime),
    updatedAt: new Date(w.updateTime),
  };
}

/** ybplx/selectlx: a card kind and its Chinese name. */
export const CardKindWireSchema = z.object({
  id: z.enum(CARD_KINDS).describe('卡片类型'),
  name: z.string().describe('卡片类型名称'),
});

export const LayoutItemWireSchema = z.object({
  cardId: z.string().describe('卡片编号'),
  x: z.number().int().describe('横向位置（格）'),
  y: z.number().int().describe('纵向位置（格）'),
  w: z.number().int().describe('宽度（格，每行 24 格）'),
  h: z.number().int().describe('高度（格）'),
  card: DashboardCardWireSchema.describe('卡片'),
});

export const DashboardLayoutWireSchema = z.object({
  origin: z.enum(LAYOUT_ORIGINS).describe('来源：user 本人的布局，role 角色默认布局，empty 尚无布局'),
  roleId: z.string().nullable().describe('默认布局所属角色'),
  list: z.array(LayoutItemWireSchema).describe('卡片及其位置'),
});
export type DashboardLayoutWire = z.infer<typeof DashboardLayoutWireSchema>;

const itemOf = (i: LayoutItem): LayoutItem => ({ cardId: i.cardId, x: i.x, y: i.y, w: i.w, h: i.h });

export function toDashboardLayoutWire(l: DashboardLayout): DashboardLayoutWire {
  return {
    origin: l.origin,
    roleId: l.roleId,
    list: l.items.map((i) => ({ ...itemOf(i), card: toDashboardCardWire(i.card) })),
  };
}

export function fromDashboardLayoutWire(w: DashboardLayoutWire): DashboardLayout {
  return {
    origin: w.origin,
    roleId: w.roleId,
    items: w.list.map((i) => ({ ...itemOf(i), card: fromDashboardCardWire(i.card) })),
  };
}

/** An algorithm group a card may bind: it has a current detail version. */
export const CardAlgorithmGroupWireSchema = z.object({
  id: z.string().describe('算法组编号'),
  name: z.string().describe('算法组名称'),
  detailVersion: z.number().int().describe('当前详情算法版本'),
});
