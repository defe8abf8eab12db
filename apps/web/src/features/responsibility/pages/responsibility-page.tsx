import { Card, Tabs } from 'antd';
import { AssignmentPanel } from '../components/assignment-panel.tsx';
import { QueryPanel } from '../components/query-panel.tsx';
import { VersionsPanel } from '../components/versions-panel.tsx';

/** 数据管理 › 部门职责: which department answers for which quality point, and the assignment's versions. */
export default function ResponsibilityPage() {
  return (
    <Card title="部门职责" variant="borderless" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'assign', label: '职责分配', children: <AssignmentPanel /> },
          { key: 'query', label: '按部门查询', children: <QueryPanel /> },
          { key: 'versions', label: '版本管理', children: <VersionsPanel /> },
        ]}
      />
    </Card>
  );
}
