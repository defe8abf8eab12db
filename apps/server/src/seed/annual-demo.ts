import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  goalAverageTargets,
  goalChargers,
  goalMissionStatements,
  goalTargetTypes,
} from '../modules/goals/annual.table.ts';
import { goalTasks, goalYearTargets } from '../modules/goals/goals.table.ts';
import { newId } from '../platform/ids.ts';
import { formatDateTime } from '../platform/time.ts';

/** 年度目标分解 demo: target types on the goal demo's tasks, one pinned, chargers, average-level targets and mission statements. */
const TYPES = [
  ['人才培养', '专业建设、课程教学与学生发展'],
  ['师资队伍', '教师引进、培养与双师素质'],
  ['科学研究', '科研项目、成果与平台'],
  ['社会服务', '技术服务、培训与产教融合'],
  ['质量保证', '内部质量保证体系与诊改'],
] as const;

const CHARGERS: Array<[department: string, type: number, account: string, phone: string]> = [
  ['d02', 0, 'qianli', '0571-86001002'],
  ['d04', 0, 'liqiang', '0571-86001004'],
  ['d05', 1, 'zhoujing', '0571-86001005'],
  ['d06', 2, 'wuwei', '0571-86001006'],
  ['d06', 3, 'wuwei', '0571-86001006'],
  ['d03', 4, 'sunhua', '0571-86001003'],
  ['d09', 0, 'fenglei', '13800009009'],
];

const AVERAGES = [
  {
    name: '生师比',
    department: 'd05',
    principal: 'zhoujing',
    average: 18.2,
    target: 16,
    direction: '<',
    type: 1,
  },
  {
    name: '毕业生就业率（%）',
    department: 'd04',
    principal: 'liqiang',
    average: 92.5,
    target: 95,
    direction: '>',
    type: 0,
  },
  {
    name: '横向科研到款额（万元）',
    department: 'd06',
    principal: 'wuwei',
    average: 320,
    target: 400,
    direction: '>',
    type: 2,
  },
  {
    name: '双师型教师占比（%）',
    department: 'd05',
    principal: 'zhoujing',
    average: 55,
    target: 60,
    direction: '>',
    type: 1,
  },
] as const;

export async function seedAnnualDemo(tx: Db, input: { now: Date; userIds: ReadonlyMap<string, string> }) {
  const user = (account: string) => {
    const id = input.userIds.get(account);
    if (!id) throw new Error(`demo user ${account} missing`);
    return id;
  };
  const publisher = user('sunhua');
  const typeIds = TYPES.map(() => newId());
  await tx.insert(goalTargetTypes).values(
    TYPES.map(([name, description], i) => ({
      id: typeIds[i]!,
      name,
      description,
      sort: i + 1,
      creatorUserId: publisher,
    })),
  );
  await tx.insert(goalChargers).values(
    CHARGERS.map(([departmentId, type, account, phone]) => ({
      id: newId(),
      departmentId,
      targetTypeId: typeIds[type]!,
      userId: user(account),
      phone,
      remark: '',
    })),
  );

  // The goal demo's tasks get a type by their department; sunhua's own target gets a pinned task.
  const typeOfDepartment: Record<string, number> = { d02: 0, d04: 0, d05: 1, d06: 2, d03: 4, d09: 0, d01: 4 };
  const tasks = await tx
    .select({ id: goalTasks.id, departmentId: goalTasks.departmentId, creator: goalTasks.creatorUserId })
    .from(goalTasks)
    .orderBy(asc(goalTasks.sort));
  for (const task of tasks) {
    const type = typeOfDepartment[task.departmentId] ?? 3;
    await tx.update(goalTasks).set({ targetTypeId: typeIds[type]! }).where(eq(goalTasks.id, task.id));
  }
  const [target] = await tx
    .select({ id: goalYearTargets.id, cycleYear: goalYearTargets.cycleYear })
    .from(goalYearTargets)
    .where(eq(goalYearTargets.creatorUserId, publisher))
    .orderBy(asc(goalYearTargets.createdAt))
    .limit(1);
  if (!target) return;
  const own = await tx
    .select({ id: goalTasks.id, name: goalTasks.name, sort: goalTasks.sort })
    .from(goalTasks)
    .where(
      and(
        eq(goalTasks.yearTargetId, target.id),
        isNull(goalTasks.parentId),
        eq(goalTasks.isWithdrawn, false),
      ),
    )
    .orderBy(asc(goalTasks.sort));
  const pinned = own.at(-1);
  if (pinned) await tx.update(goalTasks).set({ isTop: true }).where(eq(goalTasks.id, pinned.id));

  const today = formatDateTime(input.now)!.slice(0, 10);
  const year = target.cycleYear;
  let sort = Math.max(0, ...own.map((t) => t.sort));
  for (const [i, a] of AVERAGES.entries()) {
    const id = newId();
    sort += 1;
    await tx.insert(goalTasks).values({
      id,
      yearTargetId: target.id,
      name: a.name,
      type: 'B',
      examType: 'score',
      targetValue: `${a.direction === '>' ? '≥' : '≤'}${a.target}（平均水平 ${a.average}）`,
      departmentId: a.department,
      principalUserId: user(a.principal),
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      detail: `对标同类院校平均水平（${a.average}），本年度目标值 ${a.target}。`,
      sort,
      targetTypeId: typeIds[a.type]!,
      creatorUserId: publisher,
    });
    await tx.insert(goalAverageTargets).values({
      taskId: id,
      averageValue: a.average,
      targetNumber: a.target,
      direction: a.direction,
      // One finished and one paused, so every status shows.
      status: i === 2 ? 'finished' : i === 3 ? 'pause' : 'normal',
      actualValue: i === 2 ? 428.6 : null,
    });
  }

  await tx.insert(goalMissionStatements).values(
    own.slice(0, 2).map((task, i) => ({
      id: newId(),
      taskId: task.id,
      title: `${year}年度「${task.name}」目标任务书`,
      content:
        i === 0
          ? '责任部门按年度目标分解节点，按月上报进度；年底提交最终成果与佐证材料，经质量办审核后归档。'
          : '责任部门负责人为第一责任人，协同部门按分工配合；未按期完成的须书面说明原因并提交延期申请。',
      signedDate: today,
      creatorUserId: publisher,
    })),
  );
}
