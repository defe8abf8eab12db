import { deflateSync } from 'node:zlib';
import {
  cycleKeyOf,
  DEFAULT_TIME_ZONE,
  effectiveValue,
  isBelow,
  type ObjectLevel,
  type PointRule,
  parseValue,
  type TaskState,
  zonedParts,
  zonedTimeToMs,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { pointFiles } from '../modules/attachments/attachments.table.ts';
import {
  diagnosisObjects,
  diagnosisTasks,
  objectTaskSharers,
  objectTasks,
  pointFocus,
  pointWarnings,
} from '../modules/diagnosis/diagnosis.table.ts';
import { recompute } from '../modules/diagnosis/recompute.ts';
import { createScoreRepo } from '../modules/diagnosis/score/score.repo.ts';
import { computeScores } from '../modules/diagnosis/score/score.service.ts';
import { files } from '../modules/files/files.table.ts';
import type { FileStorage } from '../platform/file-storage.ts';
import { newId } from '../platform/ids.ts';
import { DEMO_SCHOOL } from './demo.ts';
import {
  academicYearName,
  type DemoCalendar,
  type DemoCycles,
  type DemoPoint,
  formatNumber,
} from './standards-demo.ts';

/**
 * The demo diagnosis: objects of every level, last cycle's finished task and the current one per
 * level, every point of the level assigned with targets and results, three years of monthly samples,
 * then the app's own recompute for grades, flags, previous results and warnings, and about half of
 * the warnings handled. Deterministic apart from ids: every value comes from a seeded generator
 * keyed by object and point, and dates are counted back from `now`.
 *
 * Who charges what (accounts of demo.ts):
 * - the school: yangguang, shared with wangfang and fenglei;
 * - majors: the head of the major's school (wangfang, fenglei, chenyu, chuxin), shared with a teacher;
 * - courses: a teacher of the department (zhangwei, yanbo, weiting, zouqi …), shared with its head;
 * - teachers: the teacher's own account, else the department head; heads share their teachers' tasks;
 * - students: a teacher of the student's school as class adviser.
 */

// ------------------------------------------------------------------------------------------ random

/** FNV-1a, to key a generator by a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast, seeded generator in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20260301;
const rng = (...keys: string[]) => seededRandom(hash(`${SEED}|${keys.join('|')}`));

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

// ----------------------------------------------------------------------------------------- objects

interface DemoObject {
  level: ObjectLevel;
  code: string;
  name: string;
  departmentId: string | null;
  /** Account of a teacher object. */
  account?: string;
  charger: string;
  sharers: string[];
  /** Standing of the object against the standards, −0.8 … 1.2; drawn when absent. */
  quality?: number;
}

const DEPARTMENT_TEACHERS: Record<string, string[]> = {
  d08: ['zhangwei', 'kongjie', 'caohui'],
  d09: ['yanbo', 'huamin', 'jinpeng', 'shuijing'],
  d10: ['weiting', 'taoran', 'jiangli'],
  d11: ['qixiang', 'xieyun', 'luoxia'],
  d12: ['zouqi', 'yuhang', 'baixue'],
};
const DEPARTMENT_HEADS: Record<string, string> = {
  d08: 'wangfang',
  d09: 'fenglei',
  d10: 'chenyu',
  d11: 'chuxin',
  d12: 'weilan',
};

export const DEMO_MAJORS = [
  { code: '460301', name: '机电一体化技术', departmentId: 'd08', sharer: 'yangguang' },
  { code: '460305', name: '工业机器人技术', departmentId: 'd08', sharer: 'kongjie' },
  { code: '510201', name: '计算机应用技术', departmentId: 'd09', sharer: 'yanbo' },
  { code: '510205', name: '大数据技术', departmentId: 'd09', sharer: 'huamin' },
  { code: '530302', name: '大数据与会计', departmentId: 'd10', sharer: 'weiting' },
  { code: '530701', name: '电子商务', departmentId: 'd10', sharer: 'taoran' },
  { code: '550103', name: '数字媒体艺术设计', departmentId: 'd11', sharer: 'qixiang' },
  { code: '550106', name: '环境艺术设计', departmentId: 'd11', sharer: 'xieyun' },
];

export const DEMO_COURSES: Array<[string, string, string]> = [
  ['电工电子技术', 'd08', 'zhangwei'],
  ['PLC控制技术', 'd08', 'kongjie'],
  ['工业机器人编程与操作', 'd08', 'caohui'],
  ['机械制图与CAD', 'd08', 'zhangwei'],
  ['Python程序设计', 'd09', 'yanbo'],
  ['Web前端开发', 'd09', 'huamin'],
  ['数据库应用技术', 'd09', 'jinpeng'],
  ['大数据分析技术', 'd09', 'shuijing'],
  ['基础会计', 'd10', 'weiting'],
  ['财务管理', 'd10', 'taoran'],
  ['网店运营', 'd10', 'jiangli'],
  ['市场营销', 'd10', 'weiting'],
  ['设计素描', 'd11', 'qixiang'],
  ['三维建模与动画', 'd11', 'xieyun'],
  ['室内设计', 'd11', 'luoxia'],
  ['高等数学', 'd12', 'zouqi'],
  ['大学英语', 'd12', 'yuhang'],
  ['思想道德与法治', 'd12', 'baixue'],
  ['大学体育', 'd12', 'yuhang'],
  ['信息技术基础', 'd12', 'zouqi'],
];

/** Teachers: [name, department, account or null]. Accounts are the demo users of demo.ts. */
export const DEMO_TEACHERS: Array<[string, string, string | null]> = [
  ['王芳', 'd08', 'wangfang'],
  ['杨光', 'd08', 'yangguang'],
  ['张伟', 'd08', 'zhangwei'],
  ['孔洁', 'd08', 'kongjie'],
  ['曹慧', 'd08', 'caohui'],
  ['刘洋', 'd08', null],
  ['郭涛', 'd08', null],
  ['冯磊', 'd09', 'fenglei'],
  ['严博', 'd09', 'yanbo'],
  ['华敏', 'd09', 'huamin'],
  ['金鹏', 'd09', 'jinpeng'],
  ['水晶', 'd09', 'shuijing'],
  ['黄磊', 'd09', null],
  ['宋佳', 'd09', null],
  ['陈雨', 'd10', 'chenyu'],
  ['魏婷', 'd10', 'weiting'],
  ['陶然', 'd10', 'taoran'],
  ['姜丽', 'd10', 'jiangli'],
  ['林静', 'd10', null],
  ['褚欣', 'd11', 'chuxin'],
  ['戚翔', 'd11', 'qixiang'],
  ['谢芸', 'd11', 'xieyun'],
  ['罗霞', 'd11', 'luoxia'],
  ['高峰', 'd11', null],
  ['卫岚', 'd12', 'weilan'],
  ['邹琦', 'd12', 'zouqi'],
  ['喻航', 'd12', 'yuhang'],
  ['柏雪', 'd12', 'baixue'],
  ['马丽', 'd12', null],
  ['唐敏', 'd12', null],
];

const SURNAMES = '王李张刘陈杨黄赵周吴徐孙马朱胡郭何林罗高郑梁谢宋唐韩冯邓曹彭'.split('');
const GIVEN_NAMES = [
  '子涵',
  '浩然',
  '欣怡',
  '梓轩',
  '雨桐',
  '宇航',
  '思琪',
  '俊杰',
  '佳怡',
  '博文',
  '诗雨',
  '一鸣',
  '晨曦',
  '天佑',
  '若曦',
  '明轩',
  '可馨',
  '嘉懿',
  '泽宇',
  '语嫣',
  '志强',
  '婷婷',
  '文博',
  '梦瑶',
  '家豪',
  '雅静',
  '振宇',
  '心怡',
  '锦程',
  '晓峰',
];

/** Students per major, in DEMO_MAJORS order: 60 in all. */
const STUDENTS_PER_MAJOR = [8, 8, 8, 7, 8, 7, 7, 7];

export function demoObjects(calendar: DemoCalendar): DemoObject[] {
  const objects: DemoObject[] = [
    {
      level: 'school',
      code: '14086',
      name: DEMO_SCHOOL,
      departmentId: null,
      charger: 'yangguang',
      sharers: ['wangfang', 'fenglei'],
      // A school with work to do: a few points below standard on its own page.
      quality: 0.3,
    },
  ];
  for (const m of DEMO_MAJORS) {
    objects.push({
      level: 'major',
      code: m.code,
      name: m.name,
      departmentId: m.departmentId,
      charger: DEPARTMENT_HEADS[m.departmentId]!,
      sharers: [m.sharer],
    });
  }
  DEMO_COURSES.forEach(([name, departmentId, charger], i) => {
    objects.push({
      level: 'course',
      code: `KC${departmentId.slice(1)}${String(i + 1).padStart(3, '0')}`,
      name,
      departmentId,
      charger,
      sharers: [DEPARTMENT_HEADS[departmentId]!],
    });
  });
  const seqByDepartment = new Map<string, number>();
  for (const [name, departmentId, account] of DEMO_TEACHERS) {
    const seq = (seqByDepartment.get(departmentId) ?? 0) + 1;
    seqByDepartment.set(departmentId, seq);
    const head = DEPARTMENT_HEADS[departmentId]!;
    objects.push({
      level: 'teacher',
      code: `T${departmentId.slice(1)}${String(seq).padStart(3, '0')}`,
      name,
      departmentId,
      ...(account ? { account } : {}),
      charger: account ?? head,
      sharers: account && account !== head ? [head] : [],
    });
  }
  const random = rng('students');
  const names = new Set<string>();
  DEMO_MAJORS.forEach((m, mi) => {
    const advisers = DEPARTMENT_TEACHERS[m.departmentId]!;
    for (let i = 0; i < STUDENTS_PER_MAJOR[mi]!; i += 1) {
      let name = '';
      do name = pick(random, SURNAMES) + pick(random, GIVEN_NAMES);
      while (names.has(name));
      names.add(name);
      const enrolled = calendar.academicYear - (i % 3);
      objects.push({
        level: 'student',
        code: `${enrolled}${m.code}${String(i + 1).padStart(2, '0')}`,
        name,
        departmentId: m.departmentId,
        charger: advisers[(mi + i) % advisers.length]!,
        sharers: [],
      });
    }
  });
  return objects;
}

// ------------------------------------------------------------------------------------------- dates

/** A month relative to now on the demo school's calendar (the default zone): 0 is this month, -1 the last. */
interface Month {
  year: number;
  month: number;
}

function monthAt(calendarNow: Date, offset: number): Month {
  const local = zonedParts(calendarNow.getTime(), DEFAULT_TIME_ZONE);
  const index = local.year * 12 + local.month - 1 + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function offsetOf(now: Date, m: Month): number {
  const here = monthAt(now, 0);
  return (m.year - here.year) * 12 + (m.month - here.month);
}

/** The sampling moment of a month: the 25th at 10:00 on the demo school's clock, or just before now. */
function sampleTime(now: Date, offset: number): Date | null {
  const m = monthAt(now, offset);
  const key = `${m.year}-${String(m.month).padStart(2, '0')}`;
  const at = new Date(zonedTimeToMs(`${key}-25T10:00:00`, DEFAULT_TIME_ZONE));
  if (at.getTime() < now.getTime() - 60_000) return at;
  const justBefore = new Date(now.getTime() - 60_000);
  return cycleKeyOf('month', justBefore) === key ? justBefore : null;
}

const iso = (d: Date) => cycleKeyOf('day', d)!;
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

interface TaskPlan {
  key: string;
  level: ObjectLevel;
  name: string;
  cycleNumber: string;
  period: string;
  startDate: string;
  endDate: string;
  state: TaskState;
  publisher: string;
  /** Month offsets (relative to now) of the period's first and last month. */
  firstMonth: number;
  lastMonth: number;
  current: boolean;
}

const LEVEL_TASK_NAMES: Record<ObjectLevel, string> = {
  school: '学校质量诊断',
  major: '专业质量诊断',
  course: '课程质量诊断',
  teacher: '教师发展诊断',
  student: '学生发展诊断',
};

function taskPlans(now: Date, calendar: DemoCalendar): TaskPlan[] {
  const today = iso(now);
  const plans: TaskPlan[] = [];
  for (const level of ['school', 'major', 'course', 'teacher', 'student'] as const) {
    const academic = level === 'course' || level === 'student';
    for (const current of [false, true]) {
      const start = academic
        ? { year: calendar.academicYear - (current ? 0 : 1), month: 9 }
        : { year: calendar.year - (current ? 0 : 1), month: 1 };
      const end = academic ? { year: start.year + 1, month: 8 } : { year: start.year, month: 12 };
      const cycleNumber = academic ? academicYearName(start.year) : String(start.year);
      const lastDay = new Date(Date.UTC(end.year, end.month, 0)).getUTCDate();
      let endDate = `${end.year}-${String(end.month).padStart(2, '0')}-${lastDay}`;
      // The current task stays open: its end date lies in the future.
      if (current && endDate <= today) endDate = iso(addDays(now, 31));
      plans.push({
        key: `${level}-${current ? 'current' : 'previous'}`,
        level,
        name: `${cycleNumber}${academic ? '学年' : '年度'}${LEVEL_TASK_NAMES[level]}`,
        cycleNumber,
        period: cycleNumber,
        startDate: `${start.year}-${String(start.month).padStart(2, '0')}-01`,
        endDate,
        state: current ? 'normal' : 'finished',
        publisher: level === 'course' ? 'qianli' : 'sunhua',
        firstMonth: offsetOf(now, start),
        lastMonth: Math.min(0, offsetOf(now, end)),
        current,
      });
    }
  }
  return plans;
}

/** How many months of samples each level keeps on its current task (the previous task: its period). */
const SAMPLE_MONTHS: Record<ObjectLevel, number> = {
  school: 36,
  major: 36,
  course: 36,
  teacher: 12,
  student: 6,
};
const PREVIOUS_TASK_SAMPLED: Record<ObjectLevel, boolean> = {
  school: true,
  major: true,
  course: true,
  teacher: false,
  student: false,
};

/** Results left out on purpose, so the school's finished task shows an unfinished point too. */
const FORCED_MISSING = new Set(['school-previous|XX-11']);

// ------------------------------------------------------------------------------------------ values

/** A point's value series for one object: a level per month offset, deterministic. */
interface Series {
  at(offset: number): string;
}

function seriesOf(object: DemoObject, point: DemoPoint): Series {
  const quality = object.quality ?? rng('object', object.level, object.code)() * 2 - 0.8;
  const random = rng('series', object.level, object.code, point.code);
  const offsetBias = quality * 0.6 + (random() * 1.4 - 0.6);
  const improvement = random() * 0.7;
  const phase = random() * Math.PI * 2;
  const troubled = random() < 0.22;
  const dips = new Set<number>();
  if (troubled) {
    const n = 1 + Math.floor(random() * 4);
    for (let i = 0; i < n; i += 1) dips.add(-Math.floor(random() * 36));
  }
  const noise = (offset: number) => gaussian(rng('noise', object.code, point.code, String(offset)));
  /** Standing of the month: 0 at the standard value (grade B), 1 a band better, −1 a band worse. */
  const standing = (offset: number) => {
    const t = (offset + 35) / 35; // 0 three years ago … 1 now
    const seasonal = 0.25 * Math.sin(phase + (offset * Math.PI) / 6);
    const dip = dips.has(offset) ? -(1.6 + rng('dip', object.code, point.code, String(offset))() * 0.9) : 0;
    return offsetBias - 0.1 + improvement * t + seasonal + 0.3 * noise(offset) + dip;
  };

  if (point.calcMode === 'level') {
    return {
      at: (offset) => {
        const z = standing(offset);
        return z > 0.6 ? 'A' : z > -0.5 ? 'B' : z > -1.2 ? 'C' : 'D';
      },
    };
  }
  if (point.dataType === 'whether' || point.dataType === 'have') {
    const [good, bad] = point.dataType === 'whether' ? ['是', '否'] : ['有', '无'];
    return { at: (offset) => (standing(offset) > -0.9 ? good! : bad!) };
  }
  const std = Number(point.standardValue);
  const sign = point.direction === '>' ? 1 : -1;
  // Counts that should be zero (accidents, discipline) or small (papers): mostly good, sometimes not.
  if (point.calRule.length === 3) {
    return {
      at: (offset) => {
        const z = standing(offset);
        if (point.direction === '<') return z > -0.8 ? '0' : z > -1.3 ? '1' : '2';
        return String(Math.max(0, Math.round(std + 1 + z)));
      },
    };
  }
  const lower = point.floor ?? 0;
  const upper = point.dataType === 'percent' ? 100 : (point.ceil ?? Number.POSITIVE_INFINITY);
  return {
    at: (offset) => {
      const raw = std + sign * point.band * standing(offset);
      return formatNumber(point.dataType, Math.min(upper, Math.max(lower, raw)));
    },
  };
}

function ruleOf(point: DemoPoint): PointRule {
  return {
    dataType: point.dataType,
    direction: point.direction,
    calcMode: point.calcMode,
    calRule: point.calRule,
    warningMode: point.warningMode,
    warningCondition: point.warningCondition,
    warningValue: point.warningValue,
  };
}

const CAUSES = [
  (n: string) => `${n}未达到目标值。本周期相关工作启动较晚，过程监测不及时，问题发现滞后。`,
  (n: string) => `受生源结构与实习安排变化影响，${n}较上一周期有所下滑；部门间数据共享不充分。`,
  (n: string) => `相关制度执行不到位，责任分工不够明确，${n}的过程跟踪缺少抓手。`,
  (n: string) => `师资与实训资源投入不足，部分工作依赖个别教师，${n}波动较大。`,
  (n: string) => `对${n}的重视程度不够，年初目标分解不细，缺少月度节点检查。`,
];
const MEASURES = [
  (n: string) => `建立月度监测与通报机制，明确责任人与完成时限，力争下一周期${n}达到目标值。`,
  (n: string) => `加强校企合作与资源投入，完善激励办法；由质量办每月跟踪${n}并在平台通报。`,
  () => '修订相关管理办法，开展专项培训，将完成情况纳入部门年度考核，每季度复盘改进成效。',
  () => '召开专题诊改会议分析原因，制定改进清单并逐项销号，下月起按周跟踪进展。',
];
const REFUSE_REASONS = [
  '原因分析不够具体，请结合数据补充说明。',
  '改进措施缺少时间节点和责任人，请完善后重新提交。',
  '结果值与支撑材料不一致，请核实后重新提交。',
];
const WARNING_CAUSES = [
  '本月数据采集延迟，部分班级数据未及时上报，监测值偏离正常区间。',
  '受实习、假期等季节性因素影响，本月监测值低于预警值。',
  '个别教学单位执行不到位，造成本月指标异常波动。',
  '数据口径调整导致本月统计值偏低，已与数据管理员核对。',
];
const WARNING_MEASURES = [
  '已督促相关部门补报数据，并设置每月5日前的数据报送提醒。',
  '召开专题会议分析原因，落实责任人，下月重点跟踪该指标。',
  '已下发整改通知，要求相关教学单位一周内提交整改报告。',
  '统一数据统计口径，完善采集规则，后续每月复核一次。',
];

// --------------------------------------------------------------------------------------- the seed

export interface DiagnosisDemoInput {
  now: Date;
  /** Account → user id of the demo users. */
  userIds: ReadonlyMap<string, string>;
  points: readonly DemoPoint[];
  cycles: DemoCycles;
  calendar: DemoCalendar;
  /** Where demo attachments are written; without it the demo has no attachments. */
  storage?: FileStorage | undefined;
  /** Runs after the typed results and samples are in, before the recompute grades them. */
  beforeRecompute?: () => Promise<unknown>;
}

export interface DiagnosisDemoSummary {
  objects: number;
  tasks: number;
  assignedPoints: number;
  samples: number;
  warningsRaised: number;
  warningsHandled: number;
  attachments: number;
}

const BATCH = 500;

async function insertBatched<T>(rows: readonly T[], write: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

type SqlType = 'text' | 'timestamptz' | 'float8' | 'boolean';

/**
 * A multi-row insert of plain rows, BATCH at a time, passed as one JSON parameter and expanded with
 * jsonb_to_recordset: several times faster than binding every value on PGlite, and the same SQL on
 * PostgreSQL. Keys of the rows are the column names.
 */
async function insertRows(
  tx: Db,
  table: string,
  columns: ReadonlyArray<readonly [string, SqlType]>,
  rows: ReadonlyArray<Record<string, string | number | boolean | null>>,
): Promise<void> {
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const shape = sql.raw(columns.map(([name, type]) => `${name} ${type}`).join(', '));
  await insertBatched(rows, (slice) =>
    tx.execute(
      sql`insert into ${sql.raw(table)} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) as x(${shape})`,
    ),
  );
}

export async function seedDiagnosisDemo(tx: Db, input: DiagnosisDemoInput): Promise<DiagnosisDemoSummary> {
  const { now, calendar } = input;
  const user = (account: string): string => {
    const id = input.userIds.get(account);
    if (!id) throw new Error(`演示账号不存在：${account}`);
    return id;
  };

  // Objects.
  const objects = demoObjects(calendar).map((o) => ({ ...o, id: newId() }));
  await insertBatched(objects, (slice) =>
    tx.insert(diagnosisObjects).values(
      slice.map((o) => ({
        id: o.id,
        level: o.level,
        code: o.code,
        name: o.name,
        departmentId: o.departmentId,
        userId: o.account ? user(o.account) : null,
      })),
    ),
  );

  // Tasks: last cycle's (finished) and the current one, per level.
  const plans = taskPlans(now, calendar).map((p) => ({ ...p, id: newId() }));
  await tx.insert(diagnosisTasks).values(
    plans.map((p) => ({
      id: p.id,
      name: p.name,
      level: p.level,
      cycleId: input.cycles.byNumber.get(p.cycleNumber) ?? null,
      period: p.period,
      startDate: p.startDate,
      endDate: p.endDate,
      state: p.state,
      publisherUserId: user(p.publisher),
      createdAt: new Date(`${p.startDate}T01:00:00Z`),
    })),
  );

  // Object tasks with chargers and sharers.
  const objectTaskRows: Array<typeof objectTasks.$inferInsert> = [];
  const sharerRows: Array<typeof objectTaskSharers.$inferInsert> = [];
  const units: Array<{
    plan: (typeof plans)[number];
    object: (typeof objects)[number];
    objectTaskId: string;
  }> = [];
  for (const plan of plans) {
    for (const object of objects.filter((o) => o.level === plan.level)) {
      const objectTaskId = newId();
      units.push({ plan, object, objectTaskId });
      objectTaskRows.push({
        id: objectTaskId,
        taskId: plan.id,
        objectId: object.id,
        chargerUserId: user(object.charger),
      });
      for (const sharer of object.sharers) sharerRows.push({ objectTaskId, userId: user(sharer) });
    }
  }
  await insertBatched(objectTaskRows, (slice) => tx.insert(objectTasks).values(slice));
  await insertBatched(sharerRows, (slice) => tx.insert(objectTaskSharers).values(slice));

  // Assigned points: targets from the standard (some revised), results, diagnosis texts, audit states.
  type Row = Record<string, string | number | boolean | null>;
  const pointRows: Row[] = [];
  const auditRows: Row[] = [];
  const sampleRows: Row[] = [];
  const byAssigned = new Map<string, { key: string; chargerUserId: string }>();
  const belowPoints: Array<{ id: string; charger: string; current: boolean }> = [];
  const auditors = [user('sunhua'), user('jiangwen')];

  for (const { plan, object, objectTaskId } of units) {
    const chargerUserId = user(object.charger);
    for (const point of input.points.filter((p) => p.level === plan.level)) {
      const id = newId();
      const key = `${plan.key}|${object.code}|${point.code}`;
      byAssigned.set(id, { key, chargerUserId });
      const random = rng('assigned', key);
      const series = seriesOf(object, point);
      const rule = ruleOf(point);
      const numeric =
        point.calcMode === 'result' && point.dataType !== 'whether' && point.dataType !== 'have';
      const sign = point.direction === '>' ? 1 : -1;

      // Targets: the standard value; some objects revise it (never where the point forbids it).
      const targetValue = point.standardValue;
      let revisedTarget: string | null = null;
      if (numeric && !point.notAllowChange && point.calRule.length === 4 && random() < 0.12) {
        revisedTarget = formatNumber(point.dataType, Number(targetValue) + sign * point.band * 0.5);
      }

      // Results: the series at the period's last month so far; a few are missing.
      let result: string | null = series.at(plan.lastMonth);
      const missingChance = point.collectionMethod === 'report' ? (plan.current ? 0.1 : 0.04) : 0;
      if (random() < missingChance || FORCED_MISSING.has(`${plan.key}|${point.code}`)) result = null;
      // This year's computed points: the result, samples and lineage come from collection, not from here.
      const byAlgorithm = plan.current && point.collectionMethod === 'algorithm';
      if (byAlgorithm) result = null;
      let revisedResult: string | null = null;
      if (result !== null && numeric && random() < 0.03) {
        revisedResult = formatNumber(point.dataType, Number(result) + sign * point.band * 0.3);
      }

      const below = isBelow(
        rule,
        effectiveValue(result, revisedResult),
        effectiveValue(targetValue, revisedTarget),
      );
      let cause = '';
      let measure = '';
      if (below && random() < (plan.current ? 0.45 : 0.75)) {
        cause = pick(random, CAUSES)(point.name);
        measure = pick(random, MEASURES)(point.name);
      }

      // Audit: the finished task is mostly passed; the current one is in every state.
      let auditState: 'draft' | 'submitted' | 'passed' | 'refused' = 'draft';
      let auditReason: string | null = null;
      if (result !== null) {
        const r = random();
        auditState = plan.current
          ? r < 0.45
            ? 'draft'
            : r < 0.7
              ? 'submitted'
              : r < 0.9
                ? 'passed'
                : 'refused'
          : r < 0.88
            ? 'passed'
            : r < 0.94
              ? 'refused'
              : 'submitted';
        if (auditState === 'refused') auditReason = pick(random, REFUSE_REASONS);
      }
      if (auditState !== 'draft') {
        const periodEnd = new Date(`${plan.endDate}T02:00:00Z`);
        const base = plan.current
          ? addDays(now, -(5 + random() * 40))
          : addDays(periodEnd, 3 + random() * 20);
        const submittedAt = new Date(Math.min(base.getTime(), now.getTime() - 86_400_000));
        auditRows.push({
          id: newId(),
          assigned_point_id: id,
          action: 'submit',
          reason: null,
          actor_user_id: chargerUserId,
          created_at: submittedAt.toISOString(),
        });
        if (auditState !== 'submitted') {
          const decidedAt = new Date(
            Math.min(addDays(submittedAt, 1 + random() * 4).getTime(), now.getTime() - 3_600_000),
          );
          auditRows.push({
            id: newId(),
            assigned_point_id: id,
            action: auditState === 'passed' ? 'pass' : 'refuse',
            reason: auditReason,
            actor_user_id: pick(random, auditors),
            created_at: decidedAt.toISOString(),
          });
        }
      }
      if (below) belowPoints.push({ id, charger: chargerUserId, current: plan.current });

      pointRows.push({
        id,
        object_task_id: objectTaskId,
        quality_point_id: point.id,
        target_value: targetValue,
        revised_target: revisedTarget,
        result,
        revised_result: revisedResult,
        cause,
        measure,
        audit_state: auditState,
        audit_reason: auditReason,
      });

      // Samples: monthly, three years back on the current task of the school, majors and courses.
      if (
        !byAlgorithm &&
        point.samplingPeriod !== 'no' &&
        (plan.current || PREVIOUS_TASK_SAMPLED[plan.level])
      ) {
        const from = plan.current ? 1 - SAMPLE_MONTHS[plan.level] : plan.firstMonth;
        const to = plan.current ? 0 : plan.lastMonth;
        for (let offset = from; offset <= to; offset += 1) {
          const at = sampleTime(now, offset);
          if (!at) continue;
          const value = series.at(offset);
          const numericValue = point.calcMode === 'level' ? null : parseValue(point.dataType, value);
          sampleRows.push({
            id: newId(),
            assigned_point_id: id,
            sampled_at: at.toISOString(),
            created_at: at.toISOString(),
            value,
            numeric_value: point.dataType === 'whether' || point.dataType === 'have' ? null : numericValue,
          });
        }
      }
    }
  }
  await insertRows(
    tx,
    'assigned_points',
    [
      ['id', 'text'],
      ['object_task_id', 'text'],
      ['quality_point_id', 'text'],
      ['target_value', 'text'],
      ['revised_target', 'text'],
      ['result', 'text'],
      ['revised_result', 'text'],
      ['cause', 'text'],
      ['measure', 'text'],
      ['audit_state', 'text'],
      ['audit_reason', 'text'],
    ],
    pointRows,
  );
  await insertRows(
    tx,
    'point_audits',
    [
      ['id', 'text'],
      ['assigned_point_id', 'text'],
      ['action', 'text'],
      ['reason', 'text'],
      ['actor_user_id', 'text'],
      ['created_at', 'timestamptz'],
    ],
    auditRows,
  );
  // Sampled at the sampling moment, so the sampling records read as collected then.
  await insertRows(
    tx,
    'point_samples',
    [
      ['id', 'text'],
      ['assigned_point_id', 'text'],
      ['sampled_at', 'timestamptz'],
      ['created_at', 'timestamptz'],
      ['value', 'text'],
      ['numeric_value', 'float8'],
    ],
    sampleRows,
  );

  // This year's computed points (warehouse, algorithms, an accepted collection run), before grading.
  await input.beforeRecompute?.();

  // Grades, flags, previous results and warnings: the app's own recompute.
  const computed = await recompute(tx, { now });

  // About half of the warnings handled by the charger, older ones more often.
  const raised = await tx
    .select({
      id: pointWarnings.id,
      assignedPointId: pointWarnings.assignedPointId,
      cycleKey: pointWarnings.cycleKey,
      warnedAt: pointWarnings.warnedAt,
    })
    .from(pointWarnings);
  const handled: SQL[] = [];
  for (const w of raised) {
    const owner = byAssigned.get(w.assignedPointId);
    if (!owner) continue;
    const random = rng('warning', owner.key, w.cycleKey);
    const ageDays = (now.getTime() - w.warnedAt.getTime()) / 86_400_000;
    if (random() >= (ageDays > 45 ? 0.6 : 0.25)) continue;
    const handledAt = addDays(w.warnedAt, 1 + random() * 9);
    if (handledAt.getTime() > now.getTime() - 3_600_000) continue;
    handled.push(
      sql`(${w.id}, ${handledAt.toISOString()}::timestamptz, ${pick(random, WARNING_CAUSES)}::text, ${pick(random, WARNING_MEASURES)}::text, ${owner.chargerUserId}::text)`,
    );
  }
  for (let i = 0; i < handled.length; i += BATCH) {
    await tx.execute(sql`
      update point_warnings w set handled_at = v.handled_at, cause = v.cause, measure = v.measure,
        handler_user_id = v.handler
      from (values ${sql.join(handled.slice(i, i + BATCH), sql`, `)}) as v(id, handled_at, cause, measure, handler)
      where w.id = v.id`);
  }

  // A few followed (关注) points: each charger of a current task follows up to three below-standard ones.
  const focusRows: Array<typeof pointFocus.$inferInsert> = [];
  const followed = new Map<string, number>();
  for (const p of belowPoints) {
    if (!p.current) continue;
    const n = followed.get(p.charger) ?? 0;
    if (n >= 3) continue;
    followed.set(p.charger, n + 1);
    focusRows.push({ userId: p.charger, assignedPointId: p.id });
  }
  await insertBatched(focusRows, (slice) => tx.insert(pointFocus).values(slice));

  // 得分 of every object task, as obj/calScore computes it, so that the reports show one.
  await computeScores(createScoreRepo(tx), 'all');

  return {
    objects: objects.length,
    tasks: plans.length,
    assignedPoints: pointRows.length,
    samples: sampleRows.length,
    warningsRaised: computed.warningsRaised,
    warningsHandled: handled.length,
    attachments: input.storage ? await seedDemoAttachments(tx, input.storage) : 0,
  };
}

// ------------------------------------------------------------------------------------- attachments

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A small PNG bar chart (RGB), so the image preview shows something recognisable. */
export function demoPng(values: readonly number[], width = 240, height = 140): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height, 0xff);
  const barWidth = Math.floor(width / (values.length * 2 + 1));
  for (let y = 0; y < height; y += 1) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const i = y * row + 1 + x * 3;
      const slot = Math.floor(x / barWidth);
      const bar = slot % 2 === 1 ? values[(slot - 1) / 2] : undefined;
      const axis = y === height - 10 || x === 8;
      if (axis) raw.fill(0x66, i, i + 3);
      else if (bar !== undefined && y < height - 10 && y >= height - 10 - (bar / 100) * (height - 20)) {
        raw[i] = 0x18;
        raw[i + 1] = 0x90;
        raw[i + 2] = 0xff;
      }
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a few lines of ASCII text (the standard fonts have no Chinese glyphs). */
export function demoPdf(lines: readonly string[]): Buffer {
  const pdfText = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map((l, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 56 ${780 - i * 26} Td (${pdfText(l)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface DemoAttachment {
  /** plan key | object code | point code of the assigned point. */
  key: string;
  stage: 'standard' | 'warning' | 'diagnosis' | 'unfinish' | 'disqualified';
  name: string;
  mime: string;
  bytes: Buffer;
}

const txt = (lines: readonly string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

function demoAttachments(
  objects: ReadonlyMap<string, { objectName: string; objectCode: string }>,
): DemoAttachment[] {
  const list: DemoAttachment[] = [
    {
      key: 'school-current|14086|XX-16',
      stage: 'standard',
      name: '年度质量报告（发布稿）.pdf',
      mime: 'application/pdf',
      bytes: demoPdf([
        'Qinghe Vocational and Technical College',
        'Annual Quality Report (demo)',
        'Enrolment, teaching, employment and service indicators.',
        'Published on the college website as required.',
      ]),
    },
    {
      key: 'school-current|14086|XX-01',
      stage: 'warning',
      name: '新生报到率监测趋势.png',
      mime: 'image/png',
      bytes: demoPng([86, 90, 93, 91, 88, 94, 92]),
    },
    {
      key: 'school-current|14086|XX-01',
      stage: 'warning',
      name: '预警处置记录.txt',
      mime: 'text/plain',
      bytes: txt([
        '新生报到率预警处置记录',
        '1. 招生就业处核对未报到新生名单，逐一电话回访。',
        '2. 对家庭经济困难新生开通绿色通道，落实助学贷款。',
        '3. 每周通报报到进度，直至报到率恢复至预警值以上。',
      ]),
    },
    {
      key: 'school-current|14086|XX-07',
      stage: 'diagnosis',
      name: '师资队伍诊改会议纪要.txt',
      mime: 'text/plain',
      bytes: txt([
        '师资队伍专题诊改会议纪要',
        '时间：本学期第八周  地点：行政楼会议室',
        '议题：生师比、双师型教师比例未达目标的原因与改进措施。',
        '结论：本年度引进专任教师12人，聘请企业兼职教师20人，年底前完成。',
      ]),
    },
    {
      key: 'school-current|14086|XX-07',
      stage: 'disqualified',
      name: '师资补充与培养整改方案.txt',
      mime: 'text/plain',
      bytes: txt([
        '师资补充与培养整改方案',
        '一、目标：生师比降至18:1以内，双师型教师比例达到60%以上。',
        '二、措施：公开招聘、柔性引进、企业实践轮训、双师认定。',
        '三、责任：人事处牵头，各二级学院落实，质量办按月监测。',
      ]),
    },
  ];
  for (const [key, object] of objects) {
    if (key.startsWith('major-current|') && key.endsWith('|ZY-01')) {
      list.push({
        key,
        stage: 'standard',
        name: `${object.objectName}专业人才培养方案.pdf`,
        mime: 'application/pdf',
        bytes: demoPdf([
          `Talent training programme: major ${object.objectCode}`,
          'Revised for the current year (demo).',
        ]),
      });
    }
    if (key.startsWith('course-current|') && key.endsWith('|KC-01')) {
      list.push({
        key,
        stage: 'standard',
        name: `《${object.objectName}》课程标准.txt`,
        mime: 'text/plain',
        bytes: txt([
          `《${object.objectName}》课程标准`,
          '一、课程性质与任务',
          '二、课程目标（知识、能力、素质）',
          '三、课程内容与学时安排',
          '四、考核评价：过程性考核占50%，终结性考核占50%。',
        ]),
      });
    }
  }
  return list;
}

/**
 * Demo attachments on the current tasks of the demo school: bytes into storage, records into files and
 * point_files, found by level, object code and point code. Returns how many files were attached.
 */
export async function seedDemoAttachments(tx: Db, storage: FileStorage): Promise<number> {
  const rows = await queryRows<{
    id: string;
    level: string;
    object_code: string;
    object_name: string;
    point_code: string;
    charger: string | null;
  }>(
    tx,
    sql`select ap.id, t.level, o.code as object_code, o.name as object_name, qp.code as point_code,
               ot.charger_user_id as charger
        from assigned_points ap
        join object_tasks ot on ot.id = ap.object_task_id
        join diagnosis_tasks t on t.id = ot.task_id
        join diagnosis_objects o on o.id = ot.object_id
        join quality_points qp on qp.id = ap.quality_point_id
        where t.state = 'normal' and qp.code in ('XX-16', 'XX-01', 'XX-07', 'ZY-01', 'KC-01')`,
  );
  const assigned = new Map(
    rows.map((r) => [
      `${r.level}-current|${r.object_code}|${r.point_code}`,
      { id: r.id, charger: r.charger, objectName: r.object_name, objectCode: r.object_code },
    ]),
  );
  const fileRows: Array<typeof files.$inferInsert> = [];
  const linkRows: Array<typeof pointFiles.$inferInsert> = [];
  for (const a of demoAttachments(assigned)) {
    const point = assigned.get(a.key);
    if (!point) continue;
    const id = newId();
    const storageKey = `${id.slice(0, 2)}/${id}`;
    await storage.put(storageKey, a.bytes);
    fileRows.push({
      id,
      name: a.name,
      mime: a.mime,
      size: a.bytes.length,
      storageKey,
      ownerUserId: point.charger,
    });
    linkRows.push({ id: newId(), assignedPointId: point.id, fileId: id, stage: a.stage });
  }
  if (fileRows.length === 0) return 0;
  await tx.insert(files).values(fileRows);
  await tx.insert(pointFiles).values(linkRows);
  return fileRows.length;
}
