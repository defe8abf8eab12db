import {
  FIELD_TYPE_LABELS,
  ROW_FILTER_OPS,
  type RowFilter,
  type RowFilterOp,
  type WarehouseField,
} from '@eduqa/contract';
import { Button, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { useRows } from '../api.ts';

/** A value as the browser shows it: empty marked, booleans as 是/否. */
function cellText(field: WarehouseField, value: string | null): ReactNode {
  if (value === null) return <span style={{ color: '#bbb' }}>空</span>;
  if (field.type === 'boolean') return value === 'true' ? '是' : '否';
  return value;
}

const OP_LABELS: Record<RowFilterOp, string> = { eq: '等于', contains: '包含' };

/** A created table's rows, paged by the server, with typed per-column filters (sent as parameters). */
export function RowsBrowser({ tableId, fields }: { tableId: string; fields: readonly WarehouseField[] }) {
  const [filters, setFilters] = useState<RowFilter[]>([]);
  const { list, page } = useRows(tableId, filters, fields.length > 0);

  const columns: TableColumnsType<Record<string, string | null>> = [
    { title: '行号', dataIndex: '_id', width: 80, fixed: 'left' },
    ...fields.map((f) => ({
      title: f.label,
      dataIndex: f.code,
      ellipsis: true,
      width: 140,
      render: (v: string | null) => cellText(f, v),
    })),
    { title: '导入时间', dataIndex: '_imported_at', width: 170 },
  ];

  return (
    <>
      <FilterBar fields={fields} filters={filters} onChange={setFilters} />
      <Table<Record<string, string | null>>
        rowKey="_id"
        size="small"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        pagination={{ ...PAGINATION, ...page }}
        locale={{ emptyText: filters.length ? '没有符合筛选条件的数据' : '表中还没有数据' }}
      />
    </>
  );
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
        placeholder={picked?.type === 'boolean' ? '是 或 否' : '筛选值'}
        style={{ width: 200 }}
        maxLength={200}
        value={draft.value}
        onChange={(e) => setDraft((d) => ({ ...d, value: e.target.value }))}
        onPressEnter={add}
      />
      <Button onClick={add} disabled={!draft.code}>
        添加筛选
      </Button>
      {filters.map((f) => (
        <Tag key={f.code} closable onClose={() => onChange(filters.filter((x) => x.code !== f.code))}>
          {fields.find((x) => x.code === f.code)?.label ?? f.code} {OP_LABELS[f.op]} {f.value || '（空）'}
        </Tag>
      ))}
    </Space>
  );
}
