import {
  type DataType,
  effectiveValue,
  formatValue,
  IMPROVEMENT_TREND_LABELS,
  QUALITY_REPORT_SCOPE_LABELS,
  type QualityRow,
  REPORT_CHART_EMPTY,
  REPORT_TABLE_LABELS,
  REVIEW_KIND_LABELS,
  REVIEW_RESULT_LABELS,
  type ReportChartOption,
  type ReportTable,
  type ReportView,
  sectionCharts,
  type WarningRow,
} from '@eduqa/contract';
import { Button, Result, Spin } from 'antd';
import type { EChartsOption } from 'echarts';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate, useParams } from 'react-router';
import { LazyChart } from '../../../shared/charts/lazy-chart.tsx';
import { useCovers, usePrintTables, useReportView, useReviews } from '../api.ts';
import { formatScore } from '../report-labels.ts';
import '../components/report-print.css';

export type PrintTables = NonNullable<ReturnType<typeof usePrintTables>['data']>;
type Cover = { title: string; subtitle: string; schoolName: string };

const CHINESE_NUMBERS = ['一', '二', '三'];
const dash = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? '—' : v);
const shown = (dataType: string, raw: string | null) =>
  raw === null || raw.trim() === '' ? '—' : dash(formatValue(dataType as DataType, raw));
const indicatorOf = (r: QualityRow) => r.indicatorPath.map((n) => n.name).join(' / ') || '—';

/** The statistics tables each section carries, as in the Word document. */
const SECTION_TABLES: Record<ReportView['sections'][number]['key'], ReportTable[]> = {
  points: ['points', 'below'],
  completion: ['unfinished'],
  warnings: ['warnings'],
  improvement: [],
  explain: [],
};

interface Heading {
  id: string;
  level: 1 | 2 | 3;
  text: string;
}

/** The headings of the report, in order: what 目录 lists and the body shows, the Word document's own. */
export function printHeadings(view: ReportView, tables: PrintTables): Heading[] {
  const part = (i: number, title: string): Heading => ({
    id: `part-${i}`,
    level: 1,
    text: `${CHINESE_NUMBERS[i]}、${title}`,
  });
  return [
    part(0, '报告信息'),
    part(1, '总体概况'),
    ...view.sections.flatMap((s): Heading[] => [
      { id: `section-${s.key}`, level: 2, text: `${s.number}. ${s.title}` },
      ...SECTION_TABLES[s.key].map(
        (key): Heading => ({
          id: `table-${key}`,
          level: 3,
          text: `${REPORT_TABLE_LABELS[key]}（共${tables[key].total}条）`,
        }),
      ),
    ]),
    part(2, '评审意见'),
  ];
}

/**
 * 打印/导出PDF (`…/view/:id/print`): the report as its Word document lays it out — cover, 目录, 报告信息,
 * the sections with their narrative, charts and tables, 评审意见 — on a sheet without the app around it,
 * for the browser's print dialog (save as PDF there).
 */
export function ReportPrintPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const view = useReportView(id);
  const tables = usePrintTables(id);
  const reviews = useReviews(id);
  const covers = useCovers(1, 100);
  const isReady = Boolean(view.data && tables.data && reviews.data && covers.data);
  const failed = view.error ?? tables.error ?? reviews.error;
  const cover = pickCover(covers.data?.records ?? [], view.data?.coverId ?? null);
  return createPortal(
    <div className="report-print">
      <div className="report-print-toolbar">
        <Button onClick={() => navigate('..', { relative: 'path' })}>返回</Button>
        <Button type="primary" disabled={!isReady} onClick={() => window.print()}>
          打印/导出PDF
        </Button>
      </div>
      <div className="report-print-sheet">
        {failed ? (
          <Result status="warning" title={failed.message} />
        ) : view.data && tables.data && reviews.data && isReady ? (
          <PrintedReport view={view.data} tables={tables.data} reviews={reviews.data} cover={cover} />
        ) : (
          <div style={{ display: 'grid', placeItems: 'center', height: 320 }}>
            <Spin />
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}

function pickCover(
  covers: readonly (Cover & { id: string; isDefault: boolean })[],
  coverId: string | null,
): Cover | null {
  return covers.find((c) => c.id === coverId) ?? covers.find((c) => c.isDefault) ?? null;
}

function PrintedReport(props: {
  view: ReportView;
  tables: PrintTables;
  reviews: NonNullable<ReturnType<typeof useReviews>['data']>;
  cover: Cover | null;
}) {
  const { view, tables, reviews, cover } = props;
  const headings = printHeadings(view, tables);
  const h = (id: string) => headings.find((x) => x.id === id)!;
  return (
    <article aria-label={view.name}>
      <CoverPage view={view} cover={cover} />
      <nav className="report-print-contents report-print-break" aria-label="目录">
        <h2 style={{ textAlign: 'center' }}>目录</h2>
        <ol>
          {headings.map((x) => (
            <li key={x.id} className={`level-${x.level}`}>
              <a href={`#${x.id}`} onClick={(e) => scrollTo(e, x.id)}>
                {x.text}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <section className="report-print-break">
        <Title heading={h('part-0')} />
        <InfoTable view={view} />
      </section>
      <Title heading={h('part-1')} />
      {view.sections.map((s) => (
        <section key={s.key}>
          <Title heading={h(`section-${s.key}`)} />
          <p style={{ textIndent: '2em' }}>{s.narrative.map((n) => n.text).join('')}</p>
          <Charts view={view} section={s.key} />
          {SECTION_TABLES[s.key].map((key) => (
            <div key={key}>
              <Title heading={h(`table-${key}`)} />
              <StatisticsTable table={key} tables={tables} />
            </div>
          ))}
          {s.key === 'improvement' ? <ImprovementRows view={view} /> : null}
          {s.key === 'explain' ? <ExplainRows view={view} /> : null}
        </section>
      ))}
      <Title heading={h('part-2')} />
      <ReviewRows reviews={reviews} />
    </article>
  );
}

/** 目录's links scroll the sheet (the hash belongs to the router). */
function scrollTo(event: React.MouseEvent, id: string) {
  event.preventDefault();
  document.getElementById(id)?.scrollIntoView();
}

function Title({ heading }: { heading: Heading }) {
  const Tag = `h${heading.level + 1}` as 'h2' | 'h3' | 'h4';
  return <Tag id={heading.id}>{heading.text}</Tag>;
}

function CoverPage({ view, cover }: { view: ReportView; cover: Cover | null }) {
  return (
    <section className="report-print-cover" aria-label="封面">
      {cover?.schoolName ? <div className="school">{cover.schoolName}</div> : null}
      <div className="title">{cover?.title || view.name}</div>
      {cover && cover.title !== view.name ? <div style={{ fontSize: 18 }}>{view.name}</div> : null}
      {cover?.subtitle ? <div>{cover.subtitle}</div> : null}
      <div className="subject">
        {QUALITY_REPORT_SCOPE_LABELS[view.scope]}：{view.subjectName}
      </div>
      <div>报告时间：{view.header.reportTime}</div>
    </section>
  );
}

function Rows(props: { header: string[]; rows: ReactNode[][]; empty?: string }) {
  if (props.rows.length === 0) return <p>{props.empty ?? '暂无数据'}</p>;
  return (
    <table>
      <thead>
        <tr>
          {props.header.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: printed rows never move
          <tr key={i}>
            {r.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are positional
              <td key={j}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InfoTable({ view }: { view: ReportView }) {
  const facts: [string, string][] = [
    ['报告名称', view.name],
    ['诊断任务', view.taskName],
    [QUALITY_REPORT_SCOPE_LABELS[view.scope], view.subjectName],
    ['负责人', dash(view.header.principal)],
    ['报告时间', view.header.reportTime],
    ...(view.score === null ? [] : ([['得分', formatScore(view.score)]] as [string, string][])),
  ];
  const { items, itemCount } = view.header;
  return (
    <>
      <table>
        <tbody>
          {facts.map(([label, value]) => (
            <tr key={label}>
              <th style={{ width: '22%' }}>{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <strong>
          {itemCount > items.length
            ? `任务项（共${itemCount}项，列出前${items.length}项）`
            : `任务项（共${items.length}项）`}
        </strong>
      </p>
      <Rows
        header={['序号', '任务项', '负责人']}
        rows={items.map((item, i) => [String(i + 1), item.name, dash(item.person)])}
        empty="暂无任务项"
      />
    </>
  );
}

function withoutTitle(option: ReportChartOption): EChartsOption {
  const { title: _title, ...rest } = option;
  // No animation: the print dialog takes the chart as it is drawn at that moment.
  return { ...rest, animation: false } as EChartsOption;
}

function Charts({ view, section }: { view: ReportView; section: ReportView['sections'][number]['key'] }) {
  const charts = sectionCharts(section, view.overview);
  if (charts.length === 0) return null;
  return (
    <div className="report-print-charts">
      {charts.map((chart) => (
        <div key={chart.key} className="report-print-chart">
          <div className="report-print-chart-title">{chart.title}</div>
          {chart.option ? (
            <LazyChart option={withoutTitle(chart.option)} height={240} />
          ) : (
            <p style={{ textAlign: 'center' }}>{REPORT_CHART_EMPTY}</p>
          )}
        </div>
      ))}
    </div>
  );
}

function StatisticsTable({ table, tables }: { table: ReportTable; tables: PrintTables }) {
  if (table === 'warnings') return <WarningRows rows={tables.warnings.records} />;
  const rows = tables[table].records;
  const target = (r: QualityRow) => shown(r.dataType, effectiveValue(r.target, r.revisedTarget));
  const result = (r: QualityRow) => shown(r.dataType, effectiveValue(r.result, r.revisedResult));
  if (table === 'below') {
    return (
      <Rows
        header={['序号', '质控点', '诊断对象', '目标值', '本次结果', '本次等级', '原因分析', '改进措施']}
        rows={rows.map((r, i) => [
          String(i + 1),
          r.name,
          r.objectName,
          target(r),
          result(r),
          dash(r.grade),
          dash(r.cause),
          dash(r.measure),
        ])}
      />
    );
  }
  return (
    <Rows
      header={['序号', '指标', '质控点', '诊断对象', '目标值', '本次结果', '本次等级', '上次结果']}
      rows={rows.map((r, i) => [
        String(i + 1),
        indicatorOf(r),
        r.name,
        r.objectName,
        target(r),
        result(r),
        dash(r.grade),
        shown(r.dataType, r.previousResult),
      ])}
    />
  );
}

function WarningRows({ rows }: { rows: WarningRow[] }) {
  return (
    <Rows
      header={['序号', '质控点', '诊断对象', '预警值', '原因分析', '处理措施', '预警次数', '处理次数']}
      rows={rows.map((r, i) => [
        String(i + 1),
        r.pointName,
        r.objectName,
        shown(r.dataType, r.warningValue),
        dash(r.cause),
        dash(r.measure),
        String(r.allCount),
        String(r.handledCount),
      ])}
    />
  );
}

function ImprovementRows({ view }: { view: ReportView }) {
  return (
    <Rows
      header={['序号', '质控点', '诊断对象', '上期结果', '本期结果', '变化', '改进措施']}
      rows={view.improvements.map((m, i) => [
        String(i + 1),
        m.pointName,
        m.objectName,
        dash(m.lastValue),
        dash(m.currentValue),
        IMPROVEMENT_TREND_LABELS[m.trend],
        dash(m.measure),
      ])}
    />
  );
}

function ExplainRows({ view }: { view: ReportView }) {
  if (view.explains.length === 0) return <p>暂无数据</p>;
  return (
    <>
      {view.explains
        .map((item, i) => ({ ...item, n: i + 1 }))
        .map((item) => (
          <div key={item.n}>
            <p>
              <strong>
                （{item.n}）{item.name}
              </strong>
            </p>
            <p style={{ whiteSpace: 'pre-wrap', textIndent: '2em' }}>{item.text}</p>
          </div>
        ))}
    </>
  );
}

function ReviewRows({ reviews }: { reviews: NonNullable<ReturnType<typeof useReviews>['data']> }) {
  return (
    <Rows
      header={['类型', '评审人', '轮次', '结果', '得分', '意见', '时间']}
      rows={reviews.map((r) => [
        REVIEW_KIND_LABELS[r.kind],
        r.reviewerName,
        String(r.round),
        r.result ? REVIEW_RESULT_LABELS[r.result] : '—',
        r.score === null ? '—' : r.score.toFixed(2),
        dash(r.opinion),
        r.createdAt,
      ])}
      empty="暂无评审意见"
    />
  );
}
