import { describe, expect, it } from 'vitest';
import { computeOverview } from './report-overview.ts';
import type { ReportView } from './reports.schema.ts';
import {
  fromOverviewWire,
  fromReportInputWire,
  fromReportViewWire,
  ReportViewWireSchema,
  sealImageUrl,
  toOverviewWire,
  toReportInputWire,
  toReportViewWire,
} from './reports.wire.ts';

const overview = computeOverview([
  {
    pointName: '就业率',
    level1: '人才培养',
    level2: '就业质量',
    grade: 'B',
    hasResult: true,
    below: true,
    warnings: 2,
    handledWarnings: 1,
  },
]);

const view: ReportView = {
  id: 'r1',
  name: '2026年度学校诊断汇总分析报告',
  scope: 'task',
  taskId: 't1',
  taskName: '2026年度学校诊断',
  subjectName: '2026年度学校诊断',
  principalName: '孙华',
  creatorName: '孙华',
  state: 'done',
  createdOn: '2026-11-20',
  expertResult: 'excellent',
  schoolResult: 'qualified',
  score: 85.5,
  isShared: false,
  rights: {
    canEdit: false,
    canSubmit: false,
    canAssignExperts: false,
    canExpertReview: false,
    canSchoolReview: false,
    canReject: false,
    canShare: true,
    canDiscuss: false,
    canDelete: false,
  },
  header: {
    items: [{ name: '青禾职业技术学院', person: '杨光', id: 'ot1' }],
    itemCount: 1,
    principal: '孙华',
    reportTime: '2026-11-20',
    expertSeal: '/api/herm-zdgj/report/seal/image?kind=expert&fhjg=excellent',
    schoolSeal: null,
  },
  templateId: null,
  coverId: 'c1',
  rejectReason: null,
  overview,
  sections: [{ key: 'points', number: 1, title: '质控点分析', narrative: [{ text: '1', table: 'points' }] }],
  improvements: [],
  explains: [{ name: '主要成效', text: '稳中有进' }],
  experts: [{ userId: 'u1', name: '尤海', reviewed: true }],
  shares: { users: [], departments: [{ id: 'd08', name: '机电工程学院' }] },
  generatedAt: null,
};

describe('the wire of quality reports', () => {
  it('names the header and overview as the spec does', () => {
    const wire = toReportViewWire(view);
    expect(wire).toMatchObject({
      bgid: 'r1',
      reportName: view.name,
      cjsj: '2026-11-20',
      createTimeFmt: '2026-11-20',
      fhjg: 'qualified',
      zjfhjg: 'excellent',
      reportHeaderVos: [{ cjmc: '青禾职业技术学院', cjname: '杨光', cjdmid: 'ot1' }],
    });
    expect(wire.overview).toMatchObject({
      zkdzsl: 1,
      wdbzkdsl: 1,
      yjcs: 2,
      yjcll: 50,
      zkdmcs: ['就业率'],
      zkdyjcs: [2],
    });
    expect(ReportViewWireSchema.parse(wire)).toEqual(wire);
  });

  it('round-trips', () => {
    expect(fromReportViewWire(toReportViewWire(view))).toEqual(view);
    expect(fromOverviewWire(toOverviewWire(overview))).toEqual(overview);
  });
});

describe('report inputs', () => {
  it('map every wire name to English and back, leaving other fields and absent ones alone', () => {
    const wire = {
      bgid: 'r1',
      rwid: 't1',
      dxrwid: 'o1',
      bmid: 'd1',
      fhjg: 'excellent',
      zgzkdid: 'p1',
      reason: '数据不全',
    };
    const inside = fromReportInputWire(wire);
    expect(inside).toEqual({
      reportId: 'r1',
      taskId: 't1',
      objectTaskId: 'o1',
      departmentId: 'd1',
      result: 'excellent',
      assignedPointId: 'p1',
      reason: '数据不全',
    });
    expect(toReportInputWire(inside)).toEqual(wire);
    expect(fromReportInputWire({ bgid: 'r1' })).toEqual({ reportId: 'r1' });
    expect(Object.keys(fromReportInputWire({ keyword: '报告' }))).toEqual(['keyword']);
  });

  it('gives the seal image address of a kind and result', () => {
    expect(sealImageUrl('/api/herm-zdgj', 'school', 'excellent')).toBe(
      '/api/herm-zdgj/report/seal/image?kind=school&fhjg=excellent',
    );
  });
});
