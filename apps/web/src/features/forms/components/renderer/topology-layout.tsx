import { Select, type TableColumnsType } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { type FormRow, rowName } from './form-row.ts';
import { RecordTable, type TableRow } from './record-table.tsx';
import { flatTableRows } from './row-tree.ts';
import { topologyOption } from './topology-option.ts';

// ECharts loads with the first topology form, not with every form.
const TopologyChart = lazy(() => import('./topology-chart.tsx'));

type TableProps = Parameters<typeof RecordTable>[0];

/** The 拓扑 layout: the records as a graph of their links above the table where links are chosen. */
export function TopologyLayout(
  props: Omit<TableProps, 'rows' | 'extraColumns' | 'rowActions'> & {
    rows: readonly FormRow[];
    onLinksChange: (rowId: string, links: string[]) => void;
  },
) {
  const { rows, fields, isEditable, onLinksChange } = props;
  const names = useMemo(() => new Map(rows.map((r, i) => [r.id, rowName(r, fields, i)])), [rows, fields]);
  const option = useMemo(() => topologyOption(rows, fields), [rows, fields]);
  const tableRows = useMemo(() => flatTableRows(rows), [rows]);
  const extraColumns = useMemo<TableColumnsType<TableRow>>(
    () => [
      {
        key: 'links',
        title: '关联',
        width: 240,
        render: (_: unknown, { row }: TableRow) =>
          isEditable ? (
            <Select
              mode="multiple"
              allowClear
              placeholder="选择关联的记录"
              value={row.links}
              options={rows
                .filter((other) => other.id !== row.id)
                .map((other) => ({ value: other.id, label: names.get(other.id) }))}
              onChange={(links: string[]) => onLinksChange(row.id, links)}
              style={{ width: '100%' }}
            />
          ) : (
            row.links.map((id) => names.get(id) ?? '').join('、') || '—'
          ),
      },
    ],
    [rows, names, isEditable, onLinksChange],
  );
  return (
    <>
      <Suspense fallback={<div style={{ height: 360 }} />}>
        <TopologyChart option={option} />
      </Suspense>
      <RecordTable {...props} rows={tableRows} extraColumns={extraColumns} />
    </>
  );
}
