// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../../shared/testing/dom.tsx';
import { ProgressCircle, progressText } from './progress-circle.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('progress circle 自动采集率', () => {
  it('shows two decimals, capped 0–100, and 0 for a missing value', () => {
    expect(progressText(83.456)).toBe('83.46%');
    expect(progressText(7)).toBe('7.00%');
    expect(progressText(120)).toBe('100.00%');
    expect(progressText(-3)).toBe('0.00%');
    expect(progressText(null)).toBe('0.00%');
    expect(progressText(Number.NaN)).toBe('0.00%');
  });

  it('fills the ring to the clamped share and titles it 自动采集率', async () => {
    const { container } = await render(<ProgressCircle value={150} />);
    expect(container.querySelector('text')?.textContent).toBe('100.00%');
    expect(container.querySelector('figcaption')?.textContent).toBe('自动采集率');
    expect(container.querySelector('svg')?.getAttribute('aria-label')).toBe('自动采集率 100.00%');
    const [filled, circumference] = (
      container.querySelector('[data-part="arc"]')?.getAttribute('stroke-dasharray') ?? ''
    )
      .split(' ')
      .map(Number);
    expect(filled).toBeCloseTo(circumference ?? 0, 5);

    const half = await render(<ProgressCircle value={25.5} />);
    const [part, whole] = (
      half.container.querySelector('[data-part="arc"]')?.getAttribute('stroke-dasharray') ?? ''
    )
      .split(' ')
      .map(Number);
    expect((part ?? 0) / (whole ?? 1)).toBeCloseTo(0.255, 5);
    expect(half.container.querySelector('text')?.textContent).toBe('25.50%');
  });
});
