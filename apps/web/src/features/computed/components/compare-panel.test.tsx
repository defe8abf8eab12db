// @vitest-environment happy-dom
import {
  type ComputedCompareWire,
  type ComputedTaskPointWire,
  computedEndpoints as E,
  type Endpoint,
} from '@eduqa/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, typeInto, until, wait } from '../../../shared/testing/dom.tsx';
import { ComparePanel } from './compare-panel.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

const points: ComputedTaskPointWire[] = [
  { zkdid: 'p1', pointName: '科研得分', collectionMethod: 'algorithm', resultGroupId: 'g1' },
  { zkdid: 'p2', pointName: '学生投诉次数', collectionMethod: 'interface', resultGroupId: null },
];
const answer: ComputedCompareWire = {
  fromVersion: 1,
  toVersion: 2,
  cycleKey: '2026-02',
  objectCount: 3,
  changes: [
    {
      zgzkdid: 'ap1',
      objectName: '王老师',
      objectCode: 'T01',
      fromValue: '78',
      toValue: '91',
      fromGrade: 'B',
      toGrade: 'A',
      gradeChanged: true,
    },
  ],
};

beforeEach(() => {
  api.call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === E.taskPoints) return points;
    if (endpoint === E.compare) return answer;
    throw new Error(endpoint.path);
  });
});
let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

async function open() {
  const view = await renderWithQueries(<ComparePanel taskId="t1" />);
  cleanup = view.unmount;
  await until(() => api.call.mock.calls.length > 0);
  await wait(30);
  return view.container;
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const compares = () => api.call.mock.calls.filter(([endpoint]) => endpoint === E.compare);
async function openPointSelect() {
  await act(async () => {
    document
      .querySelector('#pointId')
      ?.closest('.ant-select')
      ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await until(() => document.querySelector('.ant-select-item-option') !== null);
  return [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
}
async function compare() {
  await click(byText(document.body, 'button', '对比'));
  await until(() => errors().length > 0 || document.querySelector('.ant-alert') !== null);
}

describe('ComparePanel', { timeout: 20_000 }, () => {
  it('offers only the task’s points with a result algorithm, and sends nothing without point and versions', async () => {
    await open();
    expect(api.call).toHaveBeenCalledWith(E.taskPoints, { query: { rwid: 't1' } });
    expect((await openPointSelect()).map((o) => o.textContent)).toEqual(['科研得分']);
    await compare();
    expect(errors()).toEqual(['请选择质控点', '请输入原版本', '请输入新版本']);
    expect(compares()).toHaveLength(0);
  });

  it('compares two versions and lists the objects whose result or grade would change', async () => {
    const container = await open();
    await click((await openPointSelect())[0] ?? null);
    await typeInto(document.querySelector('#fromVersion'), '1');
    await typeInto(document.querySelector('#toVersion'), '2');
    await compare();
    expect(compares().map(([, args]) => args)).toEqual([
      { body: { rwid: 't1', zkdid: 'p1', fromVersion: 1, toVersion: 2 }, json: true },
    ]);
    expect(container.querySelector('.ant-alert')?.textContent).toBe(
      '周期 2026-02：3 个对象中有 1 个的结果或等级会变化（版本 1 → 2）',
    );
    const row = container.querySelector('tbody tr.ant-table-row')?.textContent ?? '';
    expect(row).toContain('王老师（T01）');
    expect(row).toContain('78（B）');
    expect(row).toContain('91（A）');
    expect(row).toContain('等级变化');
  });
});
