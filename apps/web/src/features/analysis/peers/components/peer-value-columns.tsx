import { DEMO_DATA_LABEL, type PeerIndicator, type PeerValueRow } from '@eduqa/contract';
import { type TableColumnsType, Tag } from 'antd';
import { formatValue, OWN_COLOR, OWN_LABEL } from '../charts/peer-charts.ts';

/** The 年报数据 columns: the school (the own one marked), the year, one column per shown indicator. */
export function peerValueColumns(shown: readonly PeerIndicator[]): TableColumnsType<PeerValueRow> {
  return [
    {
      title: '学校',
      key: 'school',
      fixed: 'left',
      width: 240,
      render: (_, row) => (
        <span style={row.school.isOwn ? { color: OWN_COLOR, fontWeight: 600 } : undefined}>
          {row.school.name}
          {row.school.isOwn ? (
            <Tag color="red" style={{ marginLeft: 6 }}>
              {OWN_LABEL}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: '年份', dataIndex: 'year', width: 80 },
    ...shown.map((indicator) => ({
      title: indicator.unit ? `${indicator.name}（${indicator.unit}）` : indicator.name,
      key: indicator.id,
      width: 140,
      align: 'right' as const,
      render: (_: unknown, row: PeerValueRow) =>
        formatValue(row.values.find((v) => v.indicatorId === indicator.id)?.value),
    })),
    {
      title: '数据',
      key: 'demo',
      width: 100,
      render: (_, row) => (row.isDemo ? <Tag color="orange">{DEMO_DATA_LABEL}</Tag> : '年报'),
    },
  ];
}
