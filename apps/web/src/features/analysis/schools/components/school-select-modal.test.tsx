// @vitest-environment happy-dom
import {
  type Endpoint,
  type PeerSchool,
  type SchoolDirectoryEntry,
  schoolEndpoints,
  toSchoolWire,
} from '@eduqa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, render, typeInto, wait } from '../../../../shared/testing/dom.tsx';
import { SchoolSelectModal, type SchoolSelectModalProps } from './school-select-modal.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../../../shared/ui/feedback.tsx', async (original) => ({
  ...(await original<typeof import('../../../../shared/ui/feedback.tsx')>()),
  notify: toast,
}));
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../../shared/api/client.ts')>()),
  call: api.call,
}));

const school = (code: string, name: string, province: string, extra: Partial<SchoolDirectoryEntry> = {}) =>
  ({
    code,
    name,
    province,
    city: '',
    level: '专科',
    nature: '公办',
    isOwn: false,
    authority: '',
    source: 'moe',
    ...extra,
  }) satisfies SchoolDirectoryEntry;

const SCHOOLS = [
  school('own', '青禾职业技术学院（演示）', '浙江省', { isOwn: true, source: 'own' }),
  school('c1', '杭州职业技术大学', '浙江省', { level: '本科' }),
  school('c2', '金华职业技术大学', '浙江省', { level: '本科' }),
  school('c3', '宁波职业技术大学', '浙江省', { level: '本科' }),
  school('c4', '无锡职业技术大学', '江苏省', { level: '本科' }),
  school('c5', '江苏民办职业学院', '江苏省', { nature: '民办' }),
];

/** The server's answers, by endpoint. */
function answer(endpoint: Endpoint, args: { body?: Record<string, unknown> } = {}) {
  const E = schoolEndpoints;
  if (endpoint === E.querySchoolList)
    return { records: SCHOOLS.map(toSchoolWire), total: SCHOOLS.length, current: 1, pages: 1, size: 5000 };
  if (endpoint === E.queryAllList)
    return {
      schoolLevel: [{ name: '本科', count: 4 }],
      schoolNature: [{ name: '公办', count: 5 }],
      schoolProvince: [
        { name: '江苏省', count: 2 },
        { name: '浙江省', count: 4 },
      ],
    };
  if (endpoint === E.querySchoolScreen)
    return { schoolLevel: ['本科', '专科'], schoolNature: ['公办', '民办'], schoolProvince: ['浙江省'] };
  if (endpoint === E.querySchoolHistory) return [];
  if (endpoint === E.saveSchoolHistory)
    return {
      id: 'h1',
      name: args.body?.name,
      keyword: '',
      schoolProvince: [],
      schoolNature: [],
      schoolLevel: [],
      schools: [],
      createTime: new Date().toISOString(),
    };
  throw new Error(`unexpected call ${endpoint.path}`);
}

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.call.mockReset();
  api.call.mockImplementation(async (endpoint: Endpoint, args) => answer(endpoint, args));
});
afterEach(() => {
  vi.useRealTimers();
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function open(props: Partial<SchoolSelectModalProps> = {}) {
  const onOk = vi.fn();
  const onCancel = vi.fn();
  const view = await render(
    <QueryClientProvider client={new QueryClient()}>
      <SchoolSelectModal open value={[]} onOk={onOk} onCancel={onCancel} {...props} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  await wait(50);
  return { onOk, onCancel };
}

/** antd puts a space between two Chinese characters of a button (确 定). */
const button = (text: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text) ?? null;
const row = (code: string) => document.querySelector<HTMLElement>(`li[data-code="${code}"]`);
const checkbox = (code: string) =>
  row(code)?.querySelector<HTMLInputElement>('input[type="checkbox"]') ?? null;
const listed = () =>
  [...document.querySelectorAll('li[data-code]')].map((li) => li.getAttribute('data-code'));
const chosen = () =>
  [...document.querySelectorAll('ul[aria-label="已选学校列表"] li')].map((li) => li.textContent ?? '');

describe('SchoolSelectModal', () => {
  it('lists the directory with index, name, province, the own school marked, and a checkbox each', async () => {
    await open();
    expect(listed()).toEqual(['own', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(row('own')?.textContent).toContain('本校');
    expect(row('c4')?.textContent).toBe('5无锡职业技术大学江苏省');
    expect(document.querySelector('[data-testid="school-count"]')?.textContent).toBe('共 6 所');
  });

  it('lists the schools with data for the caller’s indicators and years first, tagged 有数据', async () => {
    await open({ withData: { codes: new Set(['c3', 'c5']), scope: '所选指标 2017–2025 年有值' } });
    expect(listed()).toEqual(['c3', 'c5', 'own', 'c1', 'c2', 'c4']);
    expect(row('c3')?.textContent).toContain('有数据');
    expect(row('c5')?.textContent).toContain('有数据');
    expect(row('c1')?.textContent).not.toContain('有数据');
    expect(document.querySelector('[data-testid="school-count"]')?.textContent).toBe(
      '共 6 所，其中有数据 2 所（所选指标 2017–2025 年有值）',
    );
  });

  it('keeps 确定 disabled below the minimum and tells the rule', async () => {
    const { onOk } = await open({ min: 2, max: 5 });
    expect(document.querySelector('[data-testid="school-select-rule"]')?.textContent).toContain(
      '至少选择 2 所，最多选择 5 所',
    );
    expect(button('确定')?.disabled).toBe(true);
    await click(row('c1'));
    expect(button('确定')?.disabled).toBe(true);
    await click(row('c2'));
    expect(button('确定')?.disabled).toBe(false);
    await click(button('确定'));
    expect(onOk.mock.calls[0]?.[0].map((s: PeerSchool) => s.code)).toEqual(['c1', 'c2']);
  });

  it('disables the other checkboxes once the maximum is chosen, and frees them when one is unticked', async () => {
    await open({ max: 2 });
    await click(row('c1'));
    await click(row('c3'));
    expect(checkbox('c1')?.checked).toBe(true);
    expect(checkbox('c1')?.disabled).toBe(false);
    expect(checkbox('c2')?.disabled).toBe(true);
    expect(checkbox('c5')?.disabled).toBe(true);
    await click(row('c2'));
    expect(checkbox('c2')?.checked).toBe(false);
    expect(chosen()).toHaveLength(2);
    await click(row('c1'));
    expect(checkbox('c2')?.disabled).toBe(false);
  });

  it('filters by name only after typing has paused for 300 ms, without asking the server again', async () => {
    await open();
    const calls = api.call.mock.calls.length;
    vi.useFakeTimers();
    await typeInto(document.querySelector('input[aria-label="学校名称"]'), '职业技术大学');
    await act(async () => {
      vi.advanceTimersByTime(299);
    });
    expect(listed()).toHaveLength(6);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(listed()).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(api.call.mock.calls.length).toBe(calls);
  });

  it('filters by a common query of the setting (a level, then a province)', async () => {
    await open();
    const tag = (text: string) =>
      [...document.querySelectorAll<HTMLElement>('section[aria-label="常用查询"] .ant-tag')].find(
        (t) => t.textContent === text,
      ) ?? null;
    await click(tag('本科'));
    expect(listed()).toEqual(['c1', 'c2', 'c3', 'c4']);
    await click(tag('浙江省'));
    expect(listed()).toEqual(['c1', 'c2', 'c3']);
    await click(tag('本科'));
    expect(listed()).toEqual(['own', 'c1', 'c2', 'c3']);
  });

  it('removes one chosen school, and 取消选择 clears them all', async () => {
    const value = [SCHOOLS[1]!, SCHOOLS[2]!, SCHOOLS[4]!];
    const { onOk } = await open({ value });
    expect(chosen()).toEqual(['杭州职业技术大学', '金华职业技术大学', '无锡职业技术大学']);
    await click(document.querySelector('button[aria-label="移除金华职业技术大学"]'));
    expect(chosen()).toEqual(['杭州职业技术大学', '无锡职业技术大学']);
    expect(checkbox('c2')?.checked).toBe(false);
    await click(button('确定'));
    expect(onOk.mock.calls[0]?.[0].map((s: PeerSchool) => s.code)).toEqual(['c1', 'c4']);
    await click(button('取消选择'));
    expect(chosen()).toHaveLength(1);
    expect(chosen()[0]).toContain('尚未选择学校');
    expect(checkbox('c1')?.checked).toBe(false);
  });

  it('saves the chosen schools as a named common query', async () => {
    await open({ value: [SCHOOLS[1]!, SCHOOLS[3]!] });
    await typeInto(document.querySelector('input[aria-label="常用查询名称"]'), '浙江职业本科');
    await click(button('保存'));
    await wait(20);
    const save = api.call.mock.calls.find(([endpoint]) => endpoint === schoolEndpoints.saveSchoolHistory);
    expect(save?.[1]).toMatchObject({ body: { name: '浙江职业本科', schoolCodes: ['c1', 'c3'] } });
    expect(toast.success).toHaveBeenCalledWith('已保存常用查询「浙江职业本科」');
  });
});
