// @vitest-environment happy-dom
import type { ComputedWhyWire } from '@eduqa/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { render, wait } from '../../../shared/testing/dom.tsx';
import { lineage, why } from './why-panel.fixtures.wire.ts';
import { WhyView } from './why-panel.tsx';

async function show(data: ComputedWhyWire) {
  const view = await render(<WhyView data={data} />);
  await wait(10);
  return view.container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('WhyView', () => {
  it('shows the result, the current algorithm version and the note on an older version', async () => {
    const text = (await show(why({}))).textContent ?? '';
    expect(text).toContain('科研得分（当前版本 3）');
    expect(text).toContain('当前结果由版本 2 计算');
    expect(text).toContain('李老师');
  });

  it('names the algorithm, version and data source of a computed sample, and the address of an interface one', async () => {
    const container = await show(
      why({
        lineage: [
          lineage({ sampleId: 'a' }),
          lineage({
            sampleId: 'b',
            cycleKey: '2026-01',
            method: 'interface',
            endpointUrl: 'https://x.example/api',
          }),
        ],
      }),
    );
    const rows = [...container.querySelectorAll('tbody tr.ant-table-row')].map((r) => r.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('科研得分 · 版本 2 · 内置数据库');
    expect(rows[1]).toContain('接口 https://x.example/api');
  });

  it('shows dashes for a point reported by hand, which has no algorithm', async () => {
    const container = await show(
      why({
        collectionMethod: 'report',
        result: null,
        grade: null,
        lineage: [],
        algorithm: null,
        note: '该质控点为手工填报，结果由填报人录入，没有算法来源',
      }),
    );
    const text = container.textContent ?? '';
    expect(text).toContain('手工填报');
    expect(container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(0);
    expect(text).not.toContain('当前版本');
  });
});
