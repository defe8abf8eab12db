import type { QualityRow, Sample } from '@eduqa/contract';
import { Button, DatePicker, Input, Modal, Space, Table, type TableColumnsType, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { LazyChart } from '../../../shared/charts/lazy-chart.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { addSample, useRefreshDiagnosis, useSamples } from '../api.ts';
import { samplingTrendOption } from '../charts/chart-options.ts';
import { displayValue, sampleSourceText } from '../values.ts';

export type SamplingPoint = Pick<QualityRow, 'id' | 'name'> &
  Partial<Pick<QualityRow, 'isEdit' | 'dataType'>>;

const VALUE_HINTS: Record<string, string> = {
  percent: '如 85 或 85%',
  whether: '是 或 否',
  have: '有 或 无',
  integer: '整数',
  float: '数值',
};

/**
 * The charger records a collected value by hand (points collected by 填报); the server grades it,
 * and checks the point's warning rule for the sample's cycle.
 */
function SampleEntry({ point }: { point: SamplingPoint }) {
  const [value, setValue] = useState('');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [isSaving, setSaving] = useState(false);
  const refresh = useRefreshDiagnosis();
  const save = async () => {
    if (!value.trim()) {
      notify.error('请输入采集值');
      return;
    }
    setSaving(true);
    try {
      await addSample({
        pointId: point.id,
        value: value.trim(),
        ...(at ? { sampledAt: at.format('YYYY-MM-DDTHH:mm:ss') } : {}),
      });
      notify.success('采样值已录入');
      setValue('');
      setAt(null);
      void refresh();
    } catch {
      // the client has shown the server's message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space wrap style={{ marginBottom: 8 }}>
      <Input
        aria-label="采集值"
        placeholder={`采集值（${VALUE_HINTS[point.dataType ?? ''] ?? '值'}）`}
        value={value}
        maxLength={32}
        onChange={(event) => setValue(event.target.value)}
        onPressEnter={() => void save()}
        style={{ width: 200 }}
      />
      <DatePicker
        showTime
        value={at}
        onChange={setAt}
        placeholder="采样时间（默认现在）"
        aria-label="采样时间"
      />
      <Button type="primary" loading={isSaving} onClick={() => void save()}>
        录入采样值
      </Button>
    </Space>
  );
}

type Range = [Dayjs | null, Dayjs | null] | null;

const columns: TableColumnsType<Sample> = [
  { title: '采样时间', dataIndex: 'sampledAt', width: 200 },
  { title: '采集值', dataIndex: 'value', render: (_, s) => displayValue(s.dataType, s.value) },
  { title: '来源', key: 'source', width: 160, render: (_, s) => sampleSourceText(s) },
];

/** 采样分析 (spec 2 §2.4): 50% wide, a date range, 趋势图 (first 7 items) and 采样记录. */
export function SamplingDialog({ point, onClose }: { point: SamplingPoint | null; onClose: () => void }) {
  const [range, setRange] = useState<Range>(null);
  const query = {
    pointId: point?.id ?? '',
    ...(range?.[0] ? { startTime: range[0].format('YYYY-MM-DD') } : {}),
    ...(range?.[1] ? { endTime: range[1].format('YYYY-MM-DD') } : {}),
  };
  const samples = useSamples(query, point !== null);
  const rows = samples.data ?? [];
  const option = useMemo(() => samplingTrendOption(rows), [rows]);
  return (
    <Modal
      title={point ? `采样分析 - ${point.name}` : '采样分析'}
      open={point !== null}
      width="50%"
      footer={null}
      onCancel={onClose}
      afterClose={() => setRange(null)}
      destroyOnHidden
    >
      {point?.isEdit ? <SampleEntry point={point} /> : null}
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
              <Table<Sample>
                rowKey="id"
                size="small"
                columns={columns}
                dataSource={[...rows].sort((a, b) => b.sampledAt.localeCompare(a.sampledAt))}
                loading={samples.isFetching}
                pagination={PAGINATION_WITH_WORDS}
                locale={{ emptyText: '暂无数据' }}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
