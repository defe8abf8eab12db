import type {
  AnalysisSchool,
  AverageAnalysis,
  PeerIndicator,
  RankAnalysis,
  RivalTable,
} from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { averageNote, rankNote, rivalTableNotes } from './over-notes.ts';

const school = (code: string, isOwn = false): AnalysisSchool => ({
  code,
  name: `${code}学院`,
  province: '浙江省',
  city: '',
  level: '专科',
  nature: '公办',
  isOwn,
});
const indicator = (id: string, name: string): PeerIndicator => ({
  id,
  tableKind: 'scorecard',
  name,
  unit: '%',
  direction: '>',
  sortOrder: 1,
  pointId: null,
  pointName: null,
});
const rate = indicator('i1', '就业率');
const income = indicator('i2', '月收入');
const schools = [school('own', true), school('a'), school('b'), school('c'), school('d')];

function table(values: Record<string, Array<number | null>>): RivalTable {
  const indicators = Object.keys(values).map((id) => (id === 'i1' ? rate : income));
  return {
    year: 2025,
    isDemo: false,
    indicators,
    schools,
    rows: schools.map((s, row) => ({
      schoolCode: s.code,
      cells: indicators.map((i) => {
        const value = values[i.id]![row] ?? null;
        return { indicatorId: i.id, value, rank: value === null ? null : 1 };
      }),
    })),
    average: indicators.map((i) => ({
      indicatorId: i.id,
      value: 1,
      count: values[i.id]!.slice(1).filter((v) => v !== null).length,
    })),
  };
}

describe('what ranks and averages are taken over', () => {
  it('says, under the rival table, over how many of the listed schools the average and the ranks are taken', () => {
    const one = table({ i1: [90, 95, null, 80, null] });
    expect(rivalTableNotes(one, '所选')).toEqual([
      '平均值取自所选 4 所中有数据的 2 所（不含本校）；排名在有数据的 3 所中，名单中共 5 所',
    ]);
  });

  it('gives each indicator its own line when their counts differ, and one line when they agree', () => {
    const differ = table({ i1: [90, 95, null, 80, null], i2: [null, 5000, 6000, 7000, 8000] });
    expect(rivalTableNotes(differ, '该档双高学校')).toEqual([
      '就业率：平均值取自该档双高学校 4 所中有数据的 2 所（不含本校）；排名在有数据的 3 所中，名单中共 5 所',
      '月收入：平均值取自该档双高学校 4 所中有数据的 4 所（不含本校）；排名在有数据的 4 所中，名单中共 5 所',
    ]);
    const agree = table({ i1: [90, 95, 70, null, null], i2: [1, 2, 3, null, null] });
    expect(rivalTableNotes(agree, '所选')).toHaveLength(1);
  });

  it('says the rank chart ranks only the schools with a value', () => {
    const rank: RankAnalysis = {
      year: 2025,
      isDemo: false,
      indicator: rate,
      schools: schools.slice(0, 3),
      ranks: [
        { schoolCode: 'a', value: 96, rank: 1 },
        { schoolCode: 'own', value: 93, rank: 2 },
        { schoolCode: 'b', value: null, rank: null },
      ],
      levelRank: null,
    };
    expect(rankNote(rank)).toBe('排名在有数据的 2 所中，名单中共 3 所');
  });

  it('says over how many chosen schools the average is taken, year by year when the count changes', () => {
    const average = (counts: number[]): AverageAnalysis => ({
      startYear: 2024,
      endYear: 2025,
      years: [2024, 2025],
      isDemo: false,
      indicators: [rate],
      schools: schools.slice(0, 4),
      items: [
        {
          indicatorId: 'i1',
          points: counts.map((count, i) => ({ year: 2024 + i, own: 90, average: 91, count })),
        },
      ],
    });
    expect(averageNote(average([2, 2]), 'i1')).toBe('对标学校平均值取自所选 3 所中有数据的 2 所（不含本校）');
    expect(averageNote(average([1, 3]), 'i1')).toBe(
      '对标学校平均值取自所选 3 所（不含本校）中当年有数据的学校：2024 年 1 所，2025 年 3 所',
    );
    expect(averageNote(average([1, 3]), 'other')).toBeNull();
  });
});
