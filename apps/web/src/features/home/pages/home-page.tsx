import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { useSession } from '../../../shell/session/index.ts';
import { useWorkbench } from '../api.ts';
import { DashboardSlot } from '../components/dashboard-slot.tsx';
import { DeadlineCard } from '../components/deadline-card.tsx';
import { NoticeCard } from '../components/notice-card.tsx';
import { TodoCard } from '../components/todo-card.tsx';
import './home.css';

/** 首页: the signed-in person's workbench — to-dos, deadlines of the coming days, latest events. */
export function HomePage() {
  const { user } = useSession();
  const workbench = useWorkbench();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, flex: 1 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {user ? `您好，${user.userName}` : '首页'}
      </Typography.Title>
      {workbench.isPending ? (
        <div className="home-grid" aria-busy="true">
          {(['todos', 'deadlines', 'notices'] as const).map((area) => (
            <Card key={area} variant="borderless" style={{ gridArea: area }}>
              <Skeleton active paragraph={{ rows: area === 'todos' ? 2 : 4 }} />
            </Card>
          ))}
        </div>
      ) : workbench.isError ? (
        <Card variant="borderless">
          <Result
            status="error"
            title="工作台加载失败"
            subTitle={workbench.error.message}
            extra={
              <Button type="primary" onClick={() => void workbench.refetch()}>
                重试
              </Button>
            }
          />
        </Card>
      ) : (
        <div className="home-grid">
          <TodoCard todos={workbench.data.todos} />
          <DeadlineCard deadlines={workbench.data.deadlines} />
          <NoticeCard notices={workbench.data.notices} />
          <DashboardSlot />
        </div>
      )}
    </div>
  );
}
