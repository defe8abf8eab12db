import { describe, expect, it } from 'vitest';
import type {
  DelayRequest,
  GoalFile,
  ProgressReport,
  TargetTask,
  TaskAudit,
  TaskDetail,
  TaskNode,
  WarningTask,
  YearTarget,
} from './goals.schema.ts';
import {
  DelayRequestWireSchema,
  fromGoalFileWire,
  fromProgressReportWire,
  fromTargetTaskWire,
  fromTaskDetailWire,
  fromTaskNodeWire,
  fromWarningTaskWire,
  fromYearTargetWire,
  GoalFileWireSchema,
  ProgressReportWireSchema,
  TargetTaskWireSchema,
  TaskAuditWireSchema,
  TaskDetailWireSchema,
  TaskNodeWireSchema,
  toDelayRequestWire,
  toGoalFileWire,
  toProgressReportWire,
  toTargetTaskWire,
  toTaskAuditWire,
  toTaskDetailWire,
  toTaskNodeWire,
  toWarningTaskWire,
  toYearTargetWire,
  WarningTaskWireSchema,
  YearTargetWireSchema,
} from './goals.wire.ts';

const yearTarget: YearTarget = {
  id: 'y1',
  name: '2026年度事业发展目标',
  cycleYear: 2026,
  description: '说明',
  creatorId: 'u1',
  creatorName: '赵明',
  isTargetCreator: true,
  taskCount: 3,
  createdAt: '2026-01-05 09:00:00',
};

const task: TargetTask = {
  id: 't1',
  yearTargetId: 'y1',
  yearTargetName: '2026年度事业发展目标',
  cycleYear: 2026,
  parentId: null,
  name: '完善专业动态调整机制',
  type: 'A',
  examType: 'score',
  targetValue: '90',
  departmentId: 'd02',
  departmentName: '教务处',
  principalId: 'u2',
  principalName: '韩冰',
  collaboratingDepartments: [{ id: 'd03', name: '质量管理办公室' }],
  startDate: '2026-01-10',
  endDate: '2026-06-30',
  detail: '详情',
  situation: '',
  state: 'doing',
  auditState: 1,
  scheduleStatus: 'normal',
  progress: 50,
  nodeCount: 2,
  doneNodeCount: 1,
  subTaskCount: 0,
  warningType: 'process',
  isWithdrawn: false,
  sort: 1,
  creatorId: 'u1',
  creatorName: '赵明',
  isTargetCreator: false,
  isPrincipal: true,
  createdAt: '2026-01-06 10:00:00',
};

const file: GoalFile = {
  id: 'f1',
  fileId: 'bin1',
  fileName: '方案.docx',
  size: 1024,
  fileType: 'processDocument',
  fileTypeName: '过程文件',
  ownerType: 'TaskProgress',
  ownerId: 'p1',
  uploaderName: '韩冰',
  createdAt: '2026-03-01 08:00:00',
};

describe('goals wire mapping', () => {
  it('round-trips a year target', () => {
    const wire = toYearTargetWire(yearTarget);
    expect(YearTargetWireSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({
      id: 'y1',
      name: yearTarget.name,
      cycleYear: 2026,
      createTime: yearTarget.createdAt,
    });
    expect(fromYearTargetWire(wire)).toEqual(yearTarget);
  });

  it('round-trips a target task and adds the spec names and labels', () => {
    const wire = toTargetTaskWire(task);
    expect(TargetTaskWireSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({
      rwmc: task.name,
      rwlx: 'A',
      rwlxmc: '重点',
      stateName: '进行中',
      scheduleStatusName: '正常',
      scheduleStatusColor: 'blue',
    });
    expect(fromTargetTaskWire(wire)).toEqual(task);
  });

  it('round-trips a warning task with its counts', () => {
    const warning: WarningTask = {
      ...task,
      processWarningCount: 1,
      expiredWarningCount: 2,
      totalWarningCount: 3,
    };
    const wire = toWarningTaskWire(warning);
    expect(WarningTaskWireSchema.parse(wire)).toEqual(wire);
    expect(fromWarningTaskWire(wire)).toEqual(warning);
  });

  it('round-trips a task detail with nodes, progress and files', () => {
    const detail: TaskDetail = {
      task,
      subTasks: [{ ...task, id: 't2', parentId: 't1' }],
      nodes: [
        {
          id: 'n1',
          taskId: 't1',
          name: '调研',
          description: '',
          principalId: 'u2',
          principalName: '韩冰',
          startDate: '2026-01-10',
          endDate: '2026-03-31',
          state: 'executeing',
          reason: '',
          warningType: null,
          createdAt: '2026-01-06 10:00:00',
        },
      ],
      progress: [
        {
          id: 'p1',
          taskId: 't1',
          nodeId: 'n1',
          nodeName: '调研',
          type: 'process',
          content: '已完成问卷',
          completion: 40,
          auditState: 'childPass',
          opinion: '',
          reporterId: 'u2',
          reporterName: '韩冰',
          reportedAt: '2026-03-01 08:00:00',
          auditorName: '钱丽',
          auditedAt: '2026-03-02 08:00:00',
          files: [file],
        },
      ],
      audits: [
        {
          id: 'a1',
          taskId: 't1',
          auditState: 1,
          opinion: '同意',
          submitterName: '韩冰',
          submittedAt: '2026-01-08 08:00:00',
          auditorName: '赵明',
          auditedAt: '2026-01-09 08:00:00',
        },
      ],
      delays: [],
      files: [{ ...file, id: 'f2', ownerType: 'YearTask', ownerId: 't1', fileType: 'targetSupportDocument' }],
      rights: {
        canEdit: false,
        canDecompose: true,
        canAuditDecomposition: false,
        canDepartAudit: false,
        canFinalAudit: false,
        canUrge: false,
      },
    };
    const wire = toTaskDetailWire(detail);
    expect(TaskDetailWireSchema.parse(wire)).toEqual(wire);
    expect(wire.nodes[0]?.stateName).toBe('执行中');
    expect(wire.progress[0]?.files[0]?.url).toBe('/api/herm-mbrwgl/targetTaskFile/download?id=f1');
    expect(fromTaskDetailWire(wire)).toEqual(detail);
  });

  it('round-trips a task node with its state label, warned and not warned', () => {
    const node: TaskNode = {
      id: 'n2',
      taskId: 't1',
      name: '修订人才培养方案',
      description: '按新专业目录修订',
      principalId: 'u5',
      principalName: '孙悦',
      startDate: '2026-04-01',
      endDate: '2026-05-31',
      state: 'delayNotDone',
      reason: '等待专家论证',
      warningType: 'final',
      createdAt: '2026-01-07 11:20:00',
    };
    const wire = toTaskNodeWire(node);
    expect(wire).toMatchObject({
      state: 'delayNotDone',
      stateName: '延期未完成',
      warningType: 'final',
      createTime: '2026-01-07 11:20:00',
    });
    expect(wire).not.toHaveProperty('createdAt');
    expect(TaskNodeWireSchema.parse(wire)).toEqual(wire);
    expect(fromTaskNodeWire(wire)).toEqual(node);

    const quiet: TaskNode = { ...node, state: 'waitAccept', warningType: null };
    const quietWire = toTaskNodeWire(quiet);
    expect(quietWire).toMatchObject({ stateName: '待接收', warningType: null });
    expect(TaskNodeWireSchema.parse(quietWire)).toEqual(quietWire);
    expect(fromTaskNodeWire(quietWire)).toEqual(quiet);
  });

  it('round-trips a goal file, whose wire adds the download address and createTime', () => {
    const nodeFile: GoalFile = {
      ...file,
      id: 'gf7',
      fileId: 'bin7',
      fileName: '延期说明.pdf',
      fileType: 'targetSupportDocument',
      ownerType: 'TaskEndTime',
      ownerId: 'd1',
      createdAt: '2026-05-20 14:05:00',
    };
    const wire = toGoalFileWire(nodeFile);
    expect(wire).toMatchObject({
      id: 'gf7',
      fileId: 'bin7',
      url: '/api/herm-mbrwgl/targetTaskFile/download?id=gf7',
      createTime: '2026-05-20 14:05:00',
    });
    expect(wire).not.toHaveProperty('createdAt');
    expect(GoalFileWireSchema.parse(wire)).toEqual(wire);
    expect(fromGoalFileWire(wire)).toEqual(nodeFile);
  });

  it('round-trips a progress report awaiting audit (nulls) and one audited (values)', () => {
    const waiting: ProgressReport = {
      id: 'p2',
      taskId: 't1',
      nodeId: 'n2',
      nodeName: '修订人才培养方案',
      type: 'final',
      content: '方案已定稿',
      completion: null,
      auditState: 'reviewing',
      opinion: '',
      reporterId: 'u5',
      reporterName: '孙悦',
      reportedAt: '2026-05-30 17:00:00',
      auditorName: null,
      auditedAt: null,
      files: [file, { ...file, id: 'f3', fileId: 'bin3', fileName: '论证意见.pdf' }],
    };
    const wire = toProgressReportWire(waiting);
    expect(wire).toMatchObject({ type: 'final', completion: null, auditorName: null, auditedAt: null });
    expect(wire.files.map((f) => f.url)).toEqual([
      '/api/herm-mbrwgl/targetTaskFile/download?id=f1',
      '/api/herm-mbrwgl/targetTaskFile/download?id=f3',
    ]);
    expect(ProgressReportWireSchema.parse(wire)).toEqual(wire);
    expect(fromProgressReportWire(wire)).toEqual(waiting);

    const audited: ProgressReport = {
      ...waiting,
      completion: 100,
      auditState: 'pass',
      opinion: '同意结项',
      auditorName: '赵明',
      auditedAt: '2026-06-02 09:30:00',
      files: [],
    };
    const auditedWire = toProgressReportWire(audited);
    expect(auditedWire).toMatchObject({
      completion: 100,
      auditState: 'pass',
      auditorName: '赵明',
      auditedAt: '2026-06-02 09:30:00',
      files: [],
    });
    expect(ProgressReportWireSchema.parse(auditedWire)).toEqual(auditedWire);
    expect(fromProgressReportWire(auditedWire)).toEqual(audited);
  });

  it('gives a decomposition audit under its own names, pending and decided', () => {
    const pending: TaskAudit = {
      id: 'a2',
      taskId: 't1',
      auditState: 0,
      opinion: '',
      submitterName: '韩冰',
      submittedAt: '2026-01-08 08:00:00',
      auditorName: null,
      auditedAt: null,
    };
    const pendingWire = toTaskAuditWire(pending);
    expect(pendingWire).toEqual({
      id: 'a2',
      taskId: 't1',
      auditState: 0,
      opinion: '',
      submitterName: '韩冰',
      submittedAt: '2026-01-08 08:00:00',
      auditorName: null,
      auditedAt: null,
    });
    expect(TaskAuditWireSchema.parse(pendingWire)).toEqual(pendingWire);

    const refused: TaskAudit = {
      ...pending,
      auditState: 2,
      opinion: '节点过粗，请细化',
      auditorName: '赵明',
      auditedAt: '2026-01-09 10:15:00',
    };
    const refusedWire = toTaskAuditWire(refused);
    expect(refusedWire).toEqual({
      id: 'a2',
      taskId: 't1',
      auditState: 2,
      opinion: '节点过粗，请细化',
      submitterName: '韩冰',
      submittedAt: '2026-01-08 08:00:00',
      auditorName: '赵明',
      auditedAt: '2026-01-09 10:15:00',
    });
    expect(TaskAuditWireSchema.parse(refusedWire)).toEqual(refusedWire);
  });

  it('gives a delay request under its own names, pending and passed', () => {
    const pending: DelayRequest = {
      id: 'd1',
      taskId: 't1',
      nodeId: 'n2',
      nodeName: '修订人才培养方案',
      originalEndDate: '2026-05-31',
      requestedEndDate: '2026-06-30',
      reason: '专家论证推迟',
      auditState: 0,
      opinion: '',
      requesterName: '孙悦',
      requestedAt: '2026-05-20 14:00:00',
      auditorName: null,
      auditedAt: null,
    };
    const pendingWire = toDelayRequestWire(pending);
    expect(pendingWire).toEqual({
      id: 'd1',
      taskId: 't1',
      nodeId: 'n2',
      nodeName: '修订人才培养方案',
      originalEndDate: '2026-05-31',
      requestedEndDate: '2026-06-30',
      reason: '专家论证推迟',
      auditState: 0,
      opinion: '',
      requesterName: '孙悦',
      requestedAt: '2026-05-20 14:00:00',
      auditorName: null,
      auditedAt: null,
    });
    expect(DelayRequestWireSchema.parse(pendingWire)).toEqual(pendingWire);

    const passed: DelayRequest = {
      ...pending,
      auditState: 1,
      opinion: '同意延期',
      auditorName: '赵明',
      auditedAt: '2026-05-22 09:00:00',
    };
    const passedWire = toDelayRequestWire(passed);
    expect(passedWire).toEqual({
      id: 'd1',
      taskId: 't1',
      nodeId: 'n2',
      nodeName: '修订人才培养方案',
      originalEndDate: '2026-05-31',
      requestedEndDate: '2026-06-30',
      reason: '专家论证推迟',
      auditState: 1,
      opinion: '同意延期',
      requesterName: '孙悦',
      requestedAt: '2026-05-20 14:00:00',
      auditorName: '赵明',
      auditedAt: '2026-05-22 09:00:00',
    });
    expect(DelayRequestWireSchema.parse(passedWire)).toEqual(passedWire);
  });
});
