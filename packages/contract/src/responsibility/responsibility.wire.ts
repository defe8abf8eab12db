import { z } from 'zod';
import { OBJECT_LEVELS } from '../standards/standards.enums.ts';
import type {
  DepartmentRef,
  DepartmentResponsibility,
  PointResponsibility,
  QualityDeptVersion,
  ResponsibilityCategory,
  ResponsibilityIndicator,
  ResponsibilitySaveBody,
  ResponsibilitySaveInput,
} from './responsibility.schema.ts';

/**
 * Wire shapes of 部门职责: the GLOSSARY's pinyin where it has one (zkdid/zkdmc for points, bmid/bmmc for
 * departments), the standards domain's English names elsewhere (categoryId, indicatorPath).
 */
export const DepartmentRefWireSchema = z.object({
  bmid: z.string().describe('部门编号'),
  bmmc: z.string().describe('部门名称'),
});
export type DepartmentRefWire = z.infer<typeof DepartmentRefWireSchema>;

export const PointResponsibilityWireSchema = z.object({
  zkdid: z.string().describe('质控点编号'),
  zkdmc: z.string().describe('质控点名称'),
  indicatorId: z.string().describe('所属指标编号'),
  indicatorPath: z.array(z.string()).describe('指标路径（一级指标在前）'),
  categoryId: z.string().describe('分类编号'),
  categoryName: z.string().describe('分类名称'),
  bmList: z.array(DepartmentRefWireSchema).describe('负责部门'),
});
export type PointResponsibilityWire = z.infer<typeof PointResponsibilityWireSchema>;

export interface ResponsibilityIndicatorWire {
  id: string;
  name: string;
  level: number;
  children: ResponsibilityIndicatorWire[];
  zkdList: Array<{ zkdid: string; zkdmc: string; bmList: DepartmentRefWire[] }>;
}
export const ResponsibilityIndicatorWireSchema: z.ZodType<ResponsibilityIndicatorWire> = z.lazy(() =>
  z.object({
    id: z.string().describe('指标编号'),
    name: z.string().describe('指标名称'),
    level: z.number().int().describe('指标级别（1 起）'),
    children: z.array(ResponsibilityIndicatorWireSchema).describe('下级指标'),
    zkdList: z
      .array(
        z.object({
          zkdid: z.string().describe('质控点编号'),
          zkdmc: z.string().describe('质控点名称'),
          bmList: z.array(DepartmentRefWireSchema).describe('负责部门'),
        }),
      )
      .describe('质控点（末级指标）'),
  }),
);

export const ResponsibilityCategoryWireSchema = z.object({
  id: z.string().describe('分类编号'),
  name: z.string().describe('分类名称'),
  level: z.enum(OBJECT_LEVELS).describe('层级'),
  children: z.array(ResponsibilityIndicatorWireSchema).describe('一级指标'),
});
export type ResponsibilityCategoryWire = z.infer<typeof ResponsibilityCategoryWireSchema>;

export const DepartmentResponsibilityWireSchema = DepartmentRefWireSchema.extend({
  list: z.array(PointResponsibilityWireSchema).describe('负责的质控点'),
});
export type DepartmentResponsibilityWire = z.infer<typeof DepartmentResponsibilityWireSchema>;

export const QualityDeptVersionWireSchema = z.object({
  id: z.string().describe('版本编号'),
  versionName: z.string().describe('版本名称'),
  versionDate: z.string().describe('版本日期 yyyy-MM-dd'),
  remark: z.string().describe('备注'),
  enableStatus: z.union([z.literal(0), z.literal(1)]).describe('启用（1 为当前启用的版本）'),
  assignmentCount: z.number().int().describe('质控点–部门对数'),
  pointCount: z.number().int().describe('已分配部门的质控点数'),
  createTime: z.string().describe('创建时间'),
});
export type QualityDeptVersionWire = z.infer<typeof QualityDeptVersionWireSchema>;

const toDepartmentWire = (d: DepartmentRef): DepartmentRefWire => ({ bmid: d.id, bmmc: d.name });
const fromDepartmentWire = (d: DepartmentRefWire): DepartmentRef => ({ id: d.bmid, name: d.bmmc });

export function toPointResponsibilityWire(p: PointResponsibility): PointResponsibilityWire {
  return {
    zkdid: p.pointId,
    zkdmc: p.pointName,
    indicatorId: p.indicatorId,
    indicatorPath: p.indicatorPath,
    categoryId: p.categoryId,
    categoryName: p.categoryName,
    bmList: p.departments.map(toDepartmentWire),
  };
}

export function fromPointResponsibilityWire(w: PointResponsibilityWire): PointResponsibility {
  return {
    pointId: w.zkdid,
    pointName: w.zkdmc,
    indicatorId: w.indicatorId,
    indicatorPath: w.indicatorPath,
    categoryId: w.categoryId,
    categoryName: w.categoryName,
    departments: w.bmList.map(fromDepartmentWire),
  };
}

function toIndicatorWire(node: ResponsibilityIndicator): ResponsibilityIndicatorWire {
  return {
    id: node.id,
    name: node.name,
    level: node.depth,
    children: node.children.map(toIndicatorWire),
    zkdList: node.points.map((p) => ({
      zkdid: p.id,
      zkdmc: p.name,
      bmList: p.departments.map(toDepartmentWire),
    })),
  };
}

function fromIndicatorWire(node: ResponsibilityIndicatorWire): ResponsibilityIndicator {
  return {
    id: node.id,
    name: node.name,
    depth: node.level,
    children: node.children.map(fromIndicatorWire),
    points: node.zkdList.map((p) => ({
      id: p.zkdid,
      name: p.zkdmc,
      departments: p.bmList.map(fromDepartmentWire),
    })),
  };
}

export function toResponsibilityCategoryWire(c: ResponsibilityCategory): ResponsibilityCategoryWire {
  return { id: c.id, name: c.name, level: c.level, children: c.indicators.map(toIndicatorWire) };
}

export function fromResponsibilityCategoryWire(w: ResponsibilityCategoryWire): ResponsibilityCategory {
  return { id: w.id, name: w.name, level: w.level, indicators: w.children.map(fromIndicatorWire) };
}

export function toDepartmentResponsibilityWire(r: DepartmentResponsibility): DepartmentResponsibilityWire {
  return { ...toDepartmentWire(r.department), list: r.points.map(toPointResponsibilityWire) };
}

export function toQualityDeptVersionWire(v: QualityDeptVersion): QualityDeptVersionWire {
  return {
    id: v.id,
    versionName: v.name,
    versionDate: v.versionDate,
    remark: v.remark,
    enableStatus: v.isEnabled ? 1 : 0,
    assignmentCount: v.assignmentCount,
    pointCount: v.pointCount,
    createTime: v.createdAt.toISOString(),
  };
}

export function fromQualityDeptVersionWire(w: QualityDeptVersionWire): QualityDeptVersion {
  return {
    id: w.id,
    name: w.versionName,
    versionDate: w.versionDate,
    remark: w.remark,
    isEnabled: w.enableStatus === 1,
    assignmentCount: w.assignmentCount,
    pointCount: w.pointCount,
    createdAt: new Date(w.createTime),
  };
}

export const fromResponsibilitySaveBodyWire = (body: ResponsibilitySaveBody): ResponsibilitySaveInput => ({
  items: body.items.map((item) => ({
    pointId: item.zkdid,
    indicatorId: item.indicatorId,
    departmentIds: item.bmids,
  })),
});
