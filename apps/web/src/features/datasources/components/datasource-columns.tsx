import { DATA_SOURCE_KIND_LABELS, type DataSourceKind, type DataSourceWire } from '@eduqa/contract';
import { Button, Space, Switch, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { deleteDataSource, makeDefaultDataSource, setDataSourceHidden } from '../api.ts';

const addressOf = (source: DataSourceWire) =>
  source.type === 'builtin' ? '—' : `${source.host}:${source.port ?? ''}/${source.databaseName}`;

/** The columns of 数据源, with the default, hidden, edit and delete actions of a row. */
export function dataSourceColumns(deps: {
  run: RunAction;
  onEdit: (source: DataSourceWire) => void;
}): TableColumnsType<DataSourceWire> {
  const { run, onEdit } = deps;
  return [
    { title: '数据源名称', dataIndex: 'name', ellipsis: true },
    {
      title: '类型',
      dataIndex: 'type',
      width: 150,
      render: (kind: DataSourceKind) => DATA_SOURCE_KIND_LABELS[kind],
    },
    { title: '地址', key: 'address', ellipsis: true, render: (_, source) => addressOf(source) },
    { title: '用户名', dataIndex: 'username', width: 120, ellipsis: true, render: (u: string) => u || '—' },
    {
      title: '默认',
      dataIndex: 'defaultsStatus',
      width: 90,
      render: (_, source) =>
        source.defaultsStatus === 1 ? (
          <Tag color="blue">默认</Tag>
        ) : (
          <Tooltip title={source.hideStatus === 1 ? '隐藏的数据源不能设为默认' : undefined}>
            <Button
              type="link"
              size="small"
              disabled={source.hideStatus === 1}
              onClick={() =>
                run(() => makeDefaultDataSource(source.id), `已将「${source.name}」设为默认数据源`)
              }
            >
              设为默认
            </Button>
          </Tooltip>
        ),
    },
    {
      title: '隐藏',
      dataIndex: 'hideStatus',
      width: 80,
      render: (_, source) => (
        <Tooltip title={source.defaultsStatus === 1 ? '默认数据源不能隐藏' : undefined}>
          <Switch
            size="small"
            checked={source.hideStatus === 1}
            disabled={source.defaultsStatus === 1}
            aria-label={`隐藏数据源「${source.name}」`}
            onChange={(checked) =>
              run(() => setDataSourceHidden(source.id, checked), checked ? '数据源已隐藏' : '数据源已显示')
            }
          />
        </Tooltip>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, source) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(source)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除数据源「${source.name}」吗？`}
            description="删除后使用它的算法将无法取数。"
            okText="删除"
            isDanger
            onConfirm={async () => {
              await run(() => deleteDataSource(source.id), '删除成功');
            }}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];
}
