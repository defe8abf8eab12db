import { describe, expect, it } from 'vitest';
import { docxParts, headingParagraphs } from '../../../test/docx-parts.ts';
import {
  buildReportDocument,
  type ReportDocumentData,
  type ReportDocumentTask,
} from './goal-reports.document.ts';

const task = (name: string, over: Partial<ReportDocumentTask> = {}): ReportDocumentTask => ({
  name,
  isSubTask: false,
  type: 'A',
  examType: 'score',
  targetValue: '3门',
  departmentName: '教务处',
  principalName: '李老师',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  state: 'doing',
  scheduleStatus: 'normal',
  levelSelf: null,
  latestProgress: null,
  nodes: [],
  ...over,
});

function data(over: Partial<ReportDocumentData> = {}): ReportDocumentData {
  return {
    subjectName: '2025年度目标',
    yearTargetName: '2025年度目标',
    cycleYear: 2025,
    description: '',
    levelSelf: null,
    generatedOn: '2025-12-01',
    cover: { title: '年度目标报告', subtitle: '', schoolName: '示范职业技术学院' },
    outline: null,
    tasks: [task('建设精品在线课程'), task('新增双师型教师', { state: 'done' })],
    ...over,
  };
}

describe('buildReportDocument (目标报告)', () => {
  it('puts the school on the cover, 目录 and page numbers after it, headings kept with what follows', async () => {
    const { document, footers, media } = await docxParts(await buildReportDocument(data()));
    expect(document).toContain('示范职业技术学院');
    // 任务进度状态 and 任务自评等级, drawn as the quality report's charts are.
    expect(media).toHaveLength(2);
    expect(document).toContain('任务进度状态');
    expect(footers.join('')).toMatch(/PAGE[\s\S]*NUMPAGES/);
    const toc = document.slice(document.indexOf('<w:sdt>'), document.indexOf('</w:sdt>'));
    for (const entry of ['一、总体情况', '二、任务一览', '三、任务详情', '1. 建设精品在线课程']) {
      expect(toc).toContain(entry);
    }
    const headings = headingParagraphs(document);
    expect(headings.map((h) => h.text)).toContain('2. 新增双师型教师');
    for (const h of headings) expect(h.xml).toContain('<w:keepNext/>');
    expect(headings[0]!.xml).toContain('<w:pageBreakBefore/>');
    expect(document.match(/<w:pageBreakBefore\/>/g)).toHaveLength(2);
  });

  it('says 暂无数据 for the charts of a report without tasks, and leaves an unnamed school off the cover', async () => {
    const cover = { title: '年度目标报告', subtitle: '', schoolName: '' };
    const { document, media } = await docxParts(await buildReportDocument(data({ tasks: [], cover })));
    expect(media).toHaveLength(0);
    expect(document).toContain('任务进度状态：暂无数据');
  });

  it('opens on the outline when the template has one', async () => {
    const outline = { name: '年度报告模板', sections: ['建设成效', '存在问题'] };
    const { document } = await docxParts(await buildReportDocument(data({ outline })));
    const [first] = headingParagraphs(document);
    expect(first!.text).toBe('一、报告提纲（年度报告模板）');
    expect(first!.xml).toContain('<w:pageBreakBefore/>');
    expect(document.match(/<w:pageBreakBefore\/>/g)).toHaveLength(2);
  });
});
