import { CloseOutlined, HolderOutlined } from '@ant-design/icons';
import { DASHBOARD_GRID_COLUMNS } from '@eduqa/contract';
import { Button, Card, Tooltip } from 'antd';
import { GridLayout, type Layout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import './dashboards.css';
import type { BoardItem } from '../board-items.ts';
import { CardView } from './card-view.tsx';

/** One grid row is 40 px; cards are spaced 12 px apart. */
export const ROW_HEIGHT = 40;
const MARGIN = 12;
/** The card's title bar and padding, taken from its height to size the content. */
const CHROME = 56 + 24;

const heightOf = (h: number) => h * ROW_HEIGHT + (h - 1) * MARGIN;
/** Below this width (antd's sm breakpoint) the board is a single column. */
const STACK_BELOW = 576;

/**
 * The cards on a 24-column grid (react-grid-layout). Editable: drag by the title bar, resize from the
 * corner, remove with ×; `onChange` gets every new arrangement. Read-only (首页): the same places, fixed.
 */
export function DashboardBoard({
  items,
  editable = false,
  onChange,
  onRemove,
}: {
  items: readonly BoardItem[];
  editable?: boolean;
  onChange?: (items: BoardItem[]) => void;
  onRemove?: (cardId: string) => void;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout: Layout = items.map((i) => ({
    i: i.cardId,
    x: i.x,
    y: i.y,
    w: i.w,
    h: i.h,
    minW: 2,
    minH: 2,
  }));
  const onLayoutChange = (next: Layout) => {
    if (!onChange) return;
    const byId = new Map(next.map((l) => [l.i, l]));
    const moved = items.map((item) => {
      const l = byId.get(item.cardId);
      return l ? { ...item, x: l.x, y: l.y, w: l.w, h: l.h } : item;
    });
    if (
      moved.some(
        (m, i) => m.x !== items[i]!.x || m.y !== items[i]!.y || m.w !== items[i]!.w || m.h !== items[i]!.h,
      )
    )
      onChange(moved);
  };
  const className = editable ? 'dashboard-board is-editable' : 'dashboard-board';
  // A phone's 390 px cut into 24 columns gives each card a sliver: there the cards stand one under the
  // other, full width, in the grid's reading order (rows, then left to right); dragging waits for a desk.
  if (mounted && width < STACK_BELOW) {
    const ordered = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
    return (
      <div ref={containerRef} className={`${className} is-stacked`}>
        {ordered.map((item) => (
          <div key={item.cardId} data-card-id={item.cardId} style={{ marginBottom: MARGIN }}>
            <BoardCard item={item} editable={false} onRemove={editable ? onRemove : undefined} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div ref={containerRef} className={className}>
      {mounted ? (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{
            cols: DASHBOARD_GRID_COLUMNS,
            rowHeight: ROW_HEIGHT,
            margin: [MARGIN, MARGIN],
            containerPadding: [0, 0],
          }}
          dragConfig={{
            enabled: editable,
            handle: '.dashboard-card-handle',
            cancel: '.dashboard-card-remove',
          }}
          resizeConfig={{ enabled: editable, handles: ['se'] }}
          onLayoutChange={onLayoutChange}
        >
          {items.map((item) => (
            <div key={item.cardId} data-card-id={item.cardId}>
              <BoardCard item={item} editable={editable} onRemove={editable ? onRemove : undefined} />
            </div>
          ))}
        </GridLayout>
      ) : null}
    </div>
  );
}

/** One card: its title (the drag handle when editable), its × and its content at the card's height. */
function BoardCard({
  item,
  editable,
  onRemove,
}: {
  item: BoardItem;
  editable: boolean;
  onRemove: ((cardId: string) => void) | undefined;
}) {
  return (
    <Card
      size="small"
      variant="borderless"
      className="dashboard-card"
      title={
        <span className={editable ? 'dashboard-card-handle' : undefined}>
          {editable ? <HolderOutlined style={{ marginRight: 6, color: '#999' }} /> : null}
          {item.card.name}
        </span>
      }
      extra={
        onRemove ? (
          <Tooltip title="从仪表盘移除">
            <Button
              className="dashboard-card-remove"
              type="text"
              size="small"
              aria-label={`移除 ${item.card.name}`}
              icon={<CloseOutlined />}
              onClick={() => onRemove(item.cardId)}
            />
          </Tooltip>
        ) : null
      }
    >
      <CardView card={item.card} height={Math.max(60, heightOf(item.h) - CHROME)} />
    </Card>
  );
}
