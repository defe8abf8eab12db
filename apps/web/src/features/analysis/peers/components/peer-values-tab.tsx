import {
  PEER_TABLE_KIND_LABELS,
  PEER_TABLE_KINDS,
  type PeerIndicator,
  type PeerTableKind,
  type PeerValueRow,
} from '@eduqa/contract';
import { Select, type TableColumnsType } from 'antd';
import { PagedTable } from '../../../../shared/ui/paged-table.tsx';
import { YearRangePicker } from '../../../../shared/ui/year-range-picker.tsx';
import { DemoTag } from './demo-tag.tsx';
import { peerValueColumns } from './peer-value-columns.tsx';
import type { PeerValueSearch } from './use-peer-value-search.ts';

/** 年报数据: the peers' values of the chosen table's indicators, one row per school and year. */
export function PeerValuesTab({
  search,
  shown,
}: {
  search: PeerValueSearch;
  shown: readonly PeerIndicator[];
}) {
  const { list, page } = search;
  const columns = peerValueColumns(shown);
  return (
    <>
      <DemoTag isDemo={list.data?.records.some((r) => r.isDemo)} />
      <PagedTable<PeerValueRow & { key: string }>
        search={{ placeholder: '学校名称', onSearch: search.setKeyword, isLive: true }}
        filters={
          <>
            <Select<PeerTableKind>
              aria-label="报表"
              style={{ width: 140 }}
              value={search.tableKind}
              onChange={search.setTableKind}
              options={PEER_TABLE_KINDS.map((k) => ({
                value: k,
                label: PEER_TABLE_KIND_LABELS[k],
              }))}
            />
            <YearRangePicker value={search.years} onChange={search.setYears} />
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
  );
}
