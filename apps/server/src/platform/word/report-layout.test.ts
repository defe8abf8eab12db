import { HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { docxParts, headingParagraphs } from '../../../test/docx-parts.ts';
import { reportDocument, wordHeading } from './report-layout.ts';

async function sample() {
  const doc = reportDocument({
    title: '示例报告',
    creator: '示范学院',
    cover: [new Paragraph({ children: [new TextRun('封面标题')] })],
    body: [
      wordHeading('一、报告信息', HeadingLevel.HEADING_1, { pageBreakBefore: true }),
      new Paragraph('正文'),
      wordHeading('1. 目标监测', HeadingLevel.HEADING_2),
      new Paragraph('正文二'),
    ],
  });
  return docxParts(await Packer.toBuffer(doc));
}

describe('reportDocument', () => {
  it('numbers every page but the cover 第 X 页 / 共 Y 页 in the footer', async () => {
    const { document, footers } = await sample();
    expect(footers).toHaveLength(2);
    const numbered = footers.filter((f) => f.includes('PAGE'));
    expect(numbered).toHaveLength(1);
    expect(numbered[0]).toContain('第 ');
    expect(numbered[0]).toMatch(/<w:instrText[^>]*>\s*PAGE\s*<\/w:instrText>/);
    expect(numbered[0]).toMatch(/<w:instrText[^>]*>\s*NUMPAGES\s*<\/w:instrText>/);
    // The cover's page takes the first-page footer, the empty one.
    const sections = document.match(/<w:sectPr[\s\S]*?<\/w:sectPr>/g) ?? [];
    expect(sections).toHaveLength(1);
    expect(sections[0]).toContain('<w:titlePg/>');
    expect(sections[0]).toMatch(/footerReference w:type="first"/);
    expect(sections[0]).toMatch(/footerReference w:type="default"/);
  });

  it('writes 目录 as a TOC field with an entry for every heading, updated when Word opens it', async () => {
    const { document, settings } = await sample();
    expect(document).toContain('目录');
    expect(document).toMatch(/<w:instrText[^>]*>TOC \\h \\o &quot;1-3&quot;/);
    const toc = document.slice(document.indexOf('<w:sdt>'), document.indexOf('</w:sdt>'));
    expect(toc).toContain('一、报告信息');
    expect(toc).toContain('1. 目标监测');
    expect(settings).toMatch(/<w:updateFields( w:val="true")?\/>/);
  });

  it('keeps every heading with the next paragraph, and opens the body on a new page', async () => {
    const { document } = await sample();
    const headings = headingParagraphs(document);
    expect(headings.map((h) => h.text)).toEqual(['一、报告信息', '1. 目标监测']);
    for (const h of headings) {
      expect(h.xml).toContain('<w:keepNext/>');
      expect(h.xml).toContain('<w:keepLines/>');
    }
    expect(headings[0]!.xml).toContain('<w:pageBreakBefore/>');
    expect(headings[1]!.xml).not.toContain('<w:pageBreakBefore/>');
    // Two forced breaks only, 目录 and the body's start; no page break run leaves a page half empty.
    expect(document.match(/<w:pageBreakBefore\/>/g)).toHaveLength(2);
    expect(document).not.toContain('w:type="page"');
  });
});
