import { useState } from 'react';
import { PAGE_SIZE } from '../../shared/ui/paging.tsx';
import { type AuditFilter, isSameFilter } from './audit-filter.ts';

/**
 * A log's searched filter and page. A new filter goes back to the first page; 查询 with the same filter
 * on the first page asks the server again (`refetch`), since the log has grown meanwhile.
 */
export function useAuditList() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [pageNum, setPageNum] = useState(1);
  return {
    filter,
    pageNum,
    paging: { pageNum, pageSize: PAGE_SIZE },
    setPageNum,
    search(next: AuditFilter, refetch: () => unknown) {
      if (pageNum === 1 && isSameFilter(next, filter)) {
        refetch();
        return;
      }
      setFilter(next);
      setPageNum(1);
    },
  };
}
