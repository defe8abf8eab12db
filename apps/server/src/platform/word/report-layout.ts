/**
 * The page layout both report documents share (quality reports, reports/report-word.ts, and goal reports,
 * goals/goal-reports.document.ts): a cover on a page of its own, then 目录 and the body, numbered
 * 第 X 页 / 共 Y 页 in the footer, headings kept with what follows them.
 *
 * The 目录 is a real TOC field over the three heading styles, written with an entry for every heading (docx
 * fills them in from the headings, each linked to its heading) so it lists the report even where fields are
 * never updated (LibreOffice, a phone's viewer). `updateFields` asks Word to update it, page numbers and all,
 * when the document is opened. The page numbers are not written with it: docx's estimator (docx/layout) lays
 * Chinese text out in the wrong font metrics — tried on a 14-page report it was up to two pages off what
 * LibreOffice drew, and a wrong number in a report handed in is worse than none.
 */
import {
  AlignmentType,
  Document,
  Footer,
  type HeadingLevel,
  type ISectionOptions,
  PageNumber,
  Paragraph,
  type Table,
  TableOfContents,
  TextRun,
} from 'docx';

export const WORD_FONT = {
  ascii: 'Times New Roman',
  hAnsi: 'Times New Roman',
  eastAsia: '宋体',
  cs: 'Times New Roman',
};
export const WORD_HEADING_FONT = { ascii: 'Arial', hAnsi: 'Arial', eastAsia: '黑体', cs: 'Arial' };
export const CONTENTS_TITLE = '目录';

type HeadingLevelValue = (typeof HeadingLevel)[keyof typeof HeadingLevel];
export type WordBlock = Paragraph | Table | TableOfContents;

/**
 * Without C0 controls but tab and line breaks: they are not allowed in XML, and one would make the whole
 * document unreadable to Word. Entry points refuse them; data collected or imported may still hold one.
 */
export const wordText = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

/** A heading that never ends a page alone: kept on the page of the paragraph after it, its lines together. */
export const wordHeading = (
  value: string,
  level: HeadingLevelValue,
  options: { pageBreakBefore?: boolean } = {},
) =>
  new Paragraph({
    heading: level,
    keepNext: true,
    keepLines: true,
    pageBreakBefore: options.pageBreakBefore ?? false,
    spacing: { before: 240, after: 120 },
    children: [new TextRun(wordText(value))],
  });

/**
 * 目录 on a page of its own. The title is not a heading, so the table does not list itself.
 */
function contentsPage(): WordBlock[] {
  return [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      pageBreakBefore: true,
      spacing: { after: 240 },
      children: [new TextRun({ text: CONTENTS_TITLE, bold: true, size: 32, font: WORD_HEADING_FONT })],
    }),
    new TableOfContents(CONTENTS_TITLE, { hyperlink: true, headingStyleRange: '1-3' }),
  ];
}

/**
 * 第 X 页 / 共 Y 页 over every page of the document: the cover is counted but shows no footer. (SECTIONPAGES
 * would leave the cover out of the count, but LibreOffice and WPS leave it blank.)
 */
function pageFooter() {
  return new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new TextRun({
            size: 18,
            children: ['第 ', PageNumber.CURRENT, ' 页 / 共 ', PageNumber.TOTAL_PAGES, ' 页'],
          }),
        ],
      }),
    ],
  });
}

/**
 * One section: the cover on the first page (its own, empty footer), 目录 from the second, the body from the
 * page after 目录 (the body's first heading has `pageBreakBefore`). Only these two breaks are forced.
 */
function reportSections(cover: WordBlock[], body: WordBlock[]): ISectionOptions[] {
  return [
    {
      properties: { titlePage: true },
      footers: { default: pageFooter(), first: new Footer({ children: [new Paragraph('')] }) },
      children: [...cover, ...contentsPage(), ...body],
    },
  ];
}

/** The document: its styles (body, headings, table text), the cover, 目录 and body, fields updated on open. */
export function reportDocument(input: {
  title: string;
  creator: string;
  cover: WordBlock[];
  body: WordBlock[];
  paragraphStyles?: { id: string; name: string; run: { size: number } }[];
}): Document {
  return new Document({
    title: input.title,
    creator: input.creator,
    features: { updateFields: true },
    styles: {
      default: {
        document: { run: { font: WORD_FONT, size: 22 } },
        heading1: { run: { font: WORD_HEADING_FONT, size: 32, bold: true } },
        heading2: { run: { font: WORD_HEADING_FONT, size: 28, bold: true } },
        heading3: { run: { font: WORD_HEADING_FONT, size: 24, bold: true } },
      },
      paragraphStyles: input.paragraphStyles ?? [],
    },
    sections: reportSections(input.cover, input.body),
  });
}
