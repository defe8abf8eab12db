import { Card, Tabs } from 'antd';
import type { YearRange } from '../../../../shared/ui/year-range-picker.tsx';
import { PeerToolbar } from '../components/peer-toolbar.tsx';
import { AverageTab, RankTab, TrendTab } from '../components/rival-chart-tabs.tsx';
import { rivalPicks } from '../components/rival-picks.tsx';
import { DoubleHighTab, RivalTab } from '../components/rival-table-tabs.tsx';
import { type RivalTabKey, useRivalAnalysis } from '../components/use-rival-analysis.ts';

/**
 * 对标分析: the own school against the chosen peers — 趋势分析, 排名分析, 均值分析, 竞争对手分析 and 双高对标
 * — for the chosen indicators and years. The own school is always there, drawn red and named 本校.
 */
export default function RivalPage() {
  const analysis = useRivalAnalysis();
  const picks = rivalPicks(analysis);
  const tabProps = { analysis, picks };

  const items = [
    { key: 'trend', label: '趋势分析', children: <TrendTab {...tabProps} /> },
    { key: 'rank', label: '排名分析', children: <RankTab {...tabProps} /> },
    { key: 'average', label: '均值分析', children: <AverageTab {...tabProps} /> },
    { key: 'rival', label: '竞争对手分析', children: <RivalTab {...tabProps} /> },
    { key: 'doubleHigh', label: '双高对标', children: <DoubleHighTab {...tabProps} /> },
  ];

  return (
    <Card title="对标分析" variant="borderless">
      <PeerToolbar
        schools={analysis.schools}
        onSchools={analysis.setSchools}
        indicators={analysis.indicators}
        indicatorIds={analysis.indicatorIds}
        onIndicators={analysis.setPicked}
        years={[analysis.startYear, analysis.endYear]}
        onYears={(range: YearRange) => analysis.setInputs((now) => ({ ...now, range }))}
      />
      <Tabs
        activeKey={analysis.tab}
        onChange={(key) => analysis.setTab(key as RivalTabKey)}
        items={items}
        destroyOnHidden
      />
    </Card>
  );
}
