import type { TablePaginationConfig } from 'antd';

/** Spec 1 §9: tables start at page 1 with 10 rows, a quick jumper and no size changer. */
export const PAGE_SIZE = 10;

/** '当前页N条，共M条': N is the number of rows on the page shown. */
export function pageTotalText(total: number, range: [number, number]): string {
  const onPage = total === 0 ? 0 : range[1] - range[0] + 1;
  return `当前页${onPage}条，共${total}条`;
}

export const PAGINATION: TablePaginationConfig = {
  pageSize: PAGE_SIZE,
  showQuickJumper: true,
  showSizeChanger: false,
  showTotal: pageTotalText,
};

/**
 * Spec 2 §2.2, §9: the same pager with the previous / next buttons labelled 上一页 and 下一页 (the
 * diagnosis screens).
 */
export const PAGINATION_WITH_WORDS: TablePaginationConfig = {
  ...PAGINATION,
  itemRender: (_page, type, element) => {
    if (type === 'prev') return <span style={{ padding: '0 6px' }}>上一页</span>;
    if (type === 'next') return <span style={{ padding: '0 6px' }}>下一页</span>;
    return element;
  },
};
