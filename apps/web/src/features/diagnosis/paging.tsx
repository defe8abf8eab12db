import type { TablePaginationConfig } from 'antd';
import { PAGINATION } from '../system/paging.ts';

export { PAGE_SIZE } from '../system/paging.ts';

/**
 * Spec 2 §2.2, §9: page 1, 10 rows, quick jumper, no size changer, '当前页N条，共M条', and the
 * previous / next buttons labelled 上一页 and 下一页.
 */
export const DQ_PAGINATION: TablePaginationConfig = {
  ...PAGINATION,
  itemRender: (_page, type, element) => {
    if (type === 'prev') return <span style={{ padding: '0 6px' }}>上一页</span>;
    if (type === 'next') return <span style={{ padding: '0 6px' }}>下一页</span>;
    return element;
  },
};
