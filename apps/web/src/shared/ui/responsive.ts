import { Grid, type TableColumnsType, type TableProps } from 'antd';

/**
 * Issue 11: below antd's `md` breakpoint (768 px) the app lays itself out for a phone. Until the
 * breakpoints are known (`md` undefined) it counts as a desk, so desks never see a phone layout, not
 * even for one frame; antd measures in a layout effect, before the first paint.
 */
export function useIsPhone(): boolean {
  return Grid.useBreakpoint().md === false;
}

/** A drawer's size on a desk, or the whole width on a phone (a 65% drawer is 250 px at 390 px). */
export function useDrawerSize(desk: number | string): number | string {
  return useIsPhone() ? '100%' : desk;
}

interface PhoneTableInput<Row> {
  isPhone: boolean;
  columns: TableColumnsType<Row>;
  /** The column naming the row: it stays on the left while the rest scrolls. */
  nameKey: string;
  /** Its width on a phone (a fixed column needs one). */
  nameWidth?: number;
  /** The actions column, kept on the right so its buttons need no sideways scrolling. */
  actionKey?: string;
  /** Its width on a phone, when narrower than on a desk (its buttons wrap). */
  actionWidth?: number;
  /** The table's scroll width on a phone; the desk keeps `deskScroll`. */
  phoneX: number;
  deskScroll?: TableProps<Row>['scroll'];
}

/**
 * On a phone a table scrolls inside its box (scroll.x) with its name column fixed on the left and
 * its actions on the right; on a desk the columns and scroll are handed back unchanged.
 */
export function phoneTable<Row>({
  isPhone,
  columns,
  nameKey,
  nameWidth = 130,
  actionKey,
  actionWidth,
  phoneX,
  deskScroll,
}: PhoneTableInput<Row>): { columns: TableColumnsType<Row>; scroll: TableProps<Row>['scroll'] } {
  if (!isPhone) return { columns, scroll: deskScroll };
  return {
    columns: columns.map((column) => {
      if (column.key === nameKey) return { ...column, fixed: 'left' as const, width: nameWidth };
      if (actionKey !== undefined && column.key === actionKey) {
        return { ...column, fixed: 'right' as const, ...(actionWidth ? { width: actionWidth } : {}) };
      }
      return column;
    }),
    scroll: { ...deskScroll, x: phoneX },
  };
}
