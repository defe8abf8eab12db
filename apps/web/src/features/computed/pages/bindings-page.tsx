import {
  COLLECTION_METHOD_LABELS,
  type CollectionMethod,
  type ComputedBindingWire,
  DISPLAY_MODE_LABELS,
  SAMPLING_PERIOD_LABELS,
} from '@eduqa/contract';
import { Button, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { type BindingRow, useBindings } from '../api.ts';
import { BindingFormModal } from '../components/binding-form-modal.tsx';

const METHOD_FILTER = (['algorithm', 'sql', 'interface'] as const).map((m) => ({
  value: m,
  label: COLLECTION_METHOD_LABELS[m],
}));

const sourceOf = (b: ComputedBindingWire) =>
  b.collectionMethod === 'interface' ? (b.endpointUrl ?? '-') : (b.resultGroupName ?? '-');

/** 数据管理 › 采集配置: where each computed quality point takes its values from. */
export default function BindingsPage() {
  const [keyword, setKeyword] = useState('');
  const [method, setMethod] = useState<CollectionMethod | undefined>();
  const { list, page } = useBindings({ keyword: keyword || undefined, collectionMethod: method });
  const dialog = useDialog<BindingRow>();
  const columns: TableColumnsType<BindingRow> = [
    { title: '质控点', dataIndex: 'pointName', ellipsis: true },
    {
      title: '采集方式',
      dataIndex: 'collectionMethod',
      width: 100,
      render: (m: CollectionMethod) => COLLECTION_METHOD_LABELS[m],
    },
    {
      title: '采样周期',
      dataIndex: 'samplingPeriod',
      width: 90,
      render: (p: keyof typeof SAMPLING_PERIOD_LABELS) => SAMPLING_PERIOD_LABELS[p],
    },
    {
      title: '展示方式',
      dataIndex: 'displayMode',
      width: 90,
      render: (d: keyof typeof DISPLAY_MODE_LABELS) => DISPLAY_MODE_LABELS[d],
    },
    { title: '来源', key: 'source', ellipsis: true, render: (_, b) => sourceOf(b) },
    {
      title: '状态',
      dataIndex: 'bound',
      width: 90,
      render: (bound: boolean) => (bound ? <Tag color="green">已配置</Tag> : <Tag>未配置</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, b) => (
        <Button type="link" size="small" onClick={() => dialog.show(b)}>
          配置
        </Button>
      ),
    },
  ];
  return (
    <PageCard title="采集配置">
      <PagedTable<BindingRow>
        search={{ placeholder: '请输入质控点名称', onSearch: setKeyword }}
        filters={
          <Select
            allowClear
            aria-label="采集方式"
            placeholder="全部采集方式"
            style={{ width: 180 }}
            options={METHOD_FILTER}
            value={method}
            onChange={setMethod}
          />
        }
        rowKey="pointId"
        columns={columns}
        rows={list.data?.records ?? []}
        isLoading={list.isFetching}
        serverPage={page}
      />
      <BindingFormModal open={dialog.open} binding={dialog.target} onClose={dialog.hide} />
    </PageCard>
  );
}
