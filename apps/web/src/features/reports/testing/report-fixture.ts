import { computeOverview, type ReportRights, type ReportView } from '@eduqa/contract';

export const NO_RIGHTS: ReportRights = {
  canEdit: false,
  canSubmit: false,
  canAssignExperts: false,
  canExpertReview: false,
  canSchoolReview: false,
  canReject: false,
  canShare: false,
  canDiscuss: false,
  canDelete: false,
};

/** A report as the page receives it (after api.ts mapped it), with a few sections and counts. */
export function reportView(patch: Partial<ReportView> = {}): ReportView {
  return {
    id: 'r1',
    name: '2026年度专业诊断报告',
    scope: 'task',
    taskId: 't1',
    taskName: '2026年度专业诊断',
    subjectName: '2026年度专业诊断',
    principalName: '张三',
    creatorName: '张三',
    state: 'draft',
    createdOn: '2026-03-01',
    expertResult: null,
    schoolResult: null,
    score: null,
    isShared: false,
    rights: NO_RIGHTS,
    header: {
      items: [{ name: '计算机应用技术', person: '李四', id: 'P001' }],
      itemCount: 1,
      principal: '张三',
      reportTime: '2026-03-01',
      expertSeal: null,
      schoolSeal: null,
    },
    templateId: null,
    coverId: null,
    rejectReason: null,
    overview: computeOverview([]),
    sections: [
      {
        key: 'points',
        number: 1,
        title: '质控点分析',
        narrative: [
          { text: '本次诊断共监测质控点' },
          { text: '40', table: 'points' },
          { text: '个，未达标' },
          { text: '7', table: 'below' },
          { text: '个。' },
        ],
      },
      {
        key: 'warnings',
        number: 2,
        title: '预警分析',
        narrative: [{ text: '涉及质控点' }, { text: '3', table: 'warnings' }, { text: '个。' }],
      },
    ],
    improvements: [],
    explains: [],
    experts: [],
    shares: { users: [], departments: [] },
    generatedAt: null,
    ...patch,
  };
}
