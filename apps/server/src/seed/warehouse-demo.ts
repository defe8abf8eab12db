import type { FieldRefKind, FieldType } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { createWarehouseRepo } from '../modules/warehouse/warehouse.repo.ts';
import { createWarehouseService } from '../modules/warehouse/warehouse.service.ts';
import { SQL_TYPES } from '../modules/warehouse/warehouse.values.ts';
import { DEMO_COURSES, DEMO_MAJORS, DEMO_TEACHERS, demoObjects, seededRandom } from './diagnosis-demo.ts';
import type { DemoCalendar } from './standards-demo.ts';

/**
 * The demo warehouse 教学质量数据仓库: the raw facts the demo's algorithm points are computed from —
 * admissions, grades, teachers, course offerings, teaching evaluations, graduate employment, research
 * funding. Rows name the demo's diagnosis objects by code (majors, courses, teachers, students) and
 * departments by id, so the algorithms find them through `:objectCode`. Deterministic: every value comes
 * from a generator keyed by what it describes; dates are counted from `today` and never lie after it.
 * Tables are made through the warehouse service (metadata and physical table alike); rows go in with one
 * set-based insert per 1000.
 */

type Cell = string | number | boolean | null;
type Row = Record<string, Cell>;

interface FieldSpec {
  code: string;
  label: string;
  type: FieldType;
  ref?: FieldRefKind;
  required?: boolean;
}

interface TableSpec {
  key: TableKey;
  name: string;
  remark: string;
  fields: FieldSpec[];
}

export type TableKey = 'xsbd' | 'xscj' | 'jsxx' | 'kc' | 'jxpj' | 'byjy' | 'kyxm';

const text = (code: string, label: string, ref?: FieldRefKind): FieldSpec => ({
  code,
  label,
  type: 'text',
  ...(ref ? { ref } : {}),
});
const of =
  (type: FieldType) =>
  (code: string, label: string): FieldSpec => ({ code, label, type });
const date = of('date');
const int = of('integer');
const dec = of('decimal');
const bool = of('boolean');

export const DEMO_WAREHOUSE_NAME = '教学质量数据仓库';

export const DEMO_TABLES: TableSpec[] = [
  {
    key: 'xsbd',
    name: '新生报到',
    remark: '招生系统导出的录取与报到名单，每名录取新生一行',
    fields: [
      text('ksh', '考生号'),
      text('xm', '姓名'),
      text('zydm', '专业代码', 'object'),
      text('yxbm', '院系', 'department'),
      date('lqrq', '录取日期'),
      date('bdjzrq', '报到截止日期'),
      date('bdrq', '报到日期'),
    ],
  },
  {
    key: 'xscj',
    name: '学生成绩',
    remark: '教务系统的课程成绩与考勤，每名学生每门课每学期一行；学期进行中成绩为空',
    fields: [
      text('xh', '学号', 'object'),
      text('xm', '姓名'),
      text('zydm', '专业代码', 'object'),
      text('kcdm', '课程代码', 'object'),
      text('xq', '学期'),
      date('ksrq', '考试日期'),
      dec('zcj', '总评成绩'),
      bool('sfbk', '是否补考'),
      int('ydcs', '应到次数'),
      int('cqcs', '出勤次数'),
      date('jlrq', '记录日期'),
    ],
  },
  {
    key: 'jsxx',
    name: '教师信息',
    remark: '人事系统的教职工名册：专任与企业兼职教师，含双师素质认定',
    fields: [
      text('gh', '工号', 'object'),
      text('xm', '姓名'),
      text('xb', '性别'),
      text('yxbm', '院系', 'department'),
      text('zydm', '所属专业', 'object'),
      text('zc', '职称'),
      bool('sfss', '双师素质'),
      bool('sfjz', '企业兼职'),
      date('rzrq', '入职日期'),
      date('lzrq', '离职日期'),
    ],
  },
  {
    key: 'kc',
    name: '课程',
    remark: '每学期的开课记录：授课教师、教学进度与作业批改',
    fields: [
      text('kcdm', '课程代码', 'object'),
      text('kcmc', '课程名称'),
      text('yxbm', '开课院系', 'department'),
      text('xq', '学期'),
      date('ksrq', '开课日期'),
      date('jsrq', '结课日期'),
      text('rkjs', '任课教师工号', 'object'),
      dec('xf', '学分'),
      int('jhzs', '计划周数'),
      int('wczs', '完成周数'),
      int('zycs', '布置作业次数'),
      int('jspgcs', '及时批改次数'),
    ],
  },
  {
    key: 'jxpj',
    name: '教学评价',
    remark: '智慧课堂的学生评教记录（百分制），每条评价一行',
    fields: [
      date('pjrq', '评价日期'),
      text('kcdm', '课程代码', 'object'),
      text('gh', '教师工号', 'object'),
      text('pjlx', '评价类型'),
      dec('pf', '评分'),
    ],
  },
  {
    key: 'byjy',
    name: '毕业生就业',
    remark: '毕业生就业去向登记与用人单位回访，每名毕业生一行',
    fields: [
      text('xh', '学号'),
      text('xm', '姓名'),
      text('zydm', '专业代码', 'object'),
      text('yxbm', '院系', 'department'),
      date('byrq', '毕业日期'),
      date('jyrq', '就业日期'),
      text('jydw', '就业单位'),
      bool('dkjy', '专业对口'),
      int('dwpj', '用人单位评价'),
    ],
  },
  {
    key: 'kyxm',
    name: '科研项目',
    remark: '科研管理系统的项目经费到款记录，每笔到款一行',
    fields: [
      text('xmbh', '项目编号'),
      text('xmmc', '项目名称'),
      text('gh', '负责人工号', 'object'),
      text('yxbm', '院系', 'department'),
      text('xmlx', '项目类型'),
      date('lxrq', '立项日期'),
      date('dkrq', '到款日期'),
      dec('dkje', '到款金额（万元）'),
    ],
  },
];

// ------------------------------------------------------------------------------------------ random

function hashOf(textValue: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < textValue.length; i += 1) {
    h ^= textValue.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const rng = (...keys: string[]) => seededRandom(hashOf(`dw-20261125|${keys.join('|')}`));
const gauss = (random: () => number) =>
  Math.sqrt(-2 * Math.log(Math.max(random(), 1e-9))) * Math.cos(2 * Math.PI * random());
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
/** An object's standing, −1 … 1: the same object is consistently better or worse across tables. */
const quality = (code: string) => rng('quality', code)() * 2 - 1;

const SURNAMES =
  '王李张刘陈杨黄赵周吴徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split(
    '',
  );
const GIVEN =
  '子涵浩然欣怡梓轩雨桐宇航思琪俊杰佳怡博文诗雨一鸣晨曦天佑若曦明轩可馨嘉懿泽宇语嫣志强婷婷文博梦瑶家豪雅静振宇心怡锦程晓峰建华丽娟海燕国强秀英桂兰志刚玉梅永红春梅金凤雪梅晓东伟东文杰晓明'.match(
    /../g,
  )!;
const SINGLE = '磊静敏涛洋杰军勇艳娜强鹏飞超霞倩颖琳凯斌浩婷'.split('');
const nameOf = (random: () => number) =>
  pick(random, SURNAMES) + (random() < 0.25 ? pick(random, SINGLE) : pick(random, GIVEN));

// ------------------------------------------------------------------------------------------- dates

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => {
  const at = new Date(Date.UTC(y, m - 1, d));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
};
const addDays = (day: string, n: number) => {
  const at = new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);
  return ymd(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
};
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
const upTo = (day: string | null, today: string) => (day !== null && day <= today ? day : null);

// ---------------------------------------------------------------------------------------- the rows

interface Context {
  today: string;
  calendar: DemoCalendar;
}

/** Teachers' codes of the demo objects, by account, and every demo teacher with its department. */
function demoTeachers(calendar: DemoCalendar) {
  const teachers = demoObjects(calendar).filter((o) => o.level === 'teacher');
  const byName = new Map(teachers.map((t) => [t.name, t]));
  const byAccount = new Map<string, string>();
  for (const [name, , account] of DEMO_TEACHERS) if (account) byAccount.set(account, byName.get(name)!.code);
  return { teachers, byAccount };
}

function admissions(ctx: Context): Row[] {
  const rows: Row[] = [];
  const { year } = ctx.calendar;
  for (const m of DEMO_MAJORS) {
    const q = quality(m.code);
    for (let y = year - 4; y <= year; y += 1) {
      const deadline = ymd(y, 9, 10);
      if (deadline > ctx.today) continue;
      const random = rng('admit', m.code, String(y));
      const n = 130 + Math.floor(random() * 60);
      const rate = clamp(0.915 + 0.03 * q + 0.015 * gauss(random), 0.8, 0.99);
      for (let i = 0; i < n; i += 1) {
        const reported = random() < rate;
        rows.push({
          ksh: `${String(y).slice(2)}3201${m.code}${pad(Math.floor(i / 100))}${pad(i % 100)}`,
          xm: nameOf(random),
          zydm: m.code,
          yxbm: m.departmentId,
          lqrq: ymd(y, 7, 15 + Math.floor(random() * 12)),
          bdjzrq: deadline,
          bdrq: reported ? ymd(y, 9, 1 + Math.floor(random() * 10)) : null,
        });
      }
    }
  }
  return rows;
}

const EMPLOYERS = [
  '比亚迪股份有限公司',
  '海尔智家股份有限公司',
  '华为技术有限公司',
  '京东物流集团',
  '中国建设银行',
  '美的集团',
  '三一重工股份有限公司',
  '阿里巴巴（中国）有限公司',
  '中兴通讯股份有限公司',
  '苏宁易购集团',
  '格力电器股份有限公司',
  '顺丰速运有限公司',
  '字节跳动科技有限公司',
  '立信会计师事务所',
  '金螳螂建筑装饰股份有限公司',
];

function graduates(ctx: Context): Row[] {
  const rows: Row[] = [];
  const { year } = ctx.calendar;
  for (const m of DEMO_MAJORS) {
    const q = quality(m.code);
    for (let y = year - 3; y <= year; y += 1) {
      const graduated = ymd(y, 6, 30);
      if (graduated > ctx.today) continue;
      const random = rng('graduates', m.code, String(y));
      const n = 115 + Math.floor(random() * 50);
      const rate = clamp(0.958 + 0.025 * q + 0.012 * gauss(random), 0.85, 0.995);
      const matched = clamp(0.775 + 0.06 * q + 0.03 * gauss(random), 0.5, 0.95);
      for (let i = 0; i < n; i += 1) {
        let employed: string | null = null;
        if (random() < rate) {
          // Most sign before graduation, the rest over the summer.
          employed =
            random() < 0.7
              ? addDays(ymd(y, 3, 1), Math.floor(random() * 120))
              : addDays(graduated, 1 + Math.floor(random() * 60));
        } else if (random() < 0.5) {
          employed = addDays(graduated, 65 + Math.floor(random() * 120));
        }
        employed = upTo(employed, ctx.today);
        const r = random();
        const rating = random() < 0.6 ? (r < 0.5 + 0.1 * q ? 5 : r < 0.9 ? 4 : r < 0.97 ? 3 : 2) : null;
        rows.push({
          xh: `${y - 3}${m.code}${pad(Math.floor(i / 100))}${pad(i % 100)}`,
          xm: nameOf(random),
          zydm: m.code,
          yxbm: m.departmentId,
          byrq: graduated,
          jyrq: employed,
          jydw: employed ? pick(random, EMPLOYERS) : null,
          dkjy: employed ? random() < matched : null,
          dwpj: employed ? rating : null,
        });
      }
    }
  }
  return rows;
}

const TITLES = ['教授', '副教授', '讲师', '讲师', '助教', '高级工程师', '工程师'];

/** The staff: the demo teachers plus enough colleagues per major for a believable student–teacher ratio. */
function staff(ctx: Context): Row[] {
  const { teachers } = demoTeachers(ctx.calendar);
  const rows: Row[] = [];
  const majorsOf = (departmentId: string) => DEMO_MAJORS.filter((m) => m.departmentId === departmentId);
  const hired = (random: () => number) =>
    ymd(2004 + Math.floor(random() * (ctx.calendar.year - 2005)), 7, 1 + Math.floor(random() * 30));
  const push = (
    code: string,
    name: string,
    departmentId: string,
    major: string | null,
    random: () => number,
    extra: Partial<Row> = {},
  ) => {
    const q = major ? quality(major) : 0;
    rows.push({
      gh: code,
      xm: name,
      xb: random() < 0.52 ? '女' : '男',
      yxbm: departmentId,
      zydm: major,
      zc: pick(random, TITLES),
      sfss: major !== null && random() < 0.6 + 0.1 * q,
      sfjz: false,
      rzrq: hired(random),
      lzrq: null,
      ...extra,
    });
  };
  teachers.forEach((t, i) => {
    const majors = majorsOf(t.departmentId!);
    const random = rng('teacher', t.code);
    push(t.code, t.name, t.departmentId!, majors.length ? majors[i % majors.length]!.code : null, random);
  });
  const today = ctx.today;
  for (const m of DEMO_MAJORS) {
    const q = quality(m.code);
    const random = rng('staff', m.code);
    const fullTime = Math.round(20 * (0.92 + 0.12 * q + 0.05 * gauss(random)));
    const partTime = 4 + Math.floor(random() * 5);
    for (let i = 0; i < fullTime + partTime; i += 1) {
      const code = `T${m.departmentId.slice(1)}${m.code.slice(-2)}${pad(i + 10)}`;
      const isPartTime = i >= fullTime;
      // A few join or leave during the last year, so the monthly ratio moves.
      const joined = random() < 0.06 ? addDays(today, -Math.floor(random() * 330)) : null;
      const left = !joined && random() < 0.04 ? addDays(today, -Math.floor(random() * 330)) : null;
      push(code, nameOf(random), m.departmentId, m.code, random, {
        sfjz: isPartTime,
        ...(isPartTime ? { zc: '企业兼职教师', sfss: true } : {}),
        ...(joined ? { rzrq: joined } : {}),
        lzrq: left,
      });
    }
  }
  const random = rng('staff', 'd12');
  for (let i = 0; i < 32; i += 1) push(`T12${pad(i + 50)}`, nameOf(random), 'd12', null, random);
  return rows;
}

interface Term {
  name: string;
  start: string;
  end: string;
}

function termsOf(ctx: Context): Term[] {
  const terms: Term[] = [];
  for (let a = ctx.calendar.academicYear - 2; a <= ctx.calendar.academicYear; a += 1) {
    terms.push({ name: `${a}-${a + 1}-1`, start: ymd(a, 9, 1), end: ymd(a + 1, 1, 15) });
    terms.push({ name: `${a}-${a + 1}-2`, start: ymd(a + 1, 2, 25), end: ymd(a + 1, 7, 5) });
  }
  return terms.filter((t) => t.start <= ctx.today);
}

const courseCode = (i: number) => `KC${DEMO_COURSES[i]![1].slice(1)}${String(i + 1).padStart(3, '0')}`;

function offerings(ctx: Context): Row[] {
  const { byAccount } = demoTeachers(ctx.calendar);
  const rows: Row[] = [];
  DEMO_COURSES.forEach(([name, departmentId, account], i) => {
    const code = courseCode(i);
    const q = quality(code);
    for (const term of termsOf(ctx)) {
      const random = rng('offering', code, term.name);
      const running = term.end > ctx.today;
      const planned = running ? Math.min(18, Math.ceil(daysBetween(term.start, ctx.today) / 7)) : 18;
      const behind = random() < 0.78 + 0.15 * q ? 0 : 1;
      const homework = Math.max(1, Math.round((running ? planned : 18) * (0.8 + random() * 0.4)));
      const onTime = clamp(0.935 + 0.05 * q + 0.03 * gauss(random), 0.6, 1);
      rows.push({
        kcdm: code,
        kcmc: name,
        yxbm: departmentId,
        xq: term.name,
        ksrq: term.start,
        jsrq: term.end,
        rkjs: byAccount.get(account) ?? null,
        xf: pick(random, [2, 2.5, 3, 3.5, 4]),
        jhzs: planned,
        wczs: Math.max(0, planned - behind),
        zycs: homework,
        jspgcs: Math.round(homework * onTime),
      });
    }
  });
  return rows;
}

/** Grades and attendance: each demo course's roster per term, the demo students of its school among them. */
function grades(ctx: Context): Row[] {
  const students = demoObjects(ctx.calendar).filter((o) => o.level === 'student');
  const rows: Row[] = [];
  DEMO_COURSES.forEach(([, departmentId], i) => {
    const code = courseCode(i);
    const qc = quality(code);
    const majors = DEMO_MAJORS.filter((m) => departmentId === 'd12' || m.departmentId === departmentId);
    for (const term of termsOf(ctx)) {
      const random = rng('grades', code, term.name);
      const entry = Number(term.name.slice(0, 4));
      // Students already enrolled when the term began.
      const own = students.filter(
        (s) => majors.some((m) => m.departmentId === s.departmentId) && Number(s.code.slice(0, 4)) <= entry,
      );
      const roster = own.map((s) => ({ code: s.code, name: s.name, major: s.code.slice(4, 10) }));
      while (roster.length < 45) {
        const m = pick(random, majors);
        roster.push({
          code: `${entry - Math.floor(random() * 2)}${m.code}${pad(60 + roster.length)}`,
          name: nameOf(random),
          major: m.code,
        });
      }
      const running = term.end > ctx.today;
      const scheduled = running ? Math.max(2, Math.ceil(daysBetween(term.start, ctx.today) / 3.5)) : 36;
      for (const s of roster) {
        const qs = quality(s.code);
        const score = running
          ? null
          : round(clamp(77.5 + 5 * qc + 4 * qs + 10.5 * gauss(random), 18, 100), 1);
        const presence = clamp(0.966 + 0.02 * qc + 0.02 * qs + 0.025 * gauss(random), 0.6, 1);
        rows.push({
          xh: s.code,
          xm: s.name,
          zydm: s.major,
          kcdm: code,
          xq: term.name,
          ksrq: running ? null : term.end,
          zcj: score,
          sfbk: score === null ? null : score < 60,
          ydcs: scheduled,
          cqcs: Math.round(scheduled * presence),
          jlrq: running ? ctx.today : term.end,
        });
      }
    }
  });
  return rows;
}

function evaluations(ctx: Context): Row[] {
  const { teachers, byAccount } = demoTeachers(ctx.calendar);
  const rows: Row[] = [];
  const start = ymd(ctx.calendar.academicYear - 2, 9, 1);
  for (let month = start; month <= ctx.today; month = `${addDays(month, 32).slice(0, 8)}01`) {
    const m = Number(month.slice(5, 7));
    if (m === 2 || m === 7 || m === 8) continue; // holidays: no classes, no evaluations
    const add = (course: string, teacher: string, n: number, mean: number, random: () => number) => {
      for (let i = 0; i < n; i += 1) {
        const day = addDays(month, Math.floor(random() * 27));
        if (day > ctx.today) continue;
        rows.push({
          pjrq: day,
          kcdm: course,
          gh: teacher,
          pjlx: '学生评教',
          pf: round(clamp(mean + 5 * gauss(random), 55, 100), 1),
        });
      }
    };
    DEMO_COURSES.forEach(([, , account], i) => {
      const code = courseCode(i);
      const teacher = byAccount.get(account)!;
      const random = rng('evaluation', code, month);
      add(
        code,
        teacher,
        8 + Math.floor(random() * 7),
        91 + 3 * quality(code) + 1.5 * quality(teacher),
        random,
      );
    });
    for (const t of teachers) {
      const random = rng('evaluation', t.code, month);
      add(
        `KC${t.departmentId!.slice(1)}9${t.code.slice(-2)}`,
        t.code,
        6 + Math.floor(random() * 5),
        91 + 3.5 * quality(t.code),
        random,
      );
    }
  }
  return rows;
}

const TOPICS = [
  '智能产线运维',
  '工业视觉检测',
  '企业数字化转型',
  '跨境电商运营',
  '乡村振兴品牌设计',
  '财务共享服务',
  '大数据平台建设',
  '机器人焊接工艺',
  '文旅数字展示',
  '职业教育课程改革',
];

function projects(ctx: Context, staffRows: readonly Row[]): Row[] {
  const rows: Row[] = [];
  const from = addDays(ctx.today, -3 * 365);
  staffRows.forEach((t, i) => {
    if (t.sfjz) return;
    const code = String(t.gh);
    const random = rng('projects', code);
    const active = random() < 0.8 + 0.15 * quality(code);
    if (!active) return;
    const count = 1 + Math.floor(random() * 3);
    for (let p = 0; p < count; p += 1) {
      const horizontal = random() < 0.7;
      const started = addDays(from, Math.floor(random() * 3 * 330));
      const topic = pick(random, TOPICS);
      const id = `${started.slice(0, 4)}${horizontal ? 'HX' : 'ZX'}${pad(Math.floor(i / 10))}${i % 10}${p}`;
      const name = horizontal
        ? `${topic}技术服务项目`
        : `${topic}研究（${pick(random, ['省教育厅', '市科技局', '校级'])}）`;
      const payments = horizontal ? 1 + Math.floor(random() * 4) : 1;
      for (let k = 0; k < payments; k += 1) {
        const paid = upTo(addDays(started, 20 + k * 150 + Math.floor(random() * 60)), ctx.today);
        if (!paid) continue;
        rows.push({
          xmbh: id,
          xmmc: name,
          gh: code,
          yxbm: t.yxbm ?? null,
          xmlx: horizontal ? '横向' : '纵向',
          lxrq: started,
          dkrq: paid,
          dkje: round(horizontal ? 0.6 + random() * 3.2 : 1 + random() * 4, 2),
        });
      }
    }
  });
  return rows;
}

export function demoWarehouseRows(today: string, calendar: DemoCalendar): Record<TableKey, Row[]> {
  const ctx = { today, calendar };
  const staffRows = staff(ctx);
  return {
    xsbd: admissions(ctx),
    xscj: grades(ctx),
    jsxx: staffRows,
    kc: offerings(ctx),
    jxpj: evaluations(ctx),
    byjy: graduates(ctx),
    kyxm: projects(ctx, staffRows),
  };
}

// --------------------------------------------------------------------------------------- the seed

const BATCH = 1000;

/** Physical names by table key, for the algorithms' SQL. */
export type DemoTables = Record<TableKey, string>;

/**
 * The warehouse, its tables and fields through the warehouse service, then the rows: one insert per
 * BATCH rows, the batch passed as one JSON parameter (fast on PGlite, the same SQL on PostgreSQL).
 */
export async function seedWarehouseDemo(
  tx: Db,
  input: { today: string; calendar: DemoCalendar },
): Promise<{ tables: DemoTables; rows: number }> {
  const warehouse = createWarehouseService({ repo: createWarehouseRepo(tx) });
  const created = await warehouse.createWarehouse({
    name: DEMO_WAREHOUSE_NAME,
    remark: '演示：教务、人事、招生就业与科研系统汇集的教学质量数据，质控点的算法从这里取数',
  });
  const data = demoWarehouseRows(input.today, input.calendar);
  const tables = {} as DemoTables;
  let total = 0;
  for (const spec of DEMO_TABLES) {
    const table = await warehouse.createTable({
      warehouseId: created.id,
      name: spec.name,
      remark: spec.remark,
    });
    for (const [i, f] of spec.fields.entries()) {
      await warehouse.createField(table.id, {
        label: f.label,
        code: f.code,
        type: f.type,
        isRequired: f.required ?? false,
        isUnique: false,
        refKind: f.ref ?? null,
        sort: i + 1,
      });
    }
    const physical = (await warehouse.createPhysical(table.id)).physicalName;
    tables[spec.key] = physical;
    const columns = spec.fields.map((f) => `c_${f.code}`);
    const names = sql.raw(columns.join(', '));
    const shape = sql.raw(spec.fields.map((f) => `c_${f.code} ${SQL_TYPES[f.type]}`).join(', '));
    const rows = data[spec.key].map((r) =>
      Object.fromEntries(spec.fields.map((f) => [`c_${f.code}`, r[f.code] ?? null])),
    );
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx.execute(
        sql`insert into ${sql.raw(physical)} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + BATCH))}::jsonb) as x(${shape})`,
      );
    }
    total += rows.length;
  }
  return { tables, rows: total };
}
