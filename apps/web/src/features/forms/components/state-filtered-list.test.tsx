// @vitest-environment happy-dom
import type { TableColumnsType } from 'antd';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, keyDown, render, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/ui/paged-table.tsx';
import { StateFilteredList } from './state-filtered-list.tsx';

type State = 'open' | 'done';
interface Row {
  id: string;
  name: string;
  state: State;
}

const columns: TableColumnsType<Row> = [
  { title: '名称', dataIndex: 'name' },
  { title: '状态', dataIndex: 'state' },
];

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function open(rows: Row[], onSearch = vi.fn(), onStateChange = vi.fn()) {
  const view = await render(
    <StateFilteredList<Row, State>
      searchPlaceholder="请输入名称"
      onSearch={onSearch}
      states={{
        values: ['open', 'done'],
        labels: { open: '进行中', done: '已完成' },
        placeholder: '全部状态',
        width: 140,
      }}
      state={undefined}
      onStateChange={onStateChange}
      columns={columns}
      paged={{
        list: { data: { records: rows }, isFetching: false },
        page: { current: 1, total: rows.length, onChange: () => {} },
      }}
      emptyText="暂无记录"
    />,
  );
  cleanup = view.unmount;
  const search = view.container.querySelector<HTMLInputElement>('input[placeholder="请输入名称"]');
  return { container: view.container, search, onSearch, onStateChange };
}

describe('StateFilteredList', () => {
  it('shows the rows with the paging total, and the list’s own words when it is empty', async () => {
    const { container } = await open([
      { id: '1', name: '教师信息表', state: 'open' },
      { id: '2', name: '科研项目表', state: 'done' },
    ]);
    const cells = [...container.querySelectorAll('tbody td')].map((td) => td.textContent);
    expect(cells).toEqual(['教师信息表', 'open', '科研项目表', 'done']);
    expect(container.textContent).toContain('当前页2条，共2条');
    expect(container.textContent).toContain('全部状态');

    cleanup?.();
    const empty = await open([]);
    expect(empty.container.textContent).toContain('暂无记录');
  });

  it('searches once typing pauses, with the trimmed keyword, not on every keystroke', async () => {
    const { search, onSearch } = await open([]);
    await typeInto(search, '教');
    await typeInto(search, ' 教师 ');
    await wait(SEARCH_DEBOUNCE_MS - 150);
    expect(onSearch).not.toHaveBeenCalled();
    await wait(200);
    expect(onSearch.mock.calls).toEqual([['教师']]);
  });

  it('searches at once on Enter, and the pending search does not follow', async () => {
    const { search, onSearch } = await open([]);
    await typeInto(search, '科研');
    await keyDown(search, { key: 'Enter', keyCode: 13 });
    expect(onSearch.mock.calls).toEqual([['科研']]);
    await wait(SEARCH_DEBOUNCE_MS + 50);
    expect(onSearch.mock.calls).toEqual([['科研']]);
  });

  it('offers the states by their labels and hands over the one chosen', async () => {
    const { container, onStateChange } = await open([]);
    const select = container.querySelector('.ant-select');
    await act(async () => {
      select?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    const options = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
    expect(options.map((o) => o.textContent)).toEqual(['进行中', '已完成']);
    await click(options[1] ?? null);
    expect(onStateChange).toHaveBeenCalledWith('done');
  });
});
