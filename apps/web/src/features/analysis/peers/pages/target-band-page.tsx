import {
  BAND_POSITION_LABELS,
  DEFAULT_ANALYSIS_START_YEAR,
  PEER_SCOPE_LABELS,
  type PeerSchool,
  targetBandReading,
} from '@eduqa/contract';
import { Alert, Card, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { LazyChart } from '../../../../shared/charts/lazy-chart.tsx';
import { ListState } from '../../../../shared/ui/list-state.tsx';
import type { YearRange } from '../../../../shared/ui/year-range-picker.tsx';
import { useIndicatorBand, usePeerIndicators } from '../api.ts';
import { bandOption, formatValue, OWN_LABEL } from '../charts/peer-charts.ts';
import { DemoTag } from '../components/demo-tag.tsx';
import { IndicatorSelect } from '../components/indicator-select.tsx';
import { PeerToolbar } from '../components/peer-toolbar.tsx';

/**
 * 目标定位 ("where should our target be"): for one indicator, the own school's values over the years inside
 * the P25/P50/P75/P90 bands of the chosen peers (or of every school of its level and province), with a
 * short reading of where it stands.
 */
export default function TargetBandPage() {
  const catalogue = usePeerIndicators();
  const [schools, setSchools] = useState<PeerSchool[]>([]);
  const [indicatorId, setIndicatorId] = useState<string | undefined>();
  const [years, setYears] = useState<YearRange>([DEFAULT_ANALYSIS_START_YEAR, new Date().getFullYear()]);
  const indicators = catalogue.data ?? [];
  const chosenId = indicatorId ?? indicators[0]?.id;
  const startYear = years[0] ?? DEFAULT_ANALYSIS_START_YEAR;
  const endYear = Math.max(years[1] ?? new Date().getFullYear(), startYear);
  const band = useIndicatorBand({
    indicatorId: chosenId,
    schoolCodes: schools.map((s) => s.code),
    startYear,
    endYear,
  });
  const option = band.data ? bandOption(band.data) : null;
  const reading = band.data ? targetBandReading(band.data.points) : null;
  const unit = band.data?.indicator.unit ?? '';
  const bandEmpty = band.data && !option ? '对标学校在该范围内没有该指标的值' : null;
  return (
    <Card title="目标定位" variant="borderless">
      <PeerToolbar
        schools={schools}
        onSchools={setSchools}
        indicators={indicators}
        indicatorIds={[]}
        onIndicators={() => undefined}
        years={[startYear, endYear]}
        onYears={setYears}
        showIndicators={false}
        dataIndicatorIds={chosenId ? [chosenId] : []}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <IndicatorSelect indicators={indicators} value={chosenId} onChange={setIndicatorId} width={320} />
        <DemoTag isDemo={band.data?.isDemo} />
        {band.data ? (
          <Typography.Text type="secondary">
            对标范围：{PEER_SCOPE_LABELS[band.data.peerScope]}（{band.data.peerCount} 所）
            {band.data.indicator.direction === '<' ? '；该指标越小越好' : ''}
          </Typography.Text>
        ) : null}
      </Space>
      <ListState
        isLoading={band.isLoading || catalogue.isLoading}
        error={band.error}
        isEmpty={bandEmpty !== null}
        emptyText={bandEmpty ?? undefined}
        onRetry={() => void band.refetch()}
      >
        {reading ? <Alert type="info" showIcon message={reading} style={{ marginBottom: 12 }} /> : null}
        <LazyChart option={option} height={420} />
        {band.data ? (
          <Table
            rowKey="year"
            size="small"
            pagination={false}
            style={{ marginTop: 16 }}
            dataSource={band.data.points}
            columns={[
              { title: '年份', dataIndex: 'year', width: 80 },
              { title: 'P25', key: 'p25', render: (_, p) => formatValue(p.p25, unit) },
              { title: 'P50', key: 'p50', render: (_, p) => formatValue(p.p50, unit) },
              { title: 'P75', key: 'p75', render: (_, p) => formatValue(p.p75, unit) },
              { title: 'P90', key: 'p90', render: (_, p) => formatValue(p.p90, unit) },
              { title: '对标学校数', dataIndex: 'count', width: 100 },
              { title: OWN_LABEL, key: 'own', render: (_, p) => formatValue(p.own, unit) },
              {
                title: '本校所在区间',
                key: 'position',
                render: (_, p) => (p.position ? BAND_POSITION_LABELS[p.position] : '-'),
              },
            ]}
          />
        ) : null}
      </ListState>
    </Card>
  );
}
