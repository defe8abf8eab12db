import {
  computeOverview,
  DEFAULT_NARRATIVES,
  narrativeValues,
  type QualityRow,
  type ReportPointFact,
  type ReportView,
  renderNarrative,
  type WarningRow,
} from '@eduqa/contract';
// jszip comes with docx, which writes the archive it reads here.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { docxParts, headingParagraphs } from '../../../test/docx-parts.ts';
import { buildQualityReportDocument, type QualityReportDocumentInput } from './report-word.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 1×1 red PNG, enough for Word to hold a seal. */
const SEAL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const facts: ReportPointFact[] = [
  {
    pointName: '生师比',
    level1: '师资队伍',
    level2: '师资结构',
    grade: 'A',
    hasResult: true,
    below: false,
    warnings: 0,
    handledWarnings: 0,
  },
  {
    pointName: '双师型教师比例',
    level1: '师资队伍',
    level2: '师资结构',
    grade: 'C',
    hasResult: true,
    below: true,
    warnings: 3,
    handledWarnings: 1,
  },
  {
    pointName: '毕业生就业率',
    level1: '人才培养',
    level2: '就业质量',
    grade: null,
    hasResult: false,
    below: false,
    warnings: 1,
    handledWarnings: 1,
  },
];
const overview = computeOverview(facts);
const values = narrativeValues(overview);
const section = (
  key: 'points' | 'completion' | 'warnings' | 'improvement' | 'explain',
  number: number,
  title: string,
) => ({
  key,
  number,
  title,
  narrative: renderNarrative(DEFAULT_NARRATIVES[key], values),
});

function qualityRow(over: Partial<QualityRow>): QualityRow {
  return {
    id: 'ap1',
    qualityPointId: 'qp1',
    name: '生师比',
    connotation: '',
    diagnosticStandard: '不高于18',
    taskId: 't1',
    taskName: '2025年度诊改',
    objectTaskId: 'ot1',
    objectId: 'o1',
    objectName: '机电学院',
    standardValue: '18',
    target: '16.5',
    revisedTarget: null,
    result: '17.256',
    revisedResult: null,
    grade: 'A',
    resultSource: 'typed',
    previousResult: '19',
    previousGrade: 'B',
    below: false,
    unfinished: false,
    cause: '',
    measure: '',
    dataType: 'float',
    calcMode: 'result',
    direction: '<',
    calRule: [],
    collectionMethod: 'manual',
    notAllowChange: false,
    isQuantitative: true,
    auditState: 'passed',
    auditReason: null,
    focus: false,
    isEdit: false,
    chargerId: null,
    chargerName: '张老师',
    sharers: [],
    displayMode: 'table',
    warningRule: null,
    warnings: [],
    files: [],
    indicatorPath: [
      { id: 'i1', name: '师资队伍' },
      { id: 'i2', name: '师资结构' },
    ],
    ...over,
  } as QualityRow;
}

const warningRow: WarningRow = {
  assignedPointId: 'ap2',
  pointName: '双师型教师比例',
  objectName: '机电学院',
  taskName: '2025年度诊改',
  dataType: 'percent',
  warningValue: '60',
  cause: '新进教师多',
  measure: '组织企业实践',
  allCount: 3,
  handledCount: 1,
  handlerName: '李主任',
  latestOpenWarningId: 'w9',
};

function input(over: Partial<QualityReportDocumentInput> = {}): QualityReportDocumentInput {
  const view = {
    id: 'r1',
    name: '2025年度机电学院质量报告',
    scope: 'objectTask',
    taskId: 't1',
    taskName: '2025年度诊改',
    subjectName: '机电学院',
    principalName: '王院长',
    creatorName: '王院长',
    state: 'done',
    createdOn: '2025-06-01',
    expertResult: 'excellent',
    schoolResult: 'qualified',
    score: 91.5,
    isShared: false,
    rights: {
      canEdit: false,
      canSubmit: false,
      canAssignExperts: false,
      canExpertReview: false,
      canSchoolReview: false,
      canReject: false,
      canShare: false,
      canDiscuss: false,
      canDelete: false,
    },
    header: {
      items: [{ name: '专业建设', person: '王院长', id: 'ot1' }],
      itemCount: 1,
      principal: '王院长',
      reportTime: '2025-06-30',
      expertSeal: '/seal/expert',
      schoolSeal: null,
    },
    templateId: null,
    coverId: null,
    rejectReason: null,
    overview,
    sections: [
      section('points', 1, '质控点分析'),
      section('completion', 2, '任务完成进度'),
      section('warnings', 3, '预警分析'),
      section('improvement', 4, '改进成效'),
      section('explain', 5, '自我诊断总结'),
    ],
    improvements: [
      {
        pointName: '双师型教师比例',
        objectName: '机电学院',
        lastTaskName: '2024年度诊改',
        lastValue: '55%',
        currentValue: '62%',
        measure: '组织企业实践',
        reason: 'below',
        trend: 'improved',
      },
    ],
    explains: [{ name: '师资建设', text: '本年度师资结构持续优化。' }],
    experts: [],
    shares: { users: [], departments: [] },
    generatedAt: null,
  } satisfies ReportView;
  return {
    view,
    cover: { title: '教学质量诊断与改进报告', subtitle: '2025年度', schoolName: '示范职业技术学院' },
    seals: { expert: { bytes: SEAL_PNG, type: 'png' }, school: null },
    tables: {
      points: [
        qualityRow({}),
        qualityRow({ id: 'ap2', name: '双师型教师比例', below: true, grade: 'C', resultSource: 'collected' }),
      ],
      below: [
        qualityRow({ id: 'ap2', name: '双师型教师比例', below: true, grade: 'C', cause: '新进教师多' }),
      ],
      unfinished: [qualityRow({ id: 'ap3', name: '毕业生就业率', result: null, grade: null })],
      warnings: [warningRow],
    },
    reviews: [
      {
        id: 'v1',
        kind: 'expert',
        reviewerName: '赵专家',
        result: 'excellent',
        score: 91.5,
        opinion: '材料翔实',
        round: 1,
        createdAt: '2025-06-20 10:00:00',
      },
    ],
    ...over,
  };
}

const isPng = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 8)).equals(PNG_SIGNATURE);

describe('buildQualityReportDocument', () => {
  it('writes the narrative, the tables, the formatted values and the charts and seal as PNG images', async () => {
    const progress: number[] = [];
    const data = input();
    const docx = await buildQualityReportDocument(data, async (p) => {
      progress.push(p);
    });
    const zip = await JSZip.loadAsync(docx);
    const xml = await zip.file('word/document.xml')!.async('string');

    for (const s of data.view.sections) {
      const narrative = s.narrative.map((n) => n.text).join('');
      if (narrative) expect(xml).toContain(narrative);
      expect(xml).toContain(`${s.number}. ${s.title}`);
    }
    expect(xml).toContain('本次诊断共监测质控点3个');
    for (const title of [
      '目标监测统计（共2条）',
      '未达标指标统计（共1条）',
      '未完成目标统计（共1条）',
      '预警记录（共1条）',
    ]) {
      expect(xml).toContain(title);
    }
    // 17.256 through formatValue (float: two decimals); the warning value 60 is a percent.
    expect(xml).toContain('17.26');
    expect(xml.includes('17.256')).toBe(false);
    expect(xml).toContain('60%');
    // 目标监测统计 says where each result came from, as the report's table and the portrait do.
    for (const label of ['结果来源', '手工录入', '算法计算']) expect(xml).toContain(label);
    expect(xml).toContain('得分');
    expect(xml).toContain('91.50');
    expect(xml).toContain('示范职业技术学院');
    expect(xml).toContain('改善');
    expect(xml).toContain('本年度师资结构持续优化。');
    expect(xml).toContain('材料翔实');
    expect(xml).toContain('专家评审章');
    expect(xml.includes('学校审核章')).toBe(false);

    const media = Object.keys(zip.files).filter((name) => name.startsWith('word/media/'));
    // Five charts (two pies, one pie, a bar and a pie) and the expert seal.
    expect(media).toHaveLength(6);
    for (const name of media) expect(isPng(await zip.file(name)!.async('uint8array'))).toBe(true);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 30_000);

  it('shows the empty placeholder instead of a chart without data, and no score when there is none', async () => {
    const empty = computeOverview([]);
    const base = input();
    const data = input({
      view: {
        ...base.view,
        overview: empty,
        score: null,
        sections: [{ key: 'points', number: 1, title: '质控点分析', narrative: [] }],
      },
      seals: { expert: null, school: null },
      tables: { points: [], below: [], unfinished: [], warnings: [] },
      reviews: [],
    });
    const zip = await JSZip.loadAsync(await buildQualityReportDocument(data));
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('达标情况：暂无数据');
    expect(xml).toContain('结果等级分布：暂无数据');
    expect(xml.includes('得分')).toBe(false);
    expect(xml).toContain('暂无评审意见');
    expect(Object.keys(zip.files).filter((name) => name.startsWith('word/media/'))).toEqual([]);
  });

  it('keeps text from data as text', async () => {
    const base = input();
    const data = input({
      view: { ...base.view, sections: [], explains: [] },
      tables: { ...base.tables, warnings: [] },
      reviews: [{ ...base.reviews[0]!, opinion: '<w:p>注入</w:p>\u0007 & 完' }],
    });
    const xml = await (await JSZip.loadAsync(await buildQualityReportDocument(data)))
      .file('word/document.xml')!
      .async('string');
    expect(xml).toContain('&lt;w:p&gt;注入&lt;/w:p&gt; &amp; 完');
    expect(xml.includes('\u0007')).toBe(false);
  });

  it('lists the task items by 序号 and name, never by their raw id', async () => {
    const rawId = '019a6f3c2b7e7d1c9f0e4a5b6c7d8e9f';
    const base = input();
    const data = input({
      view: {
        ...base.view,
        header: { ...base.view.header, items: [{ name: '专业建设', person: '王院长', id: rawId }] },
      },
    });
    const xml = await (await JSZip.loadAsync(await buildQualityReportDocument(data)))
      .file('word/document.xml')!
      .async('string');
    expect(xml).toContain('专业建设');
    expect(xml).toContain('序号');
    expect(xml.includes(rawId)).toBe(false);
    expect(xml.includes('>编号<')).toBe(false);
  });
});

describe('the quality report’s pages', () => {
  it('opens with 目录 listing the sections, numbers its pages and keeps each heading with what follows', async () => {
    const { document, footers } = await docxParts(await buildQualityReportDocument(input()));
    const toc = document.slice(document.indexOf('<w:sdt>'), document.indexOf('</w:sdt>'));
    for (const entry of [
      '一、报告信息',
      '二、总体概况',
      '1. 质控点分析',
      '目标监测统计（共2条）',
      '三、评审意见',
    ]) {
      expect(toc).toContain(entry);
    }
    expect(footers.join('')).toMatch(/PAGE[\s\S]*NUMPAGES/);
    const headings = headingParagraphs(document);
    expect(headings.length).toBeGreaterThanOrEqual(12);
    for (const h of headings) expect(h.xml).toContain('<w:keepNext/>');
    // The cover and 目录 each end their page; nothing else forces a break.
    expect(document.match(/<w:pageBreakBefore\/>/g)).toHaveLength(2);
    expect(headings[0]!.text).toBe('一、报告信息');
    expect(headings[0]!.xml).toContain('<w:pageBreakBefore/>');
    // The file's default time (90 s): five charts are drawn, which a busy machine stretches past 30 s.
  });
});
