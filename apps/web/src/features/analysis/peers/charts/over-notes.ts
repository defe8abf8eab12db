import type { AverageAnalysis, RankAnalysis, RivalTable } from '@eduqa/contract';
import { countText } from './peer-charts.ts';

/**
 * What a rank or an average across schools is taken over (issue 26): the schools with data, of how many the
 * list holds. Schools without a value never rank and never move an average (peer-stats.ts), so a rank or an
 * average read without these two numbers overstates how many schools it compares.
 */

/** 「平均值取自所选 5 所中有数据的 3 所」: the average of the other schools, never the own school. */
export const averageOverText = (scope: string, listed: number, withData: number) =>
  `平均值取自${scope} ${countText(listed)} 所中有数据的 ${countText(withData)} 所`;

/** 「排名在有数据的 4 所中，名单中共 6 所」 */
export const rankOverText = (ranked: number, listed: number) =>
  `排名在有数据的 ${countText(ranked)} 所中，名单中共 ${countText(listed)} 所`;

/**
 * The notes under 竞争对手分析's and 双高对标's table: per indicator, the average row over the other schools
 * with data and the ranks over every school of the table with data. One line when every indicator has the
 * same counts, else a line per indicator. `scope` names the other schools: 所选, 该档双高学校.
 */
export function rivalTableNotes(table: RivalTable, scope: string): string[] {
  const others = table.schools.filter((s) => !s.isOwn).length;
  const lines = table.indicators.map((indicator) => {
    const withData = table.average.find((a) => a.indicatorId === indicator.id)?.count ?? 0;
    const ranked = table.rows.filter(
      (r) => (r.cells.find((c) => c.indicatorId === indicator.id)?.rank ?? null) !== null,
    ).length;
    return {
      name: indicator.name,
      text: `${averageOverText(scope, others, withData)}（不含本校）；${rankOverText(ranked, table.schools.length)}`,
    };
  });
  if (new Set(lines.map((l) => l.text)).size <= 1) return lines.slice(0, 1).map((l) => l.text);
  return lines.map((l) => `${l.name}：${l.text}`);
}

/** The note under 排名分析's chart: the chosen schools (and the own school) ranked over those with a value. */
export function rankNote(rank: RankAnalysis): string {
  const ranked = rank.ranks.filter((r) => r.value !== null).length;
  return rankOverText(ranked, rank.ranks.length);
}

/**
 * The note under 均值分析's chart: the chosen schools' average each year over those with a value that year;
 * one count when every year has the same, else the count of each year.
 */
export function averageNote(average: AverageAnalysis, indicatorId: string): string | null {
  const item = average.items.find((i) => i.indicatorId === indicatorId);
  if (!item || item.points.length === 0) return null;
  const chosen = average.schools.filter((s) => !s.isOwn).length;
  const counts = new Set(item.points.map((p) => p.count));
  if (counts.size === 1)
    return `对标学校${averageOverText('所选', chosen, item.points[0]!.count)}（不含本校）`;
  const byYear = item.points.map((p) => `${p.year} 年 ${countText(p.count)} 所`).join('，');
  return `对标学校平均值取自所选 ${countText(chosen)} 所（不含本校）中当年有数据的学校：${byYear}`;
}
