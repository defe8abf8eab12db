import type { AlgorithmFolder, AlgorithmGroup } from '@eduqa/contract';
import {
  Button,
  Card,
  Col,
  Empty,
  Popconfirm,
  Row,
  Space,
  Spin,
  type TableColumnsType,
  Tree,
  type TreeDataNode,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { algorithmKeys, deleteFolder, deleteGroup, useFolderTree, useGroups } from '../api.ts';
import { FolderFormModal } from '../components/folder-form-modal.tsx';
import { GroupFormModal } from '../components/group-form-modal.tsx';

const toTreeData = (folders: AlgorithmFolder[]): TreeDataNode[] =>
  folders.map((folder) => ({
    key: folder.id,
    title: folder.groupCount ? `${folder.name}（${folder.groupCount}）` : folder.name,
    children: toTreeData(folder.children),
  }));

function findFolder(folders: AlgorithmFolder[], id: string | null): AlgorithmFolder | null {
  for (const folder of folders) {
    if (folder.id === id) return folder;
    const inside = findFolder(folder.children, id);
    if (inside) return inside;
  }
  return null;
}

/** The folder tree with its actions: new folder (under the selected one), rename, delete. */
function FolderPanel({
  selected,
  onSelect,
}: {
  selected: AlgorithmFolder | null;
  onSelect: (id: string | null) => void;
}) {
  const tree = useFolderTree();
  const dialog = useDialog<{ folder: AlgorithmFolder | null; parent: AlgorithmFolder | null }>();
  const run = useAction(algorithmKeys.all);
  const data = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);

  return (
    <Card
      title="算法目录"
      size="small"
      variant="borderless"
      extra={
        <Button size="small" type="link" onClick={() => dialog.show({ folder: null, parent: selected })}>
          新增目录
        </Button>
      }
    >
      {tree.isLoading ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : data.length === 0 ? (
        <Empty description="暂无目录，请先新增目录" />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          treeData={data}
          selectedKeys={selected ? [selected.id] : []}
          onSelect={(keys) => onSelect(keys[0] ? String(keys[0]) : null)}
        />
      )}
      {selected ? (
        <Space style={{ marginTop: 12 }}>
          <Button size="small" onClick={() => dialog.show({ folder: selected, parent: null })}>
            重命名
          </Button>
          <Popconfirm
            title={`确定删除目录「${selected.name}」吗？`}
            description="有下级目录或算法组的目录不能删除。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={async () => {
              if (await run(() => deleteFolder(selected.id), '目录已删除')) onSelect(null);
            }}
          >
            <Button size="small" danger>
              删除目录
            </Button>
          </Popconfirm>
        </Space>
      ) : null}
      <FolderFormModal
        open={dialog.open}
        folder={dialog.target?.folder ?? null}
        parent={dialog.target?.parent ?? null}
        onClose={dialog.hide}
      />
    </Card>
  );
}

/** 数据管理 › 算法管理: folders on the left, the groups of the selected folder (and below) on the right. */
export function AlgorithmsPage() {
  const [folderId, setFolderId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const tree = useFolderTree();
  const selected = findFolder(tree.data ?? [], folderId);
  const { list, page } = useGroups({ id: folderId ?? undefined, keyword: keyword || undefined });
  const dialog = useDialog<AlgorithmGroup>();
  const run = useAction(algorithmKeys.all);

  const columns: TableColumnsType<AlgorithmGroup> = [
    {
      title: '算法组名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, group) => <Link to={group.id}>{name}</Link>,
    },
    { title: '数据源', dataIndex: 'dataSourceName', width: 160, ellipsis: true },
    { title: '质控点', dataIndex: 'pointIds', width: 80, render: (ids: string[]) => ids.length },
    {
      title: '当前结果版本',
      dataIndex: 'currentResultVersion',
      width: 120,
      render: (v: number | null) => (v === null ? '—' : `V${v}`),
    },
    {
      title: '当前详情版本',
      dataIndex: 'currentDetailVersion',
      width: 120,
      render: (v: number | null) => (v === null ? '—' : `V${v}`),
    },
    { title: '创建人', dataIndex: 'createdByName', width: 100 },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, group) => (
        <Space size={0}>
          <Link to={group.id}>
            <Button type="link" size="small">
              版本
            </Button>
          </Link>
          <Button type="link" size="small" onClick={() => dialog.show(group)}>
            编辑
          </Button>
          <ConfirmLink
            title={`确定删除算法组「${group.name}」吗？`}
            description="它的全部版本也会删除。"
            okText="删除"
            isDanger
            onConfirm={() => run(() => deleteGroup(group.id), '删除成功')}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} md={7} lg={6}>
        <FolderPanel selected={selected} onSelect={setFolderId} />
      </Col>
      <Col xs={24} md={17} lg={18}>
        <Card
          title={selected ? `算法组 · ${selected.name}` : '算法组 · 全部'}
          variant="borderless"
          extra={
            <Button
              type="primary"
              disabled={!selected}
              title={selected ? undefined : '请先在左侧选择目录'}
              onClick={() => dialog.show()}
            >
              新增算法组
            </Button>
          }
        >
          <PagedTable<AlgorithmGroup>
            search={{ placeholder: '请输入算法组名称', onSearch: setKeyword }}
            rowKey="id"
            columns={columns}
            rows={list.data?.records ?? []}
            isLoading={list.isFetching}
            serverPage={page}
          />
        </Card>
      </Col>
      <GroupFormModal open={dialog.open} group={dialog.target} folderId={folderId} onClose={dialog.hide} />
    </Row>
  );
}
