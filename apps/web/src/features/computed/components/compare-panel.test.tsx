// @vitest-environment happy-dom
import {
  type ComputedCompareWire,
  type ComputedTaskPointWire,
  computedEndpoints as E,
  type Endpoint,
} from '@eduqa/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, tableCells, until, wait } from '../../../shared/testing/dom.tsx';
import { ComparePanel } from './compare-panel.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

const points: ComputedTaskPointWire[] = [
  {
    zkdid: 'p1',
    pointName: '科研得分',
    collectionMethod: 'algorithm',
    resultGroupId: 'g1',
    versions: [
      { version: 3, published: false, current: false, remark: '改口径' },
      { version: 2, published: true, current: true, remark: '' },
      { version: 1, published: true, current: false, remark: '' },
    ],
    cycleKeys: ['2025-09', '2025-10', '2025-11'],
  },
  {
    zkdid: 'p2',
    pointName: '学生投诉次数',
    collectionMethod: 'interface',
    resultGroupId: null,
    versions: [],
    cycleKeys: ['2025-11'],
  },
];
const answer: ComputedCompareWire = {
  fromVersion: 2,
  toVersion: 3,
  cycleKeys: ['2025-09', '2025-10', '2025-11'],
  objectCount: 2,
  comparedCount: 6,
  emptyCount: 2,
  changes: [
    {
      zgzkdid: 'ap1',
      objectName: '王老师',
      objectCode: 'T01',
      cycleKey: '2025-10',
      fromValue: '75',
      toValue: '35',
      fromGrade: 'B',
      toGrade: 'D',
      gradeChanged: true,
    },
    {
      zgzkdid: 'ap2',
      objectName: '李老师',
      objectCode: 'T02',
      cycleKey: '2025-09',
      fromValue: '60',
      toValue: null,
      fromGrade: 'C',
      toGrade: null,
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
/** Opens the form's select `id` and answers its options (antd keeps old dropdowns: the last one is this). */
async function optionsOf(id: string) {
  await act(async () => {
    document
      .querySelector(`#${id}`)
      ?.closest('.ant-select')
      ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await until(() => document.querySelector('.ant-select-item-option') !== null);
  await wait(30);
  const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].at(-1);
  return [...(open?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
}
const texts = (elements: readonly Element[]) => elements.map((e) => e.textContent);
/** The text a single select shows for its value. */
const chosen = (id: string) =>
  document.querySelector(`#${id}`)?.closest('.ant-select-content')?.getAttribute('title');
async function compare() {
  await click(byText(document.body, 'button', '对比'));
  await until(() => errors().length > 0 || document.querySelector('.ant-alert') !== null);
}

describe('ComparePanel', { timeout: 20_000 }, () => {
  it('offers only the task’s points with a result algorithm, and sends nothing without point and versions', async () => {
    await open();
    expect(api.call).toHaveBeenCalledWith(E.taskPoints, { query: { rwid: 't1' } });
    expect(texts(await optionsOf('pointId'))).toEqual(['科研得分']);
    await compare();
    expect(errors()).toEqual(['请选择质控点', '请选择原版本', '请选择新版本']);
    expect(compares()).toHaveLength(0);
  });

  it('picks the versions from the group’s list (current against the newest other), never typed', async () => {
    const container = await open();
    await click((await optionsOf('pointId'))[0] ?? null);
    await wait(30);
    expect(container.querySelector('input.ant-input-number-input')).toBeNull();
    expect(chosen('fromVersion')).toBe('V2（当前）');
    expect(chosen('toVersion')).toBe('V3（草稿）');
    expect(chosen('cycleKey')).toBe('全部周期');
    expect(texts(await optionsOf('fromVersion'))).toEqual(['V3（草稿）', 'V2（当前）', 'V1']);
  });

  it('compares every cycle by default and lists each object and cycle, with 无数据 for no value', async () => {
    const container = await open();
    await click((await optionsOf('pointId'))[0] ?? null);
    await compare();
    expect(compares().map(([, args]) => args)).toEqual([
      { body: { rwid: 't1', zkdid: 'p1', fromVersion: 2, toVersion: 3 }, json: true },
    ]);
    expect(container.querySelector('.ant-alert')?.textContent).toBe(
      '版本 2 → 3，2 个对象，2025-09 至 2025-11 共 3 个周期：2 处结果或等级会变化，2 处两个版本都无数据',
    );
    expect(tableCells(container)).toEqual([
      ['王老师（T01）', '2025-10', '75（B）', '35（D）', '等级变化'],
      ['李老师（T02）', '2025-09', '60（C）', '无数据', '等级变化'],
    ]);
  });

  it('compares one chosen cycle, and says so when nothing changes', async () => {
    api.call.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === E.taskPoints) return points;
      if (endpoint === E.compare)
        return { ...answer, cycleKeys: ['2025-11'], comparedCount: 2, emptyCount: 0, changes: [] };
      throw new Error(endpoint.path);
    });
    const container = await open();
    await click((await optionsOf('pointId'))[0] ?? null);
    const cycles = await optionsOf('cycleKey');
    // Newest first: the cycle one usually looks at.
    expect(texts(cycles)).toEqual(['全部周期', '2025-11', '2025-10', '2025-09']);
    await click(cycles[1] ?? null);
    await compare();
    expect(compares().map(([, args]) => args)).toEqual([
      { body: { rwid: 't1', zkdid: 'p1', fromVersion: 2, toVersion: 3, cycleKey: '2025-11' }, json: true },
    ]);
    expect(container.querySelector('.ant-alert')?.textContent).toBe(
      '版本 2 → 3，2 个对象，周期 2025-11：结果和等级都没有变化',
    );
  });
});
