import type { SampleWire } from '@eduqa/contract';
import { DatePicker, Modal, Table, type TableColumnsType, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { PAGINATION } from '../../system/paging.ts';
import { useSamples } from '../api.ts';
import { samplingTrendOption } from '../charts/chart-options.ts';
import { LazyChart } from '../charts/lazy-chart.tsx';
import { displayValue } from '../values.ts';

export interface SamplingPoint {
  id: string;
  zkdmc: string;
}

type Range = [Dayjs | null, Dayjs | null] | null;

const columns: TableColumnsType<SampleWire> = [
  { title: '采样时间', dataIndex: 'sj', width: 200 },
  { title: '采集值', dataIndex: 'cjz', render: (_, s) => displayValue(s.zlx, s.cjz) },
];

/** 采样分析 (spec 2 §2.4): 50% wide, a date range, 趋势图 (first 7 items) and 采样记录. */
export function SamplingDialog({ point, onClose }: { point: SamplingPoint | null; onClose: () => void }) {
  const [range, setRange] = useState<Range>(null);
  const query = {
    zgzkdid: point?.id ?? '',
    ...(range?.[0] ? { startTime: range[0].format('YYYY-MM-DD') } : {}),
    ...(range?.[1] ? { endTime: range[1].format('YYYY-MM-DD') } : {}),
  };
  const samples = useSamples(query, point !== null);
  const rows = samples.data ?? [];
  const option = useMemo(() => samplingTrendOption(rows), [rows]);
  return (
    <Modal
      title={point ? `采样分析 - ${point.zkdmc}` : '采样分析'}
      open={point !== null}
      width="50%"
      footer={null}
      onCancel={onClose}
      afterClose={() => setRange(null)}
      destroyOnHidden
    >
      <DatePicker.RangePicker
        value={range}
        onChange={(value) => setRange(value)}
        allowEmpty={[true, true]}
        style={{ marginBottom: 8 }}
        placeholder={['开始日期', '结束日期']}
      />
      <Tabs
        items={[
          {
            key: 'trend',
            label: '趋势图',
            children: samples.isLoading ? (
              <Table loading columns={[]} dataSource={[]} />
            ) : (
              <LazyChart option={option} height={340} />
            ),
          },
          {
            key: 'records',
            label: '采样记录',
            children: (
              <Table<SampleWire>
                rowKey="id"
                size="small"
                columns={columns}
                dataSource={[...rows].sort((a, b) => b.sj.localeCompare(a.sj))}
                loading={samples.isFetching}
                pagination={PAGINATION}
                locale={{ emptyText: '暂无数据' }}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
