import {
  formatValue,
  isDataType,
  type PortraitData,
  type PortraitMeasure,
  type PortraitPoint,
  rateLabel,
  rateWithBase,
} from '@eduqa/contract';
import { Card, Col, Empty, Row, Select, Statistic, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { LazyChart } from '../../../../shared/charts/lazy-chart.tsx';
import { ResultSourceTag } from '../../../computed/index.ts';
import { gradePieOption, pointTrendOption, warningsByMonthOption } from '../charts/portrait-charts.ts';

/** A target or result as the diagnosis table and the report show it: percent with %, decimals with two places. */
const valueText = (p: PortraitPoint, v: string | null) =>
  v === null || v.trim() === '' ? '—' : isDataType(p.dataType) ? formatValue(p.dataType, v) : v;

const pointColumns: TableColumnsType<PortraitPoint> = [
  { title: '一级指标', dataIndex: 'indicator', width: 140, ellipsis: true },
  {
    title: '质控点',
    dataIndex: 'name',
    ellipsis: true,
    render: (name: string, p) => (
      <span>
        {name}
        {p.below ? (
          <Tag color="red" style={{ marginLeft: 6 }}>
            未达标
          </Tag>
        ) : null}
        {p.unfinished ? (
          <Tag color="orange" style={{ marginLeft: 6 }}>
            未完成
          </Tag>
        ) : null}
      </span>
    ),
  },
  { title: '目标值', dataIndex: 'target', width: 110, render: (v: string | null, p) => valueText(p, v) },
  { title: '结果值', dataIndex: 'result', width: 110, render: (v: string | null, p) => valueText(p, v) },
  { title: '等级', dataIndex: 'grade', width: 80, render: (v: string | null) => v ?? '—' },
  {
    title: '结果来源',
    dataIndex: 'resultSource',
    width: 110,
    render: (_: unknown, p) => <ResultSourceTag source={p.resultSource} />,
  },
  { title: '预警次数', dataIndex: 'warnings', width: 90 },
];

/**
 * The numbers a card of these measures shows: the catalogue's figures (figures.ts), the same as a report
 * of this object task shows, each rate labelled with what it is taken over.
 */
function NumberCards({ data, measures }: { data: PortraitData; measures: ReadonlySet<PortraitMeasure> }) {
  const s = data.summary;
  const cards = [
    measures.has('pointCount') && (
      <Statistic key="points" title="质控点数" value={s.pointCount} suffix="个" />
    ),
    measures.has('attainmentRate') && (
      <Statistic
        key="rate"
        title={rateLabel('reachedRate', s)}
        value={s.reachedRate}
        precision={2}
        suffix="%"
      />
    ),
    measures.has('belowStandard') && (
      <Statistic key="below" title="未达标 / 未完成" value={`${s.belowCount} / ${s.unfinishedCount}`} />
    ),
    measures.has('warnings') && (
      <Statistic
        key="warnings"
        title={`预警 · 处理率 ${rateWithBase('handledRate', s)}`}
        value={s.warningCount}
        suffix="次"
      />
    ),
    ...(measures.has('warehouseCount')
      ? data.warehouse.map((w) => (
          <Statistic
            key={w.cardId}
            title={`${w.cardName}（${w.tableName}）`}
            value={w.rowCount ?? '未建表'}
            suffix={w.rowCount === null ? undefined : '条'}
          />
        ))
      : []),
  ].filter(Boolean);
  if (cards.length === 0) return null;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the cards are a fixed list in a fixed order
        <Col key={i} xs={12} md={6}>
          <Card size="small">{card}</Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * The blocks of a portrait for the measures its granted cards show: number cards, the grade distribution,
 * warnings by month, the point table and a chosen point's trend; the empty placeholder without a task.
 */
export function PortraitBlocks({
  data,
  measures,
}: {
  data: PortraitData;
  measures: ReadonlySet<PortraitMeasure>;
}) {
  const [pointId, setPointId] = useState<string | undefined>();
  if (!data.task) return <Empty description="该对象还没有诊断数据" style={{ margin: '48px 0' }} />;
  const trendPoint = data.trend.find((p) => p.qualityPointId === pointId) ?? data.trend[0];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <NumberCards data={data} measures={measures} />
      <Row gutter={[16, 16]}>
        {measures.has('gradeDistribution') ? (
          <Col xs={24} lg={12}>
            <Card size="small" title="等级分布">
              <LazyChart option={gradePieOption(data.grades)} height={300} />
            </Card>
          </Col>
        ) : null}
        {measures.has('warningsByMonth') ? (
          <Col xs={24} lg={12}>
            <Card size="small" title="月度预警">
              <LazyChart option={warningsByMonthOption(data.warningsByMonth)} height={300} />
            </Card>
          </Col>
        ) : null}
      </Row>
      {measures.has('pointTrend') ? (
        <Card
          size="small"
          title="质控点趋势"
          extra={
            <Select
              aria-label="趋势质控点"
              size="small"
              style={{ width: 260 }}
              showSearch={{ optionFilterProp: 'label' }}
              value={trendPoint?.qualityPointId}
              onChange={setPointId}
              options={data.trend.map((p) => ({ value: p.qualityPointId, label: p.name }))}
            />
          }
        >
          <LazyChart option={pointTrendOption(trendPoint, data.tasks)} height={300} />
        </Card>
      ) : null}
      {measures.has('pointTable') ? (
        <Card size="small" title="质控点明细">
          <Table<PortraitPoint>
            rowKey="assignedPointId"
            size="small"
            columns={pointColumns}
            dataSource={data.points}
            pagination={{ pageSize: 10, showQuickJumper: true, showSizeChanger: false }}
            locale={{ emptyText: '暂无数据' }}
          />
        </Card>
      ) : null}
    </div>
  );
}
