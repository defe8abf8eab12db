// @vitest-environment happy-dom
import type { TargetBand } from '@eduqa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { TargetBandPanel } from './target-band-panel.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../../shared/ui/feedback.tsx', async (original) => ({
  ...(await original<typeof import('../../../shared/ui/feedback.tsx')>()),
  notify: toast,
}));
vi.mock('../../../shared/charts/lazy-chart.tsx', () => ({
  LazyChart: ({ option }: { option: { series: Array<{ name: string }> } | null }) => (
    <div data-chart={option ? option.series.map((s) => s.name).join(',') : 'none'} />
  ),
}));
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

const ANSWER: TargetBand = {
  point: {
    id: 'p1',
    name: '毕业生就业率',
    level: 'school',
    dataType: 'percent',
    direction: '>',
    calcMode: 'result',
    currentTarget: '80',
    warningMode: 'result',
    warningCondition: '<',
    warningValue: '60',
  },
  proposedTarget: '80',
  proposedValue: 80,
  band: {
    scope: 'level',
    indicator: { id: 'i1', name: '毕业去向落实率', unit: '%', direction: '>', tableKind: 'scorecard' },
    ownSchool: { code: 'own', name: '示范职业技术学院', province: '浙江省', level: '专科' },
    isDemo: true,
    emptyReason: null,
    years: [
      {
        year: 2025,
        p25: 69.5,
        p50: 77,
        p75: 84.5,
        p90: 89,
        count: 4,
        ownValue: 88,
        ownSource: 'result',
        ownPosition: 'p75to90',
      },
    ],
    reading: {
      year: 2025,
      targetPosition: 'p50to75',
      suggested: 'aboveP90',
      suggestedFrom: 89,
      suggestedTo: null,
      text: '拟定目标值位于2025年同类院校 P50–P75 区间；建议目标值落在同类院校 高于 P90 区间（不低于 89）。',
    },
  },
  simulation: {
    warningsFollowTarget: false,
    note: '预警按质控点的预警值判断，与目标值无关。',
    cycles: [
      {
        taskId: 't1',
        taskName: '2024年度学校质量诊断',
        period: '2024',
        endDate: '2024-12-31',
        closed: true,
        objectCount: 1,
        result: '78',
        grade: 'C',
        actualTargets: ['80'],
        actualBelowCount: 1,
        simulatedBelowCount: 0,
        unfinishedCount: 0,
        warningCount: 2,
        simulatedWarningCount: 2,
      },
      {
        taskId: 't2',
        taskName: '2026年度学校质量诊断',
        period: '2026',
        endDate: '2026-12-31',
        closed: false,
        objectCount: 1,
        result: '91',
        grade: 'A',
        actualTargets: ['85'],
        actualBelowCount: 0,
        simulatedBelowCount: 1,
        unfinishedCount: 0,
        warningCount: 0,
        simulatedWarningCount: 0,
      },
    ],
  },
};

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.call.mockReset();
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

/** The panel under a target input, as the point form places it. */
function Harness({ initial }: { initial: string }) {
  const [target, setTarget] = useState(initial);
  return (
    <>
      <input aria-label="标准值" value={target} onChange={(e) => setTarget(e.target.value)} />
      <TargetBandPanel pointId="p1" proposedTarget={target} />
    </>
  );
}

async function open(initial = '') {
  const view = await render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  await wait(350);
  return view.container;
}

const rows = (root: ParentNode) =>
  [...root.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );
const queries = () => api.call.mock.calls.map((c) => (c[1] as { query: Record<string, string> }).query);

describe('TargetBandPanel', () => {
  it('shows the band chart, the demo tag, the reading and the past cycles against the proposed target', async () => {
    api.call.mockResolvedValue(ANSWER);
    const container = await open();
    expect(queries()).toEqual([{ pointId: 'p1', scope: 'level' }]);
    expect(container.querySelector('[data-chart]')?.getAttribute('data-chart')).toBe(
      'base,range,P25,P50,P75,P90,本校,拟定目标',
    );
    expect(byText(container, '.ant-tag', '演示数据')).not.toBeNull();
    expect(container.textContent).toContain('建议目标值落在同类院校 高于 P90 区间（不低于 89）');
    expect(container.textContent).toContain('拟定目标值：80%（当前标准值）');
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      '周期',
      '实际结果',
      '实际目标',
      '按拟定目标是否达标',
      '实际是否达标',
      '预警次数（实际 / 拟定）',
    ]);
    expect(rows(container)).toEqual([
      ['2024', '78%', '80%', '达标', '未达标', '2 / 2'],
      ['2026进行中', '91%', '85%', '未达标', '达标', '0 / 0'],
    ]);
  });

  it('asks about a typed target once typing pauses for 300 ms', async () => {
    api.call.mockResolvedValue(ANSWER);
    const container = await open('80');
    expect(queries()).toEqual([{ pointId: 'p1', scope: 'level', target: '80' }]);
    const input = container.querySelector('input[aria-label="标准值"]');
    await typeInto(input, '9');
    await wait(100);
    await typeInto(input, '90');
    await wait(200);
    expect(queries()).toHaveLength(1);
    await wait(150);
    expect(queries()).toEqual([
      { pointId: 'p1', scope: 'level', target: '80' },
      { pointId: 'p1', scope: 'level', target: '90' },
    ]);
  });

  it('switches to the province scope', async () => {
    api.call.mockResolvedValue(ANSWER);
    const container = await open();
    await click(byText(container, '.ant-segmented-item', '同省同层次院校'));
    await wait(20);
    expect(queries().at(-1)).toEqual({ pointId: 'p1', scope: 'province' });
  });

  it('shows 暂无同类院校数据 with the reason when there is no band, and the cycles still', async () => {
    api.call.mockResolvedValue({
      ...ANSWER,
      band: {
        ...ANSWER.band,
        isDemo: false,
        years: [],
        reading: null,
        emptyReason: '该质控点尚未关联同类院校指标',
      },
    });
    const container = await open();
    expect(container.textContent).toContain('暂无同类院校数据');
    expect(container.textContent).toContain('该质控点尚未关联同类院校指标');
    expect(container.querySelector('[data-chart]')).toBeNull();
    expect(byText(container, '.ant-tag', '演示数据')).toBeNull();
    expect(rows(container)).toHaveLength(2);
  });

  it("shows the server's message for a target the point cannot hold", async () => {
    api.call.mockRejectedValue(new Error('拟定目标值格式不正确：请输入0到100之间的百分比'));
    const container = await open('120');
    expect(byText(container, '.ant-alert', '拟定目标值格式不正确：请输入0到100之间的百分比')).not.toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
