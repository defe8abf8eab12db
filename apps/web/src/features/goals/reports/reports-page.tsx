import { Card, Tabs } from 'antd';
import { useGoalUser } from '../use-goal-user.ts';
import { CoversTab } from './covers-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';
import { TemplatesTab } from './templates-tab.tsx';

/** 目标报告 (spec 1 §7 targetReport): the reports, and the templates and covers they are generated with. */
export function ReportsPage() {
  const { isPublisher } = useGoalUser();
  return (
    <Card title="目标报告" variant="borderless" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'reports', label: '报告列表', children: <ReportsTab /> },
          { key: 'templates', label: '报告模板', children: <TemplatesTab canManage={isPublisher} /> },
          { key: 'covers', label: '报告封面', children: <CoversTab canManage={isPublisher} /> },
        ]}
      />
    </Card>
  );
}
