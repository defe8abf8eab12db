import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldValue, FormField } from '@eduqa/contract';
import { Button, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { memo, type ReactNode, useMemo } from 'react';
import { FieldInput } from './field-input.tsx';
import { displayText, type FieldOption, type FormRow, type OptionsOf } from './form-row.ts';

/** A row of the table: the record, and its children when the table is a tree. */
export interface TableRow {
  key: string;
  row: FormRow;
  index: number;
  children?: TableRow[];
}

/** The table's own height: rows past it scroll inside a virtual list that draws only the visible ones. */
export const TABLE_SCROLL_Y = 480;
const COLUMN_WIDTH: Partial<Record<FormField['component'], number>> = { editor: 260, multiSelect: 240 };

interface CellProps {
  field: FormField;
  row: FormRow;
  options: readonly FieldOption[];
  message: string;
  isEditable: boolean;
  onValueChange: (rowId: string, key: string, value: FieldValue) => void;
  onLeave: (rowId: string, key: string) => void;
}

const FieldCell = memo(function FieldCell({ field, row, options, message, isEditable, ...on }: CellProps) {
  const value = row.values[field.key];
  if (!isEditable) return <span>{displayText(value, options)}</span>;
  return (
    <div>
      <FieldInput
        field={field}
        rowId={row.id}
        value={value}
        options={options}
        isDisabled={false}
        hasError={Boolean(message)}
        onValueChange={on.onValueChange}
        onLeave={on.onLeave}
      />
      {message ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {message}
        </Typography.Text>
      ) : null}
    </div>
  );
});

/**
 * The editable grid of the 表格, 树形 and 拓扑 layouts: a column per field, 新增/删除 rows, and a
 * virtual body so a fixed form of thousands of rows scrolls smoothly.
 */
export function RecordTable(props: {
  fields: readonly FormField[];
  rows: TableRow[];
  isEditable: boolean;
  optionsOf: OptionsOf;
  messageOf: (rowId: string, key: string) => string;
  onValueChange: (rowId: string, key: string, value: FieldValue) => void;
  onLeave: (rowId: string, key: string) => void;
  onAdd: () => void;
  onRemove: (rowId: string) => void;
  /** Columns the layout adds after the fields (上级, 关联) and actions before 删除 (添加下级). */
  extraColumns?: TableColumnsType<TableRow>;
  rowActions?: (row: FormRow) => ReactNode;
}) {
  const { fields, isEditable, optionsOf, messageOf, onValueChange, onLeave, onRemove, rowActions } = props;
  const columns = useMemo<TableColumnsType<TableRow>>(() => {
    const fieldColumns: TableColumnsType<TableRow> = fields.map((field) => ({
      key: field.key,
      title: field.label,
      width: COLUMN_WIDTH[field.component] ?? 180,
      render: (_: unknown, { row }: TableRow) => (
        <FieldCell
          field={field}
          row={row}
          options={optionsOf(field.key)}
          message={messageOf(row.id, field.key)}
          isEditable={isEditable}
          onValueChange={onValueChange}
          onLeave={onLeave}
        />
      ),
    }));
    const actions: TableColumnsType<TableRow> = isEditable
      ? [
          {
            key: 'actions',
            title: '操作',
            width: rowActions ? 160 : 80,
            fixed: 'right',
            render: (_: unknown, { row, index }: TableRow) => (
              <Space size={0}>
                {rowActions?.(row)}
                <Popconfirm
                  title={`确定删除第${index + 1}行吗？`}
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => onRemove(row.id)}
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : [];
    return [...fieldColumns, ...(props.extraColumns ?? []), ...actions];
  }, [
    fields,
    isEditable,
    optionsOf,
    messageOf,
    onValueChange,
    onLeave,
    onRemove,
    rowActions,
    props.extraColumns,
  ]);
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 180), 0);

  return (
    <Space vertical style={{ width: '100%' }}>
      {isEditable ? (
        <Button icon={<PlusOutlined />} onClick={props.onAdd}>
          新增一行
        </Button>
      ) : null}
      <Table<TableRow>
        rowKey="key"
        size="small"
        virtual
        bordered
        pagination={false}
        columns={columns}
        dataSource={props.rows}
        scroll={{ x: width, y: TABLE_SCROLL_Y }}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: '暂无数据' }}
      />
    </Space>
  );
}
