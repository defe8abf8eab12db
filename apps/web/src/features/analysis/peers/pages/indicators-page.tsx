import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import {
  DEMO_DATA_LABEL,
  DIRECTION_LABELS,
  PEER_TABLE_KIND_LABELS,
  PEER_TABLE_KINDS,
  PEER_VALUE_IMPORT,
  type PeerIndicator,
  type PeerTableKind,
  type PeerValueRow,
} from '@eduqa/contract';
import { Button, Select, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { usePagedQuery } from '../../../../shared/api/use-paged-query.ts';
import { ExcelImportModal } from '../../../../shared/excel/excel-import-modal.tsx';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../../shared/ui/paged-table.tsx';
import { type YearRange, YearRangePicker } from '../../../../shared/ui/year-range-picker.tsx';
import {
  exportPeerValues,
  fetchPeerValues,
  type PeerValueQuery,
  peerKeys,
  usePeerIndicators,
} from '../api.ts';
import { formatValue, OWN_COLOR, OWN_LABEL } from '../charts/peer-charts.ts';
import { DemoTag } from '../components/demo-tag.tsx';

const TEMPLATE_NAME = '年报数据导入模板.xlsx';

function CatalogueTable({
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

/**
 * 年报指标 (智能分析维护): the 质量年报 catalogue, and the values gathered from the peers' published reports —
 * searched by school, table and years, imported from Excel as a job, exported with the same filters.
 */
export default function IndicatorsPage() {
  const catalogue = usePeerIndicators();
  const [tab, setTab] = useState('values');
  const [keyword, setKeyword] = useState('');
  const [tableKind, setTableKind] = useState<PeerTableKind>('scorecard');
  const [years, setYears] = useState<YearRange>([null, null]);
  const [isImportOpen, setImportOpen] = useState(false);
  const filters: Omit<PeerValueQuery, 'pageNum' | 'pageSize'> = {
    ...(keyword ? { keyword } : {}),
    tableKind,
    ...(years[0] !== null ? { startYear: years[0] } : {}),
    ...(years[1] !== null ? { endYear: years[1] } : {}),
  };
  const { list, page } = usePagedQuery({
    queryKey: peerKeys.values,
    queryFn: fetchPeerValues,
    filters,
    enabled: tab === 'values',
  });
  const shown = (catalogue.data ?? []).filter((i) => i.tableKind === tableKind);

  const exportValues = async () => {
    try {
      await exportPeerValues(filters);
    } catch {
      // the client has shown the message
    }
  };

  const columns: TableColumnsType<PeerValueRow> = [
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

  return (
    <PageCard
      title="年报指标"
      actions={
        <>
          <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)}>
            导入
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportValues()}>
            导出
          </Button>
        </>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'values',
            label: '年报数据',
            children: (
              <>
                <DemoTag isDemo={list.data?.records.some((r) => r.isDemo)} />
                <PagedTable<PeerValueRow & { key: string }>
                  search={{ placeholder: '学校名称', onSearch: setKeyword, isLive: true }}
                  filters={
                    <>
                      <Select<PeerTableKind>
                        aria-label="报表"
                        style={{ width: 140 }}
                        value={tableKind}
                        onChange={setTableKind}
                        options={PEER_TABLE_KINDS.map((k) => ({
                          value: k,
                          label: PEER_TABLE_KIND_LABELS[k],
                        }))}
                      />
                      <YearRangePicker value={years} onChange={setYears} />
                    </>
                  }
                  rowKey="key"
                  columns={columns as TableColumnsType<PeerValueRow & { key: string }>}
                  rows={(list.data?.records ?? []).map((r) => ({ ...r, key: `${r.school.code}|${r.year}` }))}
                  isLoading={list.isFetching}
                  serverPage={page}
                  scrollX={400 + shown.length * 140}
                  emptyText="暂无年报数据，可下载模板填写后导入"
                />
              </>
            ),
          },
          {
            key: 'catalogue',
            label: '指标目录',
            children: <CatalogueTable indicators={catalogue.data ?? []} isLoading={catalogue.isLoading} />,
          },
        ]}
      />
      <ExcelImportModal
        open={isImportOpen}
        onClose={() => setImportOpen(false)}
        endpoints={PEER_VALUE_IMPORT}
        texts={{
          title: '导入年报数据',
          noun: '指标值',
          success: (answer) => `导入成功！写入${answer.schools}所学校的${answer.values}个指标值`,
          template: { text: '下载模板', fileName: TEMPLATE_NAME },
          hint: '每行一所学校一个年份：学校标识码（或学校名称）、年份，其后每列一个指标（列名与模板一致）；留空的单元格不改变已有的值；任何一处有误时不导入任何数据。',
        }}
        invalidates={[peerKeys.all]}
      />
    </PageCard>
  );
}
