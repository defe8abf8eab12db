import type { Direction, PeerTableKind } from '@eduqa/contract';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { peerIndicators } from './analysis.table.ts';

export interface CatalogueIndicator {
  id: string;
  tableKind: PeerTableKind;
  name: string;
  unit: string;
  direction: Direction;
}

type Entry = readonly [name: string, unit: string, direction?: Direction];

/**
 * The public indicators of the five tables that every 高等职业教育质量年度报告 carries (计分卡, 资源表,
 * 服务贡献表, 落实政策表, 国际影响表), as the national template names them. Catalogue data, not demo data:
 * seeded on every start while the table is empty. Counts, money and ratios are "bigger is better" except
 * 生师比 (students per teacher).
 */
const TABLES: Record<PeerTableKind, readonly Entry[]> = {
  scorecard: [
    ['就业率', '%'],
    ['月收入', '元'],
    ['理工农医类专业相关度', '%'],
    ['母校满意度', '%'],
    ['自主创业比例', '%'],
    ['雇主满意度', '%'],
    ['毕业三年职位晋升比例', '%'],
  ],
  resource: [
    ['生师比', '', '<'],
    ['双师素质专任教师比例', '%'],
    ['高级职称专任教师比例', '%'],
    ['生均教学科研仪器设备值', '元'],
    ['生均校内实践教学工位数', '个'],
    ['生均教学及辅助、行政办公用房面积', '平方米'],
    ['生均网络多媒体教室座位数', '个'],
    ['教学计划内课程总学时数', '学时'],
  ],
  service: [
    ['全日制在校生人数', '人'],
    ['毕业生人数', '人'],
    ['就业人数', '人'],
    ['毕业生本省就业比例', '%'],
    ['横向技术服务到款额', '万元'],
    ['纵向科研经费到款额', '万元'],
    ['技术交易到款额', '万元'],
    ['非学历培训项目数', '项'],
    ['非学历培训到款额', '万元'],
    ['公益性培训服务', '人日'],
  ],
  policy: [
    ['生均财政拨款水平', '元'],
    ['生均财政专项经费', '元'],
    ['教职员工额定编制数', '人'],
    ['企业提供的校内实践教学设备值', '万元'],
    ['生均企业实践时间（专任教师）', '天'],
    ['年支付企业兼职教师课酬', '万元'],
  ],
  international: [
    ['全日制国（境）外留学生人数', '人'],
    ['非全日制国（境）外人员培训量', '人日'],
    ['在校生服务“走出去”企业国（境）外实习时间', '人日'],
    ['专任教师赴国（境）外指导和开展培训时间', '人日'],
    ['在国（境）外组织担任职务的专任教师人数', '人'],
    ['开发并被国（境）外采用的专业教学标准数', '个'],
    ['开发并被国（境）外采用的课程标准数', '个'],
    ['国（境）外技能大赛获奖数量', '项'],
  ],
};

/** Stable ids (`scorecard-01` …) so that templates, demo data and links survive a reseed. */
export const PEER_CATALOGUE: readonly CatalogueIndicator[] = Object.entries(TABLES).flatMap(
  ([kind, entries]) =>
    entries.map(([name, unit, direction = '>'], i) => ({
      id: `${kind}-${String(i + 1).padStart(2, '0')}`,
      tableKind: kind as PeerTableKind,
      name,
      unit,
      direction,
    })),
);

/** Seeds the catalogue when the table is empty (one statement); answers how many were added. */
export async function ensurePeerCatalogue(db: Pick<Db, 'select' | 'insert'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(peerIndicators);
  if ((row?.n ?? 0) > 0) return 0;
  await db
    .insert(peerIndicators)
    .values(PEER_CATALOGUE.map((i, index) => ({ ...i, sortOrder: index + 1 })))
    .onConflictDoNothing();
  return PEER_CATALOGUE.length;
}
