import {
  COLLECTION_METHOD_LABELS,
  type ComputedWhyWire,
  type SampleLineageWire,
  TABLE_EMPTY_TEXT,
} from '@eduqa/contract';
import { Alert, Descriptions, Empty, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useWhy } from '../api.ts';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '-');

const paramsText = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${v ?? ''}`)
    .join('，');

const lineageColumns: TableColumnsType<SampleLineageWire> = [
  { key: 'cycleKey', title: '周期', dataIndex: 'cycleKey', width: 90 },
  { key: 'value', title: '采集值', dataIndex: 'value', width: 90 },
  {
    key: 'source',
    title: '来源',
    width: 200,
    render: (_, l) =>
      l.method === 'interface'
        ? `接口 ${l.endpointUrl ?? ''}`
        : `${l.groupName ?? l.groupId ?? '-'} · 版本 ${l.version ?? '-'} · ${l.dataSourceName ?? '-'}`,
  },
  { key: 'inputRows', title: '输入行数', dataIndex: 'inputRows', width: 80, align: 'right' },
  { key: 'collectedAt', title: '采集时间', width: 160, render: (_, l) => time(l.collectedAt) },
  {
    key: 'appliedBy',
    title: '确认人',
    dataIndex: 'appliedBy',
    width: 90,
    render: (v: string | null) => v ?? '-',
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
        {
          key: 'run',
          label: '采集批次 / 后台任务',
          children: `${lineage.runId ?? '-'} / ${lineage.jobId ?? '-'}`,
        },
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

/** The lineage as answered, for pages that read it through their own call (a quality report's reader). */
export function WhyView({ data }: { data: ComputedWhyWire }) {
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'result', label: '当前结果', children: data.result ?? '-' },
          { key: 'grade', label: '等级', children: data.grade ?? '-' },
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
      <Table<SampleLineageWire>
        rowKey="sampleId"
        size="small"
        columns={lineageColumns}
        dataSource={data.lineage}
        expandable={{ expandedRowRender: (l) => <LineageDetail lineage={l} /> }}
        pagination={{ pageSize: 12, hideOnSinglePage: true }}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
      />
    </>
  );
}
