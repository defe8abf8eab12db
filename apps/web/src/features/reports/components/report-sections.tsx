import {
  REPORT_CHART_EMPTY,
  type ReportChartOption,
  type ReportTable,
  type ReportView,
  sectionCharts,
} from '@eduqa/contract';
import { Col, Empty, Row, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import { useState } from 'react';
import { LazyChart } from '../../../shared/charts/lazy-chart.tsx';
import { ImprovementTable } from './improvement-table.tsx';
import { Narrative } from './narrative.tsx';
import { ReportTableModal } from './report-table-modal.tsx';

type Section = ReportView['sections'][number];

/**
 * The chart's title is drawn as text above it, the same for a chart and its empty placeholder; the
 * app's ECharts build does not register the title component, so the option's own would not show.
 */
function withoutTitle(option: ReportChartOption): EChartsOption {
  const { title: _title, ...rest } = option;
  return rest as EChartsOption;
}

/**
 * 总体概况: the sections the server kept (checked in the template and not empty), numbered 1., 2., 3.,
 * each with its narrative — whose counts open their tables — its charts, and for 改进成效 and 自我诊断总结
 * their table and items.
 */
export function ReportSections({ view }: { view: ReportView }) {
  const [table, setTable] = useState<ReportTable | null>(null);
  return (
    <>
      {view.sections.length === 0 ? (
        <Empty description="该报告没有可显示的章节" />
      ) : (
        view.sections.map((section) => (
          <SectionBlock key={section.key} view={view} section={section} onOpenTable={setTable} />
        ))
      )}
      <ReportTableModal reportId={view.id} table={table} onClose={() => setTable(null)} />
    </>
  );
}

function SectionBlock({
  view,
  section,
  onOpenTable,
}: {
  view: ReportView;
  section: Section;
  onOpenTable: (table: ReportTable) => void;
}) {
  const charts = sectionCharts(section.key, view.overview);
  return (
    <section aria-label={section.title} style={{ marginBottom: 24 }}>
      <Typography.Title level={4}>
        {section.number}. {section.title}
      </Typography.Title>
      <Narrative segments={section.narrative} onOpenTable={onOpenTable} />
      {charts.length > 0 ? (
        // A lone chart takes half the width, centred like a pair: across the whole page its legend (on
        // the left) stands far from its pie.
        <Row gutter={[16, 16]} justify="center">
          {charts.map((chart) => (
            <Col key={chart.key} xs={24} lg={charts.length === 1 ? 12 : 24 / charts.length}>
              <Typography.Text strong style={{ display: 'block', textAlign: 'center' }}>
                {chart.title}
              </Typography.Text>
              {chart.option ? (
                <LazyChart option={withoutTitle(chart.option)} height={300} />
              ) : (
                <Empty
                  style={{ padding: '32px 0' }}
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={REPORT_CHART_EMPTY}
                />
              )}
            </Col>
          ))}
        </Row>
      ) : null}
      {section.key === 'improvement' ? <ImprovementTable rows={view.improvements} /> : null}
      {section.key === 'explain' ? <ExplainItems items={view.explains} /> : null}
    </section>
  );
}

function ExplainItems({ items }: { items: ReportView['explains'] }) {
  return (
    <>
      {items
        .map((item, i) => ({ ...item, n: i + 1 }))
        .map((item) => (
          <div key={item.n} style={{ marginBottom: 12 }}>
            <Typography.Title level={5}>
              （{item.n}）{item.name}
            </Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', textIndent: '2em' }}>
              {item.text}
            </Typography.Paragraph>
          </div>
        ))}
    </>
  );
}
