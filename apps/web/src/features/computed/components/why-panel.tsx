import {
  COLLECTION_METHOD_LABELS,
  type ComputedWhyWire,
  SAMPLE_SOURCE_LABELS,
  type SampleLineageWire,
  TABLE_EMPTY_TEXT,
  type WhySample,
} from '@eduqa/contract';
import {
  Alert,
  Descriptions,
  Empty,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { formatSchoolTime } from '../../../shared/time/school-time.ts';
import { useWhy } from '../api.ts';
import { ResultSourceTag, SOURCE_COLORS } from './result-source-tag.tsx';

const time = (iso: string | null) => formatSchoolTime(iso, '-');

const paramsText = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${v ?? ''}`)
    .join('，');

/** Where a collected value came from: the algorithm, version and data source, or the endpoint. */
const lineageText = (l: SampleLineageWire) =>
  l.method === 'interface'
    ? `接口 ${l.endpointUrl ?? ''}`
    : `${l.groupName ?? l.groupId ?? '-'} · 版本 ${l.version ?? '-'} · ${l.dataSourceName ?? '-'}`;

/** A sample's row: its value, whether typed or computed, and what the rule made of it. */
type SampleRow = WhySample & { lineage: SampleLineageWire | null };

const sampleColumns: TableColumnsType<SampleRow> = [
  {
    key: 'cycleKey',
    title: '周期',
    width: 90,
    render: (_, s) => (s.cycleKey === 'all' ? '全期' : s.cycleKey),
  },
  { key: 'value', title: '采样值', dataIndex: 'value', width: 90 },
  {
    key: 'source',
    title: '来源',
    width: 260,
    render: (_, s) => (
      <Space size={4} wrap>
        <Tag color={SOURCE_COLORS[s.source]}>{SAMPLE_SOURCE_LABELS[s.source]}</Tag>
        {s.used ? <Tag color="green">当前结果所用</Tag> : null}
        {s.replaced ? <Tag>已被同周期采集值替换</Tag> : null}
        {s.lineage ? lineageText(s.lineage) : null}
      </Space>
    ),
  },
  {
    key: 'inputRows',
    title: '输入行数',
    width: 80,
    align: 'right',
    render: (_, s) => s.lineage?.inputRows ?? '-',
  },
  {
    key: 'who',
    title: '录入人 / 确认人',
    width: 110,
    render: (_, s) => (s.source === 'typed' ? s.enteredBy : s.lineage?.appliedBy) ?? '-',
  },
  {
    key: 'at',
    title: '录入 / 采集时间',
    width: 160,
    render: (_, s) => time(s.source === 'typed' ? s.enteredAt : (s.lineage?.collectedAt ?? s.enteredAt)),
  },
];

/** Each sample's parameters, SQL digest and run, below its row. */
function LineageDetail({ lineage }: { lineage: SampleLineageWire }) {
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'params', label: '参数', children: paramsText(lineage.params) },
        {
          key: 'sqlHash',
          label: 'SQL 摘要',
          children: <Typography.Text code>{lineage.sqlHash ?? '-'}</Typography.Text>,
        },
        { key: 'run', label: '采集批次', children: lineage.runLabel ?? '-' },
      ]}
    />
  );
}

/** 为什么是这个值: where the point's result came from, sample by sample, and who changed the algorithm when. */
export function WhyPanel({ pointId }: { pointId: string }) {
  const why = useWhy(pointId);
  // A refusal (the point is not the reader's) says so instead of loading for ever.
  if (why.error) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={why.error.message} />;
  if (why.isLoading || !why.data) return <Skeleton active />;
  return <WhyView data={why.data} />;
}

/** The source of the value used, in one line: who typed or revised it when, or which run computed it. */
function sourceText(data: ComputedWhyWire): string {
  const { source } = data;
  if (source.kind === 'collected') {
    const l = source.lineage;
    if (!l) return `${source.cycleKey ?? '-'} 周期的采集值`;
    return `${source.cycleKey ?? '-'} 周期 · ${lineageText(l)} · ${l.runLabel ?? '采集批次不详'} · 输入 ${l.inputRows} 行`;
  }
  if (source.kind === 'typed' || source.kind === 'revised') {
    const verb = source.kind === 'typed' ? '录入' : '修正';
    const cycle = source.cycleKey ? `${source.cycleKey === 'all' ? '全期' : source.cycleKey} 周期 · ` : '';
    return `${cycle}${source.enteredBy ?? '-'} 于 ${time(source.enteredAt)} ${verb}`;
  }
  return '-';
}

/** The lineage as answered, for pages that read it through their own call (a quality report's reader). */
export function WhyView({ data }: { data: ComputedWhyWire }) {
  const lineageOf = new Map(data.lineage.map((l) => [l.sampleId, l]));
  const rows: SampleRow[] = data.samples.map((s) => ({ ...s, lineage: lineageOf.get(s.sampleId) ?? null }));
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'result', label: '当前结果', children: data.result ?? '-' },
          { key: 'grade', label: '等级', children: data.grade ?? '-' },
          {
            key: 'source',
            label: '结果来源',
            span: 2,
            children: (
              <Space size={4} wrap>
                <ResultSourceTag source={data.source.kind} />
                {sourceText(data)}
              </Space>
            ),
          },
          { key: 'method', label: '采集方式', children: COLLECTION_METHOD_LABELS[data.collectionMethod] },
          {
            key: 'algorithm',
            label: '结果算法',
            children: data.algorithm
              ? `${data.algorithm.groupName}（当前版本 ${data.algorithm.currentVersion}）`
              : '-',
          },
          {
            key: 'changed',
            label: '算法最后修改',
            span: 2,
            children: data.algorithm
              ? `${data.algorithm.changedBy ?? '-'} 于 ${time(data.algorithm.changedAt)}`
              : '-',
          },
        ]}
      />
      {data.note ? <Alert style={{ margin: '12px 0' }} type="info" showIcon title={data.note} /> : null}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {data.rule}
      </Typography.Paragraph>
      <Table<SampleRow>
        rowKey="sampleId"
        size="small"
        columns={sampleColumns}
        dataSource={rows}
        expandable={{
          rowExpandable: (s) => s.lineage !== null,
          expandedRowRender: (s) => (s.lineage ? <LineageDetail lineage={s.lineage} /> : null),
        }}
        pagination={{ pageSize: 12, hideOnSinglePage: true }}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
      />
    </>
  );
}
