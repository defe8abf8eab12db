// @vitest-environment happy-dom
import { useState } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { click, render, until } from '../testing/dom.tsx';
import { useOpenParam } from './use-open-param.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A list that opens a drawer as the goal tasks' 我的任务 does, with links to follow and the address shown. */
function List() {
  const [opened, setOpened] = useState<string[]>([]);
  useOpenParam((id) => setOpened((all) => [...all, id]));
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output id="address">{location.pathname + location.search}</output>
      <output id="opened">{opened.join(',')}</output>
      <button type="button" onClick={() => navigate('/list?open=t1')}>
        again
      </button>
    </>
  );
}

async function show(address: string) {
  await render(
    <MemoryRouter initialEntries={[address]}>
      <List />
    </MemoryRouter>,
  );
  const text = (id: string) => document.body.querySelector(`#${id}`)?.textContent;
  return { address: () => text('address'), opened: () => text('opened') };
}

describe('useOpenParam', () => {
  it('opens the named object once and drops `open`, keeping the list’s own filters', async () => {
    const page = await show('/list?state=pending&open=t1');
    await until(() => page.address() === '/list?state=pending');
    expect(page.address()).toBe('/list?state=pending');
    expect(page.opened()).toBe('t1');
  });

  it('opens the same object again when a link names it again', async () => {
    const page = await show('/list?open=t1');
    await until(() => page.address() === '/list');
    await click(document.body.querySelector('button'));
    await until(() => page.opened() === 't1,t1');
    expect(page.opened()).toBe('t1,t1');
    expect(page.address()).toBe('/list');
  });

  it('drops an id that is not one without opening anything', async () => {
    const page = await show('/list?open=%3Cscript%3E');
    await until(() => page.address() === '/list');
    expect(page.address()).toBe('/list');
    expect(page.opened()).toBe('');
  });
});
