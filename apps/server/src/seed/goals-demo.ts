import {
  type AuditNumber,
  deriveYearTaskState,
  type ExamType,
  type NodeState,
  type ProgressAuditState,
  type ProgressType,
  type TaskType,
} from '@eduqa/contract';
import type { Db } from '../db/client.ts';
import { goalReportCovers, goalReportTemplates } from '../modules/goals/goal-reports.table.ts';
import {
  goalDelays,
  goalNodes,
  goalProgress,
  goalTaskAudits,
  goalTaskCollaborators,
  goalTasks,
  goalUrges,
  goalWarningConditions,
  goalYearTargets,
} from '../modules/goals/goals.table.ts';
import { newId } from '../platform/ids.ts';
import { formatDateTime } from '../platform/time.ts';
import { DEMO_DEPARTMENTS, DEMO_SCHOOL } from './demo.ts';

/**
 * The 目标报告's template and default cover (演示数据): the outline follows the chapters a school's annual
 * goal summary usually has, so a report generated in the demo reads as one handed in would.
 */
export const GOAL_REPORT_TEMPLATE = {
  name: '年度目标执行情况报告模板（演示数据）',
  outline: [
    '年度目标总体完成情况',
    '重点任务推进与成效',
    '未完成任务及原因分析',
    '存在问题与改进措施',
    '下一年度工作计划',
  ].join('\n'),
};
export const GOAL_REPORT_COVER = { title: '年度目标执行情况报告', subtitle: '演示数据' };

/**
 * The demo goals: last year's and this year's year targets, their tasks across the demo departments in
 * every state (waiting for decomposition, under audit, failed, resolved, doing, done, withdrawn), nodes
 * in each node state, process and final progress at each audit stage, delays pending, passed and
 * refused, urges pending and accepted, and warning conditions with a history. Every date counts from
 * `now`, so overdue and process warnings exist on any day. Deterministic apart from ids.
 */

interface NodeSpec {
  name: string;
  start: number;
  end: number;
  state: NodeState;
  principal?: string;
  reason?: string;
}
interface ProgressSpec {
  node: number;
  type: ProgressType;
  content: string;
  completion: number;
  state: ProgressAuditState;
  daysAgo: number;
  opinion?: string;
}
interface DelaySpec {
  node: number;
  from: number;
  to: number;
  state: AuditNumber;
  reason: string;
  daysAgo: number;
}
interface TaskSpec {
  key: string;
  parent?: string;
  name: string;
  type: TaskType;
  examType: ExamType;
  targetValue: string;
  department: string;
  principal: string;
  collaborators?: string[];
  start: number;
  end: number;
  detail: string;
  situation?: string;
  audit: AuditNumber | null;
  auditOpinion?: string;
  withdrawn?: boolean;
  nodes?: NodeSpec[];
  progress?: ProgressSpec[];
  delays?: DelaySpec[];
}
interface YearTargetSpec {
  name: (year: number) => string;
  yearOffset: 0 | -1;
  creator: string;
  description: string;
  tasks: TaskSpec[];
}

const YEAR_TARGETS: YearTargetSpec[] = [
  {
    name: (y) => `${y}年度学校事业发展目标`,
    yearOffset: 0,
    creator: 'zhaoming',
    description: '围绕“双高”建设，落实学校年度重点工作，分解到各部门推进。',
    tasks: [
      {
        key: 'industry',
        name: '深化产教融合，新增校企合作项目不少于10项',
        type: 'A',
        examType: 'score',
        targetValue: '10项',
        department: 'd02',
        principal: 'hanbing',
        collaborators: ['d08', 'd09'],
        start: -90,
        end: 120,
        detail: '梳理现有合作企业，新增订单班与产业学院合作，形成年度合作清单。',
        audit: 1,
        nodes: [
          { name: '摸底现有合作企业', start: -90, end: -30, state: 'hasDone' },
          { name: '签订新增合作协议', start: -30, end: 60, state: 'executeing' },
          { name: '年度合作成效总结', start: 60, end: 120, state: 'waitAccept' },
        ],
        progress: [
          {
            node: 0,
            type: 'final',
            content: '完成32家合作企业摸底，形成台账。',
            completion: 100,
            state: 'pass',
            daysAgo: 28,
          },
          {
            node: 1,
            type: 'process',
            content: '已签订合作协议6项，另有3项在洽谈。',
            completion: 60,
            state: 'reviewing',
            daysAgo: 2,
          },
        ],
      },
      {
        key: 'orderClass',
        parent: 'industry',
        name: '新增订单班3个',
        type: 'B',
        examType: 'score',
        targetValue: '3个',
        department: 'd09',
        principal: 'fenglei',
        start: -60,
        end: 60,
        detail: '与区域龙头企业共建订单班。',
        audit: 1,
        nodes: [{ name: '订单班招生与开班', start: -60, end: 30, state: 'delayNotDone' }],
        delays: [
          { node: 0, from: 0, to: 30, state: 1, reason: '合作企业调整用人计划，开班时间顺延。', daysAgo: 20 },
        ],
        progress: [
          {
            node: 0,
            type: 'process',
            content: '已开班2个，第3个完成招生。',
            completion: 70,
            state: 'pass',
            daysAgo: 10,
          },
        ],
      },
      {
        key: 'majors',
        name: '完善专业动态调整机制',
        type: 'A',
        examType: 'level',
        targetValue: 'A',
        department: 'd02',
        principal: 'qianli',
        collaborators: ['d03'],
        start: -80,
        end: 10,
        detail: '建立专业预警与退出机制，形成专业动态调整办法。',
        audit: 1,
        nodes: [
          { name: '起草专业动态调整办法', start: -80, end: -20, state: 'hasDone' },
          { name: '办法审议与发布', start: -20, end: 8, state: 'executeing' },
        ],
        progress: [
          {
            node: 0,
            type: 'final',
            content: '办法初稿完成并征求意见。',
            completion: 100,
            state: 'pass',
            daysAgo: 21,
          },
          {
            node: 1,
            type: 'final',
            content: '办法已提交校长办公会审议。',
            completion: 90,
            state: 'childPass',
            daysAgo: 3,
          },
        ],
      },
      {
        key: 'employment',
        name: '学生就业质量提升计划',
        type: 'B',
        examType: 'score',
        targetValue: '就业率≥95%',
        department: 'd04',
        principal: 'liqiang',
        collaborators: ['d10'],
        start: -120,
        end: -5,
        detail: '开展就业指导、专场招聘，跟踪毕业生去向。',
        audit: 1,
        nodes: [
          { name: '春季专场招聘会', start: -120, end: -60, state: 'hasDone' },
          { name: '毕业生去向跟踪', start: -60, end: -5, state: 'executeing' },
        ],
        progress: [
          {
            node: 0,
            type: 'final',
            content: '举办专场招聘会4场，提供岗位1200个。',
            completion: 100,
            state: 'pass',
            daysAgo: 58,
          },
          {
            node: 1,
            type: 'process',
            content: '已跟踪毕业生去向85%。',
            completion: 85,
            state: 'reject',
            daysAgo: 8,
            opinion: '请补充分专业数据。',
          },
        ],
        delays: [{ node: 1, from: -5, to: 25, state: 0, reason: '部分毕业生升学结果尚未公布。', daysAgo: 1 }],
      },
      {
        key: 'talent',
        name: '师资队伍建设：引进高层次人才5名',
        type: 'A',
        examType: 'score',
        targetValue: '5名',
        department: 'd05',
        principal: 'zhoujing',
        start: -30,
        end: 200,
        detail: '面向重点专业群引进博士及行业领军人才。',
        audit: null,
      },
      {
        key: 'campus',
        name: '信息化校园二期建设',
        type: 'B',
        examType: 'level',
        targetValue: 'B',
        department: 'd07',
        principal: 'zhengtao',
        start: -40,
        end: 150,
        detail: '建设统一身份认证与数据中台。',
        audit: 0,
        nodes: [
          { name: '需求调研', start: -40, end: 20, state: 'notPushed' },
          { name: '招标采购', start: 20, end: 80, state: 'notPushed' },
        ],
      },
      {
        key: 'mechatronics',
        name: '机电专业群建设',
        type: 'A',
        examType: 'level',
        targetValue: 'A',
        department: 'd08',
        principal: 'yangguang',
        collaborators: ['d02'],
        start: -50,
        end: 90,
        detail: '对标“双高”专业群建设标准，完善课程体系与实训条件。',
        audit: 1,
        nodes: [
          {
            name: '课程体系重构',
            start: -50,
            end: 30,
            state: 'waitDefine',
            reason: '分三阶段重构核心课程。',
          },
          {
            name: '实训基地升级',
            start: -20,
            end: 60,
            state: 'goBack',
            principal: 'wangfang',
            reason: '预算未落实，请调整节点时间。',
          },
          { name: '专业群年度自评', start: 60, end: 90, state: 'waitAccept' },
          { name: '新形态教材建设', start: -10, end: 70, state: 'waitResolve' },
        ],
      },
      {
        key: 'research',
        name: '科研成果转化',
        type: 'C',
        examType: 'score',
        targetValue: '转化金额100万元',
        department: 'd06',
        principal: 'wuwei',
        start: -30,
        end: 40,
        detail: '推动横向课题成果落地。',
        audit: 2,
        auditOpinion: '节点过粗，请细化到季度。',
        nodes: [{ name: '成果转化', start: -30, end: 40, state: 'notPushed' }],
      },
      {
        key: 'service',
        name: '艺术设计学院社会服务项目',
        type: 'C',
        examType: 'score',
        targetValue: '3项',
        department: 'd11',
        principal: 'chuxin',
        start: -10,
        end: 100,
        detail: '承接地方文创设计项目。',
        audit: null,
        withdrawn: true,
      },
    ],
  },
  {
    name: (y) => `${y}年度质量提升专项目标`,
    yearOffset: 0,
    creator: 'sunhua',
    description: '以内部质量保证体系诊改为抓手，提升人才培养质量。',
    tasks: [
      {
        key: 'qa',
        name: '内部质量保证体系诊改',
        type: 'A',
        examType: 'level',
        targetValue: 'A',
        department: 'd03',
        principal: 'hanbing',
        collaborators: ['d02'],
        start: -70,
        end: 80,
        detail: '完善五纵五横质量保证体系，开展学校层面诊改。',
        audit: 1,
        nodes: [
          { name: '质控点梳理', start: -70, end: -10, state: 'hasDone' },
          { name: '诊改报告撰写', start: -10, end: 12, state: 'executeing' },
        ],
        progress: [
          {
            node: 0,
            type: 'final',
            content: '梳理学校层面质控点86个。',
            completion: 100,
            state: 'pass',
            daysAgo: 12,
          },
          {
            node: 1,
            type: 'process',
            content: '诊改报告初稿完成60%。',
            completion: 60,
            state: 'reviewing',
            daysAgo: 1,
          },
        ],
      },
      {
        key: 'curriculum',
        name: '专业人才培养方案修订',
        type: 'B',
        examType: 'score',
        targetValue: '全部专业',
        department: 'd02',
        principal: 'hanbing',
        start: -60,
        end: 25,
        detail: '按新版专业目录修订人才培养方案。',
        situation: '已全部修订并通过专家论证。',
        audit: 1,
        nodes: [
          { name: '方案修订', start: -60, end: -15, state: 'hasDone' },
          { name: '专家论证', start: -15, end: 20, state: 'hasDone' },
        ],
        progress: [
          {
            node: 0,
            type: 'final',
            content: '38个专业方案修订完成。',
            completion: 100,
            state: 'pass',
            daysAgo: 16,
          },
          {
            node: 1,
            type: 'final',
            content: '专家论证全部通过。',
            completion: 100,
            state: 'pass',
            daysAgo: 4,
          },
        ],
      },
      {
        key: 'platform',
        name: '教学质量监控数据平台上线',
        type: 'B',
        examType: 'level',
        targetValue: 'B',
        department: 'd07',
        principal: 'zhengtao',
        collaborators: ['d03'],
        start: -90,
        end: -2,
        detail: '完成数据采集与监控平台部署。',
        audit: 1,
        nodes: [{ name: '平台部署上线', start: -90, end: -2, state: 'executeing' }],
        progress: [
          {
            node: 0,
            type: 'process',
            content: '已完成部署，正在联调。',
            completion: 80,
            state: 'pass',
            daysAgo: 15,
          },
        ],
      },
      {
        key: 'ideology',
        name: '课程思政示范课建设',
        type: 'C',
        examType: 'score',
        targetValue: '10门',
        department: 'd12',
        principal: 'weilan',
        start: -45,
        end: 4,
        detail: '遴选并建设课程思政示范课程。',
        audit: 1,
        nodes: [{ name: '示范课遴选与建设', start: -45, end: 4, state: 'executeing' }],
      },
    ],
  },
  {
    name: (y) => `${y}年度学校事业发展目标`,
    yearOffset: -1,
    creator: 'zhaoming',
    description: '上一年度的学校事业发展目标。',
    tasks: [
      {
        key: 'review',
        name: '教学诊改工作复核',
        type: 'A',
        examType: 'level',
        targetValue: 'A',
        department: 'd03',
        principal: 'hanbing',
        start: -420,
        end: -70,
        detail: '迎接省级诊改复核。',
        situation: '顺利通过省级复核。',
        audit: 1,
        nodes: [
          { name: '自评报告', start: -420, end: -200, state: 'hasDone' },
          { name: '现场复核', start: -200, end: -70, state: 'delayDone' },
        ],
        delays: [{ node: 1, from: -100, to: -70, state: 1, reason: '复核时间由省厅调整。', daysAgo: 110 }],
        progress: [
          { node: 0, type: 'final', content: '自评报告定稿。', completion: 100, state: 'pass', daysAgo: 205 },
          {
            node: 1,
            type: 'final',
            content: '复核结论为“有效”。',
            completion: 100,
            state: 'pass',
            daysAgo: 72,
          },
        ],
      },
      {
        key: 'doubleHigh',
        name: '双高计划中期自评',
        type: 'A',
        examType: 'score',
        targetValue: '90分',
        department: 'd08',
        principal: 'yangguang',
        collaborators: ['d02', 'd03'],
        start: -400,
        end: -45,
        detail: '完成双高计划中期绩效自评。',
        audit: 1,
        nodes: [{ name: '中期自评', start: -400, end: -45, state: 'hasDone' }],
        progress: [
          { node: 0, type: 'final', content: '自评得分92分。', completion: 100, state: 'pass', daysAgo: 46 },
        ],
      },
      {
        key: 'aid',
        name: '学生资助体系优化',
        type: 'B',
        examType: 'score',
        targetValue: '资助覆盖率100%',
        department: 'd04',
        principal: 'liqiang',
        start: -380,
        end: -30,
        detail: '完善精准资助认定办法。',
        audit: 1,
        nodes: [{ name: '资助认定办法修订', start: -380, end: -30, state: 'executeing' }],
        delays: [{ node: 0, from: -30, to: 30, state: 2, reason: '等待上级文件。', daysAgo: 35 }],
      },
      {
        key: 'personnel',
        name: '人事制度改革',
        type: 'C',
        examType: 'level',
        targetValue: 'B',
        department: 'd05',
        principal: 'zhoujing',
        start: -360,
        end: -20,
        detail: '推进岗位聘用与绩效分配改革。',
        audit: 1,
        nodes: [{ name: '绩效分配方案', start: -360, end: -20, state: 'hasDone' }],
        progress: [
          {
            node: 0,
            type: 'final',
            content: '方案经教代会通过。',
            completion: 100,
            state: 'pass',
            daysAgo: 25,
          },
        ],
      },
    ],
  },
];

const DEPARTMENT_HEADS: ReadonlyMap<string, string> = new Map(DEMO_DEPARTMENTS.map((d) => [d.id, d.head]));

export interface GoalsDemoSummary {
  yearTargets: number;
  tasks: number;
  nodes: number;
}

export async function seedGoalsDemo(
  tx: Db,
  input: { now: Date; userIds: ReadonlyMap<string, string> },
): Promise<GoalsDemoSummary> {
  const { now } = input;
  const user = (account: string): string => {
    const id = input.userIds.get(account);
    if (!id) throw new Error(`demo user ${account} missing`);
    return id;
  };
  const today = formatDateTime(now)!.slice(0, 10);
  const base = Date.parse(`${today}T00:00:00Z`);
  const day = (offset: number) => new Date(base + offset * 86_400_000).toISOString().slice(0, 10);
  const ago = (days: number, hour = 10) => new Date(now.getTime() - days * 86_400_000 - hour * 60_000);
  const year = Number(today.slice(0, 4));

  const targets: (typeof goalYearTargets.$inferInsert)[] = [];
  const tasks: (typeof goalTasks.$inferInsert)[] = [];
  const collaborators: (typeof goalTaskCollaborators.$inferInsert)[] = [];
  const nodes: (typeof goalNodes.$inferInsert)[] = [];
  const progress: (typeof goalProgress.$inferInsert)[] = [];
  const delays: (typeof goalDelays.$inferInsert)[] = [];
  const audits: (typeof goalTaskAudits.$inferInsert)[] = [];
  const taskIds = new Map<string, string>();
  let sort = 0;

  YEAR_TARGETS.forEach((spec, targetIndex) => {
    const targetId = newId();
    const creator = user(spec.creator);
    targets.push({
      id: targetId,
      name: spec.name(year + spec.yearOffset),
      cycleYear: year + spec.yearOffset,
      description: spec.description,
      creatorUserId: creator,
      createdAt: ago(spec.yearOffset === 0 ? 100 - targetIndex : 430),
    });
    for (const t of spec.tasks) {
      const taskId = newId();
      taskIds.set(t.key, taskId);
      sort += 1;
      const nodeSpecs = t.nodes ?? [];
      const nodeIds = nodeSpecs.map(() => newId());
      tasks.push({
        id: taskId,
        yearTargetId: targetId,
        parentId: t.parent ? taskIds.get(t.parent)! : null,
        name: t.name,
        type: t.type,
        examType: t.examType,
        targetValue: t.targetValue,
        departmentId: t.department,
        principalUserId: user(t.principal),
        startDate: day(t.start),
        endDate: day(t.end),
        detail: t.detail,
        situation: t.situation ?? '',
        state: deriveYearTaskState({ auditState: t.audit, nodeStates: nodeSpecs.map((n) => n.state) }),
        auditState: t.audit,
        isWithdrawn: t.withdrawn ?? false,
        sort,
        creatorUserId: creator,
        createdAt: ago(Math.max(-t.start, 1) + 1),
      });
      for (const departmentId of t.collaborators ?? []) collaborators.push({ taskId, departmentId });
      nodeSpecs.forEach((n, i) => {
        nodes.push({
          id: nodeIds[i]!,
          taskId,
          name: n.name,
          principalUserId: user(n.principal ?? t.principal),
          startDate: day(n.start),
          endDate: day(n.end),
          state: n.state,
          reason: n.reason ?? '',
          createdAt: ago(Math.max(-t.start, 1), 9 - i),
        });
      });
      if (t.audit !== null) {
        // A failed or passed decomposition was submitted shortly after the task started.
        const submittedAt = ago(Math.max(-t.start - 3, 1));
        audits.push({
          id: newId(),
          taskId,
          auditState: t.audit,
          opinion: t.auditOpinion ?? (t.audit === 1 ? '同意分解方案。' : ''),
          submitterUserId: user(t.principal),
          submittedAt,
          auditorUserId: t.audit === 0 ? null : creator,
          auditedAt: t.audit === 0 ? null : new Date(submittedAt.getTime() + 86_400_000),
        });
      }
      for (const p of t.progress ?? []) {
        const node = nodeSpecs[p.node]!;
        const reportedAt = ago(p.daysAgo);
        const audited = p.state !== 'reviewing';
        progress.push({
          id: newId(),
          taskId,
          nodeId: nodeIds[p.node]!,
          type: p.type,
          content: p.content,
          completion: p.completion,
          auditState: p.state,
          opinion: p.opinion ?? (p.state === 'pass' ? '审核通过。' : ''),
          reporterUserId: user(node.principal ?? t.principal),
          reportedAt,
          auditorUserId: audited
            ? p.state === 'childPass'
              ? user(DEPARTMENT_HEADS.get(t.department)!)
              : creator
            : null,
          auditedAt: audited ? new Date(reportedAt.getTime() + 3_600_000) : null,
        });
      }
      for (const d of t.delays ?? []) {
        const requestedAt = ago(d.daysAgo);
        delays.push({
          id: newId(),
          taskId,
          nodeId: nodeIds[d.node]!,
          originalEndDate: day(d.from),
          requestedEndDate: day(d.to),
          reason: d.reason,
          auditState: d.state,
          opinion: d.state === 1 ? '同意延期。' : d.state === 2 ? '不同意延期，请按期完成。' : '',
          requesterUserId: user(t.principal),
          requestedAt,
          auditorUserId: d.state === 0 ? null : creator,
          auditedAt: d.state === 0 ? null : new Date(requestedAt.getTime() + 7_200_000),
        });
      }
    }
  });

  const thisYear = targets[0]!.id;
  const urges: (typeof goalUrges.$inferInsert)[] = [
    {
      id: newId(),
      yearTargetId: thisYear,
      departmentId: 'd05',
      currentStatus: 2,
      urgeType: 0,
      content: '引进人才任务尚未分解节点，请尽快分解。',
      urgerUserId: user('zhaoming'),
      urgedAt: ago(3),
    },
    {
      id: newId(),
      yearTargetId: thisYear,
      departmentId: 'd06',
      currentStatus: 2,
      urgeType: 1,
      content: '科研成果转化任务分解未通过审核，请修改后重新提交。',
      urgerUserId: user('zhaoming'),
      urgedAt: ago(12),
      acceptorUserId: user('wuwei'),
      acceptedAt: ago(11),
    },
    {
      id: newId(),
      yearTargetId: thisYear,
      departmentId: 'd10',
      currentStatus: 1,
      urgeType: 0,
      content: '经济管理学院尚未设置年度目标。',
      urgerUserId: user('sunhua'),
      urgedAt: ago(5),
    },
  ];

  await tx.insert(goalYearTargets).values(targets);
  await tx.insert(goalTasks).values(tasks);
  await tx.insert(goalTaskCollaborators).values(collaborators);
  await tx.insert(goalNodes).values(nodes);
  await tx.insert(goalTaskAudits).values(audits);
  await tx.insert(goalProgress).values(progress);
  await tx.insert(goalDelays).values(delays);
  await tx.insert(goalUrges).values(urges);
  const publisher = user('zhaoming');
  await tx
    .insert(goalReportTemplates)
    .values({ id: newId(), ...GOAL_REPORT_TEMPLATE, creatorUserId: publisher });
  await tx.insert(goalReportCovers).values({
    id: newId(),
    ...GOAL_REPORT_COVER,
    schoolName: DEMO_SCHOOL,
    isDefault: true,
    creatorUserId: publisher,
  });
  // Type B warns 20 days ahead (configured twice); A and C keep the default 15.
  await tx.insert(goalWarningConditions).values([
    { id: newId(), taskType: 'B', days: 10, configuredByUserId: user('zhaoming'), configuredAt: ago(60) },
    { id: newId(), taskType: 'B', days: 20, configuredByUserId: user('sunhua'), configuredAt: ago(20) },
  ]);
  return { yearTargets: targets.length, tasks: tasks.length, nodes: nodes.length };
}
