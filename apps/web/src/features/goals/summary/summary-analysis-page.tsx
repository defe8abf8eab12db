import {
  ANALYSIS_WARNING_FILTER_LABELS,
  ANALYSIS_WARNING_FILTERS,
  type AnalysisWarningFilter,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  type TaskType,
} from '@eduqa/contract';
import { Card, Col, Result, Row, Segmented, Select, Space, Spin, Statistic, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { LazyChart } from '../../../shared/charts/lazy-chart.tsx';
import { useSession } from '../../../shell/session/index.ts';
import { useDepartments } from '../../org/index.ts';
import { chargeDepartmentsOf } from '../api.ts';
import {
  useAnalysisYearTargets,
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
import { type AnalysisFilters, headOf, initialFilters, withYear } from './summary-filters.ts';
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

/**
 * 汇总分析 of target tasks (spec 1 §7 targetTaskSummaryAnalysis, spec 2 §2.7): filters, statistic cards,
 * the status, department finish rate and rank charts and the department × type grid. The numbers cover
 * only the tasks the caller may read.
 */
export function SummaryAnalysisPage() {
  const { user } = useSession();
  const chargeDepartments = chargeDepartmentsOf(user);
  const [filters, setFilters] = useState<AnalysisFilters>(() => initialFilters(chargeDepartments));
  const set = (patch: Partial<AnalysisFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const yearTargets = useAnalysisYearTargets();
  const departments = useDepartments();
  const status = useTaskStatus(filters);
  const rates = useDepartmentFinishRate(filters);
  const rank = useFinishRateRank(filters);
  const gather = useGather(filters);
  const types = useTypeAnalysis(filters);
  const grid = useGrid(filters);

  const targets = yearTargets.data ?? [];
  const years = useMemo(() => [...new Set(targets.map((t) => t.cycleYear))].sort((a, b) => b - a), [targets]);
  const targetYear = (id: string) => targets.find((t) => t.id === id)?.cycleYear;
  const head = headOf(filters.departmentId, departments.data?.rows ?? [], chargeDepartments);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="汇总分析" variant="borderless">
        <Space wrap size={[16, 12]}>
          <Space size={4}>
            <span>年度：</span>
            <Select<number>
              aria-label="年度"
              style={{ width: 110 }}
              allowClear
              placeholder="全部"
              value={filters.cycleYear}
              onChange={(value) => setFilters((f) => withYear(f, value, targetYear))}
              options={years.map((y) => ({ value: y, label: `${y}年` }))}
              notFoundContent="暂无数据"
            />
          </Space>
          <Space size={4}>
            <span>年度目标：</span>
            <Select<string>
              aria-label="年度目标"
              style={{ width: 220 }}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部年度目标"
              loading={yearTargets.isLoading}
              value={filters.yearTargetId}
              onChange={(value) => set({ yearTargetId: value })}
              options={targets
                .filter((t) => !filters.cycleYear || t.cycleYear === filters.cycleYear)
                .map((t) => ({ value: t.id, label: `${t.name}（${t.cycleYear}）` }))}
              notFoundContent="暂无数据"
            />
          </Space>
          <Space size={4}>
            <span>任务类型：</span>
            <Select<TaskType>
              aria-label="任务类型"
              style={{ width: 110 }}
              allowClear
              placeholder="全部"
              value={filters.taskType}
              onChange={(value) => set({ taskType: value })}
              options={TASK_TYPES.map((t) => ({ value: t, label: `${t} ${TASK_TYPE_LABELS[t]}` }))}
            />
          </Space>
          <Space size={4}>
            <span>预警类型：</span>
            <Segmented<AnalysisWarningFilter>
              aria-label="预警类型"
              value={filters.warningType}
              onChange={(value) => set({ warningType: value })}
              options={ANALYSIS_WARNING_FILTERS.map((v) => ({
                value: v,
                label: ANALYSIS_WARNING_FILTER_LABELS[v],
              }))}
            />
          </Space>
          <Space size={4}>
            <span>责任部门：</span>
            <Select<string>
              aria-label="责任部门"
              style={{ width: 200 }}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部部门"
              loading={departments.isLoading}
              value={filters.departmentId}
              onChange={(value) => set({ departmentId: value })}
              options={(departments.data?.rows ?? []).map((d) => ({
                value: d.departmentId,
                label: d.departmentName,
              }))}
              notFoundContent="暂无数据"
            />
            {filters.departmentId ? (
              <Typography.Text type="secondary" data-testid="department-head">
                负责人：{head ?? '未设置'}
              </Typography.Text>
            ) : null}
          </Space>
        </Space>
      </Card>

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
    </Space>
  );
}
