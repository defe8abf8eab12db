import type { PeerSchool } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { filterSchools, isChoiceDisabled, selectionRule, toggleSchool } from './school-selection.ts';

const s = (code: string, name: string, province = '浙江省'): PeerSchool => ({
  code,
  name,
  province,
  city: '',
  level: '专科',
  nature: '公办',
  isOwn: false,
});

describe('school selection rules', () => {
  it('matches a name substring and the province', () => {
    const all = [s('a', '杭州职业技术学院'), s('b', '南京职业技术学院', '江苏省'), s('c', '杭州师范大学')];
    const match = (keyword: string, province: string | null = null) =>
      filterSchools(all, { keyword, province, level: null, nature: null }).map((x) => x.code);
    expect(match('杭州')).toEqual(['a', 'c']);
    expect(match('职业', '江苏省')).toEqual(['b']);
    expect(match('  ')).toEqual(['a', 'b', 'c']);
  });

  it('ticks up to the maximum and no further', () => {
    let chosen: PeerSchool[] = [];
    for (const code of ['a', 'b', 'c']) chosen = toggleSchool(chosen, s(code, code), 2);
    expect(chosen.map((x) => x.code)).toEqual(['a', 'b']);
    expect(isChoiceDisabled(chosen, 'c', 2)).toBe(true);
    expect(isChoiceDisabled(chosen, 'a', 2)).toBe(false);
    expect(toggleSchool(chosen, s('a', 'a'), 2).map((x) => x.code)).toEqual(['b']);
    expect(selectionRule(1, 5)).toBe('至少选择 1 所，最多选择 5 所');
    expect(selectionRule()).toBe('');
  });
});
