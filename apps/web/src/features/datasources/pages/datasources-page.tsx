import {
  DATA_SOURCE_KIND_LABELS,
  DATA_SOURCE_KINDS,
  type DataSourceKind,
  type DataSourceWire,
} from '@eduqa/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { datasourceKeys, useDataSources } from '../api.ts';
import { dataSourceColumns } from '../components/datasource-columns.tsx';
import { DataSourceFormModal } from '../components/datasource-form-modal.tsx';

const KIND_FILTER = DATA_SOURCE_KINDS.map((kind) => ({ value: kind, label: DATA_SOURCE_KIND_LABELS[kind] }));

/** 数据管理 › 数据源: the databases algorithms read from, with their default and hidden toggles. */
export default function DataSourcesPage() {
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<DataSourceKind | undefined>();
  const { list, page } = useDataSources({ keyword: keyword || undefined, type });
  const dialog = useDialog<DataSourceWire>();
  const run = useAction(datasourceKeys.all);

  const columns = dataSourceColumns({ run, onEdit: dialog.show });

  return (
    <PageCard title="数据源" add={{ label: '新增数据源', onClick: () => dialog.show() }}>
      <PagedTable<DataSourceWire>
        search={{ placeholder: '请输入数据源名称', onSearch: setKeyword }}
        filters={
          <Select
            allowClear
            aria-label="类型"
            placeholder="全部类型"
            style={{ width: 180 }}
            options={KIND_FILTER}
            value={type}
            onChange={setType}
          />
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.records ?? []}
        isLoading={list.isFetching}
        serverPage={page}
      />
      <DataSourceFormModal open={dialog.open} source={dialog.target} onClose={dialog.hide} />
    </PageCard>
  );
}
