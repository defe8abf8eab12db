import { Card, Col, Result, Row, Spin, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LazyChart } from '../../../shared/charts/lazy-chart.tsx';
import {
  useDepartmentFinishRate,
  useFinishRateRank,
  useGather,
  useGrid,
  useTaskStatus,
  useTypeAnalysis,
} from './summary-api.ts';
import {
  departmentFinishRateOption,
  finishRateRankOption,
  scheduleStatusOption,
  summaryCards,
  taskStateOption,
  typeAnalysisOption,
} from './summary-charts.ts';
import type { AnalysisFilters } from './summary-filters.ts';
import { AnalysisGridTable } from './summary-grid-table.tsx';

/** A chart card: a spinner over the last answer while the next loads, an error in place of the chart. */
function Panel(props: {
  title: string;
  query: { isFetching: boolean; isError: boolean };
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card title={props.title} size="small" extra={props.extra} style={{ height: '100%' }}>
      {props.query.isError ? (
        <Result status="error" title="加载失败" subTitle="请稍后重试" />
      ) : (
        <Spin spinning={props.query.isFetching}>{props.children}</Spin>
      )}
    </Card>
  );
}

/** The statistic cards of the gathered numbers. */
export function SummaryCards({ filters }: { filters: AnalysisFilters }) {
  const gather = useGather(filters);
  return (
    <Row gutter={[12, 12]}>
      {summaryCards(gather.data).map((card) => (
        <Col key={card.key} xs={12} sm={8} md={6} xl={3}>
          <Card size="small">
            <Statistic
              title={card.title}
              value={card.value}
              loading={gather.isLoading}
              {...(card.suffix ? { suffix: card.suffix } : {})}
              {...(card.color ? { styles: { content: { color: card.color } } } : {})}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The status, rank, department finish rate and type charts, and the department × type grid. */
export function SummaryCharts({ filters }: { filters: AnalysisFilters }) {
  const status = useTaskStatus(filters);
  const rates = useDepartmentFinishRate(filters);
  const rank = useFinishRateRank(filters);
  const types = useTypeAnalysis(filters);
  const grid = useGrid(filters);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Panel title="任务状态分析" query={status}>
          <Row gutter={8}>
            <Col span={12}>
              <Typography.Text type="secondary">进度状态</Typography.Text>
              <LazyChart option={scheduleStatusOption(status.data)} height={280} />
            </Col>
            <Col span={12}>
              <Typography.Text type="secondary">任务状态</Typography.Text>
              <LazyChart option={taskStateOption(status.data)} height={280} />
            </Col>
          </Row>
        </Panel>
      </Col>
      <Col xs={24} xl={12}>
        <Panel title="完成率排名" query={rank}>
          <LazyChart
            option={finishRateRankOption(rank.data)}
            height={Math.max(300, (rank.data?.length ?? 0) * 32 + 40)}
          />
        </Panel>
      </Col>
      <Col xs={24} xl={16}>
        <Panel title="部门任务完成率" query={rates}>
          <LazyChart option={departmentFinishRateOption(rates.data)} height={340} />
        </Panel>
      </Col>
      <Col xs={24} xl={8}>
        <Panel title="任务类型分析" query={types}>
          <LazyChart option={typeAnalysisOption(types.data)} height={340} />
        </Panel>
      </Col>
      <Col span={24}>
        <Panel title="部门 × 任务类型" query={grid}>
          <AnalysisGridTable grid={grid.data} loading={grid.isLoading} />
        </Panel>
      </Col>
    </Row>
  );
}
