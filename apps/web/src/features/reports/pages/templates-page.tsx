import { Card, Tabs } from 'antd';
import { CoversTab } from '../components/covers-tab.tsx';
import { SealsTab } from '../components/seals-tab.tsx';
import { TemplatesTab } from '../components/templates-tab.tsx';
import { useReportUser } from '../use-report-user.ts';

/** 报告模板, 报告封面 and — for administrators — 印章 of the quality reports. */
export function TemplatesPage() {
  const { isAdmin, canManageLibrary } = useReportUser();
  return (
    <Card title="报告模板" variant="borderless" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'templates', label: '报告模板', children: <TemplatesTab canManage={canManageLibrary} /> },
          { key: 'covers', label: '报告封面', children: <CoversTab canManage={canManageLibrary} /> },
          ...(isAdmin ? [{ key: 'seals', label: '印章', children: <SealsTab /> }] : []),
        ]}
      />
    </Card>
  );
}
