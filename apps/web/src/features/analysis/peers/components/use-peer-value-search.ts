import type { PeerTableKind } from '@eduqa/contract';
import { useState } from 'react';
import { usePagedQuery } from '../../../../shared/api/use-paged-query.ts';
import type { YearRange } from '../../../../shared/ui/year-range-picker.tsx';
import { fetchPeerValues, type PeerValueQuery, peerKeys } from '../api.ts';

/** The 年报数据 search (school, table, years) and its paged list, fetched only while its tab is shown. */
export function usePeerValueSearch(isShown: boolean) {
  const [keyword, setKeyword] = useState('');
  const [tableKind, setTableKind] = useState<PeerTableKind>('scorecard');
  const [years, setYears] = useState<YearRange>([null, null]);
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
    enabled: isShown,
  });
  return { setKeyword, tableKind, setTableKind, years, setYears, filters, list, page };
}

export type PeerValueSearch = ReturnType<typeof usePeerValueSearch>;
