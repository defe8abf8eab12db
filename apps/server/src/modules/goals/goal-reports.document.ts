import {
  EXAM_TYPE_LABELS,
  type ExamType,
  NODE_STATE_LABELS,
  type NodeState,
  PROGRESS_AUDIT_STATE_LABELS,
  PROGRESS_TYPE_LABELS,
  type ProgressAuditState,
  type ProgressType,
  REPORT_LEVEL_LABELS,
  type ReportLevel,
  SCHEDULE_STATUS_LABELS,
  type ScheduleStatus,
  TASK_TYPE_LABELS,
  type TaskType,
  YEAR_TASK_STATE_LABELS,
  type YearTaskState,
} from '@eduqa/contract';
import {
  AlignmentType,
  BorderStyle,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import {
  reportDocument,
  WORD_HEADING_FONT,
  type WordBlock,
  wordHeading,
  wordText,
} from '../../platform/word/report-layout.ts';
import { chartParagraph } from '../reports/report-charts.render.ts';
import { goalReportCharts } from './goal-reports.charts.ts';

/** What a target report document shows; the service gathers it, this module only lays it out. */
export interface ReportDocumentData {
  /** The year target's name, or the task's for a task report. */
  subjectName: string;
  yearTargetName: string;
  cycleYear: number;
  description: string;
  levelSelf: ReportLevel | null;
  /** yyyy-MM-dd on the school's clock. */
  generatedOn: string;
  cover: { title: string; subtitle: string; schoolName: string };
  outline: { name: string; sections: string[] } | null;
  tasks: ReportDocumentTask[];
}

export interface ReportDocumentTask {
  name: string;
  isSubTask: boolean;
  type: TaskType;
  examType: ExamType;
  targetValue: string;
  departmentName: string;
  principalName: string;
  startDate: string;
  endDate: string;
  state: YearTaskState;
  scheduleStatus: ScheduleStatus;
  levelSelf: ReportLevel | null;
  latestProgress: {
    nodeName: string;
    type: ProgressType;
    content: string;
    completion: number | null;
    auditState: ProgressAuditState;
    reportedOn: string;
  } | null;
  nodes: { name: string; principalName: string; startDate: string; endDate: string; state: NodeState }[];
}

const CHINESE_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const levelText = (level: ReportLevel | null) =>
  level ? `${level}（${REPORT_LEVEL_LABELS[level]}）` : '未自评';
const border = { style: BorderStyle.SINGLE, size: 4, color: '999999' };
const borders = { top: border, bottom: border, left: border, right: border };

function cell(text: string, options: { header?: boolean; width?: number } = {}) {
  return new TableCell({
    borders,
    ...(options.width ? { width: { size: options.width, type: WidthType.PERCENTAGE } } : {}),
    ...(options.header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'E8EEF8' } } : {}),
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    children: [
      new Paragraph({
        children: [new TextRun({ text: wordText(text), bold: options.header ?? false, size: 21 })],
      }),
    ],
  });
}

function table(header: string[], rows: string[][], widths?: number[]) {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        children: header.map((h, i) => cell(h, { header: true, ...(widths ? { width: widths[i]! } : {}) })),
      }),
      ...rows.map((r) => new TableRow({ children: r.map((v) => cell(v)) })),
    ],
  });
}

/** A two-column table of label and value. */
function facts(pairs: [string, string][]) {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: pairs.map(
      ([label, value]) =>
        new TableRow({ children: [cell(label, { header: true, width: 22 }), cell(value, { width: 78 })] }),
    ),
  });
}

/** A paragraph; a bold one labels what follows it, so it is kept on that block's page. */
const text = (value: string, options: { bold?: boolean; size?: number } = {}) =>
  new Paragraph({
    spacing: { after: 120 },
    keepNext: options.bold ?? false,
    children: [new TextRun({ text: wordText(value), ...options })],
  });
const heading = wordHeading;
const centred = (value: string, size: number, options: { bold?: boolean; before?: number } = {}) =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { before: options.before ?? 0, after: 240 },
    children: [
      new TextRun({ text: wordText(value), size, bold: options.bold ?? false, font: WORD_HEADING_FONT }),
    ],
  });

function coverPage(data: ReportDocumentData) {
  return [
    ...(data.cover.schoolName ? [centred(data.cover.schoolName, 36, { bold: true, before: 2400 })] : []),
    centred(data.cover.title, 52, { bold: true, before: data.cover.schoolName ? 600 : 3000 }),
    centred(data.subjectName, 36, { before: 240 }),
    ...(data.cover.subtitle ? [centred(data.cover.subtitle, 28)] : []),
    centred(`${data.cycleYear}年度`, 28, { before: 2400 }),
    centred(data.generatedOn, 28),
  ];
}

function taskPart(task: ReportDocumentTask, index: string) {
  const progress = task.latestProgress;
  return [
    heading(`${index} ${task.name}`, task.isSubTask ? HeadingLevel.HEADING_3 : HeadingLevel.HEADING_2),
    facts([
      ['任务类型', TASK_TYPE_LABELS[task.type]],
      ['考核方式', EXAM_TYPE_LABELS[task.examType]],
      ['目标值', task.targetValue || '—'],
      ['责任部门', task.departmentName],
      ['负责人', task.principalName],
      ['起止日期', `${task.startDate} 至 ${task.endDate}`],
      ['任务状态', YEAR_TASK_STATE_LABELS[task.state]],
      ['进度状态', SCHEDULE_STATUS_LABELS[task.scheduleStatus]],
      ['自评等级', levelText(task.levelSelf)],
    ]),
    text('最新进度', { bold: true }),
    progress
      ? text(
          `${progress.reportedOn} ${progress.nodeName}（${PROGRESS_TYPE_LABELS[progress.type]}，` +
            `${PROGRESS_AUDIT_STATE_LABELS[progress.auditState]}` +
            `${progress.completion === null ? '' : `，完成度 ${progress.completion}%`}）：${progress.content}`,
        )
      : text('暂无进度上报'),
    text('任务节点', { bold: true }),
    task.nodes.length
      ? table(
          ['节点名称', '负责人', '起止日期', '状态'],
          task.nodes.map((n) => [
            n.name,
            n.principalName,
            `${n.startDate} 至 ${n.endDate}`,
            NODE_STATE_LABELS[n.state],
          ]),
          [34, 16, 34, 16],
        )
      : text('暂无节点'),
  ];
}

/** The charts of the tasks as PNG images (rendered as the quality report's are), or 暂无数据 for an empty one. */
async function chartPart(tasks: readonly ReportDocumentTask[]): Promise<WordBlock[]> {
  const blocks: WordBlock[] = [];
  for (const chart of goalReportCharts(tasks)) {
    if (!chart.option) {
      blocks.push(text(`${chart.title}：暂无数据`));
      continue;
    }
    blocks.push(await chartParagraph(chart.title, chart.option));
  }
  return blocks;
}

/** Builds the Word document: cover, outline of the template, overview, then every task in catalog order. */
export async function buildReportDocument(
  data: ReportDocumentData,
  onStep: (done: number, total: number) => Promise<void> = async () => {},
): Promise<Buffer> {
  const done = data.tasks.filter((t) => t.state === 'done').length;
  const body: WordBlock[] = [];
  let part = 0;
  const partTitle = (title: string) => `${CHINESE_NUMBERS[part++] ?? part}、${title}`;

  // The report opens on the page after 目录.
  const opening = { pageBreakBefore: true };
  if (data.outline?.sections.length) {
    body.push(heading(partTitle(`报告提纲（${data.outline.name}）`), HeadingLevel.HEADING_1, opening));
    data.outline.sections.forEach((s, i) => {
      body.push(text(`${i + 1}. ${s}`));
    });
  }
  body.push(
    heading(partTitle('总体情况'), HeadingLevel.HEADING_1, body.length ? {} : opening),
    facts([
      ['年度目标', data.yearTargetName],
      ['年度', String(data.cycleYear)],
      ['目标说明', data.description || '—'],
      ['任务数', String(data.tasks.length)],
      ['已完成任务数', String(done)],
      ['自评等级', levelText(data.levelSelf)],
    ]),
    ...(await chartPart(data.tasks)),
    heading(partTitle('任务一览'), HeadingLevel.HEADING_1),
    data.tasks.length
      ? table(
          ['序号', '任务名称', '类型', '责任部门', '负责人', '进度状态', '自评等级'],
          data.tasks.map((t, i) => [
            String(i + 1),
            t.name,
            TASK_TYPE_LABELS[t.type],
            t.departmentName,
            t.principalName,
            SCHEDULE_STATUS_LABELS[t.scheduleStatus],
            levelText(t.levelSelf),
          ]),
          [8, 30, 8, 16, 12, 12, 14],
        )
      : text('暂无任务'),
    heading(partTitle('任务详情'), HeadingLevel.HEADING_1),
  );
  for (const [i, task] of data.tasks.entries()) {
    body.push(...taskPart(task, `${i + 1}.`));
    await onStep(i + 1, data.tasks.length);
  }

  const document = reportDocument({
    title: `${data.subjectName}目标报告`,
    creator: data.cover.schoolName,
    cover: coverPage(data),
    body,
  });
  return Packer.toBuffer(document);
}
