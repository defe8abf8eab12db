// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { render, wait } from '../../../shared/testing/dom.tsx';
import { reportView } from '../testing/report-fixture.ts';
import { ReportHeader } from './report-header.tsx';

let cleanup: (() => void) | null = null;
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

async function show(patch: Parameters<typeof reportView>[0]) {
  const view = await render(<ReportHeader view={reportView(patch)} />);
  cleanup = view.unmount;
  return view.container;
}

const header = reportView().header;

describe('the report header', { timeout: 20_000 }, () => {
  it('stamps the score with two decimals and shows the seals the results chose', async () => {
    const container = await show({
      score: 86.5,
      header: {
        ...header,
        expertSeal: '/api/seal/expert-qualified',
        schoolSeal: '/api/seal/school-excellent',
      },
    });
    expect(container.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('得分 86.50');
    const seals = [...container.querySelectorAll('img')].map((i) => [i.alt, i.getAttribute('src')]);
    expect(seals).toEqual([
      ['专家评审章', '/api/seal/expert-qualified'],
      ['学校审核章', '/api/seal/school-excellent'],
    ]);
  });

  it('shows no stamp or seal before the review, a dash for a missing principal, and counts the items not listed', async () => {
    const container = await show({ header: { ...header, principal: '', itemCount: 120 } });
    expect(container.querySelector('[aria-label="评审结果"]')?.children).toHaveLength(0);
    const text = container.textContent ?? '';
    expect(text).toContain('负责人—');
    expect(text).toContain('1. 计算机应用技术（李四）');
    expect(text).not.toContain('P001');
    expect(text).toContain('共120项，列出前1项');
  });
});
