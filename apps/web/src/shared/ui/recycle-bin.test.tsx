// @vitest-environment happy-dom
import type { TableColumnsType } from 'antd';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecycleBin, RestoreLink } from './recycle-bin.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Row {
  id: string;
  name: string;
  deletedAt: string | null;
}

const columns: TableColumnsType<Row> = [{ title: '名称', dataIndex: 'name' }];

afterEach(() => {
  document.body.innerHTML = '';
});

async function open(rows: Row[], onConfirm = vi.fn(async () => true)) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <MemoryRouter initialEntries={['/list/recycle']}>
        <Routes>
          <Route path="/list">
            <Route index element={<p>列表页</p>} />
            <Route
              path="recycle"
              element={
                <RecycleBin<Row>
                  title="测试回收站"
                  backLabel="返回列表"
                  searchPlaceholder="请输入名称"
                  onSearch={() => {}}
                  columns={columns}
                  deletedAt={(row) => row.deletedAt}
                  actions={{
                    width: 90,
                    render: (row) => (
                      <RestoreLink noun="表单" name={row.name} description="将恢复。" onConfirm={onConfirm} />
                    ),
                  }}
                  paged={{
                    list: { data: { records: rows }, isFetching: false },
                    page: { current: 1, total: rows.length, onChange: () => {} },
                  }}
                />
              }
            />
          </Route>
        </Routes>
      </MemoryRouter>,
    ),
  );
  return container;
}

const click = (element: Element | null | undefined) =>
  act(async () => {
    if (!(element instanceof HTMLElement)) throw new Error('nothing to click');
    element.click();
  });

describe('RecycleBin', () => {
  it('shows the row’s columns, then 删除时间 and 操作, with a dash for a missing time', async () => {
    const container = await open([
      { id: '1', name: '教师信息表', deletedAt: '2026-03-01T02:03:04.000Z' },
      { id: '2', name: '科研项目表', deletedAt: null },
    ]);
    const titles = [...container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(titles).toEqual(['名称', '删除时间', '操作']);
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    // On the school's clock (Beijing by default), whatever the browser's zone.
    expect(rows[0]?.[1]).toBe('2026-03-01 10:03:04');
    expect(rows[1]).toEqual(['科研项目表', '—', '恢复']);
  });

  it('asks before restoring, naming the row, and goes back to the list', async () => {
    const onConfirm = vi.fn(async () => true);
    const container = await open([{ id: '1', name: '教师信息表', deletedAt: null }], onConfirm);
    await click([...container.querySelectorAll('button')].find((b) => b.textContent === '恢复'));
    expect(document.body.textContent).toContain('确定恢复表单「教师信息表」吗？');
    // antd spaces out a two-character label of a plain button: 恢 复.
    const ok = [...document.querySelectorAll('.ant-popconfirm button')].find(
      (b) => b.textContent?.replace(/\s/g, '') === '恢复',
    );
    await click(ok);
    expect(onConfirm).toHaveBeenCalledTimes(1);

    await click([...container.querySelectorAll('button')].find((b) => b.textContent === '返回列表'));
    expect(container.textContent).toContain('列表页');
  });
});
