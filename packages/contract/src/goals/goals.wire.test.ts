import { describe, expect, it } from 'vitest';
import type { GoalFile, TargetTask, TaskDetail, WarningTask, YearTarget } from './goals.schema.ts';
import {
  fromTargetTaskWire,
  fromTaskDetailWire,
  fromWarningTaskWire,
  fromYearTargetWire,
  TargetTaskWireSchema,
  TaskDetailWireSchema,
  toTargetTaskWire,
  toTaskDetailWire,
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
      },
    };
    const wire = toTaskDetailWire(detail);
    expect(TaskDetailWireSchema.parse(wire)).toEqual(wire);
    expect(wire.nodes[0]?.stateName).toBe('执行中');
    expect(wire.progress[0]?.files[0]?.url).toBe('/api/herm-mbrwgl/targetTaskFile/download?id=f1');
    expect(fromTaskDetailWire(wire)).toEqual(detail);
  });
});
