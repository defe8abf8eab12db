// @vitest-environment happy-dom
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { click, render } from '../testing/dom.tsx';
import {
  type FilterParsers,
  hasLeft,
  idParam,
  oneOf,
  readFilters,
  textParam,
  useUrlFilters,
  writeFilters,
} from './use-url-filters.ts';

interface Filters {
  state: 'all' | 'pending' | 'handled';
  keyword: string | undefined;
  taskId: string | undefined;
}
const parsers: FilterParsers<Filters> = {
  state: oneOf(['all', 'pending', 'handled']),
  keyword: textParam(10),
  taskId: idParam,
};
const defaults: Filters = { state: 'all', keyword: undefined, taskId: undefined };

describe('readFilters', () => {
  it('reads the filters the address names', () => {
    expect(
      readFilters(new URLSearchParams('state=pending&keyword=%E5%B0%B1%E4%B8%9A'), parsers, defaults),
    ).toEqual({
      state: 'pending',
      keyword: '就业',
      taskId: undefined,
    });
  });

  it('falls back to the default for values it does not understand, and ignores unknown parameters', () => {
    const hostile = new URLSearchParams(
      'state=__proto__&taskId=%27%3Bdrop%20table&keyword=%20%20&constructor=1&toString=x',
    );
    expect(readFilters(hostile, parsers, defaults)).toEqual(defaults);
    expect(readFilters(new URLSearchParams('keyword=abcdefghijklmnop'), parsers, defaults).keyword).toBe(
      'abcdefghij',
    );
  });
});

describe('writeFilters', () => {
  it('drops filters at their default and keeps parameters it does not own', () => {
    const next = writeFilters(
      new URLSearchParams('state=pending&tab=2'),
      parsers,
      { state: 'all', keyword: '目标', taskId: undefined },
      defaults,
    );
    expect(next.toString()).toBe('tab=2&keyword=%E7%9B%AE%E6%A0%87');
  });
});

function Probe() {
  const [filters, setFilters] = useUrlFilters(parsers, defaults);
  const location = useLocation();
  return (
    <>
      <output id="state">{filters.state}</output>
      <output id="search">{location.search}</output>
      <button type="button" id="handled" onClick={() => setFilters({ state: 'handled' })} />
      <button type="button" id="clear" onClick={() => setFilters({ state: 'all' })} />
    </>
  );
}

describe('useUrlFilters', () => {
  it('shows the address’s filter and writes a change back, replacing the entry', async () => {
    const { container } = await render(
      <MemoryRouter initialEntries={['/home', '/list?state=pending&x=1']} initialIndex={1}>
        <Probe />
      </MemoryRouter>,
    );
    const text = (id: string) => container.querySelector(`#${id}`)?.textContent;
    expect(text('state')).toBe('pending');
    await click(container.querySelector('#handled'));
    expect(text('state')).toBe('handled');
    expect(text('search')).toBe('?state=handled&x=1');
    await click(container.querySelector('#clear'));
    expect(text('state')).toBe('all');
    expect(text('search')).toBe('?x=1');
  });

  it('drops a write that arrives once the address has moved on (a row opened within the search pause)', async () => {
    window.location.hash = '#/list/view/r1';
    try {
      expect(hasLeft('/list')).toBe(true);
      expect(hasLeft('/list/view/r1')).toBe(false);
      const { container } = await render(
        <MemoryRouter initialEntries={['/list?state=pending']}>
          <Probe />
        </MemoryRouter>,
      );
      await click(container.querySelector('#handled'));
      expect(container.querySelector('#search')?.textContent).toBe('?state=pending');
    } finally {
      window.location.hash = '';
    }
    expect(hasLeft('/list')).toBe(false);
  });

  it('opens a hostile address on the default filter', async () => {
    const { container } = await render(
      <MemoryRouter initialEntries={['/list?state=%3Cscript%3E&state=pending']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(container.querySelector('#state')?.textContent).toBe('all');
  });
});
