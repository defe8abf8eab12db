import { describe, expect, it } from 'vitest';
import { reportView } from '../testing/report-fixture.ts';
import { type PrintTables, printHeadings } from './report-print-page.tsx';

const page = (total: number) => ({ records: [], total, current: 1, pages: 1, size: 2000 });

describe('printHeadings', () => {
  it('lists the parts, the sections and their tables in the Word document’s order and words', () => {
    const tables: PrintTables = { points: page(40), below: page(7), unfinished: page(0), warnings: page(3) };
    const headings = printHeadings(reportView(), tables);
    expect(headings.map((h) => `${h.level} ${h.text}`)).toEqual([
      '1 一、报告信息',
      '1 二、总体概况',
      '2 1. 质控点分析',
      '3 目标监测统计（共40条）',
      '3 未达标指标统计（共7条）',
      '2 2. 预警分析',
      '3 预警记录（共3条）',
      '1 三、评审意见',
    ]);
    // Each heading is an anchor 目录 links to: no two alike.
    expect(new Set(headings.map((h) => h.id)).size).toBe(headings.length);
  });
});
