import {
  columnOf,
  FIELD_REF_LABELS,
  FIELD_TYPE_LABELS,
  type WarehouseField,
  type WarehouseImportResult,
} from '@eduqa/contract';
import {
  Alert,
  Button,
  Descriptions,
  Input,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type RunAction, useAction } from '../../../shared/api/use-action.ts';
import { ExcelImportModal } from '../../../shared/excel/excel-import-modal.tsx';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import {
  createPhysical,
  deleteField,
  dropPhysical,
  exportTable,
  tableImport,
  useTableDetail,
  warehouseKeys,
} from '../api.ts';
import { FieldFormModal } from '../components/field-form-modal.tsx';
import { RowsBrowser } from '../components/rows-browser.tsx';

type ImportKind = 'structure' | 'data';
type TableDetail = NonNullable<ReturnType<typeof useTableDetail>['data']>;

const yes = (flag: boolean) => (flag ? <Tag color="blue">是</Tag> : '否');
const NOT_CREATED_REASON = '请先创建物理表';

/** One warehouse table: its fields, its physical table, its Excel imports and exports, and its rows. */
export function TablePage() {
  const { tableId = '' } = useParams();
  const detail = useTableDetail(tableId);
  const run = useAction(warehouseKeys.all);
  const fieldDialog = useDialog<WarehouseField>();
  const [importing, setImporting] = useState<'structure' | 'data' | null>(null);
  const [keyword, setKeyword] = useState('');
  const table = detail.data;
  if (!table) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const isCreated = table.isCreated;
  const fields = table.fields.filter(
    (f) => !keyword || f.label.includes(keyword) || f.code.includes(keyword),
  );
  const name = table.name;

  const columns = fieldColumns({ isCreated, onEdit: fieldDialog.show, run });

  return (
    <PageCard title={`数据表：${name}`} add={{ label: '新增字段', onClick: () => fieldDialog.show() }}>
      <TableToolbar table={table} onImport={setImporting} />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="所属仓库">{table.warehouseName}</Descriptions.Item>
        <Descriptions.Item label="物理表">{isCreated ? table.physicalName : '未创建'}</Descriptions.Item>
        <Descriptions.Item label="数据行数">{table.rowCount ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="说明">{table.remark || '—'}</Descriptions.Item>
      </Descriptions>
      <Input.Search
        placeholder="请输入字段名称或代码"
        allowClear
        style={{ width: 240, marginBottom: 12 }}
        maxLength={60}
        onSearch={(v) => setKeyword(v.trim())}
      />
      <Table<WarehouseField>
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: columnsWidth(columns) }}
        dataSource={fields}
        loading={detail.isFetching}
        pagination={PAGINATION}
        locale={{ emptyText: '还没有字段，请先新增字段' }}
      />
      <h3 style={{ marginTop: 24 }}>数据浏览</h3>
      {isCreated ? (
        <RowsBrowser tableId={table.id} fields={table.fields} />
      ) : (
        <Alert
          type="info"
          showIcon
          message="物理表尚未创建：添加字段后点击“创建物理表”，即可导入和浏览数据。"
        />
      )}
      <FieldFormModal
        open={fieldDialog.open}
        tableId={table.id}
        target={fieldDialog.target}
        onClose={fieldDialog.hide}
      />
      {importing ? (
        <TableImportDialog kind={importing} table={table} onClose={() => setImporting(null)} />
      ) : null}
    </PageCard>
  );
}

/** The fields list's columns, with edit and (confirmed) delete. */
function fieldColumns(input: {
  isCreated: boolean;
  onEdit: (field: WarehouseField) => void;
  run: RunAction;
}): TableColumnsType<WarehouseField> {
  const { isCreated, run } = input;
  return [
    // Fixed at the left with a width: on a phone the unsized name column was the one squeezed away.
    { title: '字段名称', dataIndex: 'label', ellipsis: true, width: 160, fixed: 'left' },
    { title: '字段代码', dataIndex: 'code', width: 140 },
    { title: '列名', dataIndex: 'code', key: 'column', width: 150, render: (code: string) => columnOf(code) },
    {
      title: '类型',
      dataIndex: 'type',
      width: 100,
      render: (t: WarehouseField['type']) => FIELD_TYPE_LABELS[t],
    },
    { title: '必填', dataIndex: 'isRequired', width: 70, render: yes },
    { title: '唯一', dataIndex: 'isUnique', width: 70, render: yes },
    {
      title: '关联',
      dataIndex: 'refKind',
      width: 100,
      render: (k: WarehouseField['refKind']) => (k ? FIELD_REF_LABELS[k] : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, f) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => input.onEdit(f)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除字段「${f.label}」吗？`}
            description={isCreated ? '物理表中的该列也将删除；列中有数据时不能删除。' : undefined}
            okText="删除"
            isDanger
            onConfirm={() => run(() => deleteField(f.id), '字段已删除')}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];
}

/** Back, the physical table (created or dropped after a confirmation), and the Excel imports and exports. */
function TableToolbar({ table, onImport }: { table: TableDetail; onImport: (kind: ImportKind) => void }) {
  const navigate = useNavigate();
  const run = useAction(warehouseKeys.all);
  const isCreated = table.isCreated;
  const name = table.name;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Button onClick={() => navigate('../..', { relative: 'path' })}>返回数据仓库</Button>
      {isCreated ? (
        <ConfirmLink
          title={`确定删除「${name}」的物理表吗？`}
          description={`表中的${table.rowCount ?? 0}行数据将被永久删除，不可恢复；字段定义保留。`}
          okText="删除物理表"
          isDanger
          onConfirm={() => run(() => dropPhysical(table.id), '物理表已删除')}
        >
          删除物理表
        </ConfirmLink>
      ) : (
        <ConfirmLink
          title={`确定按当前${table.fields.length}个字段创建物理表吗？`}
          description="创建后，字段的修改会同步修改物理表；会丢失数据的修改将被拒绝。"
          okText="创建物理表"
          disabledReason={table.fields.length === 0 ? '请先添加字段' : undefined}
          onConfirm={() => run(() => createPhysical(table.id), '物理表已创建')}
        >
          创建物理表
        </ConfirmLink>
      )}
      <Button onClick={() => onImport('structure')}>导入表结构</Button>
      <Button onClick={() => void exportTable('structure', { id: table.id, name })}>导出表结构</Button>
      <Tooltip title={isCreated ? undefined : NOT_CREATED_REASON}>
        <Button disabled={!isCreated} onClick={() => onImport('data')}>
          导入数据
        </Button>
      </Tooltip>
      <Tooltip title={isCreated ? undefined : NOT_CREATED_REASON}>
        <Button disabled={!isCreated} onClick={() => void exportTable('data', { id: table.id, name })}>
          导出数据
        </Button>
      </Tooltip>
    </Space>
  );
}

/** The shared import dialog for the table's data or structure. */
function TableImportDialog({
  kind,
  table,
  onClose,
}: {
  kind: ImportKind;
  table: TableDetail;
  onClose: () => void;
}) {
  const name = table.name;
  return (
    <ExcelImportModal<WarehouseImportResult>
      open
      onClose={onClose}
      endpoints={tableImport(kind, table.id)}
      fields={{ id: table.id }}
      invalidates={[warehouseKeys.all]}
      texts={
        kind === 'data'
          ? {
              title: `导入数据：${name}`,
              noun: '数据',
              success: (r) => `已导入${r.count}行数据`,
              template: { text: '下载导入模板', fileName: `${name}-导入模板.xlsx` },
              hint: '第一行为字段名称（或字段代码）；整个文件全部正确才会导入。',
            }
          : {
              title: `导入表结构：${name}`,
              noun: '字段',
              success: (r) => `已导入${r.count}个字段`,
              template: { text: '下载当前表结构', fileName: `${name}-表结构.xlsx` },
              hint: '按字段代码新增或修改字段；会丢失数据的修改将被拒绝。',
            }
      }
    />
  );
}
