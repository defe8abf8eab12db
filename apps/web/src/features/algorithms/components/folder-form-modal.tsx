import type { AlgorithmFolder } from '@eduqa/contract';
import { Form, Input } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { algorithmKeys, saveFolder } from '../api.ts';

/** 新增/重命名目录: a new folder goes under `parent` (none: the root). */
export function FolderFormModal({
  open,
  folder,
  parent,
  onClose,
}: {
  open: boolean;
  folder: AlgorithmFolder | null;
  parent: AlgorithmFolder | null;
  onClose: () => void;
}) {
  const run = useAction(algorithmKeys.all);
  return (
    <FormModal<{ name: string }>
      title={folder ? '重命名目录' : parent ? `在「${parent.name}」下新增目录` : '新增目录'}
      open={open}
      onClose={onClose}
      initialValues={{ name: folder?.name ?? '' }}
      onSubmit={async ({ name }) => {
        const body = { name, parentId: folder ? (folder.parentId ?? undefined) : parent?.id };
        const ok = await run(() => saveFolder(body, folder?.id), folder ? '目录已重命名' : '目录已新增');
        if (!ok) throw new Error('refused');
      }}
    >
      <Form.Item
        name="name"
        label="目录名称"
        rules={[
          { required: true, whitespace: true, message: '请输入目录名称' },
          { max: 60, message: '目录名称最多只能输入60个字符' },
        ]}
      >
        <Input placeholder="请输入目录名称" maxLength={60} />
      </Form.Item>
    </FormModal>
  );
}
