import { UploadOutlined } from '@ant-design/icons';
import {
  CONSTANT_IMPORT,
  CONSTANT_TYPE_CODE_PATTERN,
  type Constant,
  type ConstantType,
} from '@eduqa/contract';
import { Button, Card, Empty, Form, Input, InputNumber, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ExcelImportModal } from '../../../shared/excel/excel-import-modal.tsx';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import {
  type ConstantBody,
  type ConstantTypeBody,
  deleteConstant,
  deleteConstantType,
  formsKeys,
  saveConstant,
  saveConstantType,
  useConstants,
  useConstantTypes,
} from '../api.ts';
import { CONSTANT_IMPORT_TEXTS } from '../widgets/import-texts.ts';

const RELOADED_AFTER_IMPORT = [formsKeys.all];

const refused = () => {
  throw new Error('refused');
};

function ConstantTypeModal({
  open,
  target,
  onClose,
}: {
  open: boolean;
  target: ConstantType | null;
  onClose: () => void;
}) {
  const run = useAction(formsKeys.all);
  return (
    <FormModal<ConstantTypeBody>
      title={target ? '编辑常量类型' : '新增常量类型'}
      open={open}
      onClose={onClose}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      initialValues={target ?? { sort: 0 }}
      onSubmit={async (values) => {
        if (
          !(await run(
            () => saveConstantType(values, target?.id),
            target ? '常量类型已保存' : '常量类型已新增',
          ))
        )
          refused();
      }}
    >
      <Form.Item
        name="name"
        label="名称"
        rules={[{ required: true, whitespace: true, message: '请输入常量类型名称' }]}
      >
        <Input maxLength={60} placeholder="如：职称" />
      </Form.Item>
      <Form.Item
        name="code"
        label="编码"
        rules={[
          { required: true, message: '请输入常量类型编码' },
          {
            pattern: CONSTANT_TYPE_CODE_PATTERN,
            message: '常量类型编码以字母开头，只能包含字母、数字和下划线',
          },
        ]}
      >
        <Input maxLength={41} placeholder="如：title" />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} precision={0} />
      </Form.Item>
      <Form.Item name="remark" label="说明">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

function ConstantModal({
  open,
  typeId,
  target,
  onClose,
}: {
  open: boolean;
  typeId: string;
  target: Constant | null;
  onClose: () => void;
}) {
  const run = useAction(formsKeys.all);
  return (
    <FormModal<ConstantBody>
      title={target ? '编辑常量' : '新增常量'}
      open={open}
      onClose={onClose}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      initialValues={target ?? { sort: 0 }}
      onSubmit={async (values) => {
        if (
          !(await run(() => saveConstant(values, typeId, target?.id), target ? '常量已保存' : '常量已新增'))
        )
          refused();
      }}
    >
      <Form.Item
        name="label"
        label="名称"
        rules={[{ required: true, whitespace: true, message: '请输入常量名称' }]}
      >
        <Input maxLength={60} placeholder="如：教授" />
      </Form.Item>
      <Form.Item
        name="value"
        label="值"
        rules={[{ required: true, whitespace: true, message: '请输入常量值' }]}
      >
        <Input maxLength={100} placeholder="如：professor" />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} precision={0} />
      </Form.Item>
    </FormModal>
  );
}

/** The constants of one type, beside the types. */
function ConstantsOfType({ type }: { type: ConstantType }) {
  const [keyword, setKeyword] = useState('');
  const constants = useConstants(type.id, keyword);
  const dialog = useDialog<Constant>();
  const run = useAction(formsKeys.all);
  const columns: TableColumnsType<Constant> = [
    { title: '名称', dataIndex: 'label', ellipsis: true },
    { title: '值', dataIndex: 'value', ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => dialog.show(c)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除常量「${c.label}」吗？`}
            okText="删除"
            isDanger
            onConfirm={() => run(() => deleteConstant(c.id), '常量已删除')}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={`「${type.name}」的常量`}
      extra={
        <Button type="primary" size="small" onClick={() => dialog.show()}>
          新增常量
        </Button>
      }
    >
      <Input.Search
        placeholder="请输入名称或值"
        allowClear
        style={{ width: 220, marginBottom: 12 }}
        onSearch={(value) => setKeyword(value.trim())}
      />
      <Table<Constant>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={constants.data ?? []}
        loading={constants.isFetching}
        pagination={PAGINATION}
      />
      <ConstantModal open={dialog.open} typeId={type.id} target={dialog.target} onClose={dialog.hide} />
    </Card>
  );
}

/** 数据采集 › 常量管理: the option lists of select fields, by type, with an Excel import. */
export default function ConstantsPage() {
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<ConstantType | null>(null);
  const [isImporting, setImporting] = useState(false);
  const { list, page } = useConstantTypes(keyword);
  const dialog = useDialog<ConstantType>();
  const run = useAction(formsKeys.all);
  const columns: TableColumnsType<ConstantType> = [
    {
      title: '名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, t) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setSelected(t)}>
          {name}
        </Button>
      ),
    },
    { title: '编码', dataIndex: 'code', width: 120, ellipsis: true },
    { title: '常量数', dataIndex: 'constantCount', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, t) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => dialog.show(t)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除常量类型「${t.name}」吗？`}
            description="类型下的常量一并删除；表单设计使用时不能删除。"
            okText="删除"
            isDanger
            onConfirm={async () => {
              if ((await run(() => deleteConstantType(t.id), '常量类型已删除')) && selected?.id === t.id)
                setSelected(null);
            }}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];
  return (
    <PageCard
      title="常量管理"
      add={{ label: '新增常量类型', onClick: () => dialog.show() }}
      actions={
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          导入
        </Button>
      }
    >
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <PagedTable<ConstantType>
            search={{ placeholder: '请输入名称或编码', onSearch: setKeyword }}
            rowKey="id"
            columns={columns}
            rows={list.data?.records ?? []}
            isLoading={list.isFetching}
            serverPage={page}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          {selected ? (
            <ConstantsOfType key={selected.id} type={selected} />
          ) : (
            <Empty description="选择左侧的常量类型查看其常量" style={{ marginTop: 48 }} />
          )}
        </div>
      </div>
      <ConstantTypeModal open={dialog.open} target={dialog.target} onClose={dialog.hide} />
      <ExcelImportModal
        open={isImporting}
        endpoints={CONSTANT_IMPORT}
        texts={CONSTANT_IMPORT_TEXTS}
        invalidates={RELOADED_AFTER_IMPORT}
        onClose={() => setImporting(false)}
      />
    </PageCard>
  );
}
