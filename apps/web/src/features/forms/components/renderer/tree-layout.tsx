import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, type TableColumnsType } from 'antd';
import { useCallback, useMemo } from 'react';
import { type FormRow, rowName } from './form-row.ts';
import { RecordTable, type TableRow } from './record-table.tsx';
import { descendantTest, treeTableRows } from './row-tree.ts';

type TableProps = Parameters<typeof RecordTable>[0];

/** The 树形 layout: records under their parents, a 上级 column to move one, 添加下级 to add a child. */
export function TreeLayout(
  props: Omit<TableProps, 'rows' | 'extraColumns' | 'rowActions'> & {
    rows: readonly FormRow[];
    onParentChange: (rowId: string, parentId: string | null) => void;
    onAddChild: (parentId: string) => void;
  },
) {
  const { rows, fields, isEditable, onParentChange, onAddChild } = props;
  const names = useMemo(() => new Map(rows.map((r, i) => [r.id, rowName(r, fields, i)])), [rows, fields]);
  const isUnder = useMemo(() => descendantTest(rows), [rows]);
  const tableRows = useMemo(() => treeTableRows(rows), [rows]);
  const extraColumns = useMemo<TableColumnsType<TableRow>>(
    () => [
      {
        key: 'parent',
        title: '上级',
        width: 200,
        render: (_: unknown, { row }: TableRow) =>
          isEditable ? (
            <Select
              allowClear
              placeholder="无（顶层）"
              value={row.parentId ?? undefined}
              options={rows
                .filter((other) => !isUnder(other.id, row.id))
                .map((other) => ({ value: other.id, label: names.get(other.id) }))}
              onChange={(parentId?: string) => onParentChange(row.id, parentId ?? null)}
              style={{ width: '100%' }}
            />
          ) : (
            (row.parentId && names.get(row.parentId)) || '—'
          ),
      },
    ],
    [rows, names, isUnder, isEditable, onParentChange],
  );
  const rowActions = useCallback(
    (row: FormRow) => (
      <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => onAddChild(row.id)}>
        添加下级
      </Button>
    ),
    [onAddChild],
  );
  return <RecordTable {...props} rows={tableRows} extraColumns={extraColumns} rowActions={rowActions} />;
}
