// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../shared/testing/dom.tsx';
import {
  DEFAULT_ROTATION,
  intervalLabel,
  nextScreenId,
  parseRotation,
  type RotationSetting,
  useScreenRotation,
} from './screen-rotation.ts';

describe('the rotation of the granted screens', () => {
  it('goes to the next screen in order and back to the first after the last', () => {
    expect(nextScreenId(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextScreenId(['a', 'b', 'c'], 'c')).toBe('a');
    // A screen no longer granted (or none chosen yet): start from the first.
    expect(nextScreenId(['a', 'b'], 'gone')).toBe('a');
    expect(nextScreenId(['a', 'b'], null)).toBe('a');
    expect(nextScreenId(['a'], 'a')).toBeNull();
    expect(nextScreenId([], null)).toBeNull();
  });

  it('reads the stored setting, and the default for anything else', () => {
    expect(parseRotation('{"enabled":true,"seconds":60}')).toEqual({ enabled: true, seconds: 60 });
    expect(parseRotation('{"enabled":true,"seconds":7}')).toEqual({ enabled: true, seconds: 30 });
    expect(parseRotation('{"enabled":"yes","seconds":10}')).toEqual({ enabled: false, seconds: 10 });
    expect(parseRotation('not json')).toEqual(DEFAULT_ROTATION);
    expect(parseRotation('null')).toEqual(DEFAULT_ROTATION);
    expect(parseRotation(null)).toEqual(DEFAULT_ROTATION);
    expect(intervalLabel(30)).toBe('30秒');
    expect(intervalLabel(120)).toBe('2分钟');
  });
});

describe('rotating on a timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  let seen: string[] = [];
  function Rotating({ ids, setting }: { ids: string[]; setting: RotationSetting }) {
    const [current, setCurrent] = useState(ids[0] ?? null);
    useScreenRotation({
      ids,
      currentId: current,
      setting,
      onNext: (id) => {
        seen.push(id);
        setCurrent(id);
      },
    });
    return <span>{current}</span>;
  }
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('moves every N seconds while on, through every screen and round again', async () => {
    seen = [];
    const view = await render(<Rotating ids={['a', 'b', 'c']} setting={{ enabled: true, seconds: 10 }} />);
    advance(9_999);
    expect(seen).toEqual([]);
    advance(1);
    expect(seen).toEqual(['b']);
    advance(10_000);
    advance(10_000);
    expect(seen).toEqual(['b', 'c', 'a']);
    expect(view.container.textContent).toBe('a');
    view.unmount();
  });

  it('stays put when off or with a single screen', async () => {
    seen = [];
    const off = await render(<Rotating ids={['a', 'b']} setting={{ enabled: false, seconds: 10 }} />);
    const single = await render(<Rotating ids={['a']} setting={{ enabled: true, seconds: 10 }} />);
    advance(60_000);
    expect(seen).toEqual([]);
    off.unmount();
    single.unmount();
  });
});
