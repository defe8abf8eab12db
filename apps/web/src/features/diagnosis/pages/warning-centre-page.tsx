import { Tabs } from 'antd';
import { useState } from 'react';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PointDrawer } from '../components/point-drawer.tsx';
import { WarningTable } from '../components/warning-table.tsx';
import { TaskListPage } from './task-list-page.tsx';

/**
 * 预警任务: the warning centre over every task the caller may see (queryWarnCount + queryWarnGrid),
 * and the tasks that still have warnings to handle.
 */
export function WarningCentrePage() {
  const [drawer, setDrawer] = useState<string | null>(null);
  return (
    <PageCard title="预警任务">
      <Tabs
        items={[
          {
            key: 'centre',
            label: '预警中心',
            children: <WarningTable scope={{}} acrossTasks onOpen={setDrawer} />,
          },
          { key: 'tasks', label: '待处理预警的任务', children: <TaskListPage pageType="warningTask" bare /> },
        ]}
      />
      <PointDrawer pointId={drawer} onClose={() => setDrawer(null)} />
    </PageCard>
  );
}
