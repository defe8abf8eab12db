import { z } from 'zod';
import { RESULT_SOURCES } from '../diagnosis/result-source.ts';
import { PORTRAIT_GRADES, PORTRAIT_KINDS, PORTRAIT_SUBJECTS } from './analysis.enums.ts';
import {
  PORTRAIT_MEASURES,
  type Portrait,
  type PortraitData,
  type PortraitObject,
  type PortraitTask,
  SCREEN_LAYOUTS,
} from './portraits.schema.ts';

/**
 * 画像 on the wire. The spec shows no fields of `portrayal`; an entry keeps the legacy `type` (card, menu,
 * screen) and `level` (the object level) names, the data speaks the diagnosis vocabulary (GLOSSARY:
 * gzdxid/gzdxmc object, rwmc task, zkdid/zkdmc point, jgz/mbz/jgdj result/target/grade, dis/unfin flags,
 * zkdzsl/wdbzkdsl/wwczkdsl/yjcs/yjcll counts).
 */
export const PortraitConfigWireSchema = z.object({
  measures: z.array(z.enum(PORTRAIT_MEASURES)).describe('卡片展示的指标'),
  warehouseTableId: z.string().optional().describe('数据仓库表'),
  layout: z.enum(SCREEN_LAYOUTS).optional().describe('大屏布局'),
});

export const PortraitWireSchema = z.object({
  id: z.string().describe('画像配置编号'),
  type: z.enum(PORTRAIT_KINDS).describe('类型：card 卡片、menu 菜单、screen 大屏'),
  level: z.enum(PORTRAIT_SUBJECTS).describe('画像对象层级'),
  name: z.string().describe('名称'),
  parentId: z.string().nullable().describe('上级菜单'),
  sort: z.number().int().describe('排序'),
  config: PortraitConfigWireSchema.describe('配置'),
  roleIds: z.array(z.string()).describe('授权角色编号'),
  roleNames: z.array(z.string()).describe('授权角色名称'),
  createTime: z.string().describe('创建时间'),
});
export type PortraitWire = z.infer<typeof PortraitWireSchema>;

export function toPortraitWire(p: Portrait): PortraitWire {
  return {
    id: p.id,
    type: p.kind,
    level: p.subject,
    name: p.name,
    parentId: p.parentId,
    sort: p.sortOrder,
    config: {
      measures: [...p.config.measures],
      ...(p.config.warehouseTableId ? { warehouseTableId: p.config.warehouseTableId } : {}),
      ...(p.config.layout ? { layout: p.config.layout } : {}),
    },
    roleIds: [...p.roleIds],
    roleNames: [...p.roleNames],
    createTime: p.createdAt.toISOString(),
  };
}

export function fromPortraitWire(w: PortraitWire): Portrait {
  return {
    id: w.id,
    kind: w.type,
    subject: w.level,
    name: w.name,
    parentId: w.parentId,
    sortOrder: w.sort,
    config: {
      measures: [...w.config.measures],
      ...(w.config.warehouseTableId ? { warehouseTableId: w.config.warehouseTableId } : {}),
      ...(w.config.layout ? { layout: w.config.layout } : {}),
    },
    roleIds: [...w.roleIds],
    roleNames: [...w.roleNames],
    createdAt: new Date(w.createTime),
  };
}

// ── objects and data ──────────────────────────────────────────────────────────────────────────

export const PortraitObjectWireSchema = z.object({
  gzdxid: z.string().describe('诊断对象编号'),
  code: z.string().describe('对象代码'),
  gzdxmc: z.string().describe('诊断对象名称'),
  bmmc: z.string().nullable().describe('所属部门'),
});
export type PortraitObjectWire = z.infer<typeof PortraitObjectWireSchema>;

export const toPortraitObjectWire = (o: PortraitObject): PortraitObjectWire => ({
  gzdxid: o.id,
  code: o.code,
  gzdxmc: o.name,
  bmmc: o.departmentName,
});
export const fromPortraitObjectWire = (w: PortraitObjectWire): PortraitObject => ({
  id: w.gzdxid,
  code: w.code,
  name: w.gzdxmc,
  departmentName: w.bmmc,
});

const TaskWire = z.object({
  id: z.string().describe('诊断任务编号'),
  rwmc: z.string().describe('任务名称'),
  period: z.string().describe('诊断周期（年度）'),
});
const toTaskWire = (t: PortraitTask) => ({ id: t.id, rwmc: t.name, period: t.period });
const fromTaskWire = (t: z.infer<typeof TaskWire>): PortraitTask => ({
  id: t.id,
  name: t.rwmc,
  period: t.period,
});

export const PortraitDataWireSchema = z.object({
  object: PortraitObjectWireSchema.describe('画像对象'),
  tasks: z.array(TaskWire).describe('对象参加的诊断任务（新的在前）'),
  task: TaskWire.nullable().describe('本画像所用的诊断任务'),
  grade: z.enum(PORTRAIT_GRADES).describe('画像等级：优秀、良好、合格、不合格、未评'),
  summary: z
    .object({
      zkdzsl: z.number().int().describe('质控点数'),
      ycjgsl: z.number().int().describe('已出结果的质控点数'),
      dbsl: z.number().int().describe('达标：已出结果且未低于目标值的质控点数'),
      wdbzkdsl: z.number().int().describe('未达标质控点数'),
      wwczkdsl: z.number().int().describe('未完成：尚无结果的质控点数'),
      dbl: z.number().describe('达标率 %：达标 ÷ 已出结果'),
      wcl: z.number().describe('完成率 %：已出结果 ÷ 质控点数'),
      yjcs: z.number().int().describe('预警次数'),
      yjclsl: z.number().int().describe('已处理预警次数'),
      yjcll: z.number().describe('预警处理率 %：已处理 ÷ 预警次数'),
    })
    .describe('与质量报告同名同义的数字（指标目录 figures）'),
  grades: z
    .array(
      z.object({
        grade: z
          .enum(PORTRAIT_GRADES)
          .describe('等级标签（A/Y 优秀、B 良好、C 合格、D/N 不合格、无等级未评）'),
        count: z.number().int().describe('质控点数'),
      }),
    )
    .describe('等级分布'),
  warningsByMonth: z
    .array(
      z.object({
        month: z.string().describe('月份 yyyy-MM'),
        count: z.number().int().describe('预警数'),
        handled: z.number().int().describe('已处理数'),
      }),
    )
    .describe('月度预警'),
  points: z
    .array(
      z.object({
        zgzkdid: z.string().describe('诊改质控点编号'),
        zkdid: z.string().describe('质控点编号'),
        zkdmc: z.string().describe('质控点名称'),
        indicator: z.string().describe('一级指标'),
        zlx: z.string().describe('数据类型'),
        jgz: z.string().nullable().describe('结果值（修正值优先）'),
        mbz: z.string().nullable().describe('目标值（修正值优先）'),
        jgdj: z.string().nullable().describe('等级'),
        jgly: z.enum(RESULT_SOURCES).describe('结果来源（与质控点列表、质量报告同一取值）'),
        dis: z.boolean().describe('未达标'),
        unfin: z.boolean().describe('未完成：尚无结果（与 wwczkdsl 同一定义）'),
        yjcs: z.number().int().describe('预警次数'),
      }),
    )
    .describe('质控点明细'),
  trend: z
    .array(
      z.object({
        zkdid: z.string().describe('质控点编号'),
        zkdmc: z.string().describe('质控点名称'),
        values: z.array(
          z.object({
            taskId: z.string().describe('诊断任务编号'),
            period: z.string().describe('诊断周期'),
            jgz: z.number().nullable().describe('结果值（数值）'),
            mbz: z.number().nullable().describe('目标值（数值）'),
            jgdj: z.string().nullable().describe('等级'),
          }),
        ),
      }),
    )
    .describe('各质控点历次任务的结果趋势'),
  warehouse: z
    .array(
      z.object({
        cardId: z.string().describe('卡片编号'),
        cardName: z.string().describe('卡片名称'),
        tableName: z.string().describe('数据仓库表'),
        rowCount: z.number().int().nullable().describe('记录数（物理表未创建时为空）'),
      }),
    )
    .describe('数据仓库表记录数'),
});
export type PortraitDataWire = z.infer<typeof PortraitDataWireSchema>;

export function toPortraitDataWire(d: PortraitData): PortraitDataWire {
  const s = d.summary;
  return {
    object: toPortraitObjectWire(d.object),
    tasks: d.tasks.map(toTaskWire),
    task: d.task ? toTaskWire(d.task) : null,
    grade: d.grade,
    summary: {
      zkdzsl: s.pointCount,
      ycjgsl: s.evaluatedCount,
      dbsl: s.reachedCount,
      wdbzkdsl: s.belowCount,
      wwczkdsl: s.unfinishedCount,
      dbl: s.reachedRate,
      wcl: s.completionRate,
      yjcs: s.warningCount,
      yjclsl: s.handledCount,
      yjcll: s.handledRate,
    },
    grades: d.grades.map((g) => ({ grade: g.grade, count: g.count })),
    warningsByMonth: d.warningsByMonth.map((m) => ({ ...m })),
    points: d.points.map((p) => ({
      zgzkdid: p.assignedPointId,
      zkdid: p.qualityPointId,
      zkdmc: p.name,
      indicator: p.indicator,
      zlx: p.dataType,
      jgz: p.result,
      mbz: p.target,
      jgdj: p.grade,
      jgly: p.resultSource,
      dis: p.below,
      unfin: p.unfinished,
      yjcs: p.warnings,
    })),
    trend: d.trend.map((t) => ({
      zkdid: t.qualityPointId,
      zkdmc: t.name,
      values: t.values.map((v) => ({
        taskId: v.taskId,
        period: v.period,
        jgz: v.result,
        mbz: v.target,
        jgdj: v.grade,
      })),
    })),
    warehouse: d.warehouse.map((w) => ({ ...w })),
  };
}

export function fromPortraitDataWire(w: PortraitDataWire): PortraitData {
  const s = w.summary;
  return {
    object: fromPortraitObjectWire(w.object),
    tasks: w.tasks.map(fromTaskWire),
    task: w.task ? fromTaskWire(w.task) : null,
    grade: w.grade,
    summary: {
      pointCount: s.zkdzsl,
      evaluatedCount: s.ycjgsl,
      reachedCount: s.dbsl,
      belowCount: s.wdbzkdsl,
      unfinishedCount: s.wwczkdsl,
      reachedRate: s.dbl,
      completionRate: s.wcl,
      warningCount: s.yjcs,
      handledCount: s.yjclsl,
      handledRate: s.yjcll,
    },
    grades: w.grades.map((g) => ({ grade: g.grade, count: g.count })),
    warningsByMonth: w.warningsByMonth.map((m) => ({ ...m })),
    points: w.points.map((p) => ({
      assignedPointId: p.zgzkdid,
      qualityPointId: p.zkdid,
      name: p.zkdmc,
      indicator: p.indicator,
      dataType: p.zlx,
      result: p.jgz,
      target: p.mbz,
      grade: p.jgdj,
      resultSource: p.jgly,
      below: p.dis,
      unfinished: p.unfin,
      warnings: p.yjcs,
    })),
    trend: w.trend.map((t) => ({
      qualityPointId: t.zkdid,
      name: t.zkdmc,
      values: t.values.map((v) => ({
        taskId: v.taskId,
        period: v.period,
        result: v.jgz,
        target: v.mbz,
        grade: v.jgdj,
      })),
    })),
    warehouse: w.warehouse.map((x) => ({ ...x })),
  };
}
