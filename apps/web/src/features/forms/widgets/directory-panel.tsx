import { DeleteOutlined, EditOutlined, FolderAddOutlined } from '@ant-design/icons';
import type { FormDirectoryNode } from '@eduqa/contract';
import { Button, Empty, Form, Input, Popconfirm, Space, Spin, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { deleteDirectory, formsKeys, saveDirectory, useDirectoryTree } from '../api.ts';

const toTree = (nodes: readonly FormDirectoryNode[]): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title: `${node.name}（${node.formCount}）`,
    children: toTree(node.children),
  }));

function findNode(nodes: readonly FormDirectoryNode[], id: string): FormDirectoryNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findNode(node.children, id);
    if (inner) return inner;
  }
  return null;
}

/** The directory tree beside the forms: choosing one filters the forms (with its sub-directories). */
export function DirectoryPanel({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) {
  const tree = useDirectoryTree();
  const run = useAction(formsKeys.all);
  const dialog = useDialog<{ mode: 'create' | 'rename'; node: FormDirectoryNode | null }>();
  const nodes = tree.data ?? [];
  const selected = selectedId ? findNode(nodes, selectedId) : null;

  const save = async ({ name }: { name: string }) => {
    const target = dialog.target;
    const isRename = target?.mode === 'rename' && target.node;
    const ok = await run(
      () =>
        isRename
          ? saveDirectory({ name, parentId: target.node?.parentId ?? null }, target.node?.id)
          : saveDirectory({ name, parentId: target?.node?.id ?? null }, undefined),
      isRename ? '目录已重命名' : '目录已新建',
    );
    if (!ok) throw new Error('refused');
  };

  return (
    <div style={{ width: 240, flexShrink: 0 }}>
      <Space style={{ marginBottom: 8 }} size={4}>
        <Tooltip title={selected ? `在「${selected.name}」下新建目录` : '新建顶级目录'}>
          <Button
            size="small"
            icon={<FolderAddOutlined />}
            onClick={() => dialog.show({ mode: 'create', node: selected })}
          >
            新建目录
          </Button>
        </Tooltip>
        <Button
          size="small"
          icon={<EditOutlined />}
          disabled={!selected}
          aria-label="重命名目录"
          onClick={() => dialog.show({ mode: 'rename', node: selected })}
        />
        <Popconfirm
          title={`确定删除目录「${selected?.name ?? ''}」吗？`}
          description="只能删除没有表单和下级目录的目录。"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          disabled={!selected}
          onConfirm={async () => {
            if (selected && (await run(() => deleteDirectory(selected.id), '目录已删除'))) onSelect(null);
          }}
        >
          <Button size="small" danger icon={<DeleteOutlined />} disabled={!selected} aria-label="删除目录" />
        </Popconfirm>
      </Space>
      <Button
        type={selectedId === null ? 'primary' : 'text'}
        size="small"
        block
        style={{ textAlign: 'left', marginBottom: 4 }}
        onClick={() => onSelect(null)}
      >
        全部表单
      </Button>
      {tree.isLoading ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无目录" />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          treeData={toTree(nodes)}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : null)}
        />
      )}
      <FormModal<{ name: string }>
        title={dialog.target?.mode === 'rename' ? '重命名目录' : '新建目录'}
        open={dialog.open}
        onClose={dialog.hide}
        onSubmit={save}
        initialValues={{ name: dialog.target?.mode === 'rename' ? (dialog.target.node?.name ?? '') : '' }}
        layout="vertical"
      >
        <Form.Item
          name="name"
          label="目录名称"
          rules={[{ required: true, whitespace: true, message: '请输入目录名称' }]}
        >
          <Input maxLength={60} placeholder="如：教师信息" />
        </Form.Item>
      </FormModal>
    </div>
  );
}

/** Directory choices for a form's directory select, indented by depth. */
export function directoryOptions(
  nodes: readonly FormDirectoryNode[],
  depth = 0,
): { value: string; label: string }[] {
  return nodes.flatMap((node) => [
    { value: node.id, label: `${'　'.repeat(depth)}${node.name}` },
    ...directoryOptions(node.children, depth + 1),
  ]);
}
