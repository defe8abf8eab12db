import {
  type BrowsedRow,
  FIELD_REF_LABELS,
  FIELD_TYPE_LABELS,
  HIDDEN_REF_KINDS,
  ROW_FILTER_OPS,
  type RowFilter,
  type RowFilterOp,
  type RowSort,
  type WarehouseField,
} from '@eduqa/contract';
import {
  Button,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  type TableColumnType,
  type TableProps,
  Tag,
  Tooltip,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { useRows } from '../api.ts';

/** A value as the browser shows it: empty marked, booleans as 是/否 (a key field's value is already its name). */
function cellText(field: WarehouseField, value: string | null): ReactNode {
  if (value === null) return <span style={{ color: TEXT_COLORS.muted }}>空</span>;
  if (field.type === 'boolean') return value === 'true' ? '是' : '否';
  return value;
}

const OP_LABELS: Record<RowFilterOp, string> = { eq: '等于', contains: '包含' };

/** A field the browser shows: a collected record's id has no name, and the 序号 stands for the row. */
const isShown = (f: WarehouseField) => !(f.refKind && HIDDEN_REF_KINDS.includes(f.refKind));

/** antd's sort state of a column, from the server sort in force. */
const sortOrderOf = (sort: RowSort | null, code: string): TableColumnType<BrowsedRow>['sortOrder'] =>
  sort?.code === code ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;

/**
 * A created table's rows, paged, filtered and sorted by the server on what is shown: a key field by the
 * name it stands for, a number as a number. 序号 counts the rows in the order shown.
 */
export function RowsBrowser({ tableId, fields }: { tableId: string; fields: readonly WarehouseField[] }) {
  const [filters, setFilters] = useState<RowFilter[]>([]);
  const [sort, setSort] = useState<RowSort | null>(null);
  const { list, page } = useRows(tableId, { filters, sort }, fields.length > 0);
  const shown = fields.filter(isShown);

  const columns: TableColumnsType<BrowsedRow> = [
    { title: '序号', dataIndex: 'number', width: 80, fixed: 'left' },
    ...shown.map((f) => ({
      title: f.label,
      key: f.code,
      ellipsis: true,
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf(sort, f.code),
      render: (_: unknown, row: BrowsedRow) => cellText(f, row.values[f.code] ?? null),
    })),
    { title: '导入时间', dataIndex: 'importedAt', width: 170 },
  ];
  const onChange: TableProps<BrowsedRow>['onChange'] = (_paging, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const code = typeof sorter.columnKey === 'string' ? sorter.columnKey : null;
    setSort(code && sorter.order ? { code, order: sorter.order === 'ascend' ? 'asc' : 'desc' } : null);
  };

  return (
    <>
      <FilterBar fields={shown} filters={filters} onChange={setFilters} />
      <Table<BrowsedRow>
        rowKey="number"
        size="small"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        pagination={{ ...PAGINATION, ...page }}
        onChange={onChange}
        showSorterTooltip={false}
        locale={{ emptyText: filters.length ? '没有符合筛选条件的数据' : '表中还没有数据' }}
      />
    </>
  );
}

/** What a filter value is: a key field is filtered by the name it stands for. */
function placeholderOf(field: WarehouseField | undefined): string {
  if (field?.type === 'boolean') return '是 或 否';
  if (field?.refKind) return `${FIELD_REF_LABELS[field.refKind]}名称`;
  return '筛选值';
}

/** Field, way and value of a new filter, and the filters in force as closable tags. */
function FilterBar({
  fields,
  filters,
  onChange,
}: {
  fields: readonly WarehouseField[];
  filters: readonly RowFilter[];
  onChange: (filters: RowFilter[]) => void;
}) {
  const [draft, setDraft] = useState<{ code?: string; op: RowFilterOp; value: string }>({
    op: 'eq',
    value: '',
  });
  const picked = fields.find((f) => f.code === draft.code);
  const ops = ROW_FILTER_OPS.filter((op) => op === 'eq' || picked?.type === 'text');
  const add = () => {
    const { code } = draft;
    if (!code) return;
    onChange([...filters.filter((f) => f.code !== code), { code, op: draft.op, value: draft.value.trim() }]);
  };

  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Select
        placeholder="筛选字段"
        aria-label="筛选字段"
        style={{ width: 160 }}
        value={draft.code}
        options={fields.map((f) => ({ value: f.code, label: `${f.label}（${FIELD_TYPE_LABELS[f.type]}）` }))}
        onChange={(code: string) => setDraft({ code, op: 'eq', value: '' })}
      />
      <Select
        aria-label="筛选方式"
        style={{ width: 90 }}
        value={draft.op}
        options={ops.map((op) => ({ value: op, label: OP_LABELS[op] }))}
        onChange={(op: RowFilterOp) => setDraft((d) => ({ ...d, op }))}
      />
      <Input
        placeholder={placeholderOf(picked)}
        style={{ width: 200 }}
        maxLength={200}
        value={draft.value}
        onChange={(e) => setDraft((d) => ({ ...d, value: e.target.value }))}
        onPressEnter={add}
      />
      <Tooltip title={draft.code ? undefined : '请先选择字段'}>
        <Button onClick={add} disabled={!draft.code}>
          添加筛选
        </Button>
      </Tooltip>
      {filters.map((f) => (
        <Tag key={f.code} closable onClose={() => onChange(filters.filter((x) => x.code !== f.code))}>
          {fields.find((x) => x.code === f.code)?.label ?? f.code} {OP_LABELS[f.op]} {f.value || '（空）'}
        </Tag>
      ))}
    </Space>
  );
}
