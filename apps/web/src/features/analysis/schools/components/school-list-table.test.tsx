// @vitest-environment happy-dom
import type { PeerSchool } from '@eduqa/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { render, wait } from '../../../../shared/testing/dom.tsx';
import { SchoolListTable } from './school-list-table.tsx';

const SCHOOLS: PeerSchool[] = Array.from({ length: 3167 }, (_, i) => ({
  code: `s${i}`,
  name: `学校${i}`,
  province: '浙江省',
  city: '杭州市',
  level: '专科',
  nature: '公办',
  isOwn: false,
}));

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('SchoolListTable', () => {
  it('draws only a window of the 3,167 schools, each row a list item with its code', async () => {
    const view = await render(
      <SchoolListTable
        schools={SCHOOLS}
        selectedCodes={new Set()}
        isDisabled={() => false}
        onToggle={() => {}}
      />,
    );
    cleanup = view.unmount;
    await wait(50);
    const rows = document.querySelectorAll('li[data-code]');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    expect(rows[0]?.getAttribute('data-code')).toBe('s0');
    // The journey reads a row's name as its second span.
    expect(rows[1]?.querySelectorAll('span')[1]?.textContent).toBe('学校1');
    expect(rows[1]?.textContent).toBe('2学校1浙江省');
  });
});
