import { describe, expect, it } from 'vitest';
import {
  initialAnalysisInputs,
  matchesSchoolName,
  resetAnalysisType,
  setTypeInputs,
} from './analysis-inputs.ts';

describe('analysis inputs', () => {
  it('starts at 2017 with empty inputs and the A-档 school range', () => {
    const state = initialAnalysisInputs();
    expect(state.range).toEqual([2017, null]);
    expect(state.byType['4']).toEqual({ year: null, schoolName: '' });
    expect(state.rankRange).toBe('highSchoolConstructionLevelA');
  });

  it('keeps each type’s year and school name apart and resets only the one asked', () => {
    let state = initialAnalysisInputs();
    state = setTypeInputs(state, '2', { year: 2024, schoolName: '宁波' });
    state = setTypeInputs(state, '4', { year: 2025 });
    state = { ...state, rankRange: 'highMajorConstructionLevelB', range: [2019, 2024] };
    const reset4 = resetAnalysisType(state, '4');
    expect(reset4.byType['4']).toEqual({ year: null, schoolName: '' });
    expect(reset4.byType['2']).toEqual({ year: 2024, schoolName: '宁波' });
    expect(reset4.range).toEqual([2019, 2024]);
    expect(reset4.rankRange).toBe('highMajorConstructionLevelB');
    const reset6 = resetAnalysisType(state, '6');
    expect(reset6.rankRange).toBe('highSchoolConstructionLevelA');
    const reset3 = resetAnalysisType(state, '3');
    expect(reset3.range).toEqual([null, null]);
    expect(reset3.byType['2'].year).toBe(2024);
    expect(resetAnalysisType(state, '1')).toBe(state);
  });

  it('narrows schools by a name substring, always keeping the own school', () => {
    expect(matchesSchoolName({ name: '宁波职业技术学院', isOwn: false }, ' 宁波 ')).toBe(true);
    expect(matchesSchoolName({ name: '温州职业技术学院', isOwn: false }, '宁波')).toBe(false);
    expect(matchesSchoolName({ name: '青禾职业技术学院（演示）', isOwn: true }, '宁波')).toBe(true);
    expect(matchesSchoolName({ name: '温州职业技术学院', isOwn: false }, '')).toBe(true);
  });
});
