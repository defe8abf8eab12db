// @vitest-environment happy-dom
import {
  PEER_RANK_COLUMNS as C,
  type MeasureResult,
  measuresEndpoints,
  type PortraitWire,
  type ScreenOverview,
} from '@eduqa/contract';
import { QueryClient } from '@tanstack/react-query';
import type { EChartsOption } from 'echarts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries, until, wait } from '../../../shared/testing/dom.tsx';
import { screenKeys } from './api.ts';
import { DataScreenPage } from './data-screen-page.tsx';

// The chart stands in as a marker carrying how it would draw: merged into the old chart, animated or not.
vi.mock('../../../shared/charts/lazy-chart.tsx', () => ({
  LazyChart: ({ option, merge }: { option: EChartsOption | null; merge?: boolean }) => (
    <div data-chart data-merge={String(merge)} data-animation={String(option?.animation)} />
  ),
}));

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock(import('../../../shared/api/client.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  call: api.call,
}));

function overview(attainment: number, asOf: string): ScreenOverview {
  const measure = (over: Partial<MeasureResult> & Pick<MeasureResult, 'key' | 'shape'>): MeasureResult => ({
    label: over.key,
    asOf,
    ...over,
  });
  return {
    schoolName: '示例职业技术学院',
    asOf,
    measures: [
      measure({
        key: 'pointAttainment',
        shape: 'progress',
        value: attainment,
        categories: ['学校', '教师'],
        series: [{ name: '达标率', data: [attainment, 40] }],
        note: '2 个诊断任务',
      }),
      measure({
        key: 'warningsByLevel',
        shape: 'series',
        value: 1,
        categories: ['A级', 'B级'],
        series: [{ name: '预警数', data: [1, 0] }],
        note: '等级预警 1 条 / 全部预警 3 条',
      }),
      measure({
        key: 'warningsByKind',
        shape: 'series',
        value: 3,
        categories: ['等级预警', '结果值预警'],
        series: [{ name: '预警数', data: [1, 2] }],
        note: '当前诊断任务的预警记录 3 条',
      }),
      measure({
        key: 'warningsByMonth',
        shape: 'series',
        value: 3,
        categories: ['2026-02', '2026-03'],
        series: [
          { name: '新增预警', data: [1, 2] },
          { name: '已处理', data: [0, 1] },
        ],
      }),
      measure({
        key: 'goalCompletionByDepartment',
        shape: 'series',
        value: 50,
        categories: ['教务处'],
        series: [{ name: '完成率', data: [50] }],
      }),
      measure({
        key: 'collectionRate',
        shape: 'progress',
        value: 75,
        categories: ['填报', '算法'],
        series: [{ name: '质控点数', data: [1, 3] }],
      }),
      measure({
        key: 'peerRank',
        shape: 'table',
        columns: Object.values(C),
        rows: [{ [C.indicator]: '<b>就业率</b>', [C.unit]: '%', [C.value]: 90, [C.rank]: 2, [C.of]: 4 }],
        isDemo: true,
      }),
      measure({
        key: 'openTodos',
        shape: 'series',
        value: 5,
        categories: ['待填报的质控点', '待处理的督办'],
        series: [{ name: '待办数', data: [5, 0] }],
      }),
    ],
  };
}

const screen = (id: string, name: string): PortraitWire => ({
  id,
  type: 'screen',
  level: 'school',
  name,
  parentId: null,
  sort: 0,
  config: { measures: [], layout: 'schoolOverview' },
  roleIds: [],
  roleNames: [],
  createTime: '2026-03-01T00:00:00.000Z',
});

/** Answers of the overview, one per call, and of the granted screens. */
/** Made when asked for, so a queued failure is not an unhandled rejection while it waits. */
let overviews: Array<() => Promise<ScreenOverview>>;
let screens: PortraitWire[];
beforeEach(() => {
  overviews = [];
  screens = [];
  api.call.mockReset().mockImplementation((endpoint: unknown) => {
    if (endpoint === measuresEndpoints.screenOverview) {
      const next = overviews.shift();
      if (!next) throw new Error('no overview answer queued');
      return next();
    }
    return Promise.resolve(screens);
  });
});

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function show(client = new QueryClient()) {
  const view = await renderWithQueries(
    <MemoryRouter>
      <DataScreenPage />
    </MemoryRouter>,
    client,
  );
  cleanup = view.unmount;
  // The figures or the first load's failure: a fixed pause was too short on a busy machine.
  const { container } = view;
  await until(
    () => !!container.querySelector('section.ds-panel') || /加载失败/.test(container.textContent ?? ''),
  );
  return { container, client };
}

const panels = (root: HTMLElement) =>
  [...root.querySelectorAll('section.ds-panel')].map((s) => s.getAttribute('aria-label'));
const charts = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[data-chart]')];

describe('数据大屏', () => {
  it('draws every panel with the school name, the demo tag and data text as text', async () => {
    overviews.push(() => Promise.resolve(overview(50, '2026-03-15T04:00:00.000Z')));
    const { container } = await show();
    expect(panels(container)).toEqual([
      '质控点达标率',
      '自动采集率',
      '预警等级分布',
      '预警类型分布',
      '月度预警',
      '部门目标任务完成率',
      '同类院校排名',
      '我的待办',
    ]);
    // Levels and kinds are two figures, each saying what it counts.
    const note = (title: string) =>
      container.querySelector(`section[aria-label="${title}"] .ds-panel-note`)?.textContent;
    expect(note('预警等级分布')).toBe('等级预警 1 条 / 全部预警 3 条');
    expect(note('预警类型分布')).toBe('当前诊断任务的预警记录 3 条');
    expect(container.querySelector('h1')?.textContent).toContain('示例职业技术学院');
    expect(container.querySelector('h1')?.textContent).toContain('学校质量总览');
    expect(container.textContent).toContain('演示数据');
    // To-dos: the kinds with something to do only.
    expect(container.querySelector('.ds-todo-list')?.textContent).toBe('待填报的质控点5');
    // An indicator name from data is shown as text, never parsed as markup.
    expect(container.querySelector('.ds-rank b')).toBeNull();
    expect(container.querySelector('.ds-rank-name')?.textContent).toBe('<b>就业率</b>');
    expect(charts(container).every((c) => c.dataset.merge === 'true' && c.dataset.animation === 'true')).toBe(
      true,
    );
  });

  it('keeps the panels on screen while a refresh runs (no loading flash), then updates without animation', async () => {
    overviews.push(() => Promise.resolve(overview(50, '2026-03-15T04:00:00.000Z')));
    const { container, client } = await show();
    let answer: (o: ScreenOverview) => void = () => {};
    overviews.push(() => new Promise((resolve) => (answer = resolve)));
    void client.refetchQueries({ queryKey: screenKeys.overview });
    await wait(20);
    // Refetching: the old figures stay, no spinner replaces them.
    expect(client.isFetching({ queryKey: screenKeys.overview })).toBe(1);
    expect(panels(container)).toHaveLength(8);
    expect(container.querySelector('.ant-spin')).toBeNull();
    expect(container.textContent).toContain('2 个诊断任务');
    answer(overview(60, '2026-03-15T04:01:00.000Z'));
    await wait(20);
    expect(panels(container)).toHaveLength(8);
    expect(
      charts(container).every((c) => c.dataset.merge === 'true' && c.dataset.animation === 'false'),
    ).toBe(true);
  });

  it('keeps the last figures when a refresh fails, saying so', async () => {
    overviews.push(() => Promise.resolve(overview(50, '2026-03-15T04:00:00.000Z')));
    const { container, client } = await show();
    overviews.push(() => Promise.reject(new Error('网络错误')));
    await client.refetchQueries({ queryKey: screenKeys.overview }).catch(() => {});
    await wait(20);
    expect(panels(container)).toHaveLength(8);
    expect(container.textContent).toContain('刷新失败');
  });

  it('offers a screen selector only when several screens are granted', async () => {
    overviews.push(() => Promise.resolve(overview(50, '2026-03-15T04:00:00.000Z')));
    screens = [screen('s1', '学校质量总览（领导）')];
    const one = await show();
    expect(one.container.querySelector('[aria-label="选择大屏"]')).toBeNull();
    // Nothing to rotate through; 全屏 is there all the same.
    expect(one.container.querySelector('[aria-label="轮播"]')).toBeNull();
    expect(one.container.querySelector('button[aria-label="全屏"]')).not.toBeNull();
    expect(one.container.querySelector('h1')?.textContent).toContain('学校质量总览（领导）');
    cleanup?.();
    document.body.innerHTML = '';

    overviews.push(() => Promise.resolve(overview(50, '2026-03-15T04:00:00.000Z')));
    screens = [screen('s1', '甲屏'), screen('s2', '乙屏')];
    const two = await show();
    expect(two.container.querySelector('.ant-select')).not.toBeNull();
    expect(two.container.querySelector('[aria-label="轮播"]')?.getAttribute('aria-checked')).toBe('false');
    expect(two.container.querySelector('[aria-label="轮播间隔"]')).not.toBeNull();
    expect(two.container.querySelector('h1')?.textContent).toContain('甲屏');
  });

  it('shows the first load’s failure with 重试', async () => {
    overviews.push(() => Promise.reject(new Error('用户无权访问该资源')));
    const { container } = await show();
    expect(container.textContent).toContain('数据大屏加载失败');
    expect(container.textContent).toContain('重试');
  });
});
