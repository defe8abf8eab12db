import { DownloadOutlined } from '@ant-design/icons';
import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type AuditKind, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Table, type TableColumnsType, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import type { AuditFilter } from '../audit-filter.ts';
import { AuditDetailDrawer } from './audit-detail-drawer.tsx';
import { AuditFilterBar } from './audit-filter-bar.tsx';

interface AuditLogCardProps {
  title: string;
  kind: AuditKind;
  /** What the list keeps to besides the filters (one object's entries), removable. */
  scope?: ReactNode;
  columns: (onDetail: (entry: AuditEntry) => void) => TableColumnsType<AuditEntry>;
  rows: readonly AuditEntry[];
  total: number;
  isLoading: boolean;
  pageNum: number;
  onPage: (pageNum: number) => void;
  onSearch: (filter: AuditFilter) => void;
  /** Downloads the rows of the filter last searched. */
  onExport: () => Promise<void>;
}

/** One log's page: the filters, 导出Excel, the list paged by the server, and a row's 详情 in a drawer. */
export function AuditLogCard(props: AuditLogCardProps) {
  const [shown, setShown] = useState<AuditEntry | null>(null);
  const [isExporting, setExporting] = useState(false);
  const columns = props.columns(setShown);

  const onExport = async () => {
    setExporting(true);
    // A refusal has been toasted by the api client; the button only has to come back.
    await props.onExport().catch(() => undefined);
    setExporting(false);
  };

  return (
    <PageCard
      title={props.title}
      actions={
        <Tooltip title={`按当前查询条件导出，最多 ${AUDIT_EXPORT_MAX_ROWS} 条`}>
          <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void onExport()}>
            导出Excel
          </Button>
        </Tooltip>
      }
    >
      {props.scope}
      <AuditFilterBar kind={props.kind} onSearch={props.onSearch} />
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={props.rows}
        loading={props.isLoading}
        scroll={{ x: columnsWidth(columns) }}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        pagination={{ ...PAGINATION, current: props.pageNum, total: props.total, onChange: props.onPage }}
      />
      <AuditDetailDrawer entry={shown} onClose={() => setShown(null)} />
    </PageCard>
  );
}
