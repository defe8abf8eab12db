// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../testing/dom.tsx';
import { isYearOutOfRange, nextYearRange, toYear, YearRangePicker } from './year-range-picker.tsx';

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

describe('year range values', () => {
  it("counts 'null', null, undefined and '' as empty", () => {
    expect([toYear('null'), toYear(null), toYear(undefined), toYear(''), toYear(' null ')]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([toYear(2017), toYear('2020'), toYear('20x0')]).toEqual([2017, 2020, null]);
  });

  it('keeps the start no later than the end whichever end moves', () => {
    expect(nextYearRange([2018, 2020], 'start', 2022)).toEqual([2022, 2022]);
    expect(nextYearRange([2018, 2020], 'end', 2016)).toEqual([2016, 2016]);
    expect(nextYearRange([2018, 2020], 'start', 2019)).toEqual([2019, 2020]);
    expect(nextYearRange([null, 2020], 'start', 2024)).toEqual([2024, 2024]);
    expect(nextYearRange([2018, null], 'end', 2017)).toEqual([2017, 2017]);
    expect(nextYearRange([2018, 2020], 'end', null)).toEqual([2018, null]);
  });

  it('rules out the years the other end forbids', () => {
    expect(isYearOutOfRange(2021, 'start', 2020)).toBe(true);
    expect(isYearOutOfRange(2020, 'start', 2020)).toBe(false);
    expect(isYearOutOfRange(2019, 'end', 2020)).toBe(true);
    expect(isYearOutOfRange(1990, 'end', null)).toBe(false);
  });
});

describe('YearRangePicker', () => {
  it("shows the placeholders for 'null' and the years it is given, and can be disabled", async () => {
    const empty = await render(<YearRangePicker value={['null', 'null']} />);
    const inputs = [...empty.container.querySelectorAll('input')];
    expect(inputs.map((i) => i.placeholder)).toEqual(['开始年份', '结束年份']);
    expect(inputs.map((i) => i.value)).toEqual(['', '']);
    empty.unmount();
    const set = await render(<YearRangePicker value={[2017, '2020']} disabled />);
    cleanup = set.unmount;
    const shown = [...set.container.querySelectorAll('input')];
    expect(shown.map((i) => i.value)).toEqual(['2017', '2020']);
    expect(shown.every((i) => i.disabled)).toBe(true);
  });
});
