import { Button, Card, Skeleton } from 'antd';
import { Link } from 'react-router';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { useLayout } from '../api.ts';
import { CardError } from './card-states.tsx';
import { DashboardBoard } from './dashboard-board.tsx';

/** 首页's cards: the caller's saved board (or his role's default), read-only, and the way to arrange it. */
export default function HomeCards() {
  const layout = useLayout();
  return (
    <Card
      variant="borderless"
      title="我的仪表盘"
      extra={<Link to="/dashboards">定制仪表盘</Link>}
      styles={{ body: { background: '#f5f7fa', padding: 12 } }}
    >
      {layout.isPending ? (
        <Skeleton active />
      ) : layout.isError ? (
        <CardError message={layout.error.message} onRetry={() => void layout.refetch()} />
      ) : layout.data.items.length ? (
        <DashboardBoard items={layout.data.items} />
      ) : (
        <div style={{ textAlign: 'center', padding: 24, color: TEXT_COLORS.muted }}>
          还没有卡片。
          <Link to="/dashboards">
            <Button type="link">去添加</Button>
          </Link>
        </div>
      )}
    </Card>
  );
}
