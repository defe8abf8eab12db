// @vitest-environment happy-dom
import { noticeDeliveryEndpoints as D, type NoticeRobot, orgEndpoints } from '@eduqa/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, typeInto, until } from '../../../shared/testing/dom.tsx';
import { RobotsTable } from './robots-table.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

afterEach(() => {
  api.call.mockReset();
  document.body.innerHTML = '';
});

const robot: NoticeRobot = {
  id: 'r1',
  name: '教务处工作群',
  channel: 'dingtalk',
  webhookHint: 'https://oapi.dingtalk.com/…',
  hasSecret: true,
  departmentId: null,
  departmentName: null,
  categories: ['urge', 'reminder'],
  enabled: true,
};

function answer(robots: NoticeRobot[]) {
  api.call.mockImplementation(async (endpoint, args) => {
    if (endpoint === D.robots) return robots;
    if (endpoint === D.saveRobot) return { ...robot, ...args.body, id: 'r2' };
    if (endpoint === D.deleteRobot) return { id: args.params.id };
    if (endpoint === orgEndpoints.departments || endpoint === orgEndpoints.departmentShortNames)
      return { records: [], total: 0, current: 1, pages: 0, size: 10 };
    throw new Error('unexpected call');
  });
}

const button = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('button')].find(
    (b) => b.textContent?.replace(/\s/g, '') === label,
  ) ?? null;

describe('群机器人', () => {
  it('lists a robot by whose messages it posts, never its webhook key', async () => {
    answer([robot]);
    const { container } = await renderWithQueries(<RobotsTable />);
    await until(() => byText(container, 'td', '教务处工作群') !== null);
    const row = container.querySelector('tbody tr.ant-table-row')?.textContent ?? '';
    expect(row).toContain('钉钉');
    expect(row).toContain('管理员');
    expect(row).toContain('督办、到期提醒');
  });

  it('adds a robot with its webhook, for the administrators when no department is picked', async () => {
    answer([]);
    await renderWithQueries(<RobotsTable />);
    await click(button('新增群机器人'));
    await until(() => document.querySelector('#robotForm_name') !== null);
    await typeInto(document.querySelector('#robotForm_name'), '质控办群');
    await typeInto(
      document.querySelector('#robotForm_webhook'),
      'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
    );
    await click(button('确定'));
    await until(() => api.call.mock.calls.some(([endpoint]) => endpoint === D.saveRobot));
    const [, args] = api.call.mock.calls.find(([endpoint]) => endpoint === D.saveRobot)!;
    expect(args.body).toEqual({
      name: '质控办群',
      channel: 'wecom',
      webhook: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
      departmentId: null,
      categories: ['urge', 'reminder'],
      enabled: true,
    });
  });

  it('asks before deleting a robot', async () => {
    answer([robot]);
    const { container } = await renderWithQueries(<RobotsTable />);
    await until(() => byText(container, 'td', '教务处工作群') !== null);
    await click(button('删除'));
    await until(() => document.querySelector('.ant-popconfirm') !== null);
    expect(document.querySelector('.ant-popconfirm')?.textContent).toContain(
      '确定删除群机器人「教务处工作群」吗？',
    );
    expect(api.call.mock.calls.some(([endpoint]) => endpoint === D.deleteRobot)).toBe(false);
  });
});
