/**
 * The Word document of a quality report (质量报告, spec 2 §2.7): cover, header (task items, principal,
 * report time, score, seals), the overview's numbered sections — narrative, charts as PNG images, the
 * tables their counts open, 改进成效 and 自我诊断总结 — and the review opinions. The caller gathers
 * everything; this module only lays it out, in the fonts and table style of the target report
 * (goals/goal-reports.document.ts).
 */
import {
  DATA_TYPES,
  type DataType,
  effectiveValue,
  formatScore,
  formatValue,
  IMPROVEMENT_TREND_LABELS,
  type Improvement,
  QUALITY_REPORT_SCOPE_LABELS,
  type QualityRow,
  REPORT_CHART_EMPTY,
  REPORT_TABLE_LABELS,
  RESULT_SOURCE_LABELS,
  REVIEW_KIND_LABELS,
  REVIEW_RESULT_LABELS,
  type ReportReview,
  type ReportSection,
  type ReportTable,
  type ReportView,
  SCORE_FIGURE,
  SEAL_KIND_LABELS,
  type SealKind,
  sectionCharts,
  type WarningRow,
} from '@eduqa/contract';
import {
  AlignmentType,
  BorderStyle,
  HeadingLevel,
  ImageRun,
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
import { chartParagraph } from './report-charts.render.ts';

export interface SealImage {
  bytes: Buffer;
  type: 'png' | 'jpg';
}

export interface QualityReportDocumentInput {
  view: ReportView;
  cover: { title: string; subtitle: string; schoolName: string } | null;
  seals: { expert: SealImage | null; school: SealImage | null };
  tables: { points: QualityRow[]; below: QualityRow[]; unfinished: QualityRow[]; warnings: WarningRow[] };
  reviews: ReportReview[];
}

const border = { style: BorderStyle.SINGLE, size: 4, color: '999999' };
const borders = { top: border, bottom: border, left: border, right: border };
const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const noBorders = { top: none, bottom: none, left: none, right: none };
/** A seal's longer side in the document, in pixels at 96 to the inch (about 3.2 cm). */
const SEAL_SIZE = 120;
const NO_VALUE = '—';
const CHINESE_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** Runs of the text's lines, a line break between them. */
const runs = (value: string, options: { bold?: boolean; size?: number } = {}) =>
  wordText(value)
    .split(/\r\n|\r|\n/)
    .map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : 0, ...options }));

/**
 * Borders, cell margins and the table text size are the table's and its paragraph style's, not each
 * cell's: a 2,000-row report has some 20,000 cells, and per-cell properties tripled its XML, its memory and
 * its time.
 */
const TABLE_TEXT = 'ReportTableText';
const tableFrame = {
  width: { size: 100, type: WidthType.PERCENTAGE },
  borders: { ...borders, insideHorizontal: border, insideVertical: border },
  margins: { top: 40, bottom: 40, left: 80, right: 80 },
} as const;

function cell(value: string, options: { header?: boolean; width?: number } = {}) {
  return new TableCell({
    ...(options.width ? { width: { size: options.width, type: WidthType.PERCENTAGE } } : {}),
    ...(options.header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'E8EEF8' } } : {}),
    children: [
      new Paragraph({ style: TABLE_TEXT, children: runs(value, options.header ? { bold: true } : {}) }),
    ],
  });
}

function table(header: readonly string[], rows: readonly string[][], widths: readonly number[]) {
  return new Table({
    ...tableFrame,
    rows: [
      new TableRow({
        tableHeader: true,
        children: header.map((h, i) => cell(h, { header: true, width: widths[i]! })),
      }),
      ...rows.map((r) => new TableRow({ cantSplit: true, children: r.map((v) => cell(v)) })),
    ],
  });
}

/** A two-column table of label and value. */
function facts(pairs: [string, string][]) {
  return new Table({
    ...tableFrame,
    rows: pairs.map(
      ([label, value]) =>
        new TableRow({ children: [cell(label, { header: true, width: 22 }), cell(value, { width: 78 })] }),
    ),
  });
}

/** A paragraph; a bold one labels what follows it, so it is kept on that block's page. */
const text = (value: string, options: { bold?: boolean } = {}) =>
  new Paragraph({ spacing: { after: 120 }, keepNext: options.bold ?? false, children: runs(value, options) });
const heading = wordHeading;
const centred = (value: string, size: number, options: { bold?: boolean; before?: number } = {}) =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { before: options.before ?? 0, after: 240 },
    children: [
      new TextRun({ text: wordText(value), size, bold: options.bold ?? false, font: WORD_HEADING_FONT }),
    ],
  });

// ------------------------------------------------------------------------------------------ values

const isDataType = (value: string): value is DataType => (DATA_TYPES as readonly string[]).includes(value);

/** A point's value as the screens show it (spec 2 §5): float with two decimals, percent with %. */
function shown(dataType: string, raw: string | null): string {
  if (raw === null || raw.trim() === '') return NO_VALUE;
  return isDataType(dataType) ? formatValue(dataType, raw) || NO_VALUE : raw;
}
const orNone = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' ? NO_VALUE : value;
/** The indicators above a point, level 1 first. */
const indicatorOf = (row: QualityRow) => row.indicatorPath.map((n) => n.name).join(' / ') || NO_VALUE;
const targetOf = (row: QualityRow) => shown(row.dataType, effectiveValue(row.target, row.revisedTarget));
const resultOf = (row: QualityRow) => shown(row.dataType, effectiveValue(row.result, row.revisedResult));

/** The columns of each statistics table, in the spirit of spec 2 §2.1–2.3, with their widths in percent. */
const TABLE_COLUMNS = {
  points: {
    header: [
      '序号',
      '指标',
      '质控点',
      '诊断对象',
      '标准值',
      '目标值',
      '本次结果',
      '本次等级',
      '结果来源',
      '上次结果',
      '上次等级',
    ],
    widths: [5, 14, 15, 11, 8, 8, 8, 7, 9, 8, 7],
    row: (r: QualityRow, i: number) => [
      String(i + 1),
      indicatorOf(r),
      r.name,
      r.objectName,
      shown(r.dataType, r.standardValue),
      targetOf(r),
      resultOf(r),
      orNone(r.grade),
      RESULT_SOURCE_LABELS[r.resultSource],
      shown(r.dataType, r.previousResult),
      orNone(r.previousGrade),
    ],
  },
  below: {
    header: [
      '序号',
      '质控点',
      '诊断对象',
      '诊断标准',
      '目标值',
      '本次结果',
      '本次等级',
      '上次结果',
      '原因分析',
      '改进措施',
    ],
    widths: [6, 13, 11, 14, 8, 8, 7, 8, 12, 13],
    row: (r: QualityRow, i: number) => [
      String(i + 1),
      r.name,
      r.objectName,
      orNone(r.diagnosticStandard),
      targetOf(r),
      resultOf(r),
      orNone(r.grade),
      shown(r.dataType, r.previousResult),
      orNone(r.cause),
      orNone(r.measure),
    ],
  },
  unfinished: {
    header: ['序号', '指标', '质控点', '诊断对象', '负责人', '标准值', '目标值', '上次结果', '上次等级'],
    widths: [6, 18, 18, 14, 10, 9, 9, 9, 7],
    row: (r: QualityRow, i: number) => [
      String(i + 1),
      indicatorOf(r),
      r.name,
      r.objectName,
      orNone(r.chargerName),
      shown(r.dataType, r.standardValue),
      targetOf(r),
      shown(r.dataType, r.previousResult),
      orNone(r.previousGrade),
    ],
  },
  warnings: {
    header: [
      '序号',
      '质控点',
      '诊断对象',
      '预警值',
      '原因分析',
      '处理措施',
      '预警次数',
      '处理次数',
      '处理人',
    ],
    widths: [6, 15, 12, 9, 17, 17, 8, 8, 8],
    row: (r: WarningRow, i: number) => [
      String(i + 1),
      r.pointName,
      r.objectName,
      shown(r.dataType, r.warningValue),
      orNone(r.cause),
      orNone(r.measure),
      String(r.allCount),
      String(r.handledCount),
      orNone(r.handlerName),
    ],
  },
} as const;

/** The statistics tables each section carries: the ones its narrative's counts open. */
const SECTION_TABLES: Record<ReportSection, ReportTable[]> = {
  points: ['points', 'below'],
  completion: ['unfinished'],
  warnings: ['warnings'],
  improvement: [],
  explain: [],
};

function statisticsTable(key: ReportTable, tables: QualityReportDocumentInput['tables']) {
  const title = heading(`${REPORT_TABLE_LABELS[key]}（共${tables[key].length}条）`, HeadingLevel.HEADING_3);
  if (tables[key].length === 0) return [title, text('暂无数据')];
  const body =
    key === 'warnings'
      ? tables.warnings.map(TABLE_COLUMNS.warnings.row)
      : tables[key].map(TABLE_COLUMNS[key].row);
  return [title, table(TABLE_COLUMNS[key].header, body, TABLE_COLUMNS[key].widths)];
}

function improvementTable(items: readonly Improvement[]) {
  if (items.length === 0) return [text('暂无数据')];
  return [
    table(
      ['序号', '质控点', '诊断对象', '上期结果', '本期结果', '变化', '改进措施'],
      items.map((m, i) => [
        String(i + 1),
        m.pointName,
        m.objectName,
        orNone(m.lastValue),
        orNone(m.currentValue),
        IMPROVEMENT_TREND_LABELS[m.trend],
        orNone(m.measure),
      ]),
      [6, 18, 14, 11, 11, 8, 32],
    ),
  ];
}

// ------------------------------------------------------------------------------------------ images

/** Width and height of a PNG or JPEG from its header; null when the header cannot be read. */
function imageSize(bytes: Buffer, type: SealImage['type']): { width: number; height: number } | null {
  if (type === 'png') {
    return bytes.length >= 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null;
  }
  // JPEG: walk the segments to the first start-of-frame (C0–CF but C4 DHT, C8 JPG, CC DAC).
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

function sealRun(seal: SealImage, kind: SealKind) {
  const size = imageSize(seal.bytes, seal.type);
  const scale = size && size.width > 0 && size.height > 0 ? SEAL_SIZE / Math.max(size.width, size.height) : 1;
  return new ImageRun({
    type: seal.type,
    data: seal.bytes,
    transformation: {
      width: size ? Math.max(1, Math.round(size.width * scale)) : SEAL_SIZE,
      height: size ? Math.max(1, Math.round(size.height * scale)) : SEAL_SIZE,
    },
    altText: {
      name: SEAL_KIND_LABELS[kind],
      description: SEAL_KIND_LABELS[kind],
      title: SEAL_KIND_LABELS[kind],
    },
  });
}

/** The seals side by side, each over its label, in a table without borders. */
function sealsRow(seals: QualityReportDocumentInput['seals']) {
  const present = (['expert', 'school'] as const).flatMap((kind) => {
    const seal = seals[kind];
    return seal ? [{ kind, seal }] : [];
  });
  if (present.length === 0) return [];
  return [
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      borders: { ...noBorders, insideHorizontal: none, insideVertical: none },
      rows: [
        new TableRow({
          children: present.map(
            ({ kind, seal }) =>
              new TableCell({
                borders: noBorders,
                width: { size: 100 / present.length, type: WidthType.PERCENTAGE },
                children: [
                  new Paragraph({ alignment: AlignmentType.CENTER, children: [sealRun(seal, kind)] }),
                  new Paragraph({ alignment: AlignmentType.CENTER, children: runs(SEAL_KIND_LABELS[kind]) }),
                ],
              }),
          ),
        }),
      ],
    }),
  ];
}

// ------------------------------------------------------------------------------------------ parts

function coverPage(input: QualityReportDocumentInput) {
  const { view, cover } = input;
  return [
    ...(cover?.schoolName ? [centred(cover.schoolName, 36, { bold: true, before: 2400 })] : []),
    centred(cover?.title || view.name, 52, { bold: true, before: cover?.schoolName ? 600 : 3000 }),
    ...(cover && cover.title !== view.name ? [centred(view.name, 36, { before: 240 })] : []),
    ...(cover?.subtitle ? [centred(cover.subtitle, 28)] : []),
    centred(`${QUALITY_REPORT_SCOPE_LABELS[view.scope]}：${view.subjectName}`, 28, { before: 1800 }),
    centred(`报告时间：${view.header.reportTime}`, 28),
  ];
}

function headerPart(input: QualityReportDocumentInput, partTitle: (title: string) => string) {
  const { header, score } = input.view;
  const items = header.items;
  return [
    // The report opens on the page after 目录.
    wordHeading(partTitle('报告信息'), HeadingLevel.HEADING_1, { pageBreakBefore: true }),
    facts([
      ['报告名称', input.view.name],
      ['诊断任务', input.view.taskName],
      [QUALITY_REPORT_SCOPE_LABELS[input.view.scope], input.view.subjectName],
      ['负责人', orNone(header.principal)],
      ['报告时间', header.reportTime],
      ...(score === null ? [] : ([[SCORE_FIGURE.name, formatScore(score)]] as [string, string][])),
    ]),
    text(
      header.itemCount > items.length
        ? `任务项（共${header.itemCount}项，列出前${items.length}项）`
        : `任务项（共${items.length}项）`,
      { bold: true },
    ),
    items.length
      ? table(
          // 序号 and name identify an item to a reader; the object task's id is for the API, not the page.
          ['序号', '任务项', '负责人'],
          items.map((item, i) => [String(i + 1), item.name, orNone(item.person)]),
          [10, 66, 24],
        )
      : text('暂无任务项'),
    ...sealsRow(input.seals),
  ];
}

function reviewsPart(reviews: readonly ReportReview[]) {
  if (reviews.length === 0) return [text('暂无评审意见')];
  return [
    table(
      ['类型', '评审人', '轮次', '结果', '得分', '意见', '时间'],
      reviews.map((r) => [
        REVIEW_KIND_LABELS[r.kind],
        r.reviewerName,
        String(r.round),
        r.result ? REVIEW_RESULT_LABELS[r.result] : NO_VALUE,
        r.score === null ? NO_VALUE : r.score.toFixed(2),
        orNone(r.opinion),
        r.createdAt,
      ]),
      [10, 12, 7, 9, 8, 36, 18],
    ),
  ];
}

/**
 * Builds the document. `onProgress` hears whole percentages (0–100) as the charts are drawn — they take
 * most of the time — and once more before the file is packed.
 */
export async function buildQualityReportDocument(
  input: QualityReportDocumentInput,
  onProgress: (p: number) => Promise<void> = async () => {},
): Promise<Buffer> {
  const { view } = input;
  let part = 0;
  const partTitle = (title: string) => `${CHINESE_NUMBERS[part++] ?? part}、${title}`;
  const body: WordBlock[] = [...headerPart(input, partTitle)];

  const charts = view.sections.map((s) => sectionCharts(s.key, view.overview));
  const chartCount = charts.reduce((n, list) => n + list.filter((c) => c.option).length, 0);
  let drawn = 0;

  body.push(heading(partTitle('总体概况'), HeadingLevel.HEADING_1));
  if (view.sections.length === 0) body.push(text('暂无数据'));
  for (const [i, section] of view.sections.entries()) {
    body.push(heading(`${section.number}. ${section.title}`, HeadingLevel.HEADING_2));
    // One run, so the narrative reads in document.xml exactly as on the screen.
    const narrative = section.narrative.map((s) => s.text).join('');
    if (narrative) body.push(text(narrative));
    for (const chart of charts[i]!) {
      if (!chart.option) {
        body.push(text(`${chart.title}：${REPORT_CHART_EMPTY}`));
        continue;
      }
      body.push(await chartParagraph(chart.title, chart.option));
      drawn += 1;
      await onProgress(Math.round((drawn / Math.max(chartCount, 1)) * 80));
    }
    for (const key of SECTION_TABLES[section.key]) body.push(...statisticsTable(key, input.tables));
    if (section.key === 'improvement') body.push(...improvementTable(view.improvements));
    if (section.key === 'explain') {
      if (view.explains.length === 0) body.push(text('暂无数据'));
      view.explains.forEach((item, j) => {
        body.push(text(`（${j + 1}）${item.name}`, { bold: true }), text(item.text));
      });
    }
  }

  body.push(heading(partTitle('评审意见'), HeadingLevel.HEADING_1), ...reviewsPart(input.reviews));
  await onProgress(90);

  const document = reportDocument({
    title: view.name,
    creator: input.cover?.schoolName || view.creatorName,
    cover: coverPage(input),
    body,
    // 9 pt keeps a ten-column table readable on a portrait page.
    paragraphStyles: [{ id: TABLE_TEXT, name: '报告表格文字', run: { size: 18 } }],
  });
  const buffer = await Packer.toBuffer(document);
  await onProgress(100);
  return buffer;
}
