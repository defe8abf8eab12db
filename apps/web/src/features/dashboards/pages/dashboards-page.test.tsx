// @vitest-environment happy-dom
import {
  type DashboardCard,
  type DashboardLayoutWire,
  dashboardEndpoints as E,
  type Endpoint,
  toDashboardCardWire,
} from '@eduqa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, wait } from '../../../shared/testing/dom.tsx';
import { DashboardsPage } from './dashboards-page.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../../shared/ui/feedback.tsx', async (original) => ({
  ...(await original<typeof import('../../../shared/ui/feedback.tsx')>()),
  notify: toast,
}));
vi.mock('../../../shared/charts/lazy-chart.tsx', () => ({
  LazyChart: ({ option }: { option: object | null }) => <div data-chart={option ? 'drawn' : 'none'} />,
}));
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

const at = new Date('2026-03-01T08:00:00.000Z');
const card = (id: string, name: string, kind: DashboardCard['kind']): DashboardCard => ({
  id,
  name,
  kind,
  source: 'measure',
  algorithmGroupId: null,
  algorithmGroupName: null,
  algorithmVersion: null,
  objectId: null,
  objectName: null,
  measure: 'pointAttainment',
  url: null,
  isShared: true,
  creatorId: null,
  creatorName: null,
  canEdit: false,
  createdAt: at,
  updatedAt: at,
});
const RATE = card('c-rate', '达标率', 'number');
const TREND = card('c-trend', '月度预警', 'bar');
const TODOS = card('c-todo', '待办事项', 'table');

const layoutWire = (
  list: Array<{ card: DashboardCard; x: number; y: number; w: number; h: number }>,
  origin: 'role' | 'user',
): DashboardLayoutWire => ({
  origin,
  roleId: origin === 'role' ? 'schoolLeader' : null,
  list: list.map(({ card: c, ...place }) => ({ cardId: c.id, ...place, card: toDashboardCardWire(c) })),
});

let saved: unknown[] = [];

beforeEach(() => {
  saved = [];
  api.call.mockImplementation(
    async (endpoint: Endpoint, args?: { body?: { list: Array<{ cardId: string }> } }) => {
      if (endpoint === E.layout)
        return layoutWire(
          [
            { card: RATE, x: 0, y: 0, w: 6, h: 3 },
            { card: TREND, x: 6, y: 0, w: 12, h: 7 },
          ],
          'role',
        );
      if (endpoint === E.data)
        return { key: 'm', label: '指标', shape: 'number', value: 87.5, asOf: at.toISOString() };
      if (endpoint === E.addable)
        return {
          records: [RATE, TREND, TODOS].map(toDashboardCardWire),
          total: 3,
          current: 1,
          pages: 1,
          size: 20,
        };
      if (endpoint === E.saveLayout) {
        saved.push(args?.body);
        const byId = new Map([RATE, TREND, TODOS].map((c) => [c.id, c]));
        return {
          origin: 'user',
          roleId: null,
          list: (args?.body?.list ?? []).map((i) => ({
            ...i,
            card: toDashboardCardWire(byId.get(i.cardId)!),
          })),
        };
      }
      throw new Error(`unexpected call ${endpoint.path}`);
    },
  );
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

async function openPage() {
  const view = await renderWithQueries(<DashboardsPage />);
  await wait(50);
  return view;
}

describe('仪表盘定制', () => {
  it("shows the role's default and saves, as the caller's own, the board it shows after a removal and an addition", async () => {
    const { container } = await openPage();
    expect(container.textContent).toContain('当前显示的是您所在角色的默认布局');
    expect(container.querySelector('[data-card-id="c-rate"]')?.textContent).toContain('达标率');
    expect(container.querySelector('[data-card-id="c-trend"]')).not.toBeNull();
    const save = byText(container, 'button', '保存布局') as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await click(container.querySelector('[aria-label="移除 月度预警"]'));
    expect(container.querySelector('[data-card-id="c-trend"]')).toBeNull();
    expect(container.textContent).toContain('布局已修改，尚未保存');

    await click(byText(container, 'button', '添加卡片'));
    await wait(50);
    const row = document.body.querySelector('.ant-drawer [data-card-id="c-todo"]');
    expect(byText(document.body, '.ant-drawer [data-card-id="c-rate"] button', '已添加')).not.toBeNull();
    await click(byText(row ?? document.body, 'button', '添加'));
    expect(container.querySelector('[data-card-id="c-todo"]')).not.toBeNull();

    await click(byText(container, 'button', '保存布局'));
    await wait(50);
    expect(saved).toEqual([
      {
        list: [
          { cardId: 'c-rate', x: 0, y: 0, w: 6, h: 3 },
          { cardId: 'c-todo', x: 0, y: 3, w: 12, h: 7 },
        ],
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('布局已保存');
    expect(container.textContent).not.toContain('布局已修改');
  });
});
