import {
  CATEGORY_TABLE_NAMES,
  type CalcMode,
  type CalRuleItem,
  type CategoryIcon,
  type CollectionMethod,
  type DataType,
  DEFAULT_TIME_ZONE,
  DIMENSION_LABELS,
  DIMENSIONS,
  type Dimension,
  type Direction,
  type DisplayMode,
  type Grade,
  type ObjectLevel,
  type Period,
  type SamplingPeriod,
  type WarningCondition,
  type WarningMode,
  zonedParts,
} from '@eduqa/contract';
import type { Db } from '../db/client.ts';
import {
  cycles,
  cycleTypes,
  dimensionTypes,
  indicatorCategories,
  indicators,
  qualityPoints,
} from '../modules/standards/standards.table.ts';
import { newId } from '../platform/ids.ts';

/**
 * The demo indicator system of a higher-vocational college: five object levels, 60 quality points in
 * indicator trees two to three levels deep, every point fully configured (spec 1 §3). Grading rules,
 * diagnostic standards and warning rules are derived from each point's standard value, band width and
 * direction, so they always agree with one another.
 */

type Tx = Pick<Db, 'insert'>;

interface PointSpec {
  name: string;
  /** 内涵. */
  connotation: string;
  type: DataType;
  dir?: Direction;
  /** Standard value: a number, 是/有, or a grade for level points. */
  std: string;
  /** Calculation mode 'level': the result is a grade A–D. */
  level?: boolean;
  /** Width of one grade band around the standard value (numbers only). */
  band?: number;
  /** Explicit grading pairs (threshold, grade) in evaluation order, replacing the derived ones. */
  rule?: Array<[string, Grade]>;
  /** Warning rule: default derived (numbers: worse than the C threshold; level points: grade D). */
  warn?: 'none' | { mode: WarningMode; cond: WarningCondition | null; value: string };
  sampling?: SamplingPeriod;
  method?: CollectionMethod;
  display?: DisplayMode;
  dim?: Dimension;
  period?: Period;
  /** notAllowChange: the target must stay the standard value. */
  fixed?: boolean;
  file?: boolean;
  /** Lowest (for '>') or highest (for '<') plausible value, for the sample generator. */
  floor?: number;
  ceil?: number;
}

interface NodeSpec {
  name: string;
  /** 权重 among its siblings for the object task's score; none counts as 1. */
  weight?: number;
  children?: NodeSpec[];
  points?: PointSpec[];
}

interface CategorySpec {
  name: string;
  icon: CategoryIcon;
  level: ObjectLevel;
  nodes: NodeSpec[];
}

const pct = (name: string, std: string, connotation: string, extra: Partial<PointSpec> = {}): PointSpec => ({
  name,
  connotation,
  type: 'percent',
  std,
  ...extra,
});
const int = (name: string, std: string, connotation: string, extra: Partial<PointSpec> = {}): PointSpec => ({
  name,
  connotation,
  type: 'integer',
  std,
  ...extra,
});
const flt = (name: string, std: string, connotation: string, extra: Partial<PointSpec> = {}): PointSpec => ({
  name,
  connotation,
  type: 'float',
  std,
  ...extra,
});
const yes = (name: string, connotation: string, extra: Partial<PointSpec> = {}): PointSpec => ({
  name,
  connotation,
  type: 'whether',
  std: '是',
  sampling: 'no',
  warn: 'none',
  ...extra,
});
const has = (name: string, connotation: string, extra: Partial<PointSpec> = {}): PointSpec => ({
  name,
  connotation,
  type: 'have',
  std: '有',
  sampling: 'no',
  warn: 'none',
  ...extra,
});
const lvl = (name: string, std: string, connotation: string, extra: Partial<PointSpec> = {}): PointSpec => ({
  name,
  connotation,
  type: 'integer',
  std,
  level: true,
  ...extra,
});

export const DEMO_STANDARDS: CategorySpec[] = [
  // ----------------------------------------------------------------------------------- school
  {
    name: '人才培养',
    icon: 'quality',
    level: 'school',
    nodes: [
      {
        name: '招生与就业',
        weight: 0.25,
        children: [
          {
            name: '招生质量',
            points: [
              pct('新生报到率', '92', '当年实际报到新生数占录取新生数的比例，反映学校的社会吸引力。', {
                band: 3,
                method: 'algorithm',
                display: 'line',
              }),
              pct('第一志愿录取率', '85', '第一志愿录取人数占录取总人数的比例。', {
                band: 5,
                display: 'histogram',
              }),
            ],
          },
          {
            name: '就业质量',
            points: [
              pct('毕业生初次就业率', '95', '截至当年8月31日已就业毕业生占毕业生总数的比例。', {
                band: 2,
                method: 'algorithm',
                display: 'line',
              }),
              pct('用人单位满意度', '90', '第三方调查中用人单位对毕业生"满意"及以上评价的比例。', {
                method: 'algorithm',
                band: 3,
                display: 'pie',
              }),
            ],
          },
        ],
      },
      {
        name: '学生发展',
        weight: 0.2,
        points: [
          pct('职业技能等级证书获取率', '70', '毕业生中取得职业技能等级证书（1+X）或职业资格证书的比例。', {
            band: 8,
          }),
          pct('学生流失率', '3', '学年内退学、休学及转出学生数占在校生总数的比例，越低越好。', {
            dir: '<',
            band: 1,
            fixed: true,
            display: 'line',
            floor: 0.5,
          }),
        ],
      },
    ],
  },
  {
    name: '教学条件',
    icon: 'resource',
    level: 'school',
    nodes: [
      {
        name: '基本办学条件',
        weight: 0.2,
        children: [
          {
            name: '师资条件',
            points: [
              flt('生师比', '18', '折合在校生数与专任教师及聘请校外教师折合数之比，越低越好。', {
                dir: '<',
                band: 2,
                fixed: true,
                method: 'algorithm',
                floor: 12,
              }),
              pct('双师型教师比例', '60', '具有双师素质的专任专业课教师占专任专业课教师的比例。', {
                method: 'algorithm',
                band: 8,
                display: 'histogram',
              }),
            ],
          },
          {
            name: '办学条件',
            children: [
              {
                name: '实践教学条件',
                points: [
                  flt('生均教学科研仪器设备值（万元）', '1.2', '教学科研仪器设备资产总值除以折合在校生数。', {
                    band: 0.2,
                    sampling: 'no',
                    warn: 'none',
                  }),
                ],
              },
              {
                name: '信息化条件',
                points: [
                  has('智慧校园平台', '建有统一身份认证、数据中心与教学诊改平台并正常运行。', {
                    dim: 'department',
                  }),
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: '国际交流',
    icon: 'international',
    level: 'school',
    nodes: [
      {
        name: '国际合作与交流',
        weight: 0.1,
        points: [
          int('境外合作院校数', '5', '签订实质性合作协议并开展交流项目的境外院校数量。', {
            band: 1,
            sampling: 'no',
            warn: 'none',
            display: 'histogram',
          }),
          int('来华留学生人数', '30', '全日制及短期来华留学生人数（年度累计）。', { band: 8, floor: 0 }),
        ],
      },
    ],
  },
  {
    name: '社会服务',
    icon: 'service',
    level: 'school',
    nodes: [
      {
        name: '社会培训与技术服务',
        weight: 0.1,
        points: [
          int('社会培训人次', '8000', '面向企业职工、退役军人、农民工等开展的非学历培训人次（近12个月）。', {
            band: 1000,
            display: 'line',
          }),
          flt('技术服务到款额（万元）', '300', '横向技术服务、技术开发与技术转让到款金额（近12个月）。', {
            method: 'algorithm',
            band: 50,
            display: 'histogram',
          }),
        ],
      },
    ],
  },
  {
    name: '政策落实',
    icon: 'policy',
    level: 'school',
    nodes: [
      {
        name: '质量保证',
        weight: 0.15,
        points: [
          lvl('内部质量保证体系运行等级', 'B', '按"8字形质量改进螺旋"评估学校内部质量保证体系的运行成效。', {
            warn: { mode: 'level', cond: null, value: 'C' },
          }),
          yes('年度质量报告按时发布', '按要求编制并在规定时间内发布学校年度质量报告。', {
            file: true,
            display: 'file',
            fixed: true,
          }),
        ],
      },
    ],
  },
  // ----------------------------------------------------------------------------------- major
  {
    name: '专业建设',
    icon: 'major',
    level: 'major',
    nodes: [
      {
        name: '专业规划',
        points: [
          yes('人才培养方案年度修订', '根据产业需求与岗位能力变化，每年修订专业人才培养方案。', {
            file: true,
            display: 'file',
          }),
          lvl('专业建设水平等级', 'B', '对照学校专业建设标准，对专业定位、课程体系与培养成效的综合评定。', {
            warn: { mode: 'level', cond: null, value: 'D' },
          }),
        ],
      },
      {
        name: '产教融合',
        points: [
          int('合作企业数', '6', '与本专业签订合作协议并实质开展合作的企业数量。', { band: 2, floor: 1 }),
          pct('订单班学生比例', '20', '参加订单班、现代学徒制班的学生占本专业在校生的比例。', {
            band: 5,
            display: 'pie',
          }),
        ],
      },
    ],
  },
  {
    name: '人才培养',
    icon: 'quality',
    level: 'major',
    nodes: [
      {
        name: '招生就业',
        points: [
          pct('专业报到率', '90', '本专业实际报到新生数占录取数的比例。', {
            band: 3,
            method: 'algorithm',
            display: 'line',
          }),
          pct('专业就业率', '95', '本专业毕业生初次就业率。', { band: 2, method: 'algorithm' }),
          pct('专业对口就业率', '75', '从事与所学专业相关工作的毕业生占就业毕业生的比例。', {
            method: 'algorithm',
            band: 5,
            display: 'histogram',
          }),
        ],
      },
      {
        name: '培养质量',
        points: [
          pct('毕业率', '95', '按期毕业学生数占应届学生数的比例。', {
            band: 2,
            warn: { mode: 'level', cond: null, value: 'D' },
          }),
          pct('职业技能证书获取率', '70', '本专业学生取得职业技能等级证书的比例。', { band: 8 }),
        ],
      },
    ],
  },
  {
    name: '师资队伍',
    icon: 'team',
    level: 'major',
    nodes: [
      {
        name: '团队结构',
        points: [
          flt('专业生师比', '18', '本专业在校生数与专业专任教师数之比，越低越好。', {
            method: 'algorithm',
            dir: '<',
            band: 2,
            fixed: true,
            floor: 12,
          }),
          pct('专业双师型教师比例', '60', '本专业双师素质教师占专业专任教师的比例。', {
            method: 'algorithm',
            band: 8,
            dim: 'teachingTeam',
          }),
          pct('企业兼职教师授课比例', '20', '企业兼职教师承担的专业课课时占专业课总课时的比例。', {
            band: 5,
            display: 'pie',
          }),
        ],
      },
    ],
  },
  {
    name: '教学条件',
    icon: 'resource',
    level: 'major',
    nodes: [
      {
        name: '实训条件',
        points: [
          flt('生均实训工位数', '0.6', '校内实训基地工位数与本专业在校生数之比。', {
            band: 0.1,
            display: 'histogram',
            floor: 0.2,
          }),
          int('校外实训基地数', '4', '能够接纳本专业学生顶岗实习的校外实训基地数。', {
            band: 1,
            sampling: 'no',
            warn: 'none',
          }),
        ],
      },
    ],
  },
  // ----------------------------------------------------------------------------------- course
  {
    name: '课程建设',
    icon: 'course',
    level: 'course',
    nodes: [
      {
        name: '课程资源',
        points: [
          has('课程标准', '课程有经审定的课程标准，并对接职业标准与岗位要求。', {
            file: true,
            display: 'file',
            fixed: true,
          }),
          int('在线课程资源数', '50', '课程在线平台上的微课、动画、习题等可用资源条数。', {
            band: 15,
            display: 'line',
            floor: 5,
          }),
          yes('使用新形态教材', '选用活页式、工作手册式或新形态一体化教材。', { period: 'term' }),
        ],
      },
      {
        name: '课程团队',
        points: [
          pct('课程团队双师比例', '60', '课程团队中双师素质教师所占比例。', {
            band: 10,
            dim: 'teachingTeam',
          }),
        ],
      },
    ],
  },
  {
    name: '教学实施',
    icon: 'smart',
    level: 'course',
    nodes: [
      {
        name: '教学运行',
        children: [
          {
            name: '课堂教学',
            children: [
              {
                name: '课堂秩序',
                points: [
                  pct('学生到课率', '95', '实际到课学生人次占应到人次的比例（智慧课堂考勤）。', {
                    band: 2,
                    method: 'algorithm',
                    display: 'line',
                    dim: 'class',
                  }),
                ],
              },
              {
                name: '教学执行',
                points: [
                  pct('教学进度执行率', '98', '按授课计划完成的教学周次占计划周次的比例。', {
                    method: 'algorithm',
                    band: 1,
                    period: 'term',
                  }),
                  pct('作业批改及时率', '90', '在规定时间内批改并反馈的作业次数占布置次数的比例。', {
                    band: 4,
                    method: 'algorithm',
                  }),
                ],
              },
            ],
          },
          {
            name: '过程考核',
            points: [
              pct('过程性考核占比', '50', '过程性考核成绩在课程总评成绩中所占比例。', {
                band: 10,
                sampling: 'no',
                warn: 'none',
                display: 'pie',
              }),
            ],
          },
        ],
      },
    ],
  },
  {
    name: '教学效果',
    icon: 'analysis',
    level: 'course',
    nodes: [
      {
        name: '学习成效',
        points: [
          pct('课程考核及格率', '85', '课程考核成绩及格学生数占参考学生数的比例。', {
            method: 'algorithm',
            band: 5,
            display: 'histogram',
          }),
          flt('学生评教平均分', '90', '学生对本课程教学的评价平均分（百分制）。', {
            band: 3,
            method: 'algorithm',
            display: 'line',
          }),
          lvl('课程教学质量等级', 'B', '督导听课、同行评价与学生评教综合评定的课程教学质量等级。'),
          pct('补考率', '10', '参加补考学生数占参考学生数的比例，越低越好。', {
            method: 'algorithm',
            dir: '<',
            band: 3,
            floor: 1,
          }),
        ],
      },
    ],
  },
  // ----------------------------------------------------------------------------------- teacher
  {
    name: '师资队伍',
    icon: 'teacher',
    level: 'teacher',
    nodes: [
      {
        name: '师德师风',
        points: [
          lvl('师德考核等级', 'A', '年度师德师风考核结果，A为优秀。', {
            sampling: 'no',
            warn: 'none',
            fixed: true,
          }),
        ],
      },
      {
        name: '专业发展',
        points: [
          int('年度培训学时', '72', '参加各级各类培训、研修的学时数（近12个月）。', {
            band: 12,
            display: 'histogram',
            floor: 8,
          }),
          int('企业实践天数', '30', '到企业顶岗实践或挂职锻炼的天数（近12个月）。', { band: 10, floor: 0 }),
        ],
      },
    ],
  },
  {
    name: '教学工作',
    icon: 'course',
    level: 'teacher',
    nodes: [
      {
        name: '教学任务',
        points: [
          int('年度教学工作量（课时）', '320', '年度承担的标准课时数。', {
            band: 40,
            sampling: 'no',
            warn: 'none',
          }),
          flt('学生评教得分', '90', '学生评教平均得分（百分制）。', {
            band: 3,
            method: 'algorithm',
            display: 'line',
          }),
          int('教学事故次数', '0', '按学校教学事故认定办法认定的教学事故次数，越少越好。', {
            dir: '<',
            rule: [
              ['0', 'A'],
              ['1', 'C'],
              ['99', 'D'],
            ],
            warn: { mode: 'result', cond: '>=', value: '1' },
            fixed: true,
            sampling: 'no',
          }),
        ],
      },
    ],
  },
  {
    name: '科研与社会服务',
    icon: 'service',
    level: 'teacher',
    nodes: [
      {
        name: '科研成果',
        points: [
          int('发表论文数', '1', '以第一作者或通讯作者公开发表的论文篇数（年度）。', {
            rule: [
              ['3', 'A'],
              ['1', 'B'],
              ['0', 'D'],
            ],
            warn: 'none',
            sampling: 'no',
          }),
          has('主持或参与科研项目', '主持或参与校级及以上科研、教研项目。', { method: 'algorithm' }),
        ],
      },
      {
        name: '社会服务',
        points: [
          flt('技术服务到款额（万元）', '2', '个人承担的横向技术服务到款额（近12个月）。', {
            method: 'algorithm',
            band: 1,
            display: 'histogram',
            floor: 0,
          }),
          has('指导学生竞赛获奖', '指导学生在市级及以上职业技能大赛中获奖。', { display: 'pie' }),
        ],
      },
    ],
  },
  // ----------------------------------------------------------------------------------- student
  {
    name: '学生发展',
    icon: 'student',
    level: 'student',
    nodes: [
      {
        name: '学业发展',
        points: [
          flt('课程平均绩点', '2.8', '学年内所修课程的平均学分绩点。', {
            band: 0.4,
            display: 'line',
            floor: 1,
            ceil: 4,
          }),
          pct('课程考核通过率', '95', '学年内考核通过的课程门数占所修课程门数的比例。', {
            band: 5,
            sampling: 'no',
            warn: 'none',
          }),
          pct('个人到课率', '95', '学生实际到课次数占应到课次数的比例。', {
            band: 3,
            method: 'algorithm',
            display: 'line',
          }),
        ],
      },
      {
        name: '职业能力',
        points: [
          has('职业技能等级证书', '取得与专业相关的职业技能等级证书。'),
          lvl('岗位实习考核等级', 'B', '企业导师与校内导师共同评定的岗位实习考核等级。', {
            sampling: 'no',
            warn: 'none',
          }),
        ],
      },
    ],
  },
  {
    name: '综合素质',
    icon: 'other',
    level: 'student',
    nodes: [
      {
        name: '身心健康',
        points: [
          flt('体质测试成绩', '75', '《国家学生体质健康标准》测试总分。', {
            band: 5,
            sampling: 'no',
            warn: { mode: 'result', cond: '<', value: '60' },
          }),
        ],
      },
      {
        name: '德育与实践',
        points: [
          int('志愿服务时长（小时）', '20', '学年内参加志愿服务的累计时长。', {
            band: 8,
            display: 'histogram',
            floor: 0,
          }),
          int('违纪次数', '0', '学年内受到纪律处分或通报批评的次数，越少越好。', {
            dir: '<',
            rule: [
              ['0', 'A'],
              ['1', 'C'],
              ['99', 'D'],
            ],
            warn: 'none',
            sampling: 'no',
            fixed: true,
          }),
        ],
      },
    ],
  },
];

const DEFAULT_PERIOD: Record<ObjectLevel, Period> = {
  school: 'year',
  major: 'year',
  course: 'academicYear',
  teacher: 'year',
  student: 'academicYear',
};

/** A number in the point's own notation: integers whole, floats up to two decimals, percents one. */
export function formatNumber(type: DataType, n: number): string {
  if (type === 'integer') return String(Math.round(n));
  const digits = type === 'percent' ? 1 : 2;
  return String(Number(n.toFixed(digits)));
}

/** A seeded point with what the diagnosis demo needs to generate plausible values. */
export interface DemoPoint {
  id: string;
  code: string;
  name: string;
  level: ObjectLevel;
  dataType: DataType;
  direction: Direction;
  calcMode: CalcMode;
  standardValue: string;
  calRule: CalRuleItem[];
  warningMode: WarningMode | null;
  warningCondition: WarningCondition | null;
  warningValue: string | null;
  samplingPeriod: SamplingPeriod;
  collectionMethod: CollectionMethod;
  notAllowChange: boolean;
  /** Width of one grade band (numbers). */
  band: number;
  floor: number | null;
  ceil: number | null;
}

function numericRule(spec: PointSpec, dir: Direction, std: number, band: number): CalRuleItem[] {
  if (spec.rule) return spec.rule.map(([value, dxLevel]) => ({ value, dxLevel }));
  const s = dir === '>' ? 1 : -1;
  const cap = (n: number) => (spec.type === 'percent' ? Math.min(100, Math.max(0, n)) : Math.max(0, n));
  const worst = dir === '>' ? 0 : spec.type === 'percent' ? 100 : Math.max(std * 10, 99);
  return [cap(std + s * band), std, cap(std - s * band), worst].map((n, i) => ({
    value: formatNumber(spec.type, n),
    dxLevel: 'ABCD'[i]!,
  }));
}

const GRADE_NAMES: Record<string, string> = { A: '优秀', B: '良好', C: '一般', D: '未完成' };

function diagnosticStandard(spec: PointSpec, dir: Direction, rule: CalRuleItem[]): string {
  if (spec.level) {
    return `等级达到${spec.std}（${GRADE_NAMES[spec.std]}）及以上为达标；等级按A（优秀）、B（良好）、C（一般）、D（未完成）评定。`;
  }
  if (spec.type === 'whether') return '结果为“是”为达标，“否”为未达标。';
  if (spec.type === 'have') return '结果为“有”为达标，“无”为未达标。';
  const u = spec.type === 'percent' ? '%' : '';
  const op = dir === '>' ? '≥' : '≤';
  const reach = dir === '>' ? `达到${spec.std}${u}为达标` : `不高于${spec.std}${u}为达标`;
  const pairs = rule
    .slice(0, -1)
    .map((r) => `${op}${r.value}${u}为${r.dxLevel}（${GRADE_NAMES[r.dxLevel]}）`);
  const last = rule[rule.length - 1]!;
  return `${reach}；${pairs.join('，')}，其余为${last.dxLevel}（${GRADE_NAMES[last.dxLevel]}）。`;
}

const LEVEL_CODES: Record<ObjectLevel, string> = {
  school: 'XX',
  major: 'ZY',
  course: 'KC',
  teacher: 'JS',
  student: 'XS',
};

const DISPLAY_ROTATION: DisplayMode[] = ['table', 'line', 'histogram', 'table', 'pie'];

/** Inserts the indicator categories, trees and quality points; returns the points. */
export async function seedIndicatorSystem(tx: Tx): Promise<DemoPoint[]> {
  const categoryRows: Array<typeof indicatorCategories.$inferInsert> = [];
  const indicatorRows: Array<typeof indicators.$inferInsert> = [];
  const pointRows: Array<typeof qualityPoints.$inferInsert> = [];
  const points: DemoPoint[] = [];
  const levelSort = new Map<ObjectLevel, number>();
  const pointSeq = new Map<ObjectLevel, number>();

  for (const category of DEMO_STANDARDS) {
    const categorySort = (levelSort.get(category.level) ?? 0) + 1;
    levelSort.set(category.level, categorySort);
    const categoryId = newId();
    categoryRows.push({
      id: categoryId,
      name: category.name,
      icon: category.icon,
      level: category.level,
      tableName: CATEGORY_TABLE_NAMES[category.name] ?? null,
      sort: categorySort,
    });

    const walk = (nodes: NodeSpec[], parentId: string | null, depth: number, prefix: string) => {
      nodes.forEach((node, i) => {
        const id = newId();
        const code = `${prefix}${prefix ? '.' : ''}${i + 1}`;
        const weight = node.weight ?? null;
        indicatorRows.push({ id, categoryId, parentId, code, name: node.name, depth, sort: i + 1, weight });
        if (node.children) walk(node.children, id, depth + 1, code);
        (node.points ?? []).forEach((spec, j) => {
          const seq = (pointSeq.get(category.level) ?? 0) + 1;
          pointSeq.set(category.level, seq);
          const pointCode = `${LEVEL_CODES[category.level]}-${String(seq).padStart(2, '0')}`;
          const point = buildPoint(spec, category.level, seq);
          const pointId = newId();
          pointRows.push({
            id: pointId,
            indicatorId: id,
            code: pointCode,
            name: spec.name,
            connotation: spec.connotation,
            sort: j + 1,
            ...point.row,
          });
          points.push({
            ...point.demo,
            id: pointId,
            code: pointCode,
            name: spec.name,
            level: category.level,
          });
        });
      });
    };
    walk(category.nodes, null, 1, String(categorySort));
  }

  await tx.insert(indicatorCategories).values(categoryRows);
  await tx.insert(indicators).values(indicatorRows);
  await tx.insert(qualityPoints).values(pointRows);
  return points;
}

function buildPoint(spec: PointSpec, level: ObjectLevel, seq: number) {
  const dir: Direction = spec.dir ?? '>';
  const numeric =
    !spec.level && (spec.type === 'integer' || spec.type === 'float' || spec.type === 'percent');
  const std = Number(spec.std);
  const band = spec.band ?? 1;
  // Level points grade themselves; whether/have points grade Y/N: neither has a rule.
  const calRule: CalRuleItem[] = numeric ? numericRule(spec, dir, std, band) : [];
  const grades: Grade[] = spec.type === 'whether' || spec.type === 'have' ? ['Y', 'N'] : ['A', 'B', 'C', 'D'];

  let warningMode: WarningMode | null = null;
  let warningCondition: WarningCondition | null = null;
  let warningValue: string | null = null;
  if (spec.warn && spec.warn !== 'none') {
    warningMode = spec.warn.mode;
    warningCondition = spec.warn.cond;
    warningValue = spec.warn.value;
  } else if (spec.warn === undefined) {
    if (spec.level) {
      warningMode = 'level';
      warningValue = 'D';
    } else if (numeric) {
      // Warn when the value falls below the C threshold (grade D).
      warningMode = 'result';
      warningCondition = dir === '>' ? '<' : '>';
      warningValue = calRule[2]!.value;
    }
  }
  const samplingPeriod: SamplingPeriod = spec.sampling ?? 'month';
  const quantitative = numeric;
  const row = {
    diagnosticStandard: diagnosticStandard(spec, dir, calRule),
    standardValue: spec.std,
    level,
    dimension: spec.dim ?? (level as Dimension),
    period: spec.period ?? DEFAULT_PERIOD[level],
    direction: dir,
    dataType: spec.type,
    calcMode: (spec.level ? 'level' : 'result') as CalcMode,
    samplingPeriod,
    warningPeriod: samplingPeriod === 'no' ? ('month' as SamplingPeriod) : samplingPeriod,
    isQuantitative: quantitative,
    isJoin: true,
    hideNoReachTarget: false,
    hideNoCompleteTarget: false,
    notAllowChange: spec.fixed ?? false,
    isFilePoint: spec.file ?? false,
    warningMode,
    warningCondition,
    warningValue,
    grades,
    calRule,
    collectionMethod: spec.method ?? 'report',
    displayMode: spec.display ?? DISPLAY_ROTATION[seq % DISPLAY_ROTATION.length]!,
  };
  const demo = {
    dataType: spec.type,
    direction: dir,
    calcMode: row.calcMode,
    standardValue: spec.std,
    calRule,
    warningMode,
    warningCondition,
    warningValue,
    samplingPeriod,
    collectionMethod: row.collectionMethod,
    notAllowChange: row.notAllowChange,
    band,
    floor: spec.floor ?? null,
    ceil: spec.ceil ?? null,
  };
  return { row, demo };
}

// ------------------------------------------------------------------------------------------ cycles

export const CYCLE_TYPE_NAMES = { year: '自然年', academicYear: '学年', term: '学期' } as const;

/** The calendar of the demo, on the default zone's clock (the demo school keeps it). */
export interface DemoCalendar {
  /** Current calendar year. */
  year: number;
  /** Start year of the current academic year (September to August). */
  academicYear: number;
  /** 1 for September–January, 2 for February–August. */
  term: 1 | 2;
}

export function calendarOf(now: Date): DemoCalendar {
  const { year, month } = zonedParts(now.getTime(), DEFAULT_TIME_ZONE);
  const academicYear = month >= 9 ? year : year - 1;
  const term = month >= 9 || month === 1 ? 1 : 2;
  return { year, academicYear, term };
}

export const academicYearName = (start: number) => `${start}-${start + 1}`;

export interface DemoCycles {
  /** cycle id by its number, e.g. '2026' or '2025-2026'. */
  byNumber: Map<string, string>;
}

/** Cycle types 自然年 / 学年 / 学期 with their values (the current one default, the oldest hidden). */
export async function seedCycles(tx: Tx, calendar: DemoCalendar): Promise<DemoCycles> {
  const types = [
    { id: newId(), name: CYCLE_TYPE_NAMES.year, sort: 1 },
    { id: newId(), name: CYCLE_TYPE_NAMES.academicYear, sort: 2 },
    { id: newId(), name: CYCLE_TYPE_NAMES.term, sort: 3 },
  ];
  await tx.insert(cycleTypes).values(types);
  const rows: Array<typeof cycles.$inferInsert> = [];
  const add = (typeId: string, numbers: string[], current: string) => {
    numbers.forEach((number, i) => {
      rows.push({
        id: newId(),
        typeId,
        number,
        isDefault: number === current,
        isHidden: i === 0,
        sort: i + 1,
      });
    });
  };
  const { year, academicYear, term } = calendar;
  add(types[0]!.id, [year - 4, year - 3, year - 2, year - 1, year, year + 1].map(String), String(year));
  add(
    types[1]!.id,
    [academicYear - 3, academicYear - 2, academicYear - 1, academicYear, academicYear + 1].map(
      academicYearName,
    ),
    academicYearName(academicYear),
  );
  add(
    types[2]!.id,
    [academicYear - 2, academicYear - 1, academicYear].flatMap((a) => [
      `${academicYearName(a)}-1`,
      `${academicYearName(a)}-2`,
    ]),
    `${academicYearName(academicYear)}-${term}`,
  );
  await tx.insert(cycles).values(rows);
  const byNumber = new Map<string, string>();
  // Year and academic-year numbers never collide ('2026' vs '2025-2026'); terms end in -1 / -2.
  for (const row of rows) byNumber.set(row.number, row.id!);
  return { byNumber };
}

/**
 * Dimension types: one per dimension of spec 1 §3, named and shown by its Chinese label. The English
 * key is no name for a person: 维度管理 listed `school`, `teachingTeam` (issue 11).
 */
export async function seedDimensionTypes(tx: Tx): Promise<void> {
  await tx.insert(dimensionTypes).values(
    DIMENSIONS.map((d, i) => ({
      id: newId(),
      name: DIMENSION_LABELS[d],
      displayName: DIMENSION_LABELS[d],
      sort: i + 1,
    })),
  );
}

/** The whole standards demo: indicator system, cycles, dimension types. */
export async function seedStandardsDemo(tx: Tx, now: Date) {
  const calendar = calendarOf(now);
  const points = await seedIndicatorSystem(tx);
  const cycleIds = await seedCycles(tx, calendar);
  await seedDimensionTypes(tx);
  return { points, cycles: cycleIds, calendar };
}
