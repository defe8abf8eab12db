import type { ObjectLevel } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { createAlgorithmRunner } from '../modules/algorithms/algorithm-runner.ts';
import { createAlgorithmsRepo } from '../modules/algorithms/algorithms.repo.ts';
import { createAlgorithmsService } from '../modules/algorithms/algorithms.service.ts';
import { DEFAULT_INTERFACE_LIMITS } from '../modules/computed/computed.interface.ts';
import { createComputedRepo } from '../modules/computed/computed.repo.ts';
import { stageToGate } from '../modules/computed/computed-stage.ts';
import { BUILTIN_ONLY, createDataSourceConnections } from '../modules/datasources/datasources.connections.ts';
import { createDataSourcesRepo } from '../modules/datasources/datasources.repo.ts';
import { createDataSourcesService } from '../modules/datasources/datasources.service.ts';
import { todayOf } from '../modules/diagnosis/recompute.ts';
import { newId } from '../platform/ids.ts';
import { seedFormsDemo } from './forms-demo.ts';
import type { DemoCalendar, DemoPoint } from './standards-demo.ts';
import { type DemoTables, seedWarehouseDemo } from './warehouse-demo.ts';

/**
 * The tables the demo's SQL reads: the warehouse demo's, and `kydj`, the warehouse table of the form
 * 科研项目登记 into which 数据采集 syncs the projects teachers register.
 */
type AlgorithmTables = DemoTables & { kydj: string };

/**
 * The demo's computed points: algorithm groups over the demo warehouse, one per point, each with a
 * published current result version (and for some a detail version); every point bound to its group;
 * then a collection run of every current task, accepted at the gate. The current tasks' results,
 * samples and lineage of these points therefore come from the algorithms, as they would in a school.
 */

interface AlgorithmSpec {
  level: ObjectLevel;
  /** The quality point of the demo indicator system (by level and name). */
  point: string;
  group: string;
  folder: string;
  description: string;
  result: (t: AlgorithmTables) => string;
  detail?: (t: AlgorithmTables) => string;
}

/** The latest cohort whose deadline (or graduation) has passed by the end of the cycle. */
const cohort = (table: string, column: string, major: boolean) =>
  `${column} = (select max(${column}) from ${table} where ${column} <= :cycleEnd)${major ? ' and c_zydm = :objectCode' : ''}`;

const reportRate = (major: boolean) => (t: AlgorithmTables) =>
  `
select round(100.0 * count(c_bdrq) / nullif(count(*), 0), 2) as value, count(*) as input_rows
from ${t.xsbd}
where ${cohort(t.xsbd, 'c_bdjzrq', major)}`;

/** 初次就业率: employed by 31 August of the graduation year (62 days after 30 June), as far as known. */
const employmentRate = (major: boolean) => (t: AlgorithmTables) =>
  `
select round(100.0 * count(*) filter (where c_jyrq <= least(cast(:cycleEnd as date), c_byrq + 62))
             / nullif(count(*), 0), 2) as value,
       count(*) as input_rows
from ${t.byjy}
where ${cohort(t.byjy, 'c_byrq', major)}`;

const activeTeachers = `c_rzrq <= :cycleEnd and (c_lzrq is null or c_lzrq > :cycleEnd)`;

/** 生师比: students of the three cohorts that have reported, over full-time teachers plus half the part-time ones. */
const studentTeacherRatio = (major: boolean) => (t: AlgorithmTables) =>
  `
with students as (
  select count(*) as n from ${t.xsbd}
  where c_bdrq is not null and c_bdjzrq <= :cycleEnd and c_bdjzrq > cast(:cycleEnd as date) - 1096
    ${major ? 'and c_zydm = :objectCode' : ''}
), teachers as (
  select sum(case when c_sfjz then 0.5 else 1 end) as n from ${t.jsxx}
  where ${activeTeachers} ${major ? 'and c_zydm = :objectCode' : ''}
)
select round(students.n / nullif(teachers.n, 0), 2) as value, students.n as input_rows
from students, teachers`;

const dualRate = (major: boolean) => (t: AlgorithmTables) =>
  `
select round(100.0 * count(*) filter (where c_sfss) / nullif(count(*), 0), 2) as value, count(*) as input_rows
from ${t.jsxx}
where not c_sfjz and c_zydm is not null and ${activeTeachers} ${major ? 'and c_zydm = :objectCode' : ''}`;

const serviceIncome = (teacher: boolean) => (t: AlgorithmTables) =>
  `
select round(coalesce(sum(c_dkje), 0), 2) as value, count(*) as input_rows
from ${t.kyxm}
where c_xmlx = '横向' and c_dkrq > cast(:cycleEnd as date) - 365 and c_dkrq <= :cycleEnd
  ${teacher ? 'and c_gh = :objectCode' : ''}`;

const evaluation = (column: 'c_gh' | 'c_kcdm') => (t: AlgorithmTables) =>
  `
select round(avg(c_pf), 1) as value, count(*) as input_rows
from ${t.jxpj}
where ${column} = :objectCode and c_pjrq > cast(:cycleEnd as date) - 183 and c_pjrq <= :cycleEnd`;

const attendance = (column: 'c_kcdm' | 'c_xh') => (t: AlgorithmTables) =>
  `
select round(100.0 * sum(c_cqcs) / nullif(sum(c_ydcs), 0), 2) as value, count(*) as input_rows
from ${t.xscj}
where ${column} = :objectCode and c_jlrq > cast(:cycleEnd as date) - 365 and c_jlrq <= :cycleEnd`;

const examShare = (condition: string) => (t: AlgorithmTables) =>
  `
select round(100.0 * count(*) filter (where ${condition}) / nullif(count(c_zcj), 0), 2) as value,
       count(c_zcj) as input_rows
from ${t.xscj}
where c_kcdm = :objectCode and c_ksrq > cast(:cycleEnd as date) - 365 and c_ksrq <= :cycleEnd`;

const offeringShare = (done: string, planned: string) => (t: AlgorithmTables) =>
  `
select round(100.0 * sum(${done}) / nullif(sum(${planned}), 0), 2) as value, count(*) as input_rows
from ${t.kc}
where c_kcdm = :objectCode and c_ksrq <= :cycleEnd and c_ksrq > cast(:cycleEnd as date) - 365`;

const F = {
  admission: '招生就业',
  staff: '师资队伍',
  teaching: '课程教学',
  research: '科研与社会服务',
  students: '学生发展',
};

export const DEMO_ALGORITHMS: AlgorithmSpec[] = [
  {
    level: 'school',
    point: '新生报到率',
    group: '全校新生报到率',
    folder: F.admission,
    description: '最近一届（报到截止日已过）录取新生中已报到的比例',
    result: reportRate(false),
  },
  {
    level: 'major',
    point: '专业报到率',
    group: '专业新生报到率',
    folder: F.admission,
    description: '本专业最近一届录取新生中已报到的比例；明细为未报到名单',
    result: reportRate(true),
    detail: (t) => `
select c_ksh as "考生号", c_xm as "姓名", c_lqrq as "录取日期", c_bdjzrq as "报到截止日期"
from ${t.xsbd}
where ${cohort(t.xsbd, 'c_bdjzrq', true)} and c_bdrq is null
order by c_ksh`,
  },
  {
    level: 'school',
    point: '毕业生初次就业率',
    group: '全校毕业生初次就业率',
    folder: F.admission,
    description: '最近一届毕业生截至当年8月31日的就业比例',
    result: employmentRate(false),
  },
  {
    level: 'major',
    point: '专业就业率',
    group: '专业毕业生初次就业率',
    folder: F.admission,
    description: '本专业最近一届毕业生截至当年8月31日的就业比例；明细为毕业生去向',
    result: employmentRate(true),
    detail: (t) => `
select c_xh as "学号", c_xm as "姓名", c_jyrq as "就业日期", c_jydw as "就业单位", c_dkjy as "专业对口"
from ${t.byjy}
where ${cohort(t.byjy, 'c_byrq', true)}
order by c_xh`,
  },
  {
    level: 'major',
    point: '专业对口就业率',
    group: '专业对口就业率',
    folder: F.admission,
    description: '本专业最近一届已就业毕业生中从事相关工作的比例',
    result: (t) => `
select round(100.0 * count(*) filter (where c_dkjy) / nullif(count(*), 0), 2) as value, count(*) as input_rows
from ${t.byjy}
where ${cohort(t.byjy, 'c_byrq', true)} and c_jyrq <= :cycleEnd`,
  },
  {
    level: 'school',
    point: '用人单位满意度',
    group: '用人单位满意度',
    folder: F.admission,
    description: '最近一届毕业生的用人单位回访中评价4分（满意）及以上的比例',
    result: (t) => `
select round(100.0 * count(*) filter (where c_dwpj >= 4) / nullif(count(c_dwpj), 0), 2) as value,
       count(c_dwpj) as input_rows
from ${t.byjy}
where ${cohort(t.byjy, 'c_byrq', false)} and c_jyrq <= :cycleEnd`,
  },
  {
    level: 'school',
    point: '生师比',
    group: '全校生师比',
    folder: F.staff,
    description: '近三届已报到学生数 ÷（在职专任教师 + 企业兼职教师×0.5）',
    result: studentTeacherRatio(false),
  },
  {
    level: 'major',
    point: '专业生师比',
    group: '专业生师比',
    folder: F.staff,
    description: '本专业近三届已报到学生数 ÷ 本专业教师折合数',
    result: studentTeacherRatio(true),
  },
  {
    level: 'school',
    point: '双师型教师比例',
    group: '全校双师型教师比例',
    folder: F.staff,
    description: '在职专任专业课教师中具有双师素质的比例',
    result: dualRate(false),
  },
  {
    level: 'major',
    point: '专业双师型教师比例',
    group: '专业双师型教师比例',
    folder: F.staff,
    description: '本专业在职专任教师中具有双师素质的比例；明细为教师名单',
    result: dualRate(true),
    detail: (t) => `
select c_gh as "工号", c_xm as "姓名", c_zc as "职称", c_sfss as "双师素质", c_rzrq as "入职日期"
from ${t.jsxx}
where not c_sfjz and c_zydm = :objectCode and ${activeTeachers}
order by c_gh`,
  },
  {
    level: 'school',
    point: '技术服务到款额（万元）',
    group: '全校技术服务到款额',
    folder: F.research,
    description: '近12个月横向项目到款合计（万元）',
    result: serviceIncome(false),
  },
  {
    level: 'teacher',
    point: '技术服务到款额（万元）',
    group: '教师技术服务到款额',
    folder: F.research,
    description: '教师负责的横向项目近12个月到款合计（万元）',
    result: serviceIncome(true),
  },
  {
    level: 'teacher',
    point: '主持或参与科研项目',
    group: '教师科研项目',
    folder: F.research,
    description: '近三年（含当年）是否有立项的科研或技术服务项目',
    result: (t) => `
select case when count(*) > 0 then '有' else '无' end as value, count(*) as input_rows
from (select c_gh, c_lxrq from ${t.kyxm} union all select c_gh, c_lxrq from ${t.kydj}) p
where c_gh = :objectCode and extract(year from c_lxrq) >= cast(:year as integer) - 2 and c_lxrq <= :cycleEnd`,
  },
  {
    level: 'teacher',
    point: '学生评教得分',
    group: '教师学生评教得分',
    folder: F.teaching,
    description: '近半年学生评教的平均分（百分制）',
    result: evaluation('c_gh'),
  },
  {
    level: 'course',
    point: '学生评教平均分',
    group: '课程学生评教平均分',
    folder: F.teaching,
    description: '近半年本课程学生评教的平均分；明细为按月汇总',
    result: evaluation('c_kcdm'),
    detail: (t) => `
select to_char(c_pjrq, 'YYYY-MM') as "月份", count(*) as "评价数", round(avg(c_pf), 1) as "平均分"
from ${t.jxpj}
where c_kcdm = :objectCode and c_pjrq > cast(:cycleEnd as date) - 183 and c_pjrq <= :cycleEnd
group by to_char(c_pjrq, 'YYYY-MM')
order by 1`,
  },
  {
    level: 'course',
    point: '学生到课率',
    group: '课程学生到课率',
    folder: F.teaching,
    description: '近12个月本课程的出勤次数 ÷ 应到次数',
    result: attendance('c_kcdm'),
  },
  {
    level: 'course',
    point: '课程考核及格率',
    group: '课程考核及格率',
    folder: F.teaching,
    description: '近12个月本课程考核成绩60分及以上的比例',
    result: examShare('c_zcj >= 60'),
  },
  {
    level: 'course',
    point: '补考率',
    group: '课程补考率',
    folder: F.teaching,
    description: '近12个月本课程参加补考的学生比例',
    result: examShare('c_sfbk'),
  },
  {
    level: 'course',
    point: '教学进度执行率',
    group: '课程教学进度执行率',
    folder: F.teaching,
    description: '近12个月开课记录的完成周数 ÷ 计划周数',
    result: offeringShare('c_wczs', 'c_jhzs'),
  },
  {
    level: 'course',
    point: '作业批改及时率',
    group: '课程作业批改及时率',
    folder: F.teaching,
    description: '近12个月开课记录的及时批改次数 ÷ 布置作业次数',
    result: offeringShare('c_jspgcs', 'c_zycs'),
  },
  {
    level: 'student',
    point: '个人到课率',
    group: '学生个人到课率',
    folder: F.students,
    description: '近12个月学生所修课程的出勤次数 ÷ 应到次数',
    result: attendance('c_xh'),
  },
];

/** The demo points the algorithms compute: their method must be 算法 in the indicator system. */
export const isComputedDemoPoint = (p: Pick<DemoPoint, 'level' | 'name'>) =>
  DEMO_ALGORITHMS.some((a) => a.level === p.level && a.point === p.name);

/**
 * The built-in database seen through a savepoint that is always rolled back: the runner's read-only
 * transaction, role and search path (all `set local`) end with it, so the seed's own transaction
 * goes on writing afterwards. Nothing an algorithm does survives, which is what read-only means anyway.
 */
function throughSavepoint(tx: Db): Db {
  const done = Symbol('done');
  return {
    async transaction<T>(work: (inner: Db) => Promise<T>): Promise<T> {
      let result: T | undefined;
      try {
        await tx.transaction(async (inner) => {
          result = await work(inner as unknown as Db);
          throw done;
        });
      } catch (error) {
        if (error !== done) throw error;
      }
      return result as T;
    },
  } as unknown as Db;
}

export interface ComputedDemoInput {
  now: Date;
  calendar: DemoCalendar;
  points: readonly DemoPoint[];
  userIds: ReadonlyMap<string, string>;
}

async function createGroups(
  tx: Db,
  input: ComputedDemoInput,
  tables: AlgorithmTables,
  runner: ReturnType<typeof createAlgorithmRunner>,
) {
  const manager = input.userIds.get('zhengtao')!;
  // The seed is no request: what its services note for this actor goes nowhere.
  const seeder = { userId: manager };
  const dataSourcesRepo = createDataSourcesRepo(tx);
  const source = await createDataSourcesService({
    repo: dataSourcesRepo,
    key: Buffer.alloc(32),
    pingBuiltin: async () => {},
    ...BUILTIN_ONLY,
  }).create(seeder, { name: '内置数据库', kind: 'builtin', isDefault: true, isHidden: false });
  const algorithms = createAlgorithmsService({
    repo: createAlgorithmsRepo(tx),
    runner,
    connections: createDataSourceConnections({
      repo: dataSourcesRepo,
      key: Buffer.alloc(32),
      ...BUILTIN_ONLY,
    }),
  });
  const computed = createComputedRepo(tx);
  const folders = new Map<string, string>();
  for (const spec of DEMO_ALGORITHMS) {
    const point = input.points.find((p) => p.level === spec.level && p.name === spec.point);
    if (!point) throw new Error(`演示质控点不存在：${spec.point}`);
    let folderId = folders.get(spec.folder);
    if (!folderId) {
      folderId = (await algorithms.saveFolder(null, { name: spec.folder, sort: folders.size + 1 })).id;
      folders.set(spec.folder, folderId);
    }
    const body = { name: spec.group, folderId, dataSourceId: source.id, description: spec.description };
    const group = await algorithms.createGroup(manager, { ...body, pointIds: [point.id] });
    const result = await algorithms.createVersion(seeder, {
      groupId: group.id,
      type: 'result',
      sql: spec.result(tables).trim(),
    });
    await algorithms.publish(seeder, result.id);
    let detailVersion: number | null = null;
    if (spec.detail) {
      const detail = await algorithms.createVersion(seeder, {
        groupId: group.id,
        type: 'detail',
        sql: spec.detail(tables).trim(),
      });
      await algorithms.publish(seeder, detail.id);
      detailVersion = detail.version;
    }
    await algorithms.updateGroup(seeder, group.id, {
      ...body,
      currentResultVersion: result.version,
      currentDetailVersion: detailVersion,
    });
    await computed.saveBinding({
      pointId: point.id,
      resultGroupId: group.id,
      detailGroupId: spec.detail ? group.id : null,
      endpointUrl: null,
      listPath: null,
      codeField: null,
      valueField: null,
      dateField: null,
      plausibleMin: null,
      plausibleMax: null,
      updatedBy: manager,
    });
  }
}

/**
 * Collects every current task with computed points, by its publisher, and accepts the run: the same
 * staging and apply steps as 采集 › 接受; the grades follow from the demo's recompute that comes next.
 */
async function collectCurrentTasks(
  tx: Db,
  input: ComputedDemoInput,
  runner: ReturnType<typeof createAlgorithmRunner>,
) {
  const repo = createComputedRepo(tx);
  const tasks = await queryRows<{ id: string; publisher: string }>(
    tx,
    sql`select id, publisher_user_id as publisher from diagnosis_tasks where state = 'normal' order by level`,
  );
  let values = 0;
  for (const task of tasks) {
    const targets = await repo.targets(task.id, null);
    if (targets.length === 0) continue;
    const runId = newId();
    await repo.insertRun({
      id: runId,
      taskId: task.id,
      actorUserId: task.publisher,
      objectTaskIds: null,
      autoApply: false,
    });
    const { staged } = await stageToGate(
      { repo, runner, interfaceLimits: DEFAULT_INTERFACE_LIMITS },
      { runId, targets, today: todayOf(input.now), report: async () => {} },
    );
    await repo.applyRun({ runId, heldIds: [], actorId: task.publisher, jobId: null });
    values += staged;
  }
  return values;
}

export async function seedComputedDemo(tx: Db, input: ComputedDemoInput) {
  const { tables, rows } = await seedWarehouseDemo(tx, {
    today: todayOf(input.now),
    calendar: input.calendar,
  });
  const runner = createAlgorithmRunner({
    // The driver only decides PGlite's cost estimate (an EXPLAIN per run): the seed's own SQL is known
    // to be cheap, and the seed must stay fast.
    database: { db: throughSavepoint(tx), driver: 'postgres' },
    repo: createAlgorithmsRepo(tx),
    connections: createDataSourceConnections({
      repo: createDataSourcesRepo(tx),
      key: Buffer.alloc(32),
      ...BUILTIN_ONLY,
    }),
  });
  const forms = await seedFormsDemo(tx, { now: input.now, userIds: input.userIds });
  await createGroups(tx, input, { ...tables, kydj: forms.projectsTable }, runner);
  const values = await collectCurrentTasks(tx, input, runner);
  return { warehouseRows: rows, groups: DEMO_ALGORITHMS.length, values, forms };
}
