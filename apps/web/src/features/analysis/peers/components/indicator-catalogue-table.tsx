import { DIRECTION_LABELS, PEER_TABLE_KIND_LABELS, type PeerIndicator } from '@eduqa/contract';
import { Table, type TableColumnsType } from 'antd';

/** 指标目录: the 质量年报 indicators, with where the own school's value comes from. */
export function IndicatorCatalogueTable({
  indicators,
  isLoading,
}: {
  indicators: readonly PeerIndicator[];
  isLoading: boolean;
}) {
  const columns: TableColumnsType<PeerIndicator> = [
    { title: '所属报表', key: 'table', width: 120, render: (_, i) => PEER_TABLE_KIND_LABELS[i.tableKind] },
    { title: '指标名称', dataIndex: 'name' },
    { title: '单位', dataIndex: 'unit', width: 90, render: (unit: string) => unit || '-' },
    { title: '方向', key: 'direction', width: 110, render: (_, i) => DIRECTION_LABELS[i.direction] },
    {
      title: '本校数据来源',
      key: 'point',
      render: (_, i) =>
        i.pointName ? `质控点「${i.pointName}」的学校层面结果（无结果的年份取年报导入值）` : '年报导入',
    },
  ];
  return (
    <Table<PeerIndicator>
      rowKey="id"
      size="middle"
      loading={isLoading}
      columns={columns}
      dataSource={[...indicators]}
      pagination={false}
    />
  );
}
