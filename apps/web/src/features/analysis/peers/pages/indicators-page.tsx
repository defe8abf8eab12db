import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { exportPeerValues, usePeerIndicators } from '../api.ts';
import { IndicatorCatalogueTable } from '../components/indicator-catalogue-table.tsx';
import { PeerValueImportModal } from '../components/peer-value-import-modal.tsx';
import { PeerValuesTab } from '../components/peer-values-tab.tsx';
import { usePeerValueSearch } from '../components/use-peer-value-search.ts';

/**
 * 年报指标 (智能分析维护): the 质量年报 catalogue, and the values gathered from the peers' published reports —
 * searched by school, table and years, imported from Excel as a job, exported with the same filters.
 */
export default function IndicatorsPage() {
  const catalogue = usePeerIndicators();
  const [tab, setTab] = useState('values');
  const [isImportOpen, setImportOpen] = useState(false);
  const search = usePeerValueSearch(tab === 'values');
  const shown = (catalogue.data ?? []).filter((i) => i.tableKind === search.tableKind);

  const exportValues = async () => {
    try {
      await exportPeerValues(search.filters);
    } catch {
      // the client has shown the message
    }
  };

  return (
    <PageCard
      title="年报指标"
      actions={
        <>
          <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)}>
            导入
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportValues()}>
            导出
          </Button>
        </>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'values', label: '年报数据', children: <PeerValuesTab search={search} shown={shown} /> },
          {
            key: 'catalogue',
            label: '指标目录',
            children: (
              <IndicatorCatalogueTable indicators={catalogue.data ?? []} isLoading={catalogue.isLoading} />
            ),
          },
        ]}
      />
      <PeerValueImportModal open={isImportOpen} onClose={() => setImportOpen(false)} />
    </PageCard>
  );
}
