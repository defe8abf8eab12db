import {
  DEMO_DATA_LABEL,
  formatValue,
  type SimulatedCycle,
  TARGET_BAND_EMPTY,
  TARGET_BAND_SCOPE_LABELS,
  TARGET_BAND_SCOPES,
  type TargetBandScope,
} from '@eduqa/contract';
import { Alert, Empty, Segmented, Space, Spin, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { LazyChart } from '../../../shared/charts/lazy-chart.tsx';
import { targetBandOption } from '../charts/target-band-option.ts';
import { type TargetBand, useSettled, useTargetBand } from '../target-band-api.ts';

/** 达标 / 未达标 of one cycle: one object's flag, or how many of several objects missed. */
function attainment(cycle: SimulatedCycle, belowCount: number) {
  if (cycle.objectCount > 1) {
    return belowCount > 0 ? <Tag color="red">未达标 {belowCount} 个</Tag> : <Tag color="green">全部达标</Tag>;
  }
  if (cycle.result === null) return <Typography.Text type="secondary">无结果</Typography.Text>;
  return belowCount > 0 ? <Tag color="red">未达标</Tag> : <Tag color="green">达标</Tag>;
}

function cycleColumns(answer: TargetBand): TableColumnsType<SimulatedCycle> {
  const { dataType } = answer.point;
  return [
    {
      title: '周期',
      key: 'period',
      render: (_, c) => (
        <Space size={4}>
          <span title={c.taskName}>{c.period}</span>
          {c.closed ? null : <Tag>进行中</Tag>}
        </Space>
      ),
    },
    {
      title: '实际结果',
      key: 'result',
      render: (_, c) =>
        c.objectCount > 1 ? `${c.objectCount}个对象` : formatValue(dataType, c.result) || '—',
    },
    {
      title: '实际目标',
      key: 'actualTargets',
      render: (_, c) => c.actualTargets.map((t) => formatValue(dataType, t)).join('、') || '—',
    },
    { title: '按拟定目标是否达标', key: 'simulated', render: (_, c) => attainment(c, c.simulatedBelowCount) },
    { title: '实际是否达标', key: 'actual', render: (_, c) => attainment(c, c.actualBelowCount) },
    {
      title: '预警次数（实际 / 拟定）',
      key: 'warnings',
      render: (_, c) => `${c.warningCount} / ${c.simulatedWarningCount}`,
    },
  ];
}

function BandView({ answer }: { answer: TargetBand }) {
  const { band } = answer;
  const option = useMemo(() => targetBandOption(band, answer.proposedValue), [band, answer.proposedValue]);
  if (band.years.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <div>{TARGET_BAND_EMPTY.noValues}</div>
            {band.emptyReason && band.emptyReason !== TARGET_BAND_EMPTY.noValues ? (
              <Typography.Text type="secondary">{band.emptyReason}</Typography.Text>
            ) : null}
          </>
        }
      />
    );
  }
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {band.indicator?.name}
        {band.indicator?.unit ? `（${band.indicator.unit}）` : ''}，{band.ownSchool?.name}对比
        {TARGET_BAND_SCOPE_LABELS[band.scope]}
      </Typography.Paragraph>
      <LazyChart option={option} height={220} />
      {band.reading ? <Typography.Paragraph strong>{band.reading.text}</Typography.Paragraph> : null}
    </>
  );
}

/**
 * 目标定位 beside a quality point's target in 目标标准: the peers' P25–P90 bands of the point's linked
 * indicator with the own school and the proposed target, a reading, and the point's past cycles judged
 * against the proposed target next to what happened. The proposed target settles 300 ms after typing.
 */
export function TargetBandPanel({
  pointId,
  proposedTarget,
}: {
  pointId: string;
  proposedTarget?: string | number | null;
}) {
  const [scope, setScope] = useState<TargetBandScope>('level');
  const target = useSettled(
    proposedTarget === null || proposedTarget === undefined ? '' : String(proposedTarget).trim(),
  );
  const { data, error, isLoading, isFetching } = useTargetBand({ pointId, target, scope });

  return (
    <section
      aria-label="目标定位"
      style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, marginBottom: 24 }}
    >
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Space size={8}>
          <Typography.Text strong>目标定位</Typography.Text>
          {data?.band.isDemo ? <Tag color="orange">{DEMO_DATA_LABEL}</Tag> : null}
          {isFetching && data ? <Spin size="small" /> : null}
        </Space>
        <Segmented<TargetBandScope>
          size="small"
          value={scope}
          onChange={setScope}
          options={TARGET_BAND_SCOPES.map((s) => ({ value: s, label: TARGET_BAND_SCOPE_LABELS[s] }))}
        />
      </Space>
      {error ? <Alert type="warning" showIcon title={error.message} style={{ marginBottom: 8 }} /> : null}
      {isLoading ? <Spin style={{ display: 'block', margin: '24px auto' }} /> : null}
      {data ? (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            拟定目标值：{formatValue(data.point.dataType, data.proposedTarget) || '未设置'}
            {target ? '' : '（当前标准值）'}
          </Typography.Paragraph>
          <BandView answer={data} />
          <Typography.Text strong>按拟定目标回看历史周期</Typography.Text>
          <Table<SimulatedCycle>
            size="small"
            rowKey="taskId"
            pagination={false}
            columns={cycleColumns(data)}
            dataSource={data.simulation.cycles}
            locale={{ emptyText: '暂无历史周期' }}
            style={{ marginTop: 8 }}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {data.simulation.note}
          </Typography.Paragraph>
        </>
      ) : null}
    </section>
  );
}
