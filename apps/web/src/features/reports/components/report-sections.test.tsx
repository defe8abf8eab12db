// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render } from '../../../shared/testing/dom.tsx';
import { reportView } from '../testing/report-fixture.ts';
import { ReportSections } from './report-sections.tsx';

/** The tables talk to the server only through api.ts; these stand in for the answers. */
const api = vi.hoisted(() => ({ usePointTable: vi.fn(), useWarningTable: vi.fn(), useReportWhy: vi.fn() }));
vi.mock('../api.ts', () => ({
  usePointTable: api.usePointTable,
  useWarningTable: api.useWarningTable,
  useReportWhy: api.useReportWhy,
}));
// ECharts draws on a canvas happy-dom lacks; the chart's option builders have their own tests.
vi.mock('../../../shared/charts/lazy-chart.tsx', () => ({ LazyChart: () => <div data-chart /> }));

const page = (records: unknown[]) => ({ records, total: records.length, current: 1, pages: 1, size: 10 });

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.usePointTable.mockReset().mockReturnValue({
    data: page([
      {
        id: 'ap1',
        name: '专任教师双师比例',
        objectName: '计算机应用技术',
        indicatorPath: [{ id: 'i1', name: '师资队伍' }],
        connotation: '',
        standardValue: '60',
        target: '70',
        revisedTarget: null,
        result: '55',
        revisedResult: null,
        grade: 'C',
        previousResult: null,
        previousGrade: null,
        below: true,
        unfinished: false,
        collectionMethod: 'report',
      },
      {
        id: 'ap3',
        name: '生均教学科研仪器设备值',
        objectName: '计算机应用技术',
        indicatorPath: [{ id: 'i2', name: '办学条件' }],
        connotation: '',
        standardValue: '5000',
        target: '6000',
        revisedTarget: null,
        result: '5200',
        revisedResult: null,
        grade: 'C',
        previousResult: null,
        previousGrade: null,
        below: true,
        unfinished: false,
        collectionMethod: 'algorithm',
      },
    ]),
    isFetching: false,
    isError: false,
  });
  api.useReportWhy.mockReset().mockReturnValue({
    isError: false,
    data: {
      result: '5200',
      grade: 'C',
      collectionMethod: 'algorithm',
      source: {
        kind: 'none',
        value: null,
        cycleKey: null,
        sampledAt: null,
        enteredBy: null,
        enteredAt: null,
        lineage: null,
      },
      rule: '',
      samples: [],
      lineage: [],
      algorithm: null,
      note: '当前结果由算法“仪器设备值”版本 2 计算',
    },
  });
  api.useWarningTable.mockReset().mockReturnValue({
    data: page([
      {
        assignedPointId: 'ap2',
        pointName: '生师比',
        objectName: '计算机应用技术',
        warningValue: '20',
        cause: null,
        measure: null,
        allCount: 3,
        handledCount: 1,
        handlerName: null,
      },
    ]),
    isFetching: false,
    isError: false,
  });
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function show() {
  const view = await render(
    <QueryClientProvider client={new QueryClient()}>
      <ReportSections view={reportView()} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  return view.container;
}

const modalTitle = () => document.querySelector('.ant-modal-title')?.textContent ?? null;

describe('the report narrative', () => {
  it('numbers the sections and keeps the narrative text in order', async () => {
    const container = await show();
    const titles = [...container.querySelectorAll('h4')].map((h) => h.textContent);
    expect(titles).toEqual(['1. 质控点分析', '2. 预警分析']);
    expect(container.querySelector('section')?.textContent).toContain(
      '本次诊断共监测质控点40个，未达标7个。',
    );
  });

  it('opens the below-standard table from its count, asking for that table', async () => {
    const container = await show();
    await click(byText(container, 'a', '7'));
    expect(modalTitle()).toBe('未达标指标统计');
    expect(api.usePointTable).toHaveBeenLastCalledWith({ reportId: 'r1', table: 'below', pageNum: 1 });
    expect(document.body.textContent).toContain('专任教师双师比例');
    expect(document.body.textContent).toContain('当前页2条，共2条');
  });

  it('opens where a computed point’s value came from, through the report', async () => {
    const container = await show();
    await click(byText(container, 'a', '7'));
    // A typed point is plain text; a computed one links to its lineage.
    expect(byText(document.body, 'a', '专任教师双师比例')).toBeNull();
    await click(byText(document.body, 'a', '生均教学科研仪器设备值'));
    expect(api.useReportWhy).toHaveBeenLastCalledWith('r1', 'ap3');
    expect(document.body.textContent).toContain('为什么是这个值：生均教学科研仪器设备值');
    expect(document.body.textContent).toContain('版本 2 计算');
  });

  it('opens the target monitoring table from the point count', async () => {
    const container = await show();
    await click(byText(container, 'a', '40'));
    expect(modalTitle()).toBe('目标监测统计');
    expect(api.usePointTable).toHaveBeenLastCalledWith({ reportId: 'r1', table: 'points', pageNum: 1 });
  });

  it('opens the warning records from the warned point count, not a point table', async () => {
    const container = await show();
    await click(byText(container, 'a', '3'));
    expect(modalTitle()).toBe('预警记录');
    expect(api.usePointTable).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('生师比');
  });

  it('leaves plain text unclickable', async () => {
    const container = await show();
    const links = [...container.querySelectorAll('a')].map((a) => a.textContent);
    expect(links).toEqual(['40', '7', '3']);
  });
});
